import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { budgetCheckQuery, type BudgetCheck, type BudgetCheckPayload } from './api.ts';
import type { BudgetPanelState } from './components/BudgetPanel.tsx';

export const BUDGET_CHECK_DEBOUNCE_MS = 600;

export interface BudgetCheckResult {
  state: BudgetPanelState;
  checks: BudgetCheck[] | undefined;
  refreshing: boolean;
  error: string | null;
  /** The figures match the payload as it is now (not an older one or still waiting). */
  current: boolean;
}

/**
 * Asks the API what the requisition would do to its budgets, once the lines have stopped changing for
 * `delay` ms (null: the lines are not complete yet, nothing is asked).
 */
export function useBudgetCheck(payload: BudgetCheckPayload | null, delay = BUDGET_CHECK_DEBOUNCE_MS) {
  const text = payload === null ? null : JSON.stringify(payload);
  const [settled] = useDebouncedValue(text, delay);
  const asked = useMemo(
    () => (settled === null ? null : (JSON.parse(settled) as BudgetCheckPayload)),
    [settled],
  );
  const query = useQuery(budgetCheckQuery(asked));
  const waiting = text !== settled;

  let state: BudgetPanelState;
  let error: string | null = null;
  if (text === null) state = 'incomplete';
  else if (query.isError && !query.data) {
    // The endpoint arrives with the budgets work; until then the form works without it.
    state = query.error instanceof ApiError && query.error.status === 404 ? 'unavailable' : 'error';
    error = query.error.message;
  } else if (!query.data) state = 'loading';
  else state = 'ready';
  const result: BudgetCheckResult = {
    state,
    checks: text === null ? undefined : query.data?.checks,
    refreshing: text !== null && (waiting || query.isFetching) && Boolean(query.data),
    error,
    current: text !== null && !waiting && !query.isFetching && !query.isPlaceholderData && query.isSuccess,
  };
  return result;
}
