import type { Page } from '@zabuni/contracts';
import { PAGE_SIZE } from '@zabuni/contracts/constants';
import { apiGet, type QueryParams } from '../../../../lib/api-client.ts';

/** Set-up lists are short (departments, fiscal years, members): read them whole, a full page at a time. */
export async function allPages<T>(
  path: string,
  params: QueryParams = {},
  signal?: AbortSignal,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; page <= 50; page += 1) {
    const answer = await apiGet<Page<T>>(path, { ...params, page, page_size: PAGE_SIZE.max }, signal);
    rows.push(...answer.results);
    if (!answer.next || answer.results.length === 0) break;
  }
  return rows;
}
