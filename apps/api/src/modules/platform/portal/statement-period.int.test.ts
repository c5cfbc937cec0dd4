import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { procurementSetUp, sentOrder } from '../../../../test/p2p.ts';

/** Issue 16, point 11: a supplier's statement takes a period; its spreadsheet holds numbers and EAT. */
let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
const day = (offset: number) =>
  new Date(Date.now() + 3 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  setUp = await procurementSetUp(ctx);
  const order = await sentOrder(setUp, [['10', '1000']]);
  const received = await setUp.act('otieno', 'POST', 'p2p/goods-receipts/', {
    purchase_order_id: order.id,
    received_on: day(0),
    lines: [{ purchase_order_line_id: order.lines[0]!.id, received: '10', accepted: '10' }],
  });
  expect(received.statusCode, received.body).toBe(201);
  for (const [number, date] of [
    ['ACME-S-1', day(-20)],
    ['ACME-S-2', day(0)],
  ] as const) {
    const sent = await setUp.act('acme', 'POST', 'portal/invoices/', {
      purchase_order_id: order.id,
      invoice_number: number,
      invoice_date: date,
      lines: [
        {
          purchase_order_line_id: order.lines[0]!.id,
          description: 'Item 1',
          quantity: '5',
          unit_price: '1000',
        },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(201);
  }
});
afterAll(async () => {
  await ctx.close();
});

describe('the supplier statement of a period', () => {
  it('opens with what was owed before the period and lists only the period’s rows', async () => {
    const response = await setUp.act('acme', 'GET', `portal/statement/?from=${day(-10)}&to=${day(0)}`);
    expect(response.statusCode, response.body).toBe(200);
    const statement = response.json() as {
      from: string;
      to: string;
      opening_balance: string;
      closing_balance: string;
      rows: Array<{ reference: string }>;
    };
    expect(statement).toMatchObject({
      from: day(-10),
      to: day(0),
      opening_balance: '5800.00',
      closing_balance: '11600.00',
    });
    expect(statement.rows.map((r) => r.reference)).not.toContain('ACME-S-1');
    expect(statement.rows.map((r) => r.reference)).toContain('ACME-S-2');
  });

  it('refuses a period that ends before it starts, and a date that is not one', async () => {
    const backwards = await setUp.act('acme', 'GET', `portal/statement/?from=${day(0)}&to=${day(-1)}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ field: 'to', code: 'statement.period' });
    // A last day without a first names no period (issue 16 point 6).
    const toOnly = await setUp.act('acme', 'GET', `portal/statement/?to=${day(0)}`);
    expect(toOnly.statusCode).toBe(400);
    expect(toOnly.json()).toMatchObject({ field: 'from', code: 'statement.from_required' });
    const bad = await setUp.act('acme', 'GET', 'portal/statement/?from=last-month');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'field.date' });
  });

  it('prints amounts as numbers and the time generated in East Africa Time in the spreadsheet', async () => {
    const response = await setUp.act('acme', 'GET', `portal/statement/?format=xlsx&from=${day(-10)}`);
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0]!;
    const cells: ExcelJS.Cell[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell)));
    const texts = cells.map((c) => c.value).filter((v): v is string => typeof v === 'string');
    expect(texts.filter((t) => /^\s*(KES)?\s*-?[\d,]+(\.\d+)?\s*$/.test(t))).toEqual([]);
    expect(cells.some((c) => c.value === 5800)).toBe(true);
    const generated = cells.find((c) => c.value === 'Generated at')!;
    const stamp = sheet.getRow(Number(generated.row)).getCell(2);
    expect(stamp.numFmt).toContain('EAT');
    expect(Math.abs((stamp.value as Date).getTime() - (Date.now() + 3 * 3_600_000))).toBeLessThan(120_000);
  });
});
