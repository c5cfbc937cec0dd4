import { describe, expect, it } from 'vitest';
import { hasFilters, readFilters, sortOf, withParams } from './list-filters.ts';

describe('requisition list filters in the address', () => {
  it('reads status, mine, search, page and ordering', () => {
    expect(
      readFilters(
        new URLSearchParams('status=submitted&mine=true&search=%20laptops%20&page=3&ordering=-total'),
      ),
    ).toEqual({ page: 3, status: 'submitted', mine: true, search: 'laptops', ordering: '-total' });
  });

  it('ignores what the API would refuse', () => {
    expect(
      readFilters(new URLSearchParams('status=lost&mine=1&page=-2&ordering=-password&search=%20')),
    ).toEqual({
      page: 1,
      status: undefined,
      mine: false,
      search: undefined,
      ordering: undefined,
    });
    expect(hasFilters(readFilters(new URLSearchParams('page=2&ordering=number')))).toBe(false);
    expect(hasFilters(readFilters(new URLSearchParams('mine=true')))).toBe(true);
  });

  it('turns the ordering into the table’s sort and back', () => {
    expect(sortOf('-submitted_at')).toEqual({ key: 'submitted_at', direction: 'desc' });
    expect(sortOf('number')).toEqual({ key: 'number', direction: 'asc' });
    expect(sortOf(undefined)).toBeNull();
  });

  it('changes parameters, drops empty ones and restarts at page 1 on a filter change', () => {
    const params = new URLSearchParams('status=draft&page=4&ordering=title');
    expect(withParams(params, { mine: true }).toString()).toBe('status=draft&ordering=title&mine=true');
    expect(withParams(params, { status: undefined, mine: false }).toString()).toBe('ordering=title');
    expect(withParams(params, { page: 5 }).toString()).toBe('status=draft&page=5&ordering=title');
    expect(withParams(params, { page: 1 }).toString()).toBe('status=draft&ordering=title');
  });
});
