import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../../test/harness.ts';
import { bearer, linkToken, mailsTo, tokenFor } from '../../../../../test/identity.ts';
import { procurementSetUp, sentOrder } from '../../../../../test/p2p.ts';

/**
 * Issue 16 point 8: credit notes are documents. A supplier answers "credit note requested" in its portal
 * (finance may enter one too); the credit note is checked against the invoice's lines and what is still
 * open, the invoice is matched again net of credits and leaves the exception queue, what is owed drops,
 * and the statement and the spend report count it.
 */

let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
let order: Awaited<ReturnType<typeof sentOrder>>;
let betaToken: string;

const TODAY = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
const TOMORROW = new Date(Date.now() + 27 * 3_600_000).toISOString().slice(0, 10);

type Body = Record<string, unknown> & { code?: string; params?: Record<string, unknown>; line?: number };
type Issued = {
  id: number;
  number: string;
  total: string;
  entered_by: string;
  lines: Array<{ invoice_line_no: number; quantity: string; net: string }>;
  invoice_after: { status: string; open: string; credited: string; total: string; creditable: boolean };
};

const invoiceOf = (lines: Array<[lineIndex: number, quantity: string, price: string]>, number: string) =>
  setUp.act('acme', 'POST', 'portal/invoices/', {
    purchase_order_id: order.id,
    invoice_number: number,
    invoice_date: TODAY,
    lines: lines.map(([index, quantity, price]) => ({
      purchase_order_line_id: order.lines[index]!.id,
      description: `Item ${index + 1}`,
      quantity,
      unit_price: price,
    })),
  });

const creditNote = (
  who: string,
  invoiceId: number,
  body: Partial<{
    number: string;
    credit_note_date: string;
    currency: string;
    reason: string;
    lines: Array<Record<string, unknown>>;
  }>,
) =>
  setUp.act(who, 'POST', `${who === 'acme' ? 'portal' : 'p2p'}/invoices/${invoiceId}/credit-notes/`, {
    number: 'CN-001',
    credit_note_date: TODAY,
    reason: 'Two units billed but not delivered',
    lines: [{ invoice_line_no: 1, quantity: '2' }],
    ...body,
  });

beforeAll(async () => {
  ctx = await createTestContext();
  setUp = await procurementSetUp(ctx, {
    budget: { amount: '100000', purchaseOrder: 'warn', invoice: 'warn' },
  });
  // 10 × KES 1,000 and 5 × KES 200; 6 of the first line received.
  order = await sentOrder(setUp, [
    ['10', '1000'],
    ['5', '200'],
  ]);
  const received = await setUp.act('otieno', 'POST', 'p2p/goods-receipts/', {
    purchase_order_id: order.id,
    received_on: TODAY,
    lines: [{ purchase_order_line_id: order.lines[0]!.id, received: '6', accepted: '6' }],
  });
  expect(received.statusCode, received.body).toBe(201);
  // A second supplier of Umoja's, to try another supplier's invoice.
  await setUp.created('otieno', 'p2p/suppliers/', {
    name: 'Beta Traders Ltd',
    email: 'sales@beta.example',
    first_name: 'Baraka',
    last_name: 'Mwangi',
  });
  const token = linkToken((await mailsTo(ctx, 'sales@beta.example'))[0]!.text, '/reset-password');
  await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/confirm/',
    payload: { token, password: 'Beta-Traders-2026', password2: 'Beta-Traders-2026' },
  });
  const signedIn = await tokenFor(ctx, 'sales@beta.example', 'Beta-Traders-2026');
  const switched = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/switch-buyer/',
    headers: bearer(signedIn),
    payload: { buyer_company_id: setUp.organisationId },
  });
  betaToken = (switched.json() as { access: string }).access;
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

describe('credit notes', () => {
  let invoiceId: number;

  it('answers a credit note requested: the supplier’s credit note brings the invoice back inside tolerance', async () => {
    // 8 billed, 6 received: outside tolerance.
    const submitted = await invoiceOf([[0, '8', '1000']], 'ACME-CN-1');
    expect(submitted.statusCode, submitted.body).toBe(201);
    invoiceId = (submitted.json() as { id: number; status: string }).id;
    expect(submitted.json()).toMatchObject({ status: 'exception', total: '9280.00' });
    const requested = await setUp.act('akinyi', 'POST', `p2p/invoices/${invoiceId}/resolve-exception/`, {
      resolution: 'credit_note_requested',
      reason: 'Only 6 of the 8 chairs were delivered',
    });
    expect(requested.statusCode, requested.body).toBe(200);
    expect(requested.json()).toMatchObject({ status: 'awaiting_credit_note' });

    const response = await creditNote('acme', invoiceId, {});
    expect(response.statusCode, response.body).toBe(201);
    const issued = response.json() as Issued;
    expect(issued).toMatchObject({
      number: 'CN-001',
      total: '2320.00', // 2 × 1,000 × 1.16
      entered_by: 'supplier',
      lines: [{ invoice_line_no: 1, quantity: '2', net: '2000.00' }],
      invoice_after: { status: 'matched', total: '9280.00', credited: '2320.00', open: '6960.00' },
    });

    // The exception is closed: out of the queue, matched within tolerance, and finance is told.
    const queue = (await setUp.act('akinyi', 'GET', 'p2p/invoices/?exceptions=true')).json() as {
      results: Array<{ id: number }>;
    };
    expect(queue.results.map((i) => i.id)).not.toContain(invoiceId);
    const invoice = (await setUp.act('akinyi', 'GET', `p2p/invoices/${invoiceId}/`)).json() as Body;
    expect(invoice).toMatchObject({
      status: 'matched',
      within_tolerance: true,
      credited: '2320.00',
      outstanding: '6960.00',
    });
    expect(invoice.actions).toContain('approve');
    // The approver's budget check charges the invoice net of its credit note: 8,000 less 2,000.
    expect((invoice.budget_checks as Array<{ amount: string }>)[0]).toMatchObject({ amount: '6000.00' });
    const mails = await mailsTo(ctx, 'akinyi@umoja.example');
    expect(mails.map((m) => m.subject)).toContain(
      'Credit note CN-001 from Acme Office Supplies Ltd: invoice ACME-CN-1 now matches',
    );
    // The supplier's portal shows the invoice matched, and its credit note.
    const portal = (await setUp.act('acme', 'GET', `portal/invoices/${invoiceId}/`)).json() as Body;
    expect(portal).toMatchObject({ status: 'matched', outstanding: '6960.00', credited: '2320.00' });
    const listed = (await setUp.act('acme', 'GET', `portal/invoices/${invoiceId}/credit-notes/`)).json() as {
      invoice: Body;
      results: Array<{ number: string }>;
    };
    expect(listed.invoice).toMatchObject({ open: '6960.00', creditable: true });
    expect(listed.results.map((n) => n.number)).toEqual(['CN-001']);
  });

  it('refuses a credit note that is not right, with a 4xx saying why', async () => {
    const cases: Array<[string, Parameters<typeof creditNote>[2], number, string, Partial<Body>]> = [
      [
        'duplicate number',
        {},
        400,
        'credit_note.duplicate',
        { field: 'number', params: { number: 'CN-001' } },
      ],
      [
        'more than the line still holds',
        { number: 'CN-X1', lines: [{ invoice_line_no: 1, quantity: '7' }] },
        400,
        'credit_note.quantity',
        { line: 0, params: { quantity: '6' } },
      ],
      [
        'an amount beyond the line',
        { number: 'CN-X2', lines: [{ invoice_line_no: 1, amount: '6000.01' }] },
        400,
        'credit_note.amount',
        { line: 0, params: { amount: 'KES 6,000.00' } },
      ],
      [
        'a price reduction beyond the price',
        { number: 'CN-X3', lines: [{ invoice_line_no: 1, unit_price_reduction: '1000.01' }] },
        400,
        'credit_note.price',
        { line: 0 },
      ],
      [
        'a line the invoice does not have',
        { number: 'CN-X4', lines: [{ invoice_line_no: 7, quantity: '1' }] },
        400,
        'credit_note.line',
        { line: 0 },
      ],
      [
        'nothing to credit',
        { number: 'CN-X5', lines: [{ invoice_line_no: 1 }] },
        400,
        'credit_note.line_empty',
        { line: 0 },
      ],
      [
        'an amount and a quantity',
        { number: 'CN-X6', lines: [{ invoice_line_no: 1, quantity: '1', amount: '10' }] },
        400,
        'credit_note.line_mixed',
        { line: 0 },
      ],
      [
        'another currency',
        { number: 'CN-X7', currency: 'USD' },
        400,
        'credit_note.currency',
        { field: 'currency', params: { invoice_currency: 'KES' } },
      ],
      ['a future date', { number: 'CN-X8', credit_note_date: TOMORROW }, 400, 'credit_note.future', {}],
      ['no reason', { number: 'CN-X9', reason: ' ' }, 400, 'credit_note.reason', { field: 'reason' }],
    ];
    for (const [label, body, status, code, extra] of cases) {
      const response = await creditNote('acme', invoiceId, body);
      expect(response.statusCode, `${label}: ${response.body}`).toBe(status);
      expect(response.json(), label).toMatchObject({ code, ...extra });
    }
    // Another supplier's invoice does not exist for this supplier; another buyer's staff cannot reach it.
    const beta = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/portal/invoices/${invoiceId}/credit-notes/`,
      headers: bearer(betaToken),
      payload: {
        number: 'BETA-1',
        credit_note_date: TODAY,
        reason: 'x',
        lines: [{ invoice_line_no: 1, quantity: '1' }],
      },
    });
    expect(beta.statusCode, beta.body).toBe(404);
    expect(beta.json()).toMatchObject({ code: 'invoice.not_found' });
    const betaRead = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/portal/invoices/${invoiceId}/credit-notes/`,
      headers: bearer(betaToken),
    });
    expect(betaRead.statusCode).toBe(404);
    // Only finance enters one on the buyer's side.
    const requester = await creditNote('wanjiru', invoiceId, { number: 'CN-W' });
    expect(requester.statusCode, requester.body).toBe(403);
    const outsider = await creditNote('outsider', invoiceId, { number: 'CN-M' });
    expect([403, 404]).toContain(outsider.statusCode);
    // Nothing refused was recorded.
    const listed = (await setUp.act('akinyi', 'GET', `p2p/invoices/${invoiceId}/credit-notes/`)).json() as {
      results: unknown[];
    };
    expect(listed.results).toHaveLength(1);
  });

  it('lets finance enter one on an approved invoice, lowering what is owed and what can be paid', async () => {
    const approved = await setUp.act('akinyi', 'POST', `p2p/invoices/${invoiceId}/approve/`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved' });

    const response = await creditNote('akinyi', invoiceId, {
      number: 'CN-002',
      reason: 'Price concession agreed for late delivery',
      lines: [{ invoice_line_no: 1, amount: '1000' }],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      number: 'CN-002',
      total: '1160.00',
      entered_by: 'finance',
      invoice_after: { status: 'approved', credited: '3480.00', open: '5800.00' },
    });

    // A payment beyond what is left after credits is refused; paying part, then a credit beyond the rest.
    const over = await setUp.act('akinyi', 'POST', 'p2p/payments/', {
      invoice_id: invoiceId,
      reference: 'PAY-OVER',
      paid_on: TODAY,
      amount: '5800.01',
      method: 'bank_transfer',
    });
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json()).toMatchObject({ code: 'invoice.payment', params: { outstanding: 'KES 5,800.00' } });
    const part = await setUp.act('akinyi', 'POST', 'p2p/payments/', {
      invoice_id: invoiceId,
      reference: 'PAY-1',
      paid_on: TODAY,
      amount: '4640',
      method: 'bank_transfer',
    });
    expect(part.statusCode, part.body).toBe(201);
    const beyond = await creditNote('acme', invoiceId, {
      number: 'CN-003',
      lines: [{ invoice_line_no: 1, amount: '1500' }],
    });
    expect(beyond.statusCode, beyond.body).toBe(400);
    expect(beyond.json()).toMatchObject({
      code: 'credit_note.exceeds_open',
      params: { amount: 'KES 1,740.00', open: 'KES 1,160.00' },
    });
    // A credit note for what is left settles the invoice: paid.
    const settles = await creditNote('acme', invoiceId, {
      number: 'CN-003',
      lines: [{ invoice_line_no: 1, amount: '1000' }],
    });
    expect(settles.statusCode, settles.body).toBe(201);
    expect(settles.json()).toMatchObject({
      total: '1160.00',
      invoice_after: { status: 'paid', open: '0.00' },
    });
    const paid = await creditNote('acme', invoiceId, {
      number: 'CN-004',
      lines: [{ invoice_line_no: 1, quantity: '1' }],
    });
    expect(paid.statusCode, paid.body).toBe(409);
    expect(paid.json()).toMatchObject({
      code: 'credit_note.invoice_closed',
      params: { invoice_status: 'paid' },
    });
  });

  it('refuses a credit note against a rejected invoice', async () => {
    const submitted = await invoiceOf([[1, '5', '200']], 'ACME-CN-2');
    expect(submitted.statusCode, submitted.body).toBe(201);
    const id = (submitted.json() as { id: number }).id;
    const rejected = await setUp.act('akinyi', 'POST', `p2p/invoices/${id}/reject/`, {
      reason: 'Wrong order',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const response = await creditNote('acme', id, { number: 'CN-R' });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'credit_note.invoice_closed',
      params: { invoice_status: 'rejected' },
    });
  });

  it('shows the credit notes in the supplier’s statement, on their date and within its period', async () => {
    type Statement = {
      rows: Array<{ date: string; type: string; reference: string; credit: string; debit: string }>;
      closing_balance: string;
      open_invoices: Array<{ number: string }>;
    };
    const statement = (
      await setUp.act('acme', 'GET', `portal/statement/?from=${TODAY}&to=${TODAY}`)
    ).json() as Statement;
    const credits = statement.rows.filter((r) => r.type === 'credit');
    expect(credits.map((r) => [r.reference, r.date, r.credit])).toEqual([
      ['CN-001', TODAY, '2320.00'],
      ['CN-002', TODAY, '1160.00'],
      ['CN-003', TODAY, '1160.00'],
    ]);
    // Invoiced 9,280; credited 4,640; paid 4,640: nothing owed.
    expect(statement.closing_balance).toBe('0.00');
    expect(statement.open_invoices.map((i) => i.number)).not.toContain('ACME-CN-1');
    const later = (
      await setUp.act('acme', 'GET', `portal/statement/?from=${TOMORROW}&to=${TOMORROW}`)
    ).json() as Statement;
    expect(later.rows.filter((r) => r.type === 'credit')).toEqual([]);
  });

  it('counts budget actuals net of credit notes', async () => {
    const budgets = (await setUp.act('kamau', 'GET', 'p2p/budgets/')).json() as {
      results: Array<{ utilisation: { actual: string } }>;
    };
    // The approved invoice's 8,000 before tax, less 4,000 credited before tax.
    expect(budgets.results[0]!.utilisation.actual).toBe('4000.00');
  });

  it('counts spend net of credit notes', async () => {
    const response = await setUp.act('akinyi', 'GET', 'p2p/reports/spend/?group_by=supplier');
    expect(response.statusCode, response.body).toBe(200);
    const acme = (
      response.json() as { rows: Array<{ label: string; invoiced: string; paid: string }> }
    ).rows.find((r) => r.label === 'Acme Office Supplies Ltd')!;
    // 8,000 billed before tax, less 2,000 (2 returned) and two amounts of 1,000: 4,000, all of it paid.
    expect(acme).toMatchObject({ invoiced: '4000.00', paid: '4000.00' });
  });
});
