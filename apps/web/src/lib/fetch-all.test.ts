import { afterEach, describe, expect, it, vi } from 'vitest';
import { FETCH_ALL_LIMIT, fetchAllPages } from './fetch-all.ts';

/** A list endpoint of `total` numbered rows answering `{count,next,previous,results}` like the API does. */
function listEndpoint(total: number) {
  const requested: URL[] = [];
  const fetch = vi.fn((input: string) => {
    const url = new URL(input, 'http://zabuni.test');
    requested.push(url);
    const page = Number(url.searchParams.get('page'));
    const size = Number(url.searchParams.get('page_size'));
    const results = Array.from(
      { length: Math.max(0, Math.min(size, total - (page - 1) * size)) },
      (_, i) => ({
        id: (page - 1) * size + i + 1,
      }),
    );
    const next = page * size < total ? `${url.pathname}?page=${page + 1}` : null;
    const body = JSON.stringify({ count: total, next, previous: null, results });
    return Promise.resolve(
      new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
  });
  vi.stubGlobal('fetch', fetch);
  return requested;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchAllPages', () => {
  it('follows the pages at 100 rows each, keeping the filters, until there is no next page', async () => {
    const requested = listEndpoint(250);
    const rows = await fetchAllPages<{ id: number }>('/p2p/requisitions/', {
      status: 'submitted',
      ordering: '-number',
      search: '',
    });
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    expect(requested.map((u) => u.searchParams.get('page'))).toEqual(['1', '2', '3']);
    for (const url of requested) {
      expect(url.pathname).toBe('/api/v1/p2p/requisitions/');
      expect(url.searchParams.get('page_size')).toBe('100');
      expect(url.searchParams.get('status')).toBe('submitted');
      expect(url.searchParams.get('ordering')).toBe('-number');
    }
  });

  it('ignores a page and page size among the params', async () => {
    const requested = listEndpoint(30);
    await fetchAllPages('/p2p/budgets/', { page: 4, page_size: 20 });
    expect(requested).toHaveLength(1);
    expect(requested[0]!.searchParams.get('page')).toBe('1');
    expect(requested[0]!.searchParams.get('page_size')).toBe('100');
  });

  it(`stops at ${FETCH_ALL_LIMIT} rows`, async () => {
    const requested = listEndpoint(12_345);
    const rows = await fetchAllPages('/p2p/requisitions/', {});
    expect(rows).toHaveLength(FETCH_ALL_LIMIT);
    expect(requested).toHaveLength(FETCH_ALL_LIMIT / 100);
  });

  it('passes a failure on', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ detail: 'Not allowed.' }), { status: 403 }))),
    );
    await expect(fetchAllPages('/p2p/requisitions/', {})).rejects.toMatchObject({
      status: 403,
      message: 'Not allowed.',
    });
  });
});
