import type { Page } from '@zabuni/contracts';
import { PAGE_SIZE } from '@zabuni/contracts/constants';
import { apiGet, type QueryParams } from './api-client.ts';

/** The most rows an export gathers: beyond that a spreadsheet is the wrong tool and the browser suffers. */
export const FETCH_ALL_LIMIT = 10_000;

/**
 * Every row a list endpoint answers for `params` (its filters and ordering), page after page of the largest
 * page size, until the envelope has no `next` or FETCH_ALL_LIMIT rows are in hand.
 */
export async function fetchAllPages<T>(
  path: string,
  params: QueryParams,
  signal?: AbortSignal,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; rows.length < FETCH_ALL_LIMIT; page += 1) {
    const answer = await apiGet<Page<T>>(path, { ...params, page, page_size: PAGE_SIZE.max }, signal);
    rows.push(...answer.results);
    if (!answer.next || answer.results.length === 0) break;
  }
  return rows.slice(0, FETCH_ALL_LIMIT);
}
