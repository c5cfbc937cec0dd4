import { Alert, Group, Loader, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BudgetCheckCard, BudgetFigure } from '../../../../components/BudgetCheckCard.tsx';
import type { BudgetCheck, BudgetOutcome } from '../api.ts';
import { formatAmount } from '../../../../lib/money.ts';

const OUTCOME_COLOR: Record<BudgetOutcome, string> = {
  within: 'green',
  over_warn: 'yellow',
  over_stop: 'red',
  over_ignore: 'gray',
  no_budget: 'gray',
};

export type BudgetPanelState = 'incomplete' | 'loading' | 'error' | 'unavailable' | 'ready';

interface Props {
  state: BudgetPanelState;
  checks: readonly BudgetCheck[] | undefined;
  /** A newer check is on its way: the figures shown are the last ones. */
  refreshing?: boolean;
  error?: string | null;
  /** The form says how to get a check; the detail page explains budgets checked at submission. */
  context: 'form' | 'detail' | 'submitted';
}

/** The over-budget checks that stop submission. */
export const stopping = (checks: readonly BudgetCheck[] | undefined) =>
  (checks ?? []).filter((check) => check.outcome === 'over_stop');

/** A rough share for the bar (display only: the figures beside it are exact). */
function share(part: string | null, whole: string | null): number {
  if (part === null || whole === null) return 0;
  const p = Number(part);
  const w = Number(whole);
  if (!Number.isFinite(p) || !Number.isFinite(w) || w <= 0) return p > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, (p / w) * 100));
}

function CheckRow({ check }: { check: BudgetCheck }) {
  const { t, i18n } = useTranslation('requisitions');
  const language = i18n.resolvedLanguage ?? 'en';
  const money = (text: string | null) => (text === null ? '—' : formatAmount(text, check.currency, language));
  const color = OUTCOME_COLOR[check.outcome];
  const hasBudget = check.outcome !== 'no_budget';
  const over = check.outcome.startsWith('over_');
  return (
    <BudgetCheckCard
      outcome={check.outcome}
      color={color}
      name={hasBudget ? check.label : `${check.department.code} · ${check.department.name}`}
      subtitle={hasBudget ? check.department.name : undefined}
      badge={t(`budget.outcome.${check.outcome}`)}
    >
      {hasBudget ? (
        <>
          <SimpleGrid cols={{ base: 2, xs: over ? 4 : 3 }} spacing="xs" verticalSpacing={4}>
            <BudgetFigure
              label={t('budget.available')}
              value={money(check.available)}
              testId="budget-available"
            />
            <BudgetFigure
              label={t('budget.othersProposed')}
              value={money(check.proposed)}
              testId="budget-proposed"
            />
            <BudgetFigure
              label={t('budget.requested')}
              value={money(check.requested)}
              testId="budget-requested"
            />
            {over && (
              <BudgetFigure
                label={t('budget.shortfall')}
                value={money(check.shortfall)}
                color={`${color}.8`}
                testId="budget-shortfall"
              />
            )}
          </SimpleGrid>
          <Progress.Root
            size="md"
            aria-label={t('budget.barLabel', {
              requested: money(check.requested),
              proposed: money(check.proposed),
              available: money(check.available),
            })}
          >
            <Progress.Section value={share(check.proposed, check.available)} color="gray.5" />
            <Progress.Section
              value={Math.min(
                share(check.requested, check.available),
                100 - share(check.proposed, check.available),
              )}
              color={color}
            />
          </Progress.Root>
          <Text size="xs" c="dimmed">
            {t('budget.ofAmount', {
              amount: money(check.amount),
              committed: money(check.committed),
              actual: money(check.actual),
            })}
          </Text>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('budget.noBudgetHint')}
        </Text>
      )}
      {check.outcome === 'over_warn' && (
        <Text size="sm" c="yellow.9">
          {t('budget.warnHint')}
        </Text>
      )}
      {check.outcome === 'over_stop' && (
        <Text size="sm" c="red.8" fw={500} data-testid="budget-stop-message">
          {t('budget.stopHint', { budget: check.label, shortfall: money(check.shortfall) })}
        </Text>
      )}
    </BudgetCheckCard>
  );
}

/** The budget indicator: each budget the requisition touches, what is left and what it asks for. */
export function BudgetPanel({ state, checks, refreshing, error, context }: Props) {
  const { t } = useTranslation('requisitions');
  return (
    <Stack
      gap="sm"
      data-testid="budget-panel"
      data-state={state}
      aria-busy={state === 'loading' || refreshing}
    >
      <Group justify="space-between" gap="xs">
        <Title order={2} fz="lg">
          {t('budget.title')}
        </Title>
        {refreshing && <Loader size="xs" aria-label={t('budget.checking')} />}
      </Group>
      {state === 'incomplete' && (
        <Text size="sm" c="dimmed" data-testid="budget-incomplete">
          {t('budget.incomplete')}
        </Text>
      )}
      {state === 'loading' && (
        <Stack gap="xs">
          <Skeleton height={72} radius="md" />
        </Stack>
      )}
      {state === 'unavailable' && (
        <Text size="sm" c="dimmed">
          {t('budget.unavailable')}
        </Text>
      )}
      {state === 'error' && (
        <Alert color="gray" variant="light" title={t('budget.failed')}>
          {error}
        </Alert>
      )}
      {state === 'ready' && checks && checks.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('budget.none')}
        </Text>
      )}
      {state === 'ready' && checks && checks.length > 0 && (
        <Stack gap="xs" style={{ opacity: refreshing ? 0.7 : 1 }}>
          {checks.map((check, index) => (
            <CheckRow key={`${check.budget_id ?? 'none'}-${check.department.id}-${index}`} check={check} />
          ))}
        </Stack>
      )}
      {context !== 'detail' && state === 'ready' && (
        <Text size="xs" c="dimmed">
          {t(context === 'form' ? 'budget.formNote' : 'budget.submittedNote')}
        </Text>
      )}
    </Stack>
  );
}
