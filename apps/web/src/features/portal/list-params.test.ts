import { describe, expect, it } from 'vitest';
import { readInvoiceFilters, readOrderFilters, sortOf, withParams } from './list-params.ts';

describe('portal list filters in the address', () => {
  it('reads the orders’ filters and ignores what a supplier cannot see or the API cannot sort by', () => {
    expect(
      readOrderFilters(new URLSearchParams('status=sent&search=%20PO-1%20&page=3&ordering=-total')),
    ).toEqual({
      page: 3,
      status: 'sent',
      search: 'PO-1',
      ordering: '-total',
    });
    expect(readOrderFilters(new URLSearchParams('status=draft&page=-2&ordering=supplier'))).toEqual({
      page: 1,
      status: undefined,
      search: undefined,
      ordering: undefined,
    });
  });

  it('reads the invoices’ filters', () => {
    expect(readInvoiceFilters(new URLSearchParams('status=exception&purchase_order=12'))).toEqual({
      page: 1,
      status: 'exception',
      search: undefined,
      purchaseOrder: 12,
    });
    expect(readInvoiceFilters(new URLSearchParams('status=lost')).status).toBeUndefined();
  });

  it('turns an ordering into a sort and back to page 1 on any filter change', () => {
    expect(sortOf('-created_at')).toEqual({ key: 'created_at', direction: 'desc' });
    expect(sortOf('number')).toEqual({ key: 'number', direction: 'asc' });
    expect(sortOf(undefined)).toBeNull();
    const params = new URLSearchParams('page=4&status=sent');
    expect(withParams(params, { search: 'x' }).toString()).toBe('status=sent&search=x');
    expect(withParams(params, { page: 5 }).toString()).toBe('page=5&status=sent');
    expect(withParams(params, { status: null }).toString()).toBe('');
  });
});
