import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, manualClock, type TestContext } from '../../../../../test/harness.ts';
import { bearer, createMember, linkToken, mailsTo, tokenFor } from '../../../../../test/identity.ts';
import { procurementSetUp } from '../../../../../test/p2p.ts';

/**
 * Review findings on contracts drafted from an RFQ award (issue 22): a term the contract cannot hold (an end
 * before its start, a start so far that a year after it is no date, year 0000) is refused with a field error,
 * never a 500; one contract per awarded supplier even when drafts are asked for at the same moment; and an
 * award's contract stays with the awarded supplier.
 */

let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
const clock = manualClock(new Date('2026-11-26T06:00:00Z'));
const suppliers = { acme: 0, baobab: 0, chui: 0 };
let rfqId = 0;
let templateId = 0;

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

const draft = (who: string, body: object) =>
  setUp.act(who, 'POST', `sourcing/rfqs/${rfqId}/contracts/`, body);

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  setUp = await procurementSetUp(ctx);
  suppliers.acme = setUp.supplierId;
  for (const [key, name, email] of [
    ['baobab', 'Baobab Traders', 'sales@baobab.example'],
    ['chui', 'Chui Stationers', 'sales@chui.example'],
  ] as const) {
    const made = await supplier(name, email);
    suppliers[key] = made.id;
    setUp.tokens[key] = made.token;
  }
  const manager = await createMember(ctx, {
    kind: 'buyer',
    role: 'contract_manager',
    email: 'mwangi@umoja.example',
    organisationId: setUp.organisationId,
  });
  setUp.tokens.mwangi = await tokenFor(ctx, manager.email, manager.password);
  setUp.ids.mwangi = manager.userId;
  templateId = (
    await setUp.created('mwangi', 'contracts/templates/', {
      name: 'Supply agreement',
      language: 'en',
      body_html:
        '<h2>{{contract_title}}</h2><p>Between {{buyer_name}} and {{supplier_name}}, for {{contract_value}} from {{start_date}} to {{end_date}}.</p><h3>Items</h3>{{items}}<p>Payment: {{payment_terms}}</p>',
    })
  ).id;

  // An RFQ quoted by Acme and Baobab, opened by the committee.
  for (const [who, passphrase] of [
    ['kamau', 'kamau opens quotes'],
    ['akinyi', 'akinyi opens quotes'],
  ] as const) {
    const key = await setUp.act(who, 'PUT', 'sourcing/opening-key/', { passphrase });
    expect(key.statusCode, key.body).toBe(200);
  }
  rfqId = (
    await setUp.created('otieno', 'sourcing/rfqs/', {
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
          description: 'Paper, A4 <80 g>',
          category_id: setUp.categoryId,
          quantity: '2.5',
          unit: 't',
          estimated_unit_price: '1100.00',
        },
      ],
    })
  ).id;
  const published = await setUp.act('otieno', 'POST', `sourcing/rfqs/${rfqId}/publish/`);
  expect(published.statusCode, published.body).toBe(200);
  for (const [who, lines] of [
    ['acme', ['9487.65', '1033.33']],
    ['baobab', ['9213.47', null]],
  ] as const) {
    const quote = await setUp.act(who, 'POST', `portal/rfqs/${rfqId}/quote/`, {
      lines: lines.map((unit_price, index) => ({ line_no: index + 1, unit_price })),
      delivery_days: 14,
      validity_days: 30,
    });
    expect(quote.statusCode, quote.body).toBe(201);
  }
  clock.advance(4 * 3_600_000);
  for (const [who, passphrase] of [
    ['kamau', 'kamau opens quotes'],
    ['akinyi', 'akinyi opens quotes'],
  ] as const) {
    const confirmed = await setUp.act(who, 'POST', `sourcing/rfqs/${rfqId}/opening/confirm/`, {
      passphrase,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }
  const awarded = await setUp.act('otieno', 'POST', `sourcing/rfqs/${rfqId}/award/`, {
    allocations: [
      { line_no: 1, supplier_id: suppliers.baobab, quantity: '6' },
      { line_no: 1, supplier_id: suppliers.acme, quantity: '4' },
      { line_no: 2, supplier_id: suppliers.acme, quantity: '2.5' },
    ],
  });
  expect(awarded.statusCode, awarded.body).toBe(200);
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

describe('a contract drafted from an RFQ award, guarded', () => {
  it('refuses a term it cannot hold with a field error', async () => {
    // Only the end given, before today (the start when none is given).
    const backwards = await draft('mwangi', {
      supplier_id: suppliers.baobab,
      template_id: templateId,
      end_date: '2020-01-01',
    });
    expect(backwards.statusCode, backwards.body).toBe(400);
    expect(backwards.json()).toMatchObject({ code: 'contract.end_before_start' });
    // A start whose year-long term would end after 9999-12-31.
    const far = await draft('mwangi', {
      supplier_id: suppliers.baobab,
      template_id: templateId,
      start_date: '9999-12-31',
    });
    expect(far.statusCode, far.body).toBe(400);
    expect(far.json()).toHaveProperty('end_date');
    // Year 0000 is no date the contract can hold.
    const yearZero = await draft('mwangi', {
      supplier_id: suppliers.baobab,
      template_id: templateId,
      start_date: '0000-06-01',
      end_date: '0000-12-01',
    });
    expect(yearZero.statusCode, yearZero.body).toBe(400);
    expect(yearZero.json()).toMatchObject({ code: 'contract.date' });
    const rfq = (await setUp.act('otieno', 'GET', `sourcing/rfqs/${rfqId}/`)).json() as {
      contracts: Array<{ supplier_id: number }>;
    };
    expect(rfq.contracts.filter((c) => c.supplier_id === suppliers.baobab)).toHaveLength(0);
  });

  it('is drafted once per supplier when drafts are asked for at the same time', async () => {
    const drafts = await Promise.all(
      [1, 2, 3, 4].map(() => draft('mwangi', { supplier_id: suppliers.acme, template_id: templateId })),
    );
    expect(drafts.map((d) => d.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const refused of drafts.filter((d) => d.statusCode === 409))
      expect(refused.json()).toMatchObject({ code: 'rfq.contract_exists' });
    const rfq = (await setUp.act('otieno', 'GET', `sourcing/rfqs/${rfqId}/`)).json() as {
      contracts: Array<{ supplier_id: number }>;
    };
    expect(rfq.contracts.filter((c) => c.supplier_id === suppliers.acme)).toHaveLength(1);
  });

  it('keeps an award’s contract with the awarded supplier', async () => {
    const created = await draft('mwangi', { supplier_id: suppliers.baobab, template_id: templateId });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: number }).id;
    const moved = await setUp.act('mwangi', 'PATCH', `contracts/${id}/`, { supplier_id: suppliers.chui });
    expect(moved.statusCode, moved.body).toBe(400);
    expect(moved.json()).toMatchObject({ code: 'contract.award_supplier' });
    // The same supplier sent again with other terms is fine.
    const kept = await setUp.act('mwangi', 'PATCH', `contracts/${id}/`, {
      supplier_id: suppliers.baobab,
      title: 'Laptops — Baobab',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ supplier: { id: suppliers.baobab }, title: 'Laptops — Baobab' });
  });
});
