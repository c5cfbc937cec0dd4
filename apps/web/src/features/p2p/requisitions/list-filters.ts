import { REQUISITION_STATUSES, type RequisitionStatus } from '@zabuni/domain';
import type { SortState } from '../../../components/data-table/table-state.ts';
import type { RequisitionFilters } from './api.ts';

/** Columns the API orders requisitions by (`ordering`, "-" first for descending). */
export const ORDERINGS = ['number', 'title', 'total', 'status', 'submitted_at', 'created_at'] as const;

const positiveInt = (value: string | null) => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The list's filters from the address (so back, refresh and a shared link keep them); anything odd is ignored. */
export function readFilters(params: URLSearchParams): RequisitionFilters {
  const status = REQUISITION_STATUSES.find((s) => s === params.get('status'));
  const ordering = params.get('ordering') ?? '';
  const field = ordering.replace(/^-/, '');
  return {
    page: positiveInt(params.get('page')) ?? 1,
    status: status as RequisitionStatus | undefined,
    mine: params.get('mine') === 'true',
    search: params.get('search')?.trim() || undefined,
    ordering: (ORDERINGS as readonly string[]).includes(field) ? ordering : undefined,
  };
}

export function sortOf(ordering: string | undefined): SortState | null {
  if (!ordering) return null;
  return ordering.startsWith('-')
    ? { key: ordering.slice(1), direction: 'desc' }
    : { key: ordering, direction: 'asc' };
}

/** A copy of the address's parameters with some changed (empty values dropped); any filter change restarts at page 1. */
export function withParams(
  params: URLSearchParams,
  change: Record<string, string | number | boolean | undefined | null>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined || value === null || value === '' || value === false) next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in change) || change.page === 1) next.delete('page');
  return next;
}

export const hasFilters = (filters: RequisitionFilters) =>
  Boolean(filters.status || filters.mine || filters.search);
