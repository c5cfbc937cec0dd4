import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { PAGINATION_CHUNK } from '@zabuni/contracts/constants';
import {
  isValidElement,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type JSX,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast.ts';
import { Pagination } from '../Pagination.tsx';
import classes from './DataTable.module.css';
import {
  csvBlob,
  downloadBlob,
  exportColumnsOf,
  exportFileName,
  xlsxBlob,
  type ExportColumn,
} from './export.ts';
import { nextSort, pageCount, pageRange, sortRows, type SortState } from './table-state.ts';

export { orderingParam, type SortState } from './table-state.ts';

export interface DataColumn<T> {
  /** Unique; also the server ordering field when sortable and the table is server-sorted. */
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  /** Client-side sorting value; presence makes the column sortable when the table has no onSortChange. */
  sortValue?: (row: T) => string | number | null;
  /** Server-side sortable (with onSortChange). */
  sortable?: boolean;
  /** Plain value for CSV/XLSX export; columns without it are left out of exports. */
  exportValue?: (row: T) => string | number | null;
  /** An amount column: the row's currency, exported in its own column after the amount (a number). */
  exportCurrency?: (row: T) => string;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** Hidden below the sm breakpoint (mobile). */
  hideOnMobile?: boolean;
}

export interface DataTableProps<T> {
  columns: DataColumn<T>[];
  /** undefined = loading (show skeleton rows) */
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  /** Shown in place of rows, with role="alert". */
  error?: string | null;
  /** Shown when rows is []. */
  empty: ReactNode;
  /** Server pagination; omit for a single page of client rows. */
  pagination?: { page: number; pageSize: number; count: number; onPageChange: (page: number) => void };
  sort?: SortState | null;
  /** When given, sorting is server-side (the caller refetches, and should go back to page 1); otherwise client-side by sortValue. */
  onSortChange?: (sort: SortState | null) => void;
  selection?: {
    selected: ReadonlySet<string | number>;
    onChange: (next: Set<string | number>) => void;
    isSelectable?: (row: T) => boolean;
    label: (row: T) => string;
  };
  /** Rows become focusable and open with a click or Enter. */
  onRowClick?: (row: T) => void;
  /** Filters and buttons shown above the table, left; the export menu sits on the right. */
  toolbar?: ReactNode;
  /** Enables "Export" menu with CSV and XLSX; fetchAll returns every row matching the current filters (all pages). */
  export?: { fileName: string; fetchAll: () => Promise<T[]> };
  /** Accessible caption (visually hidden). */
  caption?: string;
  'data-testid'?: string;
}

const SKELETON_ROWS = 5;
/** Assumed width of a column without a numeric width, to decide when the table scrolls sideways. */
const DEFAULT_COLUMN_WIDTH = 130;
const SELECTION_WIDTH = 44;
/** Clicks on these inside a row are their own action, not "open the row". */
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="checkbox"], [role="menuitem"]';

/** A header's words for an export heading (headers may be elements around text). */
export function textOf(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

function SortIcon({ direction }: { direction: 'asc' | 'desc' | null }) {
  const path =
    direction === 'asc'
      ? 'M12 19V5M6 11l6-6 6 6'
      : direction === 'desc'
        ? 'M12 5v14M6 13l6 6 6-6'
        : 'M8 9l4-4 4 4M8 15l4 4 4-4';
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
      className={classes.sortIcon}
      data-active={direction !== null || undefined}
    >
      <path d={path} />
    </svg>
  );
}

function DownloadIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
    >
      <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
    </svg>
  );
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * The platform's list table: sortable headings (by the server or in the browser), skeleton rows while
 * loading, an error or empty state in place of rows, page numbers, row selection, rows that open, and an
 * export of every matching row to CSV or XLSX. On phones it scrolls sideways inside its frame, never the page.
 */
export function DataTable<T>(props: DataTableProps<T>): JSX.Element {
  const { columns, rows, rowKey, error, empty, pagination, selection, onRowClick, toolbar, caption } = props;
  const { t, i18n } = useTranslation('platform');
  const serverSorted = props.onSortChange !== undefined;
  const [clientSort, setClientSort] = useState<SortState | null>(props.sort ?? null);
  const sort = serverSorted ? (props.sort ?? null) : clientSort;
  const frame = useRef<HTMLDivElement>(null);

  const isSortable = (column: DataColumn<T>) =>
    serverSorted ? column.sortable === true : column.sortValue !== undefined;

  const sortedColumn = sort ? columns.find((c) => c.key === sort.key && isSortable(c)) : undefined;
  const clientSortValue = !serverSorted ? sortedColumn?.sortValue : undefined;
  const shown = useMemo(() => {
    if (!rows || !sort || !clientSortValue) return rows;
    return sortRows(rows, clientSortValue, sort.direction, i18n.language);
  }, [rows, sort, clientSortValue, i18n.language]);

  const changeSort = (key: string) => {
    const next = nextSort(sort, key);
    if (serverSorted) props.onSortChange?.(next);
    else setClientSort(next);
  };

  const selectable = selection && shown ? shown.filter((row) => selection.isSelectable?.(row) ?? true) : [];
  const selectedHere = selectable.filter((row) => selection?.selected.has(rowKey(row)));
  const allSelected = selectable.length > 0 && selectedHere.length === selectable.length;
  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    for (const row of selectable) {
      if (allSelected) next.delete(rowKey(row));
      else next.add(rowKey(row));
    }
    selection.onChange(next);
  };
  const toggleRow = (row: T) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    const key = rowKey(row);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    selection.onChange(next);
  };

  const span = columns.length + (selection ? 1 : 0);
  const widthOf = (c: DataColumn<T>) => (typeof c.width === 'number' ? c.width : DEFAULT_COLUMN_WIDTH);
  const base = selection ? SELECTION_WIDTH : 0;
  const tableStyle = {
    '--data-table-min-width': `${columns.reduce((sum, c) => sum + widthOf(c), base)}px`,
    '--data-table-min-width-mobile': `${columns.filter((c) => !c.hideOnMobile).reduce((sum, c) => sum + widthOf(c), base)}px`,
  } as CSSProperties;
  const cellProps = (column: DataColumn<T>) => ({
    ta: column.align,
    visibleFrom: column.hideOnMobile ? 'sm' : undefined,
  });

  const openRow = onRowClick
    ? {
        onClick: (row: T) => (event: MouseEvent<HTMLTableRowElement>) => {
          const target = event.target as Element;
          if (target.closest(INTERACTIVE) && event.currentTarget.contains(target.closest(INTERACTIVE)))
            return;
          onRowClick(row);
        },
        onKeyDown: (row: T) => (event: KeyboardEvent<HTMLTableRowElement>) => {
          if (event.key === 'Enter' && event.target === event.currentTarget) {
            event.preventDefault();
            onRowClick(row);
          }
        },
      }
    : null;

  let body: ReactNode;
  if (error) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={span} className={classes.stateCell}>
          <Alert color="red" variant="light" role="alert" data-testid="data-table-error">
            {error}
          </Alert>
        </Table.Td>
      </Table.Tr>
    );
  } else if (!shown) {
    body = Array.from({ length: SKELETON_ROWS }, (_, index) => (
      <Table.Tr key={index} data-testid="data-table-skeleton">
        {selection && (
          <Table.Td>
            <Skeleton height={16} width={16} radius="sm" />
          </Table.Td>
        )}
        {columns.map((column) => (
          <Table.Td key={column.key} {...cellProps(column)}>
            <Skeleton
              height={12}
              radius="xl"
              width={`${60 + ((index * 17 + column.key.length * 7) % 35)}%`}
            />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (shown.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={span} className={classes.stateCell} data-testid="data-table-empty">
          {empty}
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = shown.map((row) => {
      const key = rowKey(row);
      const canSelect = selection?.isSelectable?.(row) ?? true;
      const checked = selection?.selected.has(key) ?? false;
      return (
        <Table.Tr
          key={key}
          className={openRow ? classes.openable : undefined}
          tabIndex={openRow ? 0 : undefined}
          onClick={openRow?.onClick(row)}
          onKeyDown={openRow?.onKeyDown(row)}
          data-selected={checked || undefined}
          data-testid="data-table-row"
        >
          {selection && (
            <Table.Td>
              <Checkbox
                size="sm"
                checked={checked}
                disabled={!canSelect}
                onChange={() => toggleRow(row)}
                aria-label={t('table.selectRow', { label: selection.label(row) })}
              />
            </Table.Td>
          )}
          {columns.map((column) => (
            <Table.Td key={column.key} {...cellProps(column)}>
              {column.render(row)}
            </Table.Td>
          ))}
        </Table.Tr>
      );
    });
  }

  const exportMenu = props.export && (
    <ExportMenu
      columns={columns}
      exportOptions={props.export}
      sortRowsForExport={(all) =>
        sort && clientSortValue ? sortRows(all, clientSortValue, sort.direction, i18n.language) : all
      }
      expected={pagination?.count}
    />
  );

  const numbers = new Intl.NumberFormat(i18n.language);
  const range = pagination ? pageRange(pagination.page, pagination.pageSize, pagination.count) : null;
  const pages = pagination ? pageCount(pagination.pageSize, pagination.count) : 1;
  const goTo = (page: number) => {
    pagination?.onPageChange(page);
    // A new page starts at the table's top, not wherever the last one was scrolled to.
    const top = frame.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) frame.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <Stack gap="sm" ref={frame} data-testid={props['data-testid']} className={classes.root}>
      {(toolbar || exportMenu) && (
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Box className={classes.toolbar}>{toolbar}</Box>
          {exportMenu && <Box className={classes.exportMenu}>{exportMenu}</Box>}
        </Group>
      )}
      <Paper withBorder radius="md" className={classes.frame}>
        <Table.ScrollContainer minWidth={0} type="native">
          <Table
            className={classes.table}
            style={tableStyle}
            verticalSpacing="sm"
            horizontalSpacing="md"
            highlightOnHover={openRow !== null && !!shown && shown.length > 0}
            aria-busy={!shown && !error ? true : undefined}
          >
            {caption && <caption className={classes.visuallyHidden}>{caption}</caption>}
            <Table.Thead>
              <Table.Tr>
                {selection && (
                  <Table.Th w={SELECTION_WIDTH}>
                    <Checkbox
                      size="sm"
                      checked={allSelected}
                      indeterminate={!allSelected && selectedHere.length > 0}
                      disabled={selectable.length === 0}
                      onChange={toggleAll}
                      aria-label={t('table.selectAll')}
                      data-testid="data-table-select-all"
                    />
                  </Table.Th>
                )}
                {columns.map((column) => {
                  const sortable = isSortable(column);
                  const direction = sort && sort.key === column.key && sortable ? sort.direction : null;
                  return (
                    <Table.Th
                      key={column.key}
                      w={column.width}
                      {...cellProps(column)}
                      aria-sort={sortable ? (direction ? ARIA_SORT[direction] : 'none') : undefined}
                      className={classes.th}
                    >
                      {sortable ? (
                        <UnstyledButton
                          className={classes.sortButton}
                          data-align={column.align}
                          onClick={() => changeSort(column.key)}
                          data-testid={`data-table-sort-${column.key}`}
                        >
                          <span>{column.header}</span>
                          <SortIcon direction={direction} />
                        </UnstyledButton>
                      ) : (
                        column.header
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{body}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {!shown && !error && (
          <span className={classes.visuallyHidden} role="status">
            {t('table.loading')}
          </span>
        )}
      </Paper>
      {pagination && range && pagination.count > 0 && !error && (
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" data-testid="data-table-range">
            {t('table.showing', {
              from: numbers.format(range.from),
              to: numbers.format(range.to),
              count: numbers.format(pagination.count),
            })}
          </Text>
          <Pagination
            page={pagination.page}
            totalPages={pages}
            chunkSize={PAGINATION_CHUNK}
            onChange={goTo}
            labels={{
              nav: t('table.pagination.label'),
              previous: t('table.pagination.previous'),
              next: t('table.pagination.next'),
              first: t('table.pagination.first'),
              last: t('table.pagination.last'),
              summary: t('table.pagination.summary', { page: pagination.page, pages }),
            }}
          />
        </Group>
      )}
    </Stack>
  );
}

type ExportFormat = 'csv' | 'xlsx';

function ExportMenu<T>({
  columns,
  exportOptions,
  sortRowsForExport,
  expected,
}: {
  columns: DataColumn<T>[];
  exportOptions: { fileName: string; fetchAll: () => Promise<T[]> };
  sortRowsForExport: (rows: T[]) => T[];
  expected: number | undefined;
}) {
  const { t } = useTranslation('platform');
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const exportColumns: ExportColumn<T>[] = exportColumnsOf(
    columns.map((column) => ({ ...column, header: textOf(column.header).trim() || column.key })),
    t('table.export.currency'),
  );

  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      const all = sortRowsForExport(await exportOptions.fetchAll());
      const blob =
        format === 'csv'
          ? csvBlob(exportColumns, all)
          : await xlsxBlob(exportColumns, all, exportOptions.fileName);
      downloadBlob(blob, exportFileName(exportOptions.fileName, format));
      if (expected !== undefined && expected > all.length)
        toast.info(t('table.export.truncated', { limit: all.length }), { toastId: 'table-export-truncated' });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      toast.error(t('table.export.failed', { message }), { toastId: 'table-export-failed' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Menu position="bottom-end" shadow="md" disabled={busy !== null}>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<DownloadIcon />}
          loading={busy !== null}
          loaderProps={{ type: 'dots' }}
          disabled={exportColumns.length === 0}
          data-testid="data-table-export"
          aria-label={busy ? t('table.export.preparing') : undefined}
        >
          {t('table.export.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void run('csv')} data-testid="data-table-export-csv">
          {t('table.export.csv')}
        </Menu.Item>
        <Menu.Item onClick={() => void run('xlsx')} data-testid="data-table-export-xlsx">
          {t('table.export.xlsx')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
