import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../../test/harness.ts';
import { bearer, linkToken, mailsTo, tokenFor } from '../../../../../test/identity.ts';
import { procurementSetUp, sentOrder } from '../../../../../test/p2p.ts';

let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
let order: Awaited<ReturnType<typeof sentOrder>>;

const TODAY = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

beforeAll(async () => {
  ctx = await createTestContext();
  setUp = await procurementSetUp(ctx, {
    budget: { amount: '100000', purchaseOrder: 'warn', invoice: 'warn' },
  });
  // 10 × KES 1,000 and 5 × KES 200: KES 11,000 before tax.
  order = await sentOrder(setUp, [
    ['10', '1000'],
    ['5', '200'],
  ]);
  const received = await setUp.act('otieno', 'POST', 'p2p/goods-receipts/', {
    purchase_order_id: order.id,
    received_on: '2026-11-20',
    lines: [{ purchase_order_line_id: order.lines[0]!.id, received: '6', accepted: '6' }],
  });
  expect(received.statusCode, received.body).toBe(201);
});
afterAll(async () => {
  await ctx.close();
});

type Invoice = {
  id: number;
  status: string;
  total: string;
  match: {
    within_tolerance: boolean;
    variances: Array<{
      kind: string;
      line_no: number | null;
      blocking: boolean;
      explanation: string;
      expected: string;
      actual: string;
    }>;
  };
  resolutions: Array<{ kind: string; reason: string }>;
  payments: unknown[];
  outstanding: string;
};

const submit = (lines: Array<[lineIndex: number | null, quantity: string, price: string]>, number: string) =>
  setUp.act('acme', 'POST', 'portal/invoices/', {
    purchase_order_id: order.id,
    invoice_number: number,
    invoice_date: TODAY,
    lines: lines.map(([index, quantity, price]) => ({
      purchase_order_line_id: index === null ? null : order.lines[index]!.id,
      description: index === null ? 'Delivery charge' : `Item ${index + 1}`,
      quantity,
      unit_price: price,
    })),
  });

const budgetFigures = async () =>
  (
    (await setUp.act('kamau', 'GET', 'p2p/budgets/')).json() as {
      results: Array<{ utilisation: { committed: string; actual: string } }>;
    }
  ).results[0]!.utilisation;

describe('invoices, matching and the exception queue', () => {
  let overBilled: Invoice;

  it('puts an invoice billing more than was received, at a higher price, in the exception queue with each variance', async () => {
    const response = await submit(
      [
        [0, '8', '1050'],
        [null, '1', '500'],
      ],
      'ACME-001',
    );
    expect(response.statusCode, response.body).toBe(201);
    overBilled = response.json() as Invoice;
    expect(overBilled.status).toBe('exception');
    expect(overBilled.total).toBe('10324.00'); // (8 × 1,050 + 500) × 1.16
    const kinds = overBilled.match.variances.filter((v) => v.blocking).map((v) => `${v.kind}:${v.line_no}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'quantity_over_received:1',
        'price_over_order:1',
        'unmatched_invoice_line:null',
      ]),
    );
    const received = overBilled.match.variances.find((v) => v.kind === 'quantity_over_received')!;
    expect(received).toMatchObject({ expected: '6', actual: '8' });
    expect(received.explanation).toMatch(/8/);
    const queue = (await setUp.act('akinyi', 'GET', 'p2p/invoices/?exceptions=true')).json() as {
      results: Array<{ id: number }>;
    };
    expect(queue.results.map((i) => i.id)).toEqual([overBilled.id]);
    expect((await mailsTo(ctx, 'akinyi@umoja.example'))[0]!.subject).toMatch(
      /^Invoice ACME-001 from .* needs a decision$/,
    );
    const match = await setUp.act('akinyi', 'GET', `p2p/invoices/${overBilled.id}/match/`);
    expect(match.json()).toMatchObject({ level: 'three_way', within_tolerance: false });
  });

  it('names the line of a line error by its index, beside the English that names it by number', async () => {
    // The second line sent names an order line that does not exist.
    const wrongLine = await setUp.act('acme', 'POST', 'portal/invoices/', {
      purchase_order_id: order.id,
      invoice_number: 'ACME-LINE',
      invoice_date: TODAY,
      lines: [
        { purchase_order_line_id: null, description: 'Delivery', quantity: '1', unit_price: '100' },
        { purchase_order_line_id: 999_999, description: 'Unknown', quantity: '1', unit_price: '100' },
      ],
    });
    expect(wrongLine.statusCode).toBe(400);
    expect(wrongLine.json()).toEqual({
      detail: 'lines: Line 2: choose a line of this purchase order, or none for an extra charge.',
      lines: ['Line 2: choose a line of this purchase order, or none for an extra charge.'],
      code: 'invoice.line',
      field: 'lines',
      line: 1,
    });
  });

  it('refuses a duplicate invoice number from the same supplier, whatever its case', async () => {
    const again = await submit([[1, '5', '200']], 'acme-001');
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('You have already sent an invoice numbered acme-001');
    expect(again.json()).toMatchObject({
      code: 'invoice.duplicate',
      params: { number: 'acme-001' },
      field: 'invoice_number',
    });
  });

  it('lets only finance resolve; accepting with a reason moves it to approval; approval makes it actual', async () => {
    const id = overBilled.id;
    expect(
      (
        await setUp.act('otieno', 'POST', `p2p/invoices/${id}/resolve-exception/`, {
          resolution: 'accept',
          reason: 'ok',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await setUp.act('akinyi', 'POST', `p2p/invoices/${id}/resolve-exception/`, {
          resolution: 'accept',
          reason: '',
        })
      ).statusCode,
    ).toBe(400);
    const before = await budgetFigures();
    const accepted = await setUp.act('akinyi', 'POST', `p2p/invoices/${id}/resolve-exception/`, {
      resolution: 'accept',
      reason: 'Price rise agreed by phone; delivery charge accepted',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 'matched',
      resolutions: [{ kind: 'accept', reason: 'Price rise agreed by phone; delivery charge accepted' }],
    });
    // Nothing is actual until approval.
    expect(await budgetFigures()).toEqual(before);
    const approved = await setUp.act('akinyi', 'POST', `p2p/invoices/${id}/approve/`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved' });
    const after = await budgetFigures();
    expect(after.actual).toBe('8900.00'); // net of tax
    expect(Number(after.committed)).toBeLessThan(Number(before.committed));
    // The original invoice is never edited: its match result stays as submitted.
    const view = (await setUp.act('akinyi', 'GET', `p2p/invoices/${id}/`)).json() as Invoice;
    expect(view.match.within_tolerance).toBe(false);
    expect((await mailsTo(ctx, 'sales@acme.example'))[0]!.subject).toBe('Invoice ACME-001 was approved');
  });

  it('records payments up to the amount owed, and the supplier’s statement shows invoice, payment and balance', async () => {
    const id = overBilled.id;
    const pay = (amount: string, reference: string) =>
      setUp.act('akinyi', 'POST', 'p2p/payments/', {
        invoice_id: id,
        reference,
        paid_on: TODAY,
        amount,
        method: 'bank_transfer',
      });
    const tooMuch = await pay('20000', 'TRX-1');
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ code: 'invoice.payment', field: 'amount' });
    expect((await pay('4000', 'TRX-1')).statusCode).toBe(201);
    const sameReference = await pay('1', 'TRX-1');
    expect(sameReference.statusCode).toBe(400);
    expect(sameReference.json()).toMatchObject({
      reference: ['This payment reference is already recorded.'],
      code: 'invoice.payment_reference',
      field: 'reference',
    });
    const invoice = (await setUp.act('acme', 'GET', `portal/invoices/${id}/`)).json() as Invoice;
    expect(invoice).toMatchObject({ status: 'partially_paid', outstanding: '6324.00' });
    const statement = (await setUp.act('acme', 'GET', 'portal/statement/')).json() as {
      closing_balance: string;
      rows: Array<{ type: string; reference: string; balance: string }>;
    };
    expect(statement.rows.map((r) => [r.type, r.reference, r.balance])).toEqual([
      ['purchase_order', order.number, '0.00'],
      ['invoice', 'ACME-001', '10324.00'],
      ['payment', 'TRX-1', '6324.00'],
    ]);
    expect(statement.closing_balance).toBe('6324.00');
    for (const format of ['pdf', 'xlsx'] as const) {
      const file = await setUp.act('acme', 'GET', `portal/statement/?format=${format}`);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.subarray(0, 4).toString()).toBe(format === 'pdf' ? '%PDF' : 'PK\u0003\u0004');
    }
  });

  it('reports spend ordered, invoiced and paid by supplier and month, cycle times and exceptions by kind', async () => {
    const spend = (await setUp.act('kamau', 'GET', 'p2p/reports/spend/?group_by=supplier')).json() as {
      rows: Array<{ label: string; ordered: string; invoiced: string; paid: string }>;
      totals: { ordered: string };
    };
    expect(spend.rows).toEqual([
      // 11,000 ordered; 8,400 of the order's lines invoiced and approved (the extra delivery line has no order
      // line); paid in proportion: 4,000 of 10,324 gross.
      {
        key: String(setUp.supplierId),
        label: 'Acme Office Supplies Ltd',
        ordered: '11000.00',
        invoiced: '8400.00',
        paid: '3254.55',
      },
    ]);
    const byMonth = (await setUp.act('kamau', 'GET', 'p2p/reports/spend/?group_by=month')).json() as {
      rows: Array<{ key: string }>;
    };
    expect(byMonth.rows[0]!.key).toMatch(/^\d{4}-\d{2}$/);
    expect((await setUp.act('kamau', 'GET', 'p2p/reports/spend/?group_by=colour')).statusCode).toBe(400);
    const cycle = (await setUp.act('kamau', 'GET', 'p2p/reports/cycle-times/')).json() as {
      rows: Array<{ orders: number; avg_days_to_approve: number | null }>;
    };
    expect(cycle.rows[0]).toMatchObject({ orders: 1 });
    expect(cycle.rows[0]!.avg_days_to_approve).not.toBeNull();
    const exceptions = (await setUp.act('kamau', 'GET', 'p2p/reports/exceptions/')).json() as {
      rows: Array<{ kind: string; blocking: number }>;
    };
    expect(exceptions.rows).toEqual(
      expect.arrayContaining([{ kind: 'quantity_over_received', invoices: 1, blocking: 1 }]),
    );
    const foreign = (await setUp.act('outsider', 'GET', 'p2p/reports/spend/')).json() as { rows: unknown[] };
    expect(foreign.rows).toEqual([]);
  });

  it('counts an invoice still waiting for approval: the same goods billed twice do not both match', async () => {
    const second = await sentOrder(setUp, [['5', '100']]);
    await setUp.act('otieno', 'POST', 'p2p/goods-receipts/', {
      purchase_order_id: second.id,
      received_on: TODAY,
      lines: [{ purchase_order_line_id: second.lines[0]!.id, received: '5', accepted: '5' }],
    });
    const bill = (number: string) =>
      setUp.act('acme', 'POST', 'portal/invoices/', {
        purchase_order_id: second.id,
        invoice_number: number,
        invoice_date: TODAY,
        lines: [
          {
            purchase_order_line_id: second.lines[0]!.id,
            description: 'Item 1',
            quantity: '5',
            unit_price: '100',
          },
        ],
      });
    expect((await bill('ACME-TWICE-1')).json()).toMatchObject({ status: 'matched' });
    const again = (await bill('ACME-TWICE-2')).json() as Invoice;
    expect(again.status).toBe('exception');
    expect(again.match.variances.filter((v) => v.blocking).map((v) => v.kind)).toContain(
      'quantity_over_received',
    );
  });

  it('keeps suppliers and buyers apart', async () => {
    const id = overBilled.id;
    // Another buyer's administrator sees none of Umoja's documents.
    for (const url of [
      `p2p/invoices/${id}/`,
      `p2p/purchase-orders/${order.id}/`,
      `p2p/invoices/${id}/match/`,
    ]) {
      expect((await setUp.act('outsider', 'GET', url)).statusCode).toBe(404);
    }
    // Another supplier sees neither Acme's order nor its invoice.
    const other = await setUp.created('otieno', 'p2p/suppliers/', {
      name: 'Bidii Traders',
      email: 'orders@bidii.example',
      first_name: 'Juma',
      last_name: 'Bidii',
    });
    expect(other.id).not.toBe(setUp.supplierId);
    const token = linkToken((await mailsTo(ctx, 'orders@bidii.example'))[0]!.text, '/reset-password');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/confirm/',
      payload: { token, password: 'Bidii-Traders-2026', password2: 'Bidii-Traders-2026' },
    });
    const bidii = await tokenFor(ctx, 'orders@bidii.example', 'Bidii-Traders-2026');
    const asBidii = (url: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(bidii) });
    for (const url of [
      `portal/purchase-orders/${order.id}/`,
      `portal/purchase-orders/${order.id}/pdf/`,
      `portal/invoices/${id}/`,
      `portal/invoices/${id}/file/`,
    ]) {
      expect((await asBidii(url)).statusCode, url).toBe(404);
    }
    expect(((await asBidii('portal/purchase-orders/')).json() as { count: number }).count).toBe(0);
    expect(((await asBidii('portal/invoices/')).json() as { count: number }).count).toBe(0);
    const statement = (await asBidii('portal/statement/')).json() as { rows: unknown[] };
    expect(statement.rows).toEqual([]);
    // Acme working for another buyer (Mavuno lists it too) sees none of Umoja's documents there.
    await setUp.act('outsider', 'POST', 'p2p/suppliers/', {
      name: 'Acme Office Supplies Ltd',
      email: 'sales@acme.example',
      first_name: 'Achieng',
      last_name: 'Odhiambo',
    });
    const me = (await setUp.act('outsider', 'GET', 'authentication/me/')).json() as {
      buyer_company_id: number;
    };
    const switched = await setUp.act('acme', 'POST', 'authentication/switch-buyer/', {
      buyer_company_id: me.buyer_company_id,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const acmeAtMavuno = (switched.json() as { access: string }).access;
    const buyers = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/portal/buyers/', headers: bearer(acmeAtMavuno) })
    ).json() as { current: number; results: Array<{ id: number }> };
    expect(buyers.current).toBe(me.buyer_company_id);
    expect(buyers.results.map((b) => b.id).sort()).toEqual(
      [setUp.organisationId, me.buyer_company_id].sort(),
    );
    expect(((await asBidii('portal/buyers/')).json() as { results: unknown[] }).results).toHaveLength(1);
    const asAcme = (url: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(acmeAtMavuno) });
    expect((await asAcme(`portal/purchase-orders/${order.id}/`)).statusCode).toBe(404);
    expect((await asAcme(`portal/invoices/${id}/`)).statusCode).toBe(404);
    expect(((await asAcme('portal/invoices/')).json() as { count: number }).count).toBe(0);
    // A buyer user cannot use the portal, and the portal lists only the caller's own.
    expect((await setUp.act('otieno', 'GET', 'portal/purchase-orders/')).statusCode).toBe(403);
    const mine = (await setUp.act('acme', 'GET', 'portal/purchase-orders/')).json() as { count: number };
    expect(mine.count).toBe(2); // the two orders sent to Acme
  });

  it('attaches the invoice PDF for the supplier, refusing anything else', async () => {
    const id = overBilled.id;
    const upload = (name: string, bytes: Buffer) => {
      const boundary = '----zabuni';
      return ctx.app.inject({
        method: 'POST',
        url: `/api/v1/portal/invoices/${id}/file/`,
        headers: {
          ...bearer(setUp.tokens.acme!),
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    };
    const notPdf = await upload('invoice.pdf', Buffer.from('not a pdf'));
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json()).toMatchObject({ code: 'invoice.file', field: 'file' });
    const ok = await upload('ACME-001.pdf', PDF);
    expect(ok.statusCode, ok.body).toBe(200);
    const download = await setUp.act('akinyi', 'GET', `p2p/invoices/${id}/file/`);
    expect(download.rawPayload.equals(PDF)).toBe(true);
  });
});
