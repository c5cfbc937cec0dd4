/** Page-number pagination, as the public API exposes it (`page`, `page_size`, `count`). */

export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

export function pageCount(count: number, pageSize: number): number {
  return count === 0 ? 0 : Math.ceil(count / pageSize);
}

export function hasNextPage(page: number, pageSize: number, count: number): boolean {
  return page * pageSize < count;
}

/**
 * The page numbers a pagination bar shows: pages are grouped in fixed chunks (SPEC: chunk of 4), and the
 * bar shows the chunk that holds the current page, so 1-4, 5-8, … as the user moves on.
 */
export function paginationChunk(current: number, totalPages: number, chunkSize: number): number[] {
  if (totalPages <= 0) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  const first = Math.floor((page - 1) / chunkSize) * chunkSize + 1;
  const last = Math.min(first + chunkSize - 1, totalPages);
  const pages: number[] = [];
  for (let p = first; p <= last; p += 1) pages.push(p);
  return pages;
}
