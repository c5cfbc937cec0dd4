import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, manualClock, type TestContext } from '../../../../../test/harness.ts';
import { bearer, createMember, linkToken, mailsTo, tokenFor } from '../../../../../test/identity.ts';
import { procurementSetUp } from '../../../../../test/p2p.ts';

/**
 * Issue 22, a contract from an RFQ award: on an awarded RFQ, a contract manager drafts the contract with one
 * awarded supplier from a template; its merge fields are filled from the award (parties, value with tax, the
 * awarded items, the term, the award order's payment terms), it is linked to the award both ways, and there
 * is one per supplier. Before the award, for a supplier not awarded, by a buyer who writes no contracts, or
 * from another organisation it is refused.
 */

let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
const clock = manualClock(new Date('2026-11-26T06:00:00Z'));
const suppliers = { acme: 0, baobab: 0, chui: 0 };
let rfqId = 0;
let templateId = 0;
let baobabContract = { id: 0, number: '' };
const codeIn = (text: string) => /(\d{6})/.exec(text)![1]!;

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
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

describe('a contract drafted from an RFQ award', () => {
  it('is refused before the award', async () => {
    const early = await draft('mwangi', { supplier_id: suppliers.acme, template_id: templateId });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json()).toMatchObject({ code: 'rfq.not_awarded' });
    const awarded = await setUp.act('otieno', 'POST', `sourcing/rfqs/${rfqId}/award/`, {
      allocations: [
        { line_no: 1, supplier_id: suppliers.baobab, quantity: '6' },
        { line_no: 1, supplier_id: suppliers.acme, quantity: '4' },
        { line_no: 2, supplier_id: suppliers.acme, quantity: '2.5' },
      ],
    });
    expect(awarded.statusCode, awarded.body).toBe(200);
    expect(awarded.json()).toMatchObject({ status: 'awarded', contracts: [] });
  });

  it('is written only by contract writers of the organisation, for a supplier the award names', async () => {
    // The buyer who ran the RFQ does not write contracts; another organisation sees no RFQ.
    const buyer = await draft('otieno', { supplier_id: suppliers.acme, template_id: templateId });
    expect(buyer.statusCode, buyer.body).toBe(403);
    const outsider = await draft('outsider', { supplier_id: suppliers.acme, template_id: templateId });
    expect(outsider.statusCode, outsider.body).toBe(404);
    const notAwarded = await draft('mwangi', { supplier_id: suppliers.chui, template_id: templateId });
    expect(notAwarded.statusCode, notAwarded.body).toBe(400);
    expect(notAwarded.json()).toMatchObject({ code: 'rfq.contract_supplier' });
    const noTemplate = await draft('mwangi', { supplier_id: suppliers.acme, template_id: 999_999 });
    expect(noTemplate.statusCode, noTemplate.body).toBe(400);
    expect(noTemplate.json()).toMatchObject({ code: 'contract.template' });
    const backwards = await draft('mwangi', {
      supplier_id: suppliers.acme,
      template_id: templateId,
      start_date: '2027-01-01',
      end_date: '2026-12-31',
    });
    expect(backwards.statusCode, backwards.body).toBe(400);
    // The RFQ offers the action only to contract writers.
    expect((await setUp.act('mwangi', 'GET', `sourcing/rfqs/${rfqId}/`)).json().actions).toContain(
      'draft_contract',
    );
    expect((await setUp.act('otieno', 'GET', `sourcing/rfqs/${rfqId}/`)).json().actions).not.toContain(
      'draft_contract',
    );
  });

  it('fills the template from the award, links it to the award both ways, once per supplier', async () => {
    const created = await draft('mwangi', { supplier_id: suppliers.acme, template_id: templateId });
    expect(created.statusCode, created.body).toBe(201);
    const contract = created.json() as {
      id: number;
      number: string;
      status: string;
      title: string;
      supplier: { id: number };
      value_minor: number;
      currency: string;
      start_date: string;
      end_date: string;
      payment_terms: string;
      department: { id: number } | null;
      owner: { id: number };
      source: { type: string; id: number } | null;
      body_html: string;
      version_no: number;
    };
    expect(contract).toMatchObject({
      status: 'draft',
      title: 'Laptops and paper — Acme Office Supplies Ltd (RFQ-2026-00001)',
      supplier: { id: suppliers.acme },
      // Acme's share with tax: 40,533.93 + 6,485.43 (the award's draft order, exact to the cent).
      value_minor: 4_701_936,
      currency: 'KES',
      start_date: '2026-11-26',
      end_date: '2027-11-26',
      payment_terms: 'Payment within 30 days of a correct invoice.',
      department: { id: setUp.ictId },
      owner: { id: setUp.ids.mwangi },
      source: { type: 'rfq_award', id: rfqId },
      version_no: 1,
    });
    expect(contract.body_html).toContain('Between admin@umoja.example org and Acme Office Supplies Ltd');
    expect(contract.body_html).toContain('Acme Office Supplies Ltd');
    expect(contract.body_html).toContain('KES');
    expect(contract.body_html).toContain('47,019.36');
    expect(contract.body_html).toContain('<td>Laptop, 16 GB</td>');
    expect(contract.body_html).toContain('<td>Paper, A4 &lt;80 g&gt;</td>');
    expect(contract.body_html).toContain('<td>KES 9,487.65</td>');
    expect(contract.body_html).toContain('<td>KES 37,950.60</td>');
    expect(contract.body_html).not.toContain('{{');
    expect(contract.body_html).not.toContain('Baobab');

    const again = await draft('mwangi', { supplier_id: suppliers.acme, template_id: templateId });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ code: 'rfq.contract_exists', params: { number: contract.number } });

    // Baobab's contract, with the term chosen at drafting.
    const baobab = await draft('mwangi', {
      supplier_id: suppliers.baobab,
      template_id: templateId,
      start_date: '2026-12-01',
      end_date: '2026-12-20',
    });
    expect(baobab.statusCode, baobab.body).toBe(201);
    baobabContract = baobab.json() as { id: number; number: string };
    expect(baobab.json()).toMatchObject({
      supplier: { id: suppliers.baobab },
      value_minor: 5_528_082 + 884_493,
      start_date: '2026-12-01',
      end_date: '2026-12-20',
    });

    const rfq = (await setUp.act('otieno', 'GET', `sourcing/rfqs/${rfqId}/`)).json() as {
      contracts: Array<{ id: number; number: string; status: string; supplier_id: number }>;
    };
    expect(rfq.contracts).toEqual([
      { id: contract.id, number: contract.number, status: 'draft', supplier_id: suppliers.acme },
      {
        id: (baobab.json() as { id: number }).id,
        number: (baobab.json() as { number: string }).number,
        status: 'draft',
        supplier_id: suppliers.baobab,
      },
    ]);
    // The contract then goes the usual way: submitted for approval like any other.
    const submitted = await setUp.act('mwangi', 'POST', `contracts/${contract.id}/submit/`, {});
    expect(submitted.statusCode, submitted.body).toBe(200);
  });

  it('goes through approval and both signatures, and its 30-day expiry alert is mailed once by the operator’s run', async () => {
    const id = baobabContract.id;
    const ok = async (who: string, url: string, body: object = {}) => {
      const response = await setUp.act(who, 'POST', url, body);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { status: string; method?: string };
    };
    expect((await ok('mwangi', `contracts/${id}/submit/`)).status).toBe('in_approval');
    // The ICT department's budget owner approves (no workflow rule for contracts).
    expect((await ok('kamau', `contracts/${id}/approve/`)).status).toBe('approved');
    expect((await ok('mwangi', `contracts/${id}/send-for-signature/`)).status).toBe('signing');
    expect((await ok('mwangi', `contracts/${id}/signature-code/`)).method).toBe('email_code');
    await ok('mwangi', `contracts/${id}/sign/`, {
      code: codeIn((await mailsTo(ctx, 'mwangi@umoja.example'))[0]!.subject),
    });
    expect((await ok('baobab', `portal/contracts/${id}/signature-code/`)).method).toBe('email_code');
    const signed = await ok('baobab', `portal/contracts/${id}/sign/`, {
      code: codeIn((await mailsTo(ctx, 'sales@baobab.example'))[0]!.subject),
    });
    expect(signed.status).toBe('active');

    // Today's job on demand: platform staff only; the 30-day alert (the end is 2026-12-20) goes once.
    const operator = await createMember(ctx, {
      kind: 'platform',
      role: 'moderator',
      email: 'ops.desk@zabuni.example',
    });
    const run = async (token: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/contract-alerts/run/', headers: bearer(token) });
    expect((await run(setUp.tokens.mwangi!)).statusCode).toBe(403);
    const staff = await tokenFor(ctx, operator.email, operator.password);
    const first = await run(staff);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ sent: 1, expired: 0, renewed: 0 });
    const second = await run(staff);
    expect(second.json()).toMatchObject({ sent: 0 });
    const alerts = (await mailsTo(ctx, 'mwangi@umoja.example')).filter((m) =>
      m.subject.startsWith(`Contract ${baobabContract.number} ends in`),
    );
    expect(alerts.map((m) => m.subject)).toEqual([`Contract ${baobabContract.number} ends in 24 days`]);
  });
});
