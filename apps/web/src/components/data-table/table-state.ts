/** Which column a list is ordered by, and which way. */
export interface SortState {
  key: string;
  direction: 'asc' | 'desc';
}

/** A header click: ascending first, then descending, then back to the list's own order. */
export function nextSort(current: SortState | null | undefined, key: string): SortState | null {
  if (!current || current.key !== key) return { key, direction: 'asc' };
  return current.direction === 'asc' ? { key, direction: 'desc' } : null;
}

/** Server ordering param for a SortState: "number" / "-number", or undefined. */
export function orderingParam(sort: SortState | null | undefined): string | undefined {
  if (!sort) return undefined;
  return sort.direction === 'desc' ? `-${sort.key}` : sort.key;
}

export type SortValue = string | number | null;

/**
 * Rows ordered by a column's sort value, client-side: text by the reader's language with numbers inside
 * text in numeric order ("REQ-9" before "REQ-10"), empty values last whichever way, ties in their original
 * order. Returns a new array.
 */
export function sortRows<T>(
  rows: readonly T[],
  value: (row: T) => SortValue,
  direction: 'asc' | 'desc',
  locale?: string,
): T[] {
  const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      if (a.key === null || b.key === null || a.key === '' || b.key === '') {
        const aEmpty = a.key === null || a.key === '';
        const bEmpty = b.key === null || b.key === '';
        if (aEmpty !== bEmpty) return aEmpty ? 1 : -1;
        return a.index - b.index;
      }
      let order: number;
      if (typeof a.key === 'number' && typeof b.key === 'number') order = a.key - b.key;
      else order = collator.compare(String(a.key), String(b.key));
      return order === 0 ? a.index - b.index : order * sign;
    })
    .map((entry) => entry.row);
}

/** "Showing 21–40 of 57": the first and last row numbers of a page (0–0 when the list is empty). */
export function pageRange(page: number, pageSize: number, count: number): { from: number; to: number } {
  if (count <= 0 || pageSize <= 0) return { from: 0, to: 0 };
  const from = Math.min((Math.max(page, 1) - 1) * pageSize + 1, count);
  return { from, to: Math.min(from + pageSize - 1, count) };
}

export const pageCount = (pageSize: number, count: number) =>
  pageSize > 0 ? Math.max(1, Math.ceil(count / pageSize)) : 1;
