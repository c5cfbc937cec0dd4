import { describe, expect, it } from 'vitest';
import {
  clearedParams,
  readInvoiceFilters,
  readOrderFilters,
  readSupplierFilters,
  sortOf,
  withParams,
} from './list-filters.ts';

const params = (text: string) => new URLSearchParams(text);

describe('list filters in the address', () => {
  it('reads an order list’s filters and ignores what the API would refuse', () => {
    expect(
      readOrderFilters(params('status=sent&supplier=4&search=%20toner%20&ordering=-total&page=3')),
    ).toEqual({
      page: 3,
      status: 'sent',
      supplier: 4,
      search: 'toner',
      ordering: '-total',
    });
    expect(readOrderFilters(params('status=lost&supplier=x&ordering=-price&page=-1'))).toEqual({
      page: 1,
      status: undefined,
      supplier: undefined,
      search: undefined,
      ordering: undefined,
    });
  });

  it('reads the invoice tab and the supplier filters', () => {
    expect(readInvoiceFilters(params('queue=exceptions&status=exception'))).toMatchObject({
      exceptions: true,
      status: 'exception',
    });
    expect(readInvoiceFilters(params('queue=all')).exceptions).toBe(false);
    expect(readSupplierFilters(params('status=blocked&category=12'))).toMatchObject({
      status: 'blocked',
      category: 12,
    });
  });

  it('restarts at page 1 when a filter changes, and keeps the order and tab when filters are cleared', () => {
    const start = params('status=sent&page=4&ordering=number&queue=exceptions');
    expect(withParams(start, { status: 'draft' }).toString()).toBe(
      'status=draft&ordering=number&queue=exceptions',
    );
    expect(withParams(start, { page: 5 }).get('page')).toBe('5');
    expect(withParams(start, { status: undefined }).has('status')).toBe(false);
    expect(clearedParams(start).toString()).toBe('ordering=number&queue=exceptions');
    expect(sortOf('-total')).toEqual({ key: 'total', direction: 'desc' });
    expect(sortOf(undefined)).toBeNull();
  });
});
