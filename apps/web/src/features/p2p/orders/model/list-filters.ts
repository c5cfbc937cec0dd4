import { SUPPLIER_STATUSES } from '@zabuni/contracts';
import { INVOICE_STATUSES, PO_STATUSES } from '@zabuni/domain';
import type { SortState } from '../../../../components/data-table/table-state.ts';
import type { InvoiceFilters, PaymentFilters } from '../api/invoices.ts';
import type { OrderFilters } from '../api/purchase-orders.ts';
import type { SupplierFilters } from '../api/suppliers.ts';

/**
 * Every list keeps its filters, page and order in the address: back, refresh and a shared link show the
 * same list. Anything odd in the address is ignored rather than sent to the API.
 */

/** Columns the API orders purchase orders by (`ordering`, "-" first for descending). */
export const ORDER_ORDERINGS = ['number', 'total', 'created_at', 'status'] as const;

export const positiveInt = (value: string | null) => {
  const n = Number(value);
  return value !== null && value !== '' && Number.isInteger(n) && n > 0 ? n : undefined;
};

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  list.find((item) => item === value);

const text = (value: string | null) => value?.trim() || undefined;

export function readOrderFilters(params: URLSearchParams): OrderFilters {
  const ordering = params.get('ordering') ?? '';
  return {
    page: positiveInt(params.get('page')) ?? 1,
    status: oneOf(PO_STATUSES, params.get('status')),
    supplier: positiveInt(params.get('supplier')),
    search: text(params.get('search')),
    ordering: (ORDER_ORDERINGS as readonly string[]).includes(ordering.replace(/^-/, ''))
      ? ordering
      : undefined,
  };
}

/** `?queue=exceptions` is the exception queue tab; any other value is "All". */
export function readInvoiceFilters(params: URLSearchParams): InvoiceFilters {
  return {
    page: positiveInt(params.get('page')) ?? 1,
    exceptions: params.get('queue') === 'exceptions',
    status: oneOf(INVOICE_STATUSES, params.get('status')),
    supplier: positiveInt(params.get('supplier')),
    purchaseOrder: positiveInt(params.get('purchase_order')),
    search: text(params.get('search')),
  };
}

export function readSupplierFilters(params: URLSearchParams): SupplierFilters {
  return {
    page: positiveInt(params.get('page')) ?? 1,
    status: oneOf(SUPPLIER_STATUSES, params.get('status')),
    category: positiveInt(params.get('category')),
    search: text(params.get('search')),
  };
}

export function readPaymentFilters(params: URLSearchParams): PaymentFilters {
  return {
    page: positiveInt(params.get('page')) ?? 1,
    supplier: positiveInt(params.get('supplier')),
  };
}

export function sortOf(ordering: string | undefined): SortState | null {
  if (!ordering) return null;
  return ordering.startsWith('-')
    ? { key: ordering.slice(1), direction: 'desc' }
    : { key: ordering, direction: 'asc' };
}

/**
 * A copy of the address's parameters with some changed (empty values dropped). Changing anything but the
 * page starts again at page 1.
 */
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

/** The parameters with every filter cleared; the order and the tab stay. */
export function clearedParams(params: URLSearchParams, keep: readonly string[] = ['ordering', 'queue']) {
  const next = new URLSearchParams();
  for (const key of keep) {
    const value = params.get(key);
    if (value) next.set(key, value);
  }
  return next;
}
