import type { FastifyRequest } from 'fastify';
import { hasNextPage, pageOffset } from '@zabuni/domain';
import type { Page } from '@zabuni/contracts';

export interface PageRequest {
  page: number;
  pageSize: number;
  offset: number;
}

export function toPageRequest(query: { page: number; page_size: number }): PageRequest {
  return { page: query.page, pageSize: query.page_size, offset: pageOffset(query.page, query.page_size) };
}

/** Builds the `{count, next, previous, results}` envelope; next/previous are absolute URLs as DRF gives them. */
export function toPage<T>(
  request: FastifyRequest,
  publicUrl: string,
  { page, pageSize }: PageRequest,
  count: number,
  results: T[],
): Page<T> {
  const link = (target: number) => {
    const url = new URL(request.url, publicUrl);
    url.searchParams.set('page', String(target));
    url.searchParams.set('page_size', String(pageSize));
    return url.toString();
  };
  return {
    count,
    next: hasNextPage(page, pageSize, count) ? link(page + 1) : null,
    previous: page > 1 ? link(Math.min(page - 1, Math.max(1, Math.ceil(count / pageSize)))) : null,
    results,
  };
}

/** Runs a list use case for the request's page and wraps its answer in the list envelope. */
export async function pageOf<T>(
  request: FastifyRequest & { query: { page: number; page_size: number } },
  publicUrl: string,
  load: (page: PageRequest) => Promise<{ count: number; results: T[] }>,
): Promise<Page<T>> {
  const page = toPageRequest(request.query);
  const { count, results } = await load(page);
  return toPage(request, publicUrl, page, count, results);
}
