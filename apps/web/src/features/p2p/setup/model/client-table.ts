import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn, SortState } from '../../../../components/data-table/DataTable.tsx';
import { sortRows } from '../../../../components/data-table/table-state.ts';

export const SETUP_PAGE_SIZE = 20;

/**
 * Set-up lists arrive whole (a few dozen rows): sorted and cut into pages here, across all rows, rather than
 * sorting only the page on screen. Columns with a `sortValue` are sortable.
 */
export function useClientTable<T>(
  rows: readonly T[] | undefined,
  columns: readonly DataColumn<T>[],
  pageSize = SETUP_PAGE_SIZE,
) {
  const { i18n } = useTranslation();
  const [sort, setSort] = useState<SortState | null>(null);
  const [page, setPage] = useState(1);
  const sortValue = sort ? columns.find((column) => column.key === sort.key)?.sortValue : undefined;
  const sorted = useMemo(() => {
    if (!rows) return undefined;
    if (!sort || !sortValue) return [...rows];
    return sortRows(rows, sortValue, sort.direction, i18n.language);
  }, [rows, sort, sortValue, i18n.language]);
  const count = sorted?.length ?? 0;
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const current = Math.min(page, pages);
  return {
    rows: sorted?.slice((current - 1) * pageSize, current * pageSize),
    all: sorted,
    sort,
    onSortChange: (next: SortState | null) => {
      setSort(next);
      setPage(1);
    },
    pagination: count > pageSize ? { page: current, pageSize, count, onPageChange: setPage } : undefined,
    columns: columns.map((column) => ({ ...column, sortable: column.sortValue !== undefined })),
  };
}
