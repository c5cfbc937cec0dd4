import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/** One supplier of a bought directory: what the public profile shows, no personal contacts. */
export interface DirectoryEntry {
  position: number;
  supplierId: number;
  name: string;
  city: string;
  categories: string;
  verified: boolean;
}

/** Reads the snapshot batch by batch (keyset), so no file is built from one array of every supplier. */
export type Batches = AsyncIterable<DirectoryEntry[]>;

export interface DirectoryFileFacts {
  title: string;
  country: string;
  reference: string;
  snapshotAt: Date;
  profileUrl: (supplierId: number) => string;
}

export const HEADERS = ['No.', 'Supplier', 'City', 'Country', 'Categories', 'Tax PIN verified', 'Profile'];

/** RFC 4180 field: quoted when it holds a comma, quote or line break; a leading =+-@ is defused for Excel. */
function csvField(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const rowOf = (entry: DirectoryEntry, facts: DirectoryFileFacts) => [
  entry.position,
  entry.name,
  entry.city,
  facts.country,
  entry.categories,
  entry.verified ? 'Yes' : 'No',
  facts.profileUrl(entry.supplierId),
];

/** The directory as CSV (UTF-8 with a BOM so Excel reads the accents), written as the batches arrive. */
export function directoryCsv(batches: Batches, facts: DirectoryFileFacts): Readable {
  const out = new PassThrough();
  void (async () => {
    try {
      out.write('\uFEFF' + HEADERS.map(csvField).join(',') + '\r\n');
      for await (const batch of batches) {
        const chunk = batch.map((entry) => rowOf(entry, facts).map(csvField).join(',') + '\r\n').join('');
        if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
      }
      out.end();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}

/**
 * The directory as XLSX through exceljs's streaming writer: each row is committed as soon as it is added, so
 * memory stays flat for 100,000 suppliers (the zip is written to the stream as it goes).
 */
export function directoryXlsx(batches: Batches, facts: DirectoryFileFacts): Readable {
  const out = new PassThrough();
  void (async () => {
    try {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
        stream: out,
        useStyles: true,
        useSharedStrings: false,
      });
      workbook.creator = 'Zabuni';
      workbook.created = facts.snapshotAt;
      const sheet = workbook.addWorksheet('Suppliers', {
        views: [{ state: 'frozen', xSplit: 0, ySplit: 3 }],
      });
      sheet.columns = [
        { width: 7 },
        { width: 40 },
        { width: 18 },
        { width: 16 },
        { width: 50 },
        { width: 16 },
        { width: 42 },
      ];
      const title = sheet.addRow([facts.title]);
      title.font = { bold: true, size: 14 };
      title.commit();
      sheet
        .addRow([
          `Order ${facts.reference}, suppliers as approved on ${facts.snapshotAt.toISOString().slice(0, 10)}`,
        ])
        .commit();
      const header = sheet.addRow(HEADERS);
      header.font = { bold: true };
      header.commit();
      for await (const batch of batches) {
        for (const entry of batch) sheet.addRow(rowOf(entry, facts)).commit();
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}

let template: Promise<Buffer> | null = null;

/** SPEC §2 sample template: the columns of a directory with two example rows. Built once per process. */
export function directoryTemplate(): Promise<Buffer> {
  template ??= (async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.creator = 'Zabuni';
    const sheet = workbook.addWorksheet('Suppliers');
    sheet.columns = HEADERS.map((header, i) => ({ header, width: [7, 40, 18, 16, 50, 16, 42][i] }));
    sheet.getRow(1).font = { bold: true };
    sheet.addRow([
      1,
      'Example Supplies Ltd',
      'Nairobi',
      'Kenya',
      'Office furniture; Stationery',
      'Yes',
      'https://zabuni.africa/suppliers/show/1',
    ]);
    sheet.addRow([
      2,
      'Sample Logistics Ltd',
      'Mombasa',
      'Kenya',
      'Freight forwarding',
      'No',
      'https://zabuni.africa/suppliers/show/2',
    ]);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  })();
  return template;
}
