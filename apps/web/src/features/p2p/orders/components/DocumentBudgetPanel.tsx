import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { DocumentBudgetCheck } from '@zabuni/contracts';
import { useTranslation } from 'react-i18next';
import { BudgetCheckCard, BudgetFigure } from '../../../../components/BudgetCheckCard.tsx';
import { NS } from '../model/messages.ts';
import { formatAmount } from '../../../../lib/money.ts';

type Tone = 'within' | 'over_warn' | 'over_stop' | 'over_ignore' | 'currency_mismatch';

/** What approving does to the budget: within it, over it (and what the budget's control then does). */
export function budgetTone(check: DocumentBudgetCheck): Tone {
  if (check.outcome === 'within') return 'within';
  if (check.outcome === 'currency_mismatch') return 'currency_mismatch';
  return check.action === 'stop' ? 'over_stop' : check.action === 'warn' ? 'over_warn' : 'over_ignore';
}

const COLOR: Record<Tone, string> = {
  within: 'green',
  over_warn: 'yellow',
  over_stop: 'red',
  over_ignore: 'gray',
  currency_mismatch: 'gray',
};

/**
 * The budget panel an approver of an order (pending approval) or an invoice (matched) sees before clicking
 * (issue 16, point 10): each budget the document charges, the same check approval runs, with the budget's
 * figures. Nothing when the API sends none (not waiting for approval, or no budget applies).
 */
export function DocumentBudgetPanel({
  checks,
}: {
  checks: readonly DocumentBudgetCheck[] | null | undefined;
}) {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  if (!checks || checks.length === 0) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="budget-panel">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('budget.title')}
        </Title>
        {checks.map((check) => {
          const tone = budgetTone(check);
          const color = COLOR[tone];
          const money = (text: string | null) =>
            text === null ? '—' : formatAmount(text, check.currency, language);
          return (
            <BudgetCheckCard
              key={check.budget.id}
              outcome={tone}
              color={color}
              name={check.budget.name}
              badge={t(`budget.outcome.${tone}`)}
            >
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" verticalSpacing={4}>
                <BudgetFigure
                  label={t('budget.thisDocument')}
                  value={money(check.amount)}
                  testId="budget-amount"
                />
                <BudgetFigure
                  label={t('budget.available')}
                  value={money(check.available)}
                  testId="budget-available"
                />
                <BudgetFigure
                  label={check.counts_proposed ? t('budget.proposedCounted') : t('budget.proposedShown')}
                  value={money(check.proposed)}
                  testId="budget-proposed"
                />
                {check.shortfall !== null && (
                  <BudgetFigure
                    label={t('budget.shortfall')}
                    value={money(check.shortfall)}
                    color={`${color}.8`}
                    testId="budget-shortfall"
                  />
                )}
              </SimpleGrid>
              <Text size="xs" c="dimmed">
                {t('budget.ofAmount', {
                  amount: money(check.budget_amount),
                  committed: money(check.committed),
                  actual: money(check.actual),
                })}
              </Text>
              {tone !== 'within' && (
                <Text size="sm" c={`${color}.9`} data-testid="budget-hint">
                  {t(`budget.hint.${tone}`, {
                    budget: check.budget.name,
                    shortfall: money(check.shortfall),
                  })}
                </Text>
              )}
            </BudgetCheckCard>
          );
        })}
      </Stack>
    </Paper>
  );
}
