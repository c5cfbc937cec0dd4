import ExcelJS from 'exceljs';
import type { DeliveredCategory } from './prequalified-lists.repository.ts';

export interface ListFileFacts {
  reference: string;
  company: string;
  country: string;
  deliveredAt: Date;
  profileUrl: (supplierId: number) => string;
}

export const LIST_HEADERS = [
  'Category',
  'No.',
  'Supplier',
  'City',
  'Country',
  'Source',
  'Tax PIN verified',
  'Profile',
];

const SOURCE = { prequalified: 'Prequalified', registered: 'Registered supplier' } as const;

/** Every line of the list: one per supplier, or one saying none was found for a category. */
function lines(delivery: DeliveredCategory[], facts: ListFileFacts): Array<Array<string | number>> {
  const out: Array<Array<string | number>> = [];
  for (const category of delivery) {
    if (category.suppliers.length === 0) {
      out.push([category.category, '', 'No supplier found for this category', '', '', '', '', '']);
      continue;
    }
    category.suppliers.forEach((supplier, index) =>
      out.push([
        category.category,
        index + 1,
        supplier.name,
        supplier.city ?? '',
        supplier.country,
        SOURCE[supplier.source],
        supplier.verified ? 'Yes' : 'No',
        facts.profileUrl(supplier.id),
      ]),
    );
  }
  return out;
}

/** RFC 4180 field: quoted when it holds a comma, quote or line break; a leading =+-@ is defused for Excel. */
function csvField(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The list as CSV (UTF-8 with a BOM so Excel reads the accents). */
export function listCsv(delivery: DeliveredCategory[], facts: ListFileFacts): string {
  return (
    '\uFEFF' +
    [LIST_HEADERS, ...lines(delivery, facts)].map((row) => row.map(csvField).join(',')).join('\r\n') +
    '\r\n'
  );
}

/** The list as XLSX: a title, what was asked and delivered per category, then the suppliers. */
export async function listXlsx(delivery: DeliveredCategory[], facts: ListFileFacts): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Zabuni';
  workbook.created = facts.deliveredAt;
  const sheet = workbook.addWorksheet('Prequalified suppliers');
  sheet.columns = [30, 6, 40, 18, 16, 20, 16, 44].map((width) => ({ width }));
  sheet.addRow([`Prequalified suppliers, ${facts.country}`]).font = { bold: true, size: 14 };
  sheet.addRow([
    `Order ${facts.reference} for ${facts.company}, delivered ${facts.deliveredAt.toISOString().slice(0, 10)}`,
  ]);
  for (const category of delivery) {
    sheet.addRow([category.category, `${category.suppliers.length} of ${category.requested} asked`]);
  }
  sheet.addRow([]);
  const header = sheet.addRow(LIST_HEADERS);
  header.font = { bold: true };
  for (const line of lines(delivery, facts)) sheet.addRow(line);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
