import { currencyExponent } from '@zabuni/domain';
import ExcelJS from 'exceljs';
import { humanise } from './format.ts';
import { STATEMENT_ROW_TYPE_LABELS, statementTotals } from './statement-data.ts';
import type { SupplierStatement } from './types.ts';

/** Rows above the entries' header on the "Statement" sheet (title and who/when), then that header row. */
export const STATEMENT_HEADER_ROW = 7;

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEEF1F4' } };

/** "2026-11-23" → a date cell (exceljs writes the serial number from the UTC instant). */
function dateCell(iso: string): Date | string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return iso;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/**
 * The statement as a workbook: "Statement" (who, period, currency, then one row per entry between the
 * opening and closing balance, with typed date and number cells, a frozen header and a filter) and
 * "Open invoices". Cells hold minor / 10^exponent, a display value; every total is summed in integer
 * minor units first.
 */
export async function renderStatementXlsx(s: SupplierStatement): Promise<Buffer> {
  const exponent = currencyExponent(s.currency);
  const moneyFormat =
    exponent === 0 ? '#,##0;-#,##0' : `#,##0.${'0'.repeat(exponent)};-#,##0.${'0'.repeat(exponent)}`;
  const value = (minor: number) => minor / 10 ** exponent;
  const valueOrBlank = (minor: number) => (minor === 0 ? null : value(minor));

  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Zabuni';
  const generated = new Date(s.generatedAt);
  if (Number.isFinite(generated.getTime())) {
    workbook.created = generated;
    workbook.modified = generated;
  }

  // --- Statement -------------------------------------------------------------------------------------
  const sheet = workbook.addWorksheet('Statement', {
    views: [{ state: 'frozen', xSplit: 0, ySplit: STATEMENT_HEADER_ROW }],
    pageSetup: { paperSize: 9, orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  sheet.columns = [
    { key: 'date', width: 12 },
    { key: 'type', width: 16 },
    { key: 'reference', width: 18 },
    { key: 'description', width: 48 },
    { key: 'debit', width: 16 },
    { key: 'credit', width: 16 },
    { key: 'balance', width: 17 },
  ];

  sheet.getCell('A1').value = 'Statement of account';
  sheet.getCell('A1').font = { bold: true, size: 14 };
  const facts: Array<[string, string | Date, string, string | Date]> = [
    ['Supplier', s.supplier.name, 'Buyer', s.buyer.name],
    ['KRA PIN', s.supplier.taxPin ?? '', 'Currency', s.currency],
    ['Period from', dateCell(s.from), 'Period to', dateCell(s.to)],
    // A spreadsheet date has no zone: the cell holds the East Africa Time wall clock, labelled EAT.
    [
      'Generated at',
      Number.isFinite(generated.getTime()) ? new Date(generated.getTime() + 3 * 3_600_000) : s.generatedAt,
      '',
      '',
    ],
  ];
  facts.forEach(([label1, value1, label2, value2], index) => {
    const row = sheet.getRow(2 + index);
    row.getCell(1).value = label1;
    row.getCell(2).value = value1;
    row.getCell(4).value = label2 || null;
    row.getCell(5).value = value2 || null;
    for (const column of [1, 4]) row.getCell(column).font = { bold: true };
    for (const column of [2, 5]) {
      const cell = row.getCell(column);
      cell.alignment = { horizontal: 'left' };
      if (cell.value instanceof Date) {
        cell.numFmt = column === 2 && label1 === 'Generated at' ? 'yyyy-mm-dd hh:mm "EAT"' : 'yyyy-mm-dd';
      }
    }
  });

  const header = sheet.getRow(STATEMENT_HEADER_ROW);
  header.values = [
    'Date',
    'Type',
    'Reference',
    'Description',
    `Debit (${s.currency})`,
    `Credit (${s.currency})`,
    `Balance (${s.currency})`,
  ];
  styleHeader(header, [5, 6, 7]);
  sheet.autoFilter = {
    from: { row: STATEMENT_HEADER_ROW, column: 1 },
    to: { row: STATEMENT_HEADER_ROW, column: 7 },
  };

  const opening = sheet.addRow([
    dateCell(s.from),
    null,
    null,
    'Opening balance',
    null,
    null,
    value(s.openingBalanceMinor),
  ]);
  opening.font = { bold: true };
  for (const row of s.rows) {
    sheet.addRow([
      dateCell(row.date),
      STATEMENT_ROW_TYPE_LABELS[row.type],
      row.reference,
      row.description,
      valueOrBlank(row.debitMinor),
      valueOrBlank(row.creditMinor),
      value(row.balanceMinor),
    ]);
  }
  const totals = statementTotals(s);
  const closing = sheet.addRow([
    dateCell(s.to),
    null,
    null,
    'Closing balance',
    value(totals.debitMinor),
    value(totals.creditMinor),
    value(s.closingBalanceMinor),
  ]);
  closing.font = { bold: true };
  closing.eachCell((cell) => {
    cell.border = { top: { style: 'thin' } };
  });
  for (let r = STATEMENT_HEADER_ROW + 1; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    row.getCell(1).numFmt = 'yyyy-mm-dd';
    for (const column of [5, 6, 7]) row.getCell(column).numFmt = moneyFormat;
    row.getCell(4).alignment = { wrapText: true, vertical: 'top' };
  }

  // --- Open invoices ---------------------------------------------------------------------------------
  const open = workbook.addWorksheet('Open invoices', {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
  });
  open.columns = [
    { header: 'Invoice no.', key: 'number', width: 18 },
    { header: 'Date', key: 'date', width: 12 },
    { header: 'Due date', key: 'dueDate', width: 12 },
    { header: `Total (${s.currency})`, key: 'total', width: 16 },
    { header: `Paid (${s.currency})`, key: 'paid', width: 16 },
    { header: `Outstanding (${s.currency})`, key: 'outstanding', width: 18 },
    { header: 'Status', key: 'status', width: 16 },
  ];
  styleHeader(open.getRow(1), [4, 5, 6]);
  for (const invoice of s.openInvoices) {
    open.addRow([
      invoice.number,
      dateCell(invoice.date),
      dateCell(invoice.dueDate),
      value(invoice.totalMinor),
      value(invoice.paidMinor),
      value(invoice.outstandingMinor),
      humanise(invoice.status),
    ]);
  }
  if (s.openInvoices.length > 0) {
    open.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: 7 } };
    const outstanding = s.openInvoices.reduce((sum, invoice) => sum + invoice.outstandingMinor, 0);
    const total = open.addRow(['Total outstanding', null, null, null, null, value(outstanding), null]);
    total.font = { bold: true };
    total.eachCell((cell) => {
      cell.border = { top: { style: 'thin' } };
    });
  }
  for (let r = 2; r <= open.rowCount; r += 1) {
    const row = open.getRow(r);
    for (const column of [2, 3]) row.getCell(column).numFmt = 'yyyy-mm-dd';
    for (const column of [4, 5, 6]) row.getCell(column).numFmt = moneyFormat;
  }

  const bytes = await workbook.xlsx.writeBuffer();
  return Buffer.from(bytes as ArrayBuffer);
}

function styleHeader(row: ExcelJS.Row, numericColumns: number[]): void {
  row.font = { bold: true };
  row.eachCell((cell, column) => {
    cell.fill = HEADER_FILL;
    cell.border = { bottom: { style: 'thin' } };
    cell.alignment = { horizontal: numericColumns.includes(column) ? 'right' : 'left', vertical: 'middle' };
  });
}
