import { INVOICE_STATUSES, PO_STATUSES, type InvoiceStatus, type PurchaseOrderStatus } from '@zabuni/domain';
import type { SortState } from '../../components/data-table/DataTable.tsx';
import type { InvoiceFilters, OrderFilters } from './api.ts';

/** Columns the API orders purchase orders by (`ordering`, "-" first for descending). */
export const ORDER_ORDERINGS = ['number', 'total', 'status', 'created_at'] as const;

/** Statuses a supplier sees: orders reach the portal once sent. */
export const PORTAL_ORDER_STATUSES = PO_STATUSES.filter(
  (status) => !['draft', 'pending_approval', 'approved'].includes(status),
) as PurchaseOrderStatus[];

const positiveInt = (value: string | null) => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : undefined;
};

/** A list's filters from the address (back, refresh and a shared link keep them); anything odd is ignored. */
export function readOrderFilters(params: URLSearchParams): OrderFilters {
  const status = PORTAL_ORDER_STATUSES.find((s) => s === params.get('status'));
  const ordering = params.get('ordering') ?? '';
  return {
    page: positiveInt(params.get('page')) ?? 1,
    status,
    search: params.get('search')?.trim() || undefined,
    ordering: (ORDER_ORDERINGS as readonly string[]).includes(ordering.replace(/^-/, ''))
      ? ordering
      : undefined,
  };
}

export function readInvoiceFilters(params: URLSearchParams): InvoiceFilters {
  const status = INVOICE_STATUSES.find((s) => s === params.get('status')) as InvoiceStatus | undefined;
  return {
    page: positiveInt(params.get('page')) ?? 1,
    status,
    search: params.get('search')?.trim() || undefined,
    purchaseOrder: positiveInt(params.get('purchase_order')),
  };
}

export function sortOf(ordering: string | undefined): SortState | null {
  if (!ordering) return null;
  return ordering.startsWith('-')
    ? { key: ordering.slice(1), direction: 'desc' }
    : { key: ordering, direction: 'asc' };
}

/** A copy of the address's parameters with some changed (empty values dropped); a filter change restarts at page 1. */
export function withParams(
  params: URLSearchParams,
  change: Record<string, string | number | undefined | null>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined || value === null || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in change) || change.page === 1) next.delete('page');
  return next;
}
