import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  buildCsv,
  buildSheetRows,
  csvField,
  exportAmount,
  exportColumnsOf,
  exportDay,
  exportFileName,
  exportInstant,
  neutraliseFormula,
  UTF8_BOM,
  xlsxBlob,
  type ExportColumn,
} from './export.ts';

interface Requisition {
  number: string;
  title: string;
  amount: number | null;
}

const columns: ExportColumn<Requisition>[] = [
  { header: 'Number', value: (r) => r.number },
  { header: 'Title', value: (r) => r.title },
  { header: 'Amount (KES)', value: (r) => r.amount },
];

describe('CSV fields', () => {
  it('leaves plain text alone and quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvField('Office chairs')).toBe('Office chairs');
    expect(csvField('Chairs, desks')).toBe('"Chairs, desks"');
    expect(csvField('The "good" chairs')).toBe('"The ""good"" chairs"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('writes numbers as numbers, negative ones included, and empties as nothing', () => {
    expect(csvField(1250.5)).toBe('1250.5');
    expect(csvField(-300)).toBe('-300');
    expect(csvField(0)).toBe('0');
    expect(csvField(null)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });

  it.each([
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['+254700000000', "'+254700000000"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
  ])('neutralises a formula-looking text %j', (input, expected) => {
    expect(csvField(input)).toBe(expected);
  });

  it('does not touch text that only contains a formula character later on', () => {
    expect(neutraliseFormula('REQ-2026-00042')).toBe('REQ-2026-00042');
    expect(neutraliseFormula('a=b')).toBe('a=b');
  });
});

describe('a CSV file', () => {
  const rows: Requisition[] = [
    { number: 'REQ-2026-00042', title: 'Viti vya ofisi, meza', amount: 125000 },
    { number: 'REQ-2026-00043', title: 'የቢሮ ወንበሮች', amount: null },
    { number: 'REQ-2026-00044', title: '=cmd|"/c calc"!A1', amount: -15.75 },
  ];

  it('starts with a byte-order mark and ends every line with CRLF', () => {
    const csv = buildCsv(columns, rows);
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Number,Title,Amount (KES)',
      'REQ-2026-00042,"Viti vya ofisi, meza",125000',
      'REQ-2026-00043,የቢሮ ወንበሮች,',
      `REQ-2026-00044,"'=cmd|""/c calc""!A1",-15.75`,
      '',
    ]);
  });

  it('keeps Amharic intact once encoded as UTF-8', async () => {
    const blob = new Blob([buildCsv(columns, rows)], { type: 'text/csv;charset=utf-8' });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain('የቢሮ ወንበሮች');
  });

  it('is only a heading line when there are no rows', () => {
    expect(buildCsv(columns, [])).toBe(`${UTF8_BOM}Number,Title,Amount (KES)\r\n`);
  });
});

describe('an XLSX file', () => {
  it('has a heading row, then each row with numbers kept as numbers', () => {
    expect(buildSheetRows(columns, [{ number: 'REQ-1', title: 'Paper', amount: 42 }])).toEqual([
      ['Number', 'Title', 'Amount (KES)'],
      ['REQ-1', 'Paper', 42],
    ]);
  });

  it('is a workbook whose sheet holds the rows, with formula-looking text stored as text', async () => {
    const blob = await xlsxBlob(
      columns,
      [
        { number: 'REQ-1', title: 'የቢሮ ወንበሮች', amount: 1250.5 },
        { number: 'REQ-2', title: '=1+1', amount: null },
      ],
      'requisitions',
    );
    expect(blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    const strings = strFromU8(files['xl/sharedStrings.xml'] ?? new Uint8Array());
    const workbook = strFromU8(files['xl/workbook.xml']!);
    expect(workbook).toContain('name="requisitions"');
    expect(`${sheet}${strings}`).toContain('የቢሮ ወንበሮች');
    expect(`${sheet}${strings}`).toContain('=1+1');
    expect(sheet).toContain('<v>1250.5</v>');
    expect(sheet).not.toContain('<f>');
  });
});

describe('export file names', () => {
  it('carry the name and the local date', () => {
    const day = new Date(2026, 0, 5, 23, 30);
    expect(exportFileName('requisitions', 'csv', day)).toBe('requisitions-2026-01-05.csv');
    expect(exportFileName('budgets', 'xlsx', day)).toBe('budgets-2026-01-05.xlsx');
  });
});

describe('amounts and times in exports (issue 16, point 11)', () => {
  it('writes an amount as a number, not "KES 5000.00" text', () => {
    expect(exportAmount('5000.00')).toBe(5000);
    expect(exportAmount('-120.50')).toBe(-120.5);
    expect(exportAmount('KES 5000.00')).toBeNull();
    expect(exportAmount(null)).toBeNull();
  });

  it('writes an instant in East Africa Time with its label, and its day on Nairobi’s calendar', () => {
    expect(exportInstant('2026-11-25T22:30:00Z')).toBe('2026-11-26 01:30 EAT');
    expect(exportDay('2026-11-25T22:30:00Z')).toBe('2026-11-26');
    expect(exportInstant(null)).toBe('');
  });
});

describe('exported columns', () => {
  it('follows an amount with its currency, so the amount stays a number', async () => {
    interface Order {
      number: string;
      total: string;
      currency: string;
    }
    const exported = exportColumnsOf<Order>(
      [
        { header: 'Number', exportValue: (o) => o.number },
        { header: 'Total', exportValue: (o) => exportAmount(o.total), exportCurrency: (o) => o.currency },
        { header: 'Actions' },
      ],
      'Currency',
    );
    const rows = [{ number: 'PO-2026-00001', total: '23200.00', currency: 'KES' }];
    expect(buildSheetRows(exported, rows)).toEqual([
      ['Number', 'Total', 'Total · Currency'],
      ['PO-2026-00001', 23200, 'KES'],
    ]);
    expect(buildCsv(exported, rows)).toBe(
      `${UTF8_BOM}Number,Total,Total · Currency\r\nPO-2026-00001,23200,KES\r\n`,
    );
    const zip = unzipSync(new Uint8Array(await (await xlsxBlob(exported, rows)).arrayBuffer()));
    const sheet = strFromU8(zip['xl/worksheets/sheet1.xml']!);
    expect(sheet).toMatch(/<c r="B2"[^>]*><v>23200<\/v><\/c>/);
  });
});
