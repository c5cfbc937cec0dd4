import { eatDateTime, eatDay } from '@zabuni/domain';
/** A plain cell of an exported table: what a spreadsheet should hold, not what the screen shows. */
export type ExportValue = string | number | null;

/** One exported column: its heading and how to read a row's value. */
export interface ExportColumn<T> {
  header: string;
  value: (row: T) => ExportValue;
}

/**
 * An amount as a spreadsheet should hold it: a number ("5000.00" -> 5000), never "KES 5000.00" text (the
 * currency goes in a column of its own). Null for no amount or text that is not one.
 */
export function exportAmount(text: string | null | undefined): number | null {
  if (text === null || text === undefined || !/^-?\d+(\.\d+)?$/.test(text.trim())) return null;
  return Number(text);
}

/** An instant of the API ("2026-11-26T04:30:00Z") as East Africa Time with its label: "2026-11-26 07:30 EAT". */
export function exportInstant(iso: string | null | undefined): string {
  if (!iso) return '';
  return eatDateTime(iso) || iso;
}

/** An instant's calendar day in East Africa Time ("2026-11-25T22:30:00Z" is 2026-11-26 in Nairobi). */
export function exportDay(iso: string | null | undefined): string {
  if (!iso) return '';
  return eatDay(iso) || iso;
}

/** A table column as the export reads it (DataTable's columns, their headings as text). */
export interface ExportableColumn<T> {
  header: string;
  exportValue?: (row: T) => ExportValue;
  /** An amount column: the row's currency, exported in a column of its own right after the amount. */
  exportCurrency?: (row: T) => string;
}

/**
 * The exported columns: those with an export value, each amount followed by its currency
 * ("Total", "Total · Currency"), so the amount itself stays a number a spreadsheet can add up.
 */
export function exportColumnsOf<T>(columns: ExportableColumn<T>[], currency: string): ExportColumn<T>[] {
  return columns.flatMap((column) => {
    if (!column.exportValue) return [];
    const value: ExportColumn<T> = { header: column.header, value: column.exportValue };
    const currencyOf = column.exportCurrency;
    return currencyOf
      ? [value, { header: `${column.header} · ${currency}`, value: (row: T) => currencyOf(row) }]
      : [value];
  });
}

/** Excel reads a CSV as UTF-8 only when it starts with a byte-order mark (Swahili is safe without, Amharic is not). */
export const UTF8_BOM = '\uFEFF';

/**
 * Text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`) or that could start one after its tab or
 * carriage return is trimmed (OWASP "CSV injection"): shown as text by a leading single quote.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** RFC 4180: a field holding a comma, a quote or a line break is quoted, with its quotes doubled. */
function quoteField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * One CSV field. Numbers are written as numbers (a negative amount is data, not a formula); text goes
 * through formula neutralising, then quoting.
 */
export function csvField(value: ExportValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return quoteField(neutraliseFormula(value));
}

/** The whole file: byte-order mark, heading row, one line per row, CRLF line ends (RFC 4180). */
export function buildCsv<T>(columns: ExportColumn<T>[], rows: T[]): string {
  const lines = [columns.map((c) => csvField(c.header))];
  for (const row of rows) lines.push(columns.map((c) => csvField(c.value(row))));
  return `${UTF8_BOM}${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`;
}

/** The rows of an XLSX sheet: numbers stay numbers, text stays text (an XLSX string cell never runs as a formula). */
export function buildSheetRows<T>(columns: ExportColumn<T>[], rows: T[]): (string | number | null)[][] {
  return [columns.map((c) => c.header), ...rows.map((row) => columns.map((c) => c.value(row)))];
}

/** `<fileName>-YYYY-MM-DD.<extension>`, dated by the viewer's calendar. */
export function exportFileName(
  fileName: string,
  extension: 'csv' | 'xlsx',
  today: Date = new Date(),
): string {
  const day = [
    String(today.getFullYear()),
    String(today.getMonth() + 1).padStart(2, '0'),
    String(today.getDate()).padStart(2, '0'),
  ].join('-');
  return `${fileName}-${day}.${extension}`;
}

export function csvBlob<T>(columns: ExportColumn<T>[], rows: T[]): Blob {
  return new Blob([buildCsv(columns, rows)], { type: 'text/csv;charset=utf-8' });
}

/** Built on demand: the spreadsheet writer is a separate chunk, loaded only when someone exports. */
export async function xlsxBlob<T>(columns: ExportColumn<T>[], rows: T[], sheet = 'Export'): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  const [, ...body] = buildSheetRows(columns, rows);
  const header = columns.map((c) => ({ value: c.header, fontWeight: 'bold' as const }));
  return writeXlsxFile([header, ...body], {
    sheet: sheet.slice(0, 31),
    columns: columns.map((c) => ({ width: Math.min(Math.max(c.header.length + 2, 12), 48) })),
    stickyRowsCount: 1,
  }).toBlob();
}

/** Hands a file to the browser's download through a temporary object URL. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns: free it a moment later.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
