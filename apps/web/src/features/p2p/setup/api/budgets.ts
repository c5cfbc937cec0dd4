import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { BudgetForm, BudgetView, budgetUtilisation } from '@zabuni/contracts';
import type { z } from 'zod';
import { apiGet, apiPost, request } from '../../../../lib/api-client.ts';
import { allPages } from './all-pages.ts';
import { setupKey } from './keys.ts';

export type BudgetUtilisation = z.infer<typeof budgetUtilisation>;
/**
 * A list item with today's figures; null when a document in another currency charges the budget. A server
 * that does not send them yet (undefined) has each budget's fetched on its own.
 */
export type BudgetRow = BudgetView & { utilisation?: BudgetUtilisation | null };

export interface BudgetFilters {
  fiscalYear: number | null;
  department: number | null;
}

export const budgetsQuery = (organisationId: number, filters: BudgetFilters) =>
  queryOptions({
    queryKey: setupKey(organisationId, 'budgets', filters),
    queryFn: ({ signal }) =>
      allPages<BudgetRow>(
        '/p2p/budgets/',
        { fiscal_year: filters.fiscalYear, department: filters.department },
        signal,
      ),
    enabled: filters.fiscalYear !== null,
  });
export const useBudgets = (organisationId: number, filters: BudgetFilters) =>
  useQuery(budgetsQuery(organisationId, filters));

export const utilisationQuery = (organisationId: number, budgetId: number) =>
  queryOptions({
    queryKey: setupKey(organisationId, 'budget-utilisation', budgetId),
    queryFn: ({ signal }) =>
      apiGet<BudgetUtilisation>(`/p2p/budgets/${budgetId}/utilisation/`, undefined, signal),
  });

/**
 * Each budget's utilisation: from the list item when it has one, else its own request (several run at once;
 * the answers arrive row by row). Returns a lookup by budget id, with `undefined` while one is loading.
 */
export function useUtilisations(
  organisationId: number,
  rows: readonly BudgetRow[] | undefined,
): { byBudget: ReadonlyMap<number, BudgetUtilisation>; failed: ReadonlySet<number> } {
  const missing = (rows ?? []).filter((row) => row.utilisation === undefined);
  const results = useQueries({
    queries: missing.map((row) => utilisationQuery(organisationId, row.id)),
  });
  const byBudget = new Map<number, BudgetUtilisation>();
  const failed = new Set<number>();
  for (const row of rows ?? []) {
    if (row.utilisation) byBudget.set(row.id, row.utilisation);
    else if (row.utilisation === null) failed.add(row.id);
  }
  missing.forEach((row, index) => {
    const result = results[index];
    if (result?.data) byBudget.set(row.id, result.data);
    else if (result?.isError) failed.add(row.id);
  });
  return { byBudget, failed };
}

export const budgetsApi = {
  create: (form: BudgetForm) => apiPost<BudgetView>('/p2p/budgets/', form),
  update: (id: number, form: BudgetForm) => request<BudgetView>('PUT', `/p2p/budgets/${id}/`, { body: form }),
};
