import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, manualClock, type TestContext } from '../../../../../test/harness.ts';
import { bearer, createMember, linkToken, mailsTo, tokenFor } from '../../../../../test/identity.ts';
import { procurementSetUp } from '../../../../../test/p2p.ts';

/**
 * Issue 20, sealed RFQs through the HTTP layer: three suppliers invited, two quote (one revising) and one
 * declines; nothing of a quote is readable by anyone before the committee's quorum opens it; a quote after
 * closing is refused; one member cannot open alone; the comparison and the split award are exact to the
 * cent; receipts verify; another organisation sees nothing.
 */

// Prices nothing else in the test uses, so finding them anywhere before the opening is a leak.
const PRICES = ['9487.65', '948765', '9213.47', '921347', '1033.33', '103333'];

let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
const clock = manualClock(new Date('2026-11-26T06:00:00Z'));
const suppliers = { acme: 0, baobab: 0, chui: 0 };
let rfqId = 0;
const receipts: Record<string, Array<{ code: string; sha256: string; version: number }>> = {};

async function supplier(name: string, email: string) {
  const created = await setUp.created('otieno', 'p2p/suppliers/', {
    name,
    email,
    first_name: name.split(' ')[0],
    last_name: 'Supplier',
  });
  const token = linkToken((await mailsTo(ctx, email))[0]!.text, '/reset-password');
  await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/confirm/',
    payload: { token, password: 'Supplier-Pass-2026', password2: 'Supplier-Pass-2026' },
  });
  const signedIn = await tokenFor(ctx, email, 'Supplier-Pass-2026');
  const switched = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/switch-buyer/',
    headers: bearer(signedIn),
    payload: { buyer_company_id: setUp.organisationId },
  });
  return { id: created.id, token: (switched.json() as { access: string }).access };
}

const rfqBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Laptops and paper',
  currency: 'KES',
  closing_at: '2026-11-26T12:00:00+03:00',
  department_id: setUp.ictId,
  terms: 'Delivery to Umoja House within 30 days.',
  committee: [setUp.ids.kamau, setUp.ids.akinyi],
  quorum: 2,
  suppliers: [suppliers.acme, suppliers.baobab, suppliers.chui],
  lines: [
    {
      description: 'Laptop, 16 GB',
      category_id: setUp.categoryId,
      quantity: '10',
      unit: 'each',
      estimated_unit_price: '10000.00',
    },
    {
      description: 'Paper, A4',
      category_id: setUp.categoryId,
      quantity: '2.5',
      unit: 't',
      estimated_unit_price: '1100.00',
    },
  ],
  ...overrides,
});

/** Every read a buyer-side caller has of RFQs, the audit log and reports, as text. */
async function everyBuyerRead(who: string) {
  const urls = [
    'sourcing/rfqs/',
    `sourcing/rfqs/?search=${encodeURIComponent('Laptops')}`,
    `sourcing/rfqs/${rfqId}/`,
    `sourcing/rfqs/${rfqId}/opening-record/`,
    `sourcing/rfqs/${rfqId}/comparison/`,
    `sourcing/rfqs/${rfqId}/quotes/${suppliers.acme}/documents/0/`,
    'sourcing/reports/savings/',
    'sourcing/reports/savings/export/',
    'approvals/',
    'notifications/',
  ];
  const bodies: string[] = [];
  for (const url of urls) bodies.push((await setUp.act(who, 'GET', url)).body);
  return bodies.join('\n');
}

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  setUp = await procurementSetUp(ctx);
  suppliers.acme = setUp.supplierId;
  setUp.tokens.acme = setUp.tokens.acme!;
  for (const [key, name, email] of [
    ['baobab', 'Baobab Traders', 'sales@baobab.example'],
    ['chui', 'Chui Stationers', 'sales@chui.example'],
  ] as const) {
    const made = await supplier(name, email);
    suppliers[key] = made.id;
    setUp.tokens[key] = made.token;
  }
  const auditor = await createMember(ctx, {
    kind: 'buyer',
    role: 'auditor',
    email: 'auditor@umoja.example',
    organisationId: setUp.organisationId,
  });
  setUp.tokens.auditor = await tokenFor(ctx, auditor.email, auditor.password);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('a sealed RFQ from creation to savings', () => {
  it('refuses a committee of the creator alone, and publication before every member has an opening key', async () => {
    const alone = await setUp.act(
      'otieno',
      'POST',
      'sourcing/rfqs/',
      rfqBody({ committee: [setUp.ids.otieno] }),
    );
    expect(alone.statusCode, alone.body).toBe(400);
    expect(alone.json()).toMatchObject({ code: 'rfq.committee' });
    const quorumOfOne = await setUp.act('otieno', 'POST', 'sourcing/rfqs/', rfqBody({ quorum: 1 }));
    expect(quorumOfOne.statusCode).toBe(400);
    // A requester may not raise one.
    expect((await setUp.act('wanjiru', 'POST', 'sourcing/rfqs/', rfqBody())).statusCode).toBe(403);

    // Any listed supplier may be invited; none is prequalified in this category yet.
    const invitable = await setUp.act(
      'otieno',
      'GET',
      `sourcing/rfqs/invitable-suppliers/?categories=${setUp.categoryId}`,
    );
    expect(invitable.statusCode, invitable.body).toBe(200);
    expect(
      (invitable.json() as { results: Array<{ id: number; prequalified: boolean }> }).results
        .map((s) => [s.id, s.prequalified])
        .sort(),
    ).toEqual([suppliers.acme, suppliers.baobab, suppliers.chui].map((id) => [id, false]).sort());
    expect((await setUp.act('outsider', 'GET', 'sourcing/rfqs/invitable-suppliers/')).json()).toEqual({
      results: [],
    });
    const created = await setUp.act('otieno', 'POST', 'sourcing/rfqs/', rfqBody());
    expect(created.statusCode, created.body).toBe(201);
    rfqId = (created.json() as { id: number }).id;
    expect(created.json()).toMatchObject({
      number: 'RFQ-2026-00001',
      status: 'draft',
      estimate: '102750.00',
    });

    const weak = await setUp.act('kamau', 'PUT', 'sourcing/opening-key/', { passphrase: 'short' });
    expect(weak.statusCode).toBe(400);
    const kamauKey = await setUp.act('kamau', 'PUT', 'sourcing/opening-key/', {
      passphrase: 'kamau opens quotes',
    });
    expect(kamauKey.statusCode, kamauKey.body).toBe(200);
    const keyless = await setUp.act('otieno', 'POST', `sourcing/rfqs/${rfqId}/publish/`);
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json()).toMatchObject({ code: 'rfq.committee_without_key' });
    expect(keyless.json().detail).toContain('akinyi');
    expect(
      (await setUp.act('akinyi', 'PUT', 'sourcing/opening-key/', { passphrase: 'akinyi opens quotes' }))
        .statusCode,
    ).toBe(200);
    // Changing a passphrase needs the current one.
    const change = await setUp.act('akinyi', 'PUT', 'sourcing/opening-key/', {
      passphrase: 'akinyi new passphrase',
    });
    expect(change.json()).toMatchObject({ code: 'opening_key.current' });

    const published = await setUp.act('otieno', 'POST', `sourcing/rfqs/${rfqId}/publish/`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published' });
    // The three suppliers were invited by mail.
    for (const email of ['sales@acme.example', 'sales@baobab.example', 'sales@chui.example']) {
      expect((await mailsTo(ctx, email)).some((m) => m.subject.includes('RFQ-2026-00001'))).toBe(true);
    }
  });

  it('answers a supplier’s question to every invited supplier without naming who asked', async () => {
    const asked = await setUp.act('chui', 'POST', `portal/rfqs/${rfqId}/questions/`, {
      question: 'Is recycled paper acceptable?',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const questionId = (asked.json() as { questions: Array<{ id: number }> }).questions[0]!.id;
    const answered = await setUp.act(
      'otieno',
      'POST',
      `sourcing/rfqs/${rfqId}/questions/${questionId}/answer/`,
      {
        answer: 'Yes, if FSC certified.',
      },
    );
    expect(answered.statusCode, answered.body).toBe(200);
    const seen = await setUp.act('acme', 'GET', `portal/rfqs/${rfqId}/`);
    expect(seen.json().questions).toEqual([
      expect.objectContaining({
        question: 'Is recycled paper acceptable?',
        answer: 'Yes, if FSC certified.',
      }),
    ]);
    expect(seen.body).not.toContain('Chui');
    // The estimate is the buyer's: the portal does not show it.
    expect(seen.body).not.toContain('10000.00');
  });

  it('seals each quote and returns a receipt; a revision is a new version', async () => {
    const quote = async (who: string, body: object) => {
      const response = await setUp.act(who, 'POST', `portal/rfqs/${rfqId}/quote/`, body);
      expect(response.statusCode, response.body).toBe(201);
      const receipt = response.json() as { code: string; sha256: string; version: number; sealed_at: string };
      expect(receipt.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(receipt.sealed_at).toBe(clock.now().toISOString());
      (receipts[who] ??= []).push(receipt);
      return receipt;
    };
    // A line left out is refused (price it or decline it).
    const partial = await setUp.act('acme', 'POST', `portal/rfqs/${rfqId}/quote/`, {
      lines: [{ line_no: 1, unit_price: '1.00' }],
    });
    expect(partial.json()).toMatchObject({ code: 'rfq.quote_line', params: { line: 2 } });
    await quote('acme', {
      lines: [
        { line_no: 1, unit_price: '9999.00' },
        { line_no: 2, unit_price: '1100.00' },
      ],
      delivery_days: 20,
      validity_days: 60,
    });
    clock.advance(60_000);
    await quote('baobab', {
      lines: [
        { line_no: 1, unit_price: '9213.47' },
        { line_no: 2, unit_price: null },
      ],
      delivery_days: 14,
      validity_days: 30,
      documents: [
        { file_name: 'brochure.pdf', content_base64: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64') },
      ],
    });
    clock.advance(60_000);
    await quote('chui', { decline: true, notes: 'Out of stock this month.' });
    clock.advance(60_000);
    const revised = await quote('acme', {
      lines: [
        { line_no: 1, unit_price: '9487.65' },
        { line_no: 2, unit_price: '1033.33' },
      ],
      delivery_days: 20,
      validity_days: 60,
    });
    expect(revised.version).toBe(2);
  });

  it('shows nobody any quote content before the opening, an organisation administrator included', async () => {
    for (const who of ['admin', 'otieno', 'kamau', 'akinyi', 'wanjiru', 'akinyi', 'auditor']) {
      const text = await everyBuyerRead(who);
      for (const price of PRICES) expect(text, `${who} read ${price}`).not.toContain(price);
    }
    // Who submitted and when is shown; the comparison and the sealed documents are refused while sealed.
    const detail = await setUp.act('admin', 'GET', `sourcing/rfqs/${rfqId}/`);
    expect(detail.json()).toMatchObject({ submitted: 3, quotes: null });
    expect(
      (detail.json() as { suppliers: Array<{ submitted_at: string | null }> }).suppliers.every(
        (s) => s.submitted_at,
      ),
    ).toBe(true);
    const comparison = await setUp.act('admin', 'GET', `sourcing/rfqs/${rfqId}/comparison/`);
    expect(comparison.statusCode).toBe(409);
    expect(comparison.json()).toMatchObject({ code: 'rfq.sealed' });
    const document = await setUp.act(
      'admin',
      'GET',
      `sourcing/rfqs/${rfqId}/quotes/${suppliers.baobab}/documents/0/`,
    );
    expect(document.statusCode).toBe(409);
    // A supplier sees its own receipt, never another's quote.
    const portal = await setUp.act('acme', 'GET', `portal/rfqs/${rfqId}/`);
    for (const price of PRICES) expect(portal.body).not.toContain(price);
    // The operator's audit log, every row of it, holds seals, never prices.
    const operatorAudit = await ctx.database.db.execute(sql`SELECT detail::text AS d FROM audit_log`);
    const auditText = operatorAudit.rows.map((r) => String(r.d)).join('\n');
    for (const price of PRICES) expect(auditText).not.toContain(price);
    // In the database a quote is an envelope: no opened content, no price in clear anywhere in its row.
    const rows = await ctx.database.db.execute(sql`SELECT row_to_json(q)::text AS r FROM rfq_quotes q`);
    for (const row of rows.rows) for (const price of PRICES) expect(String(row.r)).not.toContain(price);
  });

  it('cannot be opened before closing; a quote after closing is refused', async () => {
    const early = await setUp.act('kamau', 'POST', `sourcing/rfqs/${rfqId}/opening/confirm/`, {
      passphrase: 'kamau opens quotes',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'rfq.not_closed' });
    clock.advance(3 * 3_600_000);
    const late = await setUp.act('acme', 'POST', `portal/rfqs/${rfqId}/quote/`, {
      lines: [
        { line_no: 1, unit_price: '1.00' },
        { line_no: 2, unit_price: '1.00' },
      ],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'rfq.closed' });
    expect((await setUp.act('otieno', 'GET', `sourcing/rfqs/${rfqId}/`)).json()).toMatchObject({
      status: 'closed',
    });
  });

  it('tells the committee once, by the closing job, that the quotes wait for their confirmations', async () => {
    expect(await ctx.services.rfqs.announceClosings()).toBe(1);
    expect(await ctx.services.rfqs.announceClosings()).toBe(0);
    for (const email of ['kamau@umoja.example', 'akinyi@umoja.example']) {
      const subjects = (await mailsTo(ctx, email)).map((m) => m.subject);
      expect(subjects.filter((s) => s === 'RFQ RFQ-2026-00001 has closed: confirm the opening')).toHaveLength(
        1,
      );
    }
  });

  it('opens only when the quorum has confirmed: one member alone reads nothing', async () => {
    const outsider = await setUp.act('otieno', 'POST', `sourcing/rfqs/${rfqId}/opening/confirm/`, {
      passphrase: 'whatever it is',
    });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toMatchObject({ code: 'rfq.not_committee' });
    // The administrator is no member either.
    expect(
      (await setUp.act('admin', 'POST', `sourcing/rfqs/${rfqId}/opening/confirm/`, { passphrase: 'x' }))
        .statusCode,
    ).toBe(403);
    const wrong = await setUp.act('kamau', 'POST', `sourcing/rfqs/${rfqId}/opening/confirm/`, {
      passphrase: 'not kamau passphrase',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'rfq.wrong_passphrase' });
    const first = await setUp.act('kamau', 'POST', `sourcing/rfqs/${rfqId}/opening/confirm/`, {
      passphrase: 'kamau opens quotes',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'closed', quotes: null });
    const text = await everyBuyerRead('kamau');
    for (const price of PRICES) expect(text).not.toContain(price);
    const again = await setUp.act('kamau', 'POST', `sourcing/rfqs/${rfqId}/opening/confirm/`, {
      passphrase: 'kamau opens quotes',
    });
    expect(again.json()).toMatchObject({ code: 'rfq.already_confirmed' });

    const second = await setUp.act('akinyi', 'POST', `sourcing/rfqs/${rfqId}/opening/confirm/`, {
      passphrase: 'akinyi opens quotes',
    });
    expect(second.statusCode, second.body).toBe(200);
    const opened = second.json() as {
      status: string;
      quotes: Array<{ supplier: { id: number }; declined: boolean; lines: unknown[]; sha256: string }>;
    };
    expect(opened.status).toBe('opened');
    const acme = opened.quotes.find((q) => q.supplier.id === suppliers.acme)!;
    expect(acme.lines).toEqual([
      { line_no: 1, unit_price: '9487.65' },
      { line_no: 2, unit_price: '1033.33' },
    ]);
    expect(acme.sha256).toBe(receipts.acme![1]!.sha256);
    expect(opened.quotes.find((q) => q.supplier.id === suppliers.chui)!.declined).toBe(true);
    // The sealed document opens too.
    const document = await setUp.act(
      'auditor',
      'GET',
      `sourcing/rfqs/${rfqId}/quotes/${suppliers.baobab}/documents/0/`,
    );
    expect(document.statusCode).toBe(200);
    expect(document.body).toContain('%PDF-1.4');
  });

  it('keeps a printable opening record, also in the audit log', async () => {
    const record = await setUp.act('auditor', 'GET', `sourcing/rfqs/${rfqId}/opening-record/`);
    expect(record.statusCode).toBe(200);
    const body = record.json() as {
      committee: Array<{ confirmed_at: string | null }>;
      quotes: Array<{ supplier: { id: number }; sha256: string; version: number }>;
      opened_at: string;
    };
    expect(body.committee.every((m) => m.confirmed_at)).toBe(true);
    expect(body.quotes).toHaveLength(3);
    expect(body.quotes.find((q) => q.supplier.id === suppliers.baobab)!.sha256).toBe(
      receipts.baobab![0]!.sha256,
    );
    const rows = await ctx.database.db.execute(
      sql`SELECT detail FROM audit_log WHERE action = 'rfq.opened' AND organisation_id = ${setUp.organisationId}`,
    );
    expect(rows.rows).toHaveLength(1);
    expect(JSON.stringify(rows.rows[0])).toContain(receipts.acme![1]!.sha256);
  });

  it('verifies receipts: the revision is current and opened intact; the first is superseded; a forged hash is unknown', async () => {
    const verify = (who: string, body: object) =>
      setUp.act(who, 'POST', 'portal/rfqs/receipts/verify/', body);
    const [first, second] = receipts.acme!;
    const current = await verify('acme', { code: second!.code, sha256: second!.sha256 });
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json()).toMatchObject({ valid: true, version: 2, current: true, opened_matches: true });
    expect((await verify('acme', { code: first!.code, sha256: first!.sha256 })).json()).toMatchObject({
      version: 1,
      current: false,
    });
    const forged = await verify('acme', { code: second!.code, sha256: first!.sha256 });
    expect(forged.statusCode).toBe(404);
    // Another supplier cannot check (or learn of) Acme's receipt.
    expect((await verify('baobab', { code: second!.code, sha256: second!.sha256 })).statusCode).toBe(404);
  });

  it('compares per line with the lowest marked and the overall lowest among complete quotes, exact to the cent', async () => {
    const response = await setUp.act('otieno', 'GET', `sourcing/rfqs/${rfqId}/comparison/`);
    expect(response.statusCode, response.body).toBe(200);
    const comparison = response.json() as {
      lines: Array<{
        quotes: Array<{
          supplier: { id: number };
          unit_price: string;
          net: string;
          tax: string;
          lowest: boolean;
        }>;
        declined_by: Array<{ id: number }>;
      }>;
      suppliers: Array<{
        supplier: { id: number };
        complete: boolean;
        net: string;
        tax: string;
        total: string;
        rank: number | null;
      }>;
      overall_lowest: { id: number };
      savings_vs_estimate: { amount: string; percent: string };
    };
    const [laptops, paper] = comparison.lines;
    expect(laptops!.quotes.map((q) => [q.supplier.id, q.unit_price, q.net, q.tax, q.lowest])).toEqual([
      [suppliers.baobab, '9213.47', '92134.70', '14741.55', true],
      [suppliers.acme, '9487.65', '94876.50', '15180.24', false],
    ]);
    // 2.5 t × 1,033.33 = 2,583.325 → 2,583.33; tax 413.3328 → 413.33.
    expect(paper!.quotes.map((q) => [q.supplier.id, q.net, q.tax, q.lowest])).toEqual([
      [suppliers.acme, '2583.33', '413.33', true],
    ]);
    expect(paper!.declined_by.map((s) => s.id).sort()).toEqual([suppliers.baobab, suppliers.chui].sort());
    const acme = comparison.suppliers.find((s) => s.supplier.id === suppliers.acme)!;
    expect([acme.complete, acme.net, acme.tax, acme.total, acme.rank]).toEqual([
      true,
      '97459.83',
      '15593.57',
      '113053.40',
      1,
    ]);
    expect(comparison.overall_lowest.id).toBe(suppliers.acme);
    // Best net 92,134.70 + 2,583.33 = 94,718.03 against an estimate of 102,750.00.
    expect(comparison.savings_vs_estimate).toEqual({ amount: '8031.97', percent: '7.82' });
  });

  it('awards by line split across two suppliers: two draft orders exact to the cent, winners and the regret letter told', async () => {
    const over = await setUp.act('otieno', 'POST', `sourcing/rfqs/${rfqId}/award/`, {
      allocations: [
        { line_no: 1, supplier_id: suppliers.baobab, quantity: '7' },
        { line_no: 1, supplier_id: suppliers.acme, quantity: '4' },
      ],
    });
    expect(over.json()).toMatchObject({ code: 'rfq.award_over_quantity' });
    const declined = await setUp.act('otieno', 'POST', `sourcing/rfqs/${rfqId}/award/`, {
      allocations: [{ line_no: 2, supplier_id: suppliers.baobab, quantity: '2.5' }],
    });
    expect(declined.json()).toMatchObject({ code: 'rfq.award_not_quoted' });
    // Awards go through the approval engine: a rule for RFQ awards names the budget owner.
    const rule = await setUp.act('admin', 'POST', 'p2p/approval-workflows/', {
      name: 'RFQ awards: budget owner',
      document_type: 'rfq_award',
      steps: [{ mode: 'any', approvers: [{ kind: 'user', user_id: setUp.ids.kamau }] }],
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const proposed = await setUp.act('otieno', 'POST', `sourcing/rfqs/${rfqId}/award/`, {
      allocations: [
        { line_no: 1, supplier_id: suppliers.baobab, quantity: '6' },
        { line_no: 1, supplier_id: suppliers.acme, quantity: '4' },
        { line_no: 2, supplier_id: suppliers.acme, quantity: '2.5' },
      ],
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json()).toMatchObject({ status: 'award_pending', award: [] });
    // The proposer cannot approve; the budget owner can.
    expect((await setUp.act('otieno', 'POST', `sourcing/rfqs/${rfqId}/approve/`, {})).statusCode).toBe(403);
    const approved = await setUp.act('kamau', 'POST', `sourcing/rfqs/${rfqId}/approve/`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const awarded = approved.json() as {
      status: string;
      award: Array<{
        line_no: number;
        supplier: { id: number };
        net: string;
        tax: string;
        purchase_order: { id: number };
      }>;
    };
    expect(awarded.status).toBe('awarded');
    expect(awarded.award.map((a) => [a.line_no, a.supplier.id, a.net, a.tax])).toEqual([
      [1, suppliers.baobab, '55280.82', '8844.93'],
      [1, suppliers.acme, '37950.60', '6072.10'],
      [2, suppliers.acme, '2583.33', '413.33'],
    ]);
    const orderOf = async (supplierId: number) => {
      const id = awarded.award.find((a) => a.supplier.id === supplierId)!.purchase_order.id;
      return (await setUp.act('otieno', 'GET', `p2p/purchase-orders/${id}/`)).json() as {
        status: string;
        supplier: { id: number };
        subtotal: string;
        tax: string;
        total: string;
        lines: unknown[];
      };
    };
    expect(await orderOf(suppliers.baobab)).toMatchObject({
      status: 'draft',
      subtotal: '55280.82',
      tax: '8844.93',
      total: '64125.75',
    });
    const acmeOrder = await orderOf(suppliers.acme);
    expect(acmeOrder).toMatchObject({
      status: 'draft',
      subtotal: '40533.93',
      tax: '6485.43',
      total: '47019.36',
    });
    expect(acmeOrder.lines).toHaveLength(2);
    const subjects = async (email: string) => (await mailsTo(ctx, email)).map((m) => m.subject).join('\n');
    expect(await subjects('sales@acme.example')).toContain(
      'You are awarded request for quotations RFQ-2026-00001',
    );
    expect(await subjects('sales@baobab.example')).toContain('You are awarded');
    expect(await subjects('sales@chui.example')).toContain(
      'Outcome of request for quotations RFQ-2026-00001',
    );
    expect((await setUp.act('chui', 'GET', `portal/rfqs/${rfqId}/`)).json()).toMatchObject({
      outcome: 'not_awarded',
    });
  });

  it('reports the savings per RFQ, category, month and department, and exports them', async () => {
    const response = await setUp.act('auditor', 'GET', 'sourcing/reports/savings/');
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json() as {
      by_rfq: Array<Record<string, unknown>>;
      by_month: Array<Record<string, unknown>>;
      by_department: Array<Record<string, unknown>>;
      by_category: Array<Record<string, unknown>>;
    };
    // Awarded 55,280.82 + 37,950.60 + 2,583.33 = 95,814.75 against 102,750.00: 6,935.25 saved (6.75 %).
    const figures = {
      estimate: '102750.00',
      awarded: '95814.75',
      savings: '6935.25',
      savings_percent: '6.75',
      quotes: 3,
    };
    expect(report.by_rfq).toEqual([
      expect.objectContaining({ rfq: expect.objectContaining({ number: 'RFQ-2026-00001' }), ...figures }),
    ]);
    expect(report.by_month).toEqual([expect.objectContaining({ month: '2026-11', ...figures })]);
    expect(report.by_department).toEqual([
      expect.objectContaining({ department: { id: setUp.ictId, name: 'ICT' }, ...figures }),
    ]);
    expect(report.by_category).toEqual([expect.objectContaining(figures)]);
    const csv = await setUp.act('auditor', 'GET', 'sourcing/reports/savings/export/');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('rfq,RFQ-2026-00001,Laptops and paper,KES,102750.00,95814.75,6935.25,6.75,3');
  });

  it('shows another organisation nothing', async () => {
    expect((await setUp.act('outsider', 'GET', 'sourcing/rfqs/')).json()).toMatchObject({ count: 0 });
    for (const url of [
      `sourcing/rfqs/${rfqId}/`,
      `sourcing/rfqs/${rfqId}/comparison/`,
      `sourcing/rfqs/${rfqId}/opening-record/`,
    ]) {
      expect((await setUp.act('outsider', 'GET', url)).statusCode).toBe(404);
    }
    const report = (await setUp.act('outsider', 'GET', 'sourcing/reports/savings/')).json() as {
      by_rfq: unknown[];
    };
    expect(report.by_rfq).toEqual([]);
  });
});
