import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en/platform.json';
import { DataTable, textOf, type DataColumn, type DataTableProps } from './DataTable.tsx';

interface Row {
  id: number;
  number: string;
  amount: number;
}

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { platform: en } } });
});

const columns: DataColumn<Row>[] = [
  { key: 'number', header: 'Number', render: (r) => r.number, sortValue: (r) => r.number, sortable: true },
  {
    key: 'amount',
    header: 'Amount',
    render: (r) => `KES ${r.amount}`,
    sortValue: (r) => r.amount,
    align: 'right',
  },
  { key: 'note', header: <strong>Note</strong>, render: () => '—', hideOnMobile: true },
];
const rows: Row[] = [
  { id: 1, number: 'REQ-10', amount: 5 },
  { id: 2, number: 'REQ-9', amount: 700 },
  { id: 3, number: 'REQ-11', amount: 40 },
];

function render(props: Partial<DataTableProps<Row>>): string {
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <DataTable columns={columns} rows={rows} rowKey={(r) => r.id} empty="Nothing yet" {...props} />
      </MantineProvider>
    </I18nextProvider>,
  );
}
const count = (html: string, text: string) => html.split(text).length - 1;
/** The opening tags of the header cells, in order. */
const headerCells = (html: string) => html.match(/<th\s[^>]*>/g) ?? [];
/** The requisition numbers in the order the body shows them. */
const shownNumbers = (html: string) => html.match(/REQ-\d+/g) ?? [];

describe('DataTable', () => {
  it('shows skeleton rows and says it is loading while rows are undefined', () => {
    const html = render({ rows: undefined });
    expect(count(html, 'data-testid="data-table-skeleton"')).toBe(5);
    expect(html).toContain('aria-busy="true"');
    expect(html).toMatch(/role="status"[^>]*>Loading…</);
    expect(html).not.toContain('Nothing yet');
  });

  it('shows the empty state for no rows, and the error instead of rows with role="alert"', () => {
    expect(render({ rows: [] })).toContain('Nothing yet');
    const failed = render({ error: 'The list could not be loaded.' });
    expect(failed).toMatch(/role="alert"[^]*The list could not be loaded\./);
    expect(count(failed, 'data-testid="data-table-row"')).toBe(0);
  });

  it('renders rows in the given order with client-sortable headings marked aria-sort="none"', () => {
    const html = render({});
    expect(shownNumbers(html)).toEqual(['REQ-10', 'REQ-9', 'REQ-11']);
    const [number, amount, note] = headerCells(html);
    expect(number).toContain('aria-sort="none"');
    expect(amount).toContain('aria-sort="none"');
    expect(note).not.toContain('aria-sort');
    expect(note).toContain('mantine-visible-from-sm');
  });

  it('sorts client-side by the sort value, numbers inside text in numeric order', () => {
    const asc = render({ sort: { key: 'number', direction: 'asc' } });
    expect(shownNumbers(asc)).toEqual(['REQ-9', 'REQ-10', 'REQ-11']);
    expect(headerCells(asc)[0]).toContain('aria-sort="ascending"');
    const desc = render({ sort: { key: 'amount', direction: 'desc' } });
    expect(shownNumbers(desc)).toEqual(['REQ-9', 'REQ-11', 'REQ-10']);
    expect(headerCells(desc)[1]).toContain('aria-sort="descending"');
  });

  it('leaves sorting to the server when onSortChange is given: rows as received, only `sortable` columns', () => {
    const html = render({ sort: { key: 'number', direction: 'desc' }, onSortChange: () => undefined });
    expect(shownNumbers(html)).toEqual(['REQ-10', 'REQ-9', 'REQ-11']);
    const [number, amount] = headerCells(html);
    expect(number).toContain('aria-sort="descending"');
    expect(amount).not.toContain('aria-sort');
  });

  it('says which rows of how many a page shows, in the reader’s number format', () => {
    const html = render({
      pagination: { page: 2, pageSize: 20, count: 1057, onPageChange: () => undefined },
    });
    expect(html).toContain('Showing 21–40 of 1,057');
    expect(html).toContain('Page 2 of 53');
  });

  it('labels each selection checkbox and the page-wide one, leaving unselectable rows disabled', () => {
    const html = render({
      selection: {
        selected: new Set([2]),
        onChange: () => undefined,
        isSelectable: (r) => r.amount < 500,
        label: (r) => r.number,
      },
    });
    expect(html).toContain('aria-label="Select all rows on this page"');
    expect(html).toMatch(
      /<input[^>]*disabled=""[^>]*aria-label="Select REQ-9"|<input[^>]*aria-label="Select REQ-9"[^>]*disabled=""/,
    );
    expect(html).toMatch(/aria-label="Select REQ-10"/);
    expect(count(html, 'data-selected="true"')).toBe(1);
  });

  it('makes rows focusable when they open, and adds a hidden caption and the export button when asked', () => {
    const html = render({
      onRowClick: () => undefined,
      caption: 'Requisitions',
      export: { fileName: 'requisitions', fetchAll: () => Promise.resolve(rows) },
      toolbar: <span>Filters here</span>,
    });
    expect(count(html, 'tabindex="0"')).toBe(3);
    expect(html).toMatch(/<caption[^>]*>Requisitions<\/caption>/);
    expect(html).toContain('data-testid="data-table-export"');
    expect(html).toContain('Filters here');
  });
});

describe('textOf', () => {
  it('reads the words of a heading, elements included', () => {
    expect(textOf('Number')).toBe('Number');
    expect(
      textOf(
        <span>
          Amount <em>(KES)</em>
        </span>,
      ),
    ).toBe('Amount (KES)');
    expect(textOf([null, 'Due', false, 3])).toBe('Due3');
  });
});
