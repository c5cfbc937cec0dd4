import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import type { CheckoutItem, CheckoutOrder } from './checkout-order.ts';
import { SummaryRow } from './SummaryRow.tsx';

interface Props {
  order: CheckoutOrder;
  items: CheckoutItem[];
  /** The order's own facts (contact, tender, plan …), shown above the lines. */
  details?: ReactNode;
}

/** SPEC §4 Pending: the order summary with its items, the taxes (shown as 0, SPEC §9) and the total. */
export function OrderSummary({ order, items, details }: Props) {
  const { t, i18n } = useTranslation('checkout');
  const language = i18n.resolvedLanguage ?? 'en';
  const money = (amount: number) => formatMoney(amount, order.currency, language);
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="order-summary">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('summary.title')}
        </Title>
        <Stack gap="xs" component="dl" m={0}>
          <SummaryRow label={t('summary.reference')}>
            <span data-testid="order-reference">{order.reference}</span>
          </SummaryRow>
          {details}
        </Stack>
        <Divider />
        <Stack
          gap="sm"
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('summary.items')}
        >
          {items.map((item, index) => (
            <Group
              key={index}
              component="li"
              justify="space-between"
              align="flex-start"
              wrap="nowrap"
              gap="md"
              data-testid="order-item"
            >
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500}>
                  {item.label}
                </Text>
                {item.detail && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {item.detail}
                  </Text>
                )}
              </Stack>
              <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                {money(item.amount)}
              </Text>
            </Group>
          ))}
        </Stack>
        <Divider />
        <Stack gap="xs" component="dl" m={0}>
          <SummaryRow label={t('summary.subtotal')}>{money(order.amount)}</SummaryRow>
          <SummaryRow label={t('summary.taxes')} testId="order-taxes">
            {money(order.tax)}
          </SummaryRow>
          <SummaryRow label={t('summary.total')} strong>
            <span data-testid="order-total">{money(order.amount + order.tax)}</span>
          </SummaryRow>
        </Stack>
      </Stack>
    </Paper>
  );
}
