import { amount, amountOrBlank, humanise, isoDate, isoDateTime, money } from './format.ts';
import {
  BOLD,
  COLOURS,
  REGULAR,
  contentWidth,
  createPdf,
  drawTable,
  ensureSpace,
  finish,
  footerAllPages,
  rule,
  sectionHeading,
  textLines,
  write,
  type Column,
  type Doc,
  type PdfRenderOptions,
  type TableRow,
} from './pdf-layout.ts';
import { STATEMENT_ROW_TYPE_LABELS, statementTotals } from './statement-data.ts';
import type { SupplierStatement } from './types.ts';

/**
 * A supplier's statement with one buyer (A4): who, the period and currency, a summary, the entries in date
 * order between the opening and the closing balance with a running balance, then the invoices still open.
 */
export async function renderStatementPdf(
  s: SupplierStatement,
  options: PdfRenderOptions = {},
): Promise<Buffer> {
  const doc = createPdf(`Statement: ${s.supplier.name} – ${s.buyer.name}, ${s.from} to ${s.to}`, options);
  drawHeader(doc, s);
  drawEntries(doc, s);
  drawOpenInvoices(doc, s);
  footerAllPages(doc, `Statement ${isoDate(s.from)} to ${isoDate(s.to)}`);
  return finish(doc);
}

function continued(doc: Doc, s: SupplierStatement, what: string): () => void {
  return () => {
    doc.font(BOLD).fontSize(9).fillColor(COLOURS.text);
    const text = `${s.supplier.name} – ${s.buyer.name}: ${what} (continued)`;
    write(doc, text, doc.page.margins.left, doc.y, { width: contentWidth(doc) }, true);
    doc.y += 6;
  };
}

function drawHeader(doc: Doc, s: SupplierStatement): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const top = doc.page.margins.top;
  const rightWidth = 230;
  const rightX = left + width - rightWidth;

  const supplierBottom = textLines(
    doc,
    [
      { text: s.supplier.name, bold: true, size: 13 },
      { text: s.supplier.taxPin ? `KRA PIN: ${s.supplier.taxPin}` : null },
    ],
    left,
    top,
    width - rightWidth - 20,
  );

  doc.font(BOLD).fontSize(20).fillColor(COLOURS.text);
  doc.text('STATEMENT', rightX, top - 3, { width: rightWidth, align: 'right' });
  let y = doc.y + 4;
  const facts: Array<[string, string]> = [
    ['Period', `${isoDate(s.from)} to ${isoDate(s.to)}`],
    ['Currency', s.currency],
    ['Generated', isoDateTime(s.generatedAt)],
  ];
  for (const [label, value] of facts) {
    doc.font(REGULAR).fontSize(9).fillColor(COLOURS.muted);
    doc.text(label, rightX, y, { width: 80 });
    doc.font(BOLD).fontSize(9).fillColor(COLOURS.text);
    doc.text(value, rightX + 80, y, { width: rightWidth - 80, align: 'right' });
    y = doc.y + 1;
  }
  const bottom = Math.max(supplierBottom, y) + 10;
  rule(doc, bottom, COLOURS.text, 1);

  // The buyer on the left, the summary on the right.
  const blockTop = bottom + 12;
  const headingBottom = sectionHeading(doc, 'Account of', left, blockTop, width - rightWidth - 20);
  const buyerBottom = textLines(
    doc,
    [{ text: s.buyer.name, bold: true, size: 10 }],
    left,
    headingBottom,
    width - rightWidth - 20,
  );

  const totals = statementTotals(s);
  y = sectionHeading(doc, 'Summary', rightX, blockTop, rightWidth);
  const summary: Array<[string, string, boolean]> = [
    ['Opening balance', money(s.openingBalanceMinor, s.currency), false],
    ['Debits', money(totals.debitMinor, s.currency), false],
    ['Credits', money(totals.creditMinor, s.currency), false],
    ['Closing balance', money(s.closingBalanceMinor, s.currency), true],
  ];
  for (const [label, value, strong] of summary) {
    if (strong) {
      doc
        .save()
        .moveTo(rightX, y + 1)
        .lineTo(rightX + rightWidth, y + 1)
        .lineWidth(0.75)
        .strokeColor(COLOURS.text)
        .stroke()
        .restore();
      y += 4;
    }
    doc
      .font(strong ? BOLD : REGULAR)
      .fontSize(9)
      .fillColor(strong ? COLOURS.text : COLOURS.muted);
    doc.text(label, rightX, y, { width: 100 });
    doc.font(BOLD).fillColor(COLOURS.text);
    doc.text(value, rightX + 100, y, { width: rightWidth - 100, align: 'right' });
    y = doc.y + 1;
  }

  doc.x = left;
  doc.y = Math.max(buyerBottom, y) + 16;
}

function drawEntries(doc: Doc, s: SupplierStatement): void {
  const c = s.currency;
  const columns: Column[] = [
    { header: 'Date', width: 58 },
    { header: 'Type', width: 70 },
    { header: 'Reference', width: 78 },
    { header: 'Description' },
    { header: `Debit (${c})`, width: 66, align: 'right' },
    { header: `Credit (${c})`, width: 66, align: 'right' },
    { header: `Balance (${c})`, width: 72, align: 'right' },
  ];
  const totals = statementTotals(s);
  const rows: TableRow[] = [
    {
      cells: [isoDate(s.from), '', '', 'Opening balance', '', '', amount(s.openingBalanceMinor, c)],
      bold: true,
    },
    ...s.rows.map((row) => ({
      cells: [
        isoDate(row.date),
        STATEMENT_ROW_TYPE_LABELS[row.type],
        row.reference,
        row.description,
        amountOrBlank(row.debitMinor, c),
        amountOrBlank(row.creditMinor, c),
        amount(row.balanceMinor, c),
      ],
    })),
    {
      cells: [
        isoDate(s.to),
        '',
        '',
        'Closing balance',
        amount(totals.debitMinor, c),
        amount(totals.creditMinor, c),
        amount(s.closingBalanceMinor, c),
      ],
      bold: true,
    },
  ];
  ensureSpace(doc, 60);
  const y = sectionHeading(doc, 'Entries', doc.page.margins.left, doc.y, contentWidth(doc));
  doc.y = y + 2;
  if (s.rows.length === 0) {
    rows.splice(1, 0, { cells: ['', '', '', 'No entries in this period.', '', '', ''] });
  }
  drawTable(doc, columns, rows, { onNewPage: continued(doc, s, 'entries') });
  doc.y += 18;
}

function drawOpenInvoices(doc: Doc, s: SupplierStatement): void {
  const c = s.currency;
  const left = doc.page.margins.left;
  ensureSpace(doc, 60);
  const y = sectionHeading(doc, 'Open invoices', left, doc.y, contentWidth(doc));
  doc.y = y + 2;
  if (s.openInvoices.length === 0) {
    doc.font(REGULAR).fontSize(9).fillColor(COLOURS.muted).text('No open invoices.', left, doc.y);
    doc.fillColor(COLOURS.text);
    return;
  }
  const columns: Column[] = [
    { header: 'Invoice no.' },
    { header: 'Date', width: 62 },
    { header: 'Due date', width: 62 },
    { header: `Total (${c})`, width: 74, align: 'right' },
    { header: `Paid (${c})`, width: 74, align: 'right' },
    { header: `Outstanding (${c})`, width: 92, align: 'right' },
    { header: 'Status', width: 76 },
  ];
  const outstanding = s.openInvoices.reduce((sum, invoice) => sum + invoice.outstandingMinor, 0);
  const rows: TableRow[] = [
    ...s.openInvoices.map((invoice) => ({
      cells: [
        invoice.number,
        isoDate(invoice.date),
        isoDate(invoice.dueDate),
        amount(invoice.totalMinor, c),
        amount(invoice.paidMinor, c),
        amount(invoice.outstandingMinor, c),
        humanise(invoice.status),
      ],
    })),
    { cells: ['Total', '', '', '', '', amount(outstanding, c), ''], bold: true },
  ];
  drawTable(doc, columns, rows, { onNewPage: continued(doc, s, 'open invoices') });
}
