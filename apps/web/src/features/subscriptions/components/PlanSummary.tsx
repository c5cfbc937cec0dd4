import { Divider, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { PAYMENT_PLANS, type PaymentPlan } from '@zabuni/domain';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';
import { usePlanPrices } from '../api/subscriptions.ts';
import { SUBSCRIPTION_TAX } from '../subscription-form.ts';

interface Props {
  plan: PaymentPlan | undefined;
  onChoose(plan: PaymentPlan): void;
}

/** SPEC §9 prices of both plans (the chosen one marked), taxes shown as 0, and the total to pay. */
export function PlanSummary({ plan, onChoose }: Props) {
  const { t, i18n } = useTranslation('subscriptions');
  const language = i18n.resolvedLanguage ?? 'en';
  const prices = usePlanPrices();
  const chosen = plan ? prices[plan] : undefined;
  const money = (amount: number, currency = 'KES') => formatMoney(amount, currency, language);
  return (
    <Stack gap="sm" data-testid="plan-summary">
      <Group grow gap="sm" align="stretch">
        {PAYMENT_PLANS.map((option) => {
          const active = option === plan;
          return (
            <UnstyledButton
              key={option}
              onClick={() => onChoose(option)}
              aria-pressed={active}
              data-testid={`plan-${option.toLowerCase()}`}
            >
              <Paper
                withBorder
                radius="md"
                p="sm"
                h="100%"
                style={{
                  borderColor: active ? 'var(--mantine-color-brand-6)' : undefined,
                  borderWidth: active ? 2 : undefined,
                  background: active ? 'var(--mantine-color-brand-0)' : undefined,
                }}
              >
                <Text size="sm" fw={600}>
                  {t(`plans.${option}`)}
                </Text>
                <Text fz={{ base: 'md', xs: 'lg' }} fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {money(prices[option].amount, prices[option].currency)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`plans.per.${option}`)}
                </Text>
              </Paper>
            </UnstyledButton>
          );
        })}
      </Group>
      {chosen && (
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('summary.taxes')}
            </Text>
            <Text size="sm">{money(SUBSCRIPTION_TAX, chosen.currency)}</Text>
          </Group>
          <Divider />
          <Group justify="space-between">
            <Text size="sm" fw={700}>
              {t('summary.total')}
            </Text>
            <Text size="sm" fw={700} data-testid="plan-total">
              {money(chosen.amount + SUBSCRIPTION_TAX, chosen.currency)}
            </Text>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
