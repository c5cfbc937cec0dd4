import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../../test/harness.ts';
import { procurementSetUp, sentOrder } from '../../../../../test/p2p.ts';

let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
let order: Awaited<ReturnType<typeof sentOrder>>;

const TODAY = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

type Invoice = {
  id: number;
  status: string;
  match: { within_tolerance: boolean; variances: Array<{ kind: string; line_no: number | null }> };
};

const submit = (number: string, quantity: string) =>
  setUp.act('acme', 'POST', 'portal/invoices/', {
    purchase_order_id: order.id,
    invoice_number: number,
    invoice_date: TODAY,
    lines: [
      { purchase_order_line_id: order.lines[0]!.id, description: 'Item 1', quantity, unit_price: '1000' },
    ],
  });

const receive = async (quantity: string) => {
  const response = await setUp.act('otieno', 'POST', 'p2p/goods-receipts/', {
    purchase_order_id: order.id,
    received_on: TODAY,
    lines: [{ purchase_order_line_id: order.lines[0]!.id, received: quantity, accepted: quantity }],
  });
  expect(response.statusCode, response.body).toBe(201);
};

const invoice = async (id: number) =>
  (await setUp.act('akinyi', 'GET', `p2p/invoices/${id}/`)).json() as Invoice;

/** Statements sent to PostgreSQL (every pooled client's query) while `work` runs. */
async function statementsDuring<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    statements.push(typeof first === 'string' ? first : (first?.text ?? '?'));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    return { result: await work(), statements };
  } finally {
    pg.Client.prototype.query = original;
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  setUp = await procurementSetUp(ctx);
  order = await sentOrder(setUp, [
    ['10', '1000'],
    ['5', '200'],
  ]);
  await receive('6');
});
afterAll(async () => {
  await ctx.close();
});

describe('matching again after goods arrive', () => {
  let first: Invoice;
  let second: Invoice;

  it('keeps two invoices billing more than was received in the exception queue', async () => {
    first = (await submit('ACME-M-1', '8')).json() as Invoice;
    expect(first.status).toBe('exception');
    // 2 more on top of the 8 billed by the first invoice: 10 billed of 6 received.
    second = (await submit('ACME-M-2', '2')).json() as Invoice;
    expect(second.status).toBe('exception');
    expect(second.match.variances.map((v) => v.kind)).toContain('quantity_over_received');
  });

  it('stores the result slim (figures and facts, no sentences) and explains it when shown, to finance and the supplier', async () => {
    const { rows } = await ctx.database.pool.query<{ result: { variances: Array<Record<string, unknown>> } }>(
      'SELECT match_result AS result FROM invoices WHERE id = $1',
      [second.id],
    );
    const stored = rows[0]!.result.variances;
    const over = stored.find((v) => v.kind === 'quantity_over_received')!;
    expect(over).not.toHaveProperty('explanation');
    // 10 billed (8 on the earlier invoice) of 6 accepted: the facts say what the sentence needs.
    expect(over).toMatchObject({ expected: 6000, actual: 10000, facts: { previous: 8000 } });
    const sentence =
      'You invoiced 2 units of line 1 (Item 1); with the 8 on earlier invoices that makes 10, but we have accepted 6 so far.';
    const asFinance = (await setUp.act('akinyi', 'GET', `p2p/invoices/${second.id}/`)).json() as {
      match: { variances: Array<{ kind: string; explanation: string }> };
    };
    expect(asFinance.match.variances.find((v) => v.kind === 'quantity_over_received')?.explanation).toBe(
      sentence,
    );
    const asSupplier = await setUp.act('acme', 'GET', `portal/invoices/${second.id}/`);
    expect(asSupplier.statusCode, asSupplier.body).toBe(200);
    expect(
      (asSupplier.json() as typeof asFinance).match.variances.find((v) => v.kind === 'quantity_over_received')
        ?.explanation,
    ).toBe(sentence);
  });

  it('matches each waiting invoice in three round trips: one read, one write, one audit entry', async () => {
    const { statements } = await statementsDuring(() =>
      ctx.database.db.transaction((tx) =>
        ctx.services.invoices.rematchOrder(tx, setUp.organisationId, order.id),
      ),
    );
    // The transaction's BEGIN and COMMIT are the caller's (a goods receipt's transaction).
    const own = statements.filter((s) => !/^(BEGIN|COMMIT)\b/i.test(s.trim()));
    expect(own, own.join('\n---\n')).toHaveLength(1 + 2 * 2);
    expect(own.filter((s) => /^\s*(with|select)\b/i.test(s))).toHaveLength(1);
    expect((await invoice(first.id)).status).toBe('exception');
    expect((await invoice(second.id)).status).toBe('exception');
  });

  it('matches both once the rest arrives: neither counts its own lines as billed before', async () => {
    await receive('4');
    // 8 + 2 billed of 10 received: each invoice sees the other's lines, never its own.
    const [a, b] = [await invoice(first.id), await invoice(second.id)];
    expect(a.status).toBe('matched');
    expect(a.match.within_tolerance).toBe(true);
    expect(b.status).toBe('matched');
  });

  it('applies the organisation’s tolerance read in the same round trip', async () => {
    // A third invoice of 1 more unit (11 of 10): within a 10 % quantity tolerance.
    const saved = await setUp.act('admin', 'PUT', 'p2p/matching-settings/', {
      organisation: {
        level: 'three_way',
        price: { percent: null, absolute: null, combine: 'either' },
        quantity: { percent: '10.00', absolute: null, combine: 'either' },
        total: { percent: '10.00', absolute: null, combine: 'either' },
      },
      overrides: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const third = (await submit('ACME-M-3', '1')).json() as Invoice;
    expect(third.status).toBe('matched');
  });
});
