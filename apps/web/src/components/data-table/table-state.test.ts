import { describe, expect, it } from 'vitest';
import { nextSort, orderingParam, pageCount, pageRange, sortRows } from './table-state.ts';

describe('sorting by header clicks', () => {
  it('goes ascending, descending, then back to no order', () => {
    const first = nextSort(null, 'number');
    expect(first).toEqual({ key: 'number', direction: 'asc' });
    const second = nextSort(first, 'number');
    expect(second).toEqual({ key: 'number', direction: 'desc' });
    expect(nextSort(second, 'number')).toBeNull();
  });

  it('starts ascending on another column', () => {
    expect(nextSort({ key: 'number', direction: 'desc' }, 'title')).toEqual({
      key: 'title',
      direction: 'asc',
    });
  });
});

describe('orderingParam', () => {
  it('is the field, with a minus when descending, or nothing', () => {
    expect(orderingParam({ key: 'number', direction: 'asc' })).toBe('number');
    expect(orderingParam({ key: 'created_at', direction: 'desc' })).toBe('-created_at');
    expect(orderingParam(null)).toBeUndefined();
    expect(orderingParam(undefined)).toBeUndefined();
  });
});

describe('client-side sorting', () => {
  const rows = [
    { id: 1, number: 'REQ-10', amount: 300 as number | null },
    { id: 2, number: 'REQ-9', amount: null },
    { id: 3, number: 'req-2', amount: 50 },
    { id: 4, number: '', amount: 300 },
  ];

  it('orders text with numbers inside in numeric order, ignoring case, empties last', () => {
    expect(sortRows(rows, (r) => r.number, 'asc').map((r) => r.id)).toEqual([3, 2, 1, 4]);
    expect(sortRows(rows, (r) => r.number, 'desc').map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });

  it('orders numbers numerically, keeps ties in their order and empties last both ways', () => {
    expect(sortRows(rows, (r) => r.amount, 'asc').map((r) => r.id)).toEqual([3, 1, 4, 2]);
    expect(sortRows(rows, (r) => r.amount, 'desc').map((r) => r.id)).toEqual([1, 4, 3, 2]);
  });

  it('leaves the given rows as they were', () => {
    const copy = [...rows];
    sortRows(rows, (r) => r.amount, 'desc');
    expect(rows).toEqual(copy);
  });
});

describe('page ranges', () => {
  it('say which rows a page shows', () => {
    expect(pageRange(1, 20, 57)).toEqual({ from: 1, to: 20 });
    expect(pageRange(3, 20, 57)).toEqual({ from: 41, to: 57 });
    expect(pageRange(1, 20, 0)).toEqual({ from: 0, to: 0 });
    expect(pageCount(20, 57)).toBe(3);
    expect(pageCount(20, 0)).toBe(1);
  });
});
