import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, manualClock, type TestContext } from '../../../../../test/harness.ts';
import { bearer, createMember, linkToken, mailsTo, tokenFor } from '../../../../../test/identity.ts';
import { procurementSetUp } from '../../../../../test/p2p.ts';
import { OCDS_RELEASE_SCHEMA } from '../../../shared/ocds/index.ts';

/**
 * Issue 21, tender management through HTTP: thresholds and justification, the bid period, a committee of at
 * least three, two sealed envelopes that nobody can read before the openings (whatever their role), the
 * technical opening by the quorum only, independent evaluation, financial envelopes opened only for the bids
 * that passed, the award with every bidder told at the same moment with reasons, the standstill refused by
 * the contract module, OCDS releases valid against the release schema, and tenancy.
 */

// Texts and prices nothing else uses: finding them anywhere before their opening is a leak.
const SECRET_PRICE = { acme: '4812345.67', baobab: '4798765.43', chui: '3999999.99' };
const SECRET_TEXT = 'Zebra-Quokka methodology statement';

let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
const clock = manualClock(new Date('2026-11-26T06:00:00Z'));
const suppliers = { acme: 0, baobab: 0, chui: 0 };
let tenderId = 0;
type Json = Record<string, unknown>;

const act = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  setUp.act(who, method, url, payload);
async function ok(who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, status = 200) {
  const response = await act(who, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json() as Json;
}

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

const tenderBody = (overrides: Json = {}) => ({
  title: 'Refurbishment of the Kisumu branch',
  description: 'Civil works, partitions and wiring of the Kisumu branch.',
  method: 'open_tender',
  category: 'works',
  currency: 'KES',
  estimate: '5000000.00',
  bid_security: '100000.00',
  pass_mark: 70,
  closing_at: '2026-12-11T12:00:00+03:00',
  committee: [setUp.ids.kamau, setUp.ids.akinyi, setUp.ids.wanjiru],
  quorum: 3,
  ...overrides,
});

const COMMITTEE = ['kamau', 'akinyi', 'wanjiru'] as const;
const passphrase = (who: string) => `${who} opens the tenders`;

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  setUp = await procurementSetUp(ctx);
  suppliers.acme = setUp.supplierId;
  for (const [key, name, email] of [
    ['baobab', 'Baobab Builders', 'sales@baobab.example'],
    ['chui', 'Chui Contractors', 'sales@chui.example'],
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
  const manager = await createMember(ctx, {
    kind: 'buyer',
    role: 'contract_manager',
    email: 'mwangi@umoja.example',
    organisationId: setUp.organisationId,
  });
  setUp.tokens.mwangi = await tokenFor(ctx, manager.email, manager.password);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('methods, thresholds and periods', () => {
  it.each([
    [
      'an RFQ above KES 5 m of works without a justification',
      { method: 'request_for_quotations', estimate: '5000000.01' },
    ],
    ['direct procurement without a justification', { method: 'direct_procurement', estimate: '10000.00' }],
    [
      'a restricted tender of services above KES 20 m',
      { method: 'restricted_tender', category: 'services', estimate: '20000000.01' },
    ],
  ])('refuses %s', async (_name, overrides) => {
    const refused = await act('otieno', 'POST', 'sourcing/tenders/', tenderBody(overrides));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'tendering.justification' });
  });

  it('accepts the same with a recorded justification, and within the ceiling without one', async () => {
    const justified = await ok(
      'otieno',
      'POST',
      'sourcing/tenders/',
      tenderBody({
        method: 'direct_procurement',
        estimate: '10000.00',
        bid_security: '0',
        justification: 'Only the manufacturer services this vault door (s.103 PPADA).',
      }),
      201,
    );
    expect(justified).toMatchObject({ justification_required: true, status: 'draft' });
    expect(justified.number).toMatch(/^TND-2026-\d{5}$/);
    const within = await ok(
      'otieno',
      'POST',
      'sourcing/tenders/',
      tenderBody({ method: 'request_for_quotations', estimate: '5000000.00' }),
      201,
    );
    expect(within.justification_required).toBe(false);
  });

  it('a private buyer that switches the guard-rails off needs no justification; a public body cannot', async () => {
    const settings = await ok('admin', 'GET', 'sourcing/tenders/settings/');
    expect(settings).toMatchObject({ publicBody: true, guardRails: true, minimumCommittee: 3 });
    await ok('admin', 'PUT', 'sourcing/tenders/settings/', { ...settings, guardRails: false });
    // Still a public body: the guard-rails stay on.
    expect(
      (await act('otieno', 'POST', 'sourcing/tenders/', tenderBody({ method: 'direct_procurement' })))
        .statusCode,
    ).toBe(400);
    await ok('admin', 'PUT', 'sourcing/tenders/settings/', {
      ...settings,
      publicBody: false,
      guardRails: false,
    });
    await ok('otieno', 'POST', 'sourcing/tenders/', tenderBody({ method: 'direct_procurement' }), 201);
    await ok('admin', 'PUT', 'sourcing/tenders/settings/', settings);
    // Only the administrator changes them.
    expect((await act('otieno', 'PUT', 'sourcing/tenders/settings/', settings)).statusCode).toBe(403);
  });

  it('refuses a bid period under 14 days, a bid security over 2 %, and a committee under three', async () => {
    const short = await act(
      'otieno',
      'POST',
      'sourcing/tenders/',
      tenderBody({ closing_at: '2026-12-09T12:00:00+03:00' }),
    );
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'tendering.bid_period' });
    const security = await act(
      'otieno',
      'POST',
      'sourcing/tenders/',
      tenderBody({ bid_security: '100000.01' }),
    );
    expect(security.json()).toMatchObject({ code: 'tendering.bid_security' });
    const two = await act(
      'otieno',
      'POST',
      'sourcing/tenders/',
      tenderBody({ committee: [setUp.ids.kamau, setUp.ids.akinyi], quorum: 2 }),
    );
    expect(two.statusCode).toBe(400);
    const twoOfThree = await act('otieno', 'POST', 'sourcing/tenders/', tenderBody({ quorum: 2 }));
    expect(twoOfThree.statusCode).toBe(400);
    // A requester cannot raise a tender.
    expect((await act('wanjiru', 'POST', 'sourcing/tenders/', tenderBody())).statusCode).toBe(403);
  });
});

describe('an open tender from notice to award', () => {
  it('publishes only once every committee member has an opening passphrase, on the public bulletin', async () => {
    tenderId = (await ok('otieno', 'POST', 'sourcing/tenders/', tenderBody(), 201)).id as number;
    const keyless = await act('otieno', 'POST', `sourcing/tenders/${tenderId}/publish/`);
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json()).toMatchObject({ code: 'tendering.committee_without_key' });
    // The same personal opening key as for RFQs.
    for (const who of COMMITTEE)
      await ok(who, 'PUT', 'sourcing/opening-key/', { passphrase: passphrase(who) });
    const published = await ok('otieno', 'POST', `sourcing/tenders/${tenderId}/publish/`);
    expect(published.status).toBe('published');
    const bulletin = await ctx.database.db.execute(
      sql`SELECT title, job_type FROM sourcing_events WHERE buyer_id = ${setUp.organisationId}`,
    );
    expect(bulletin.rows).toContainEqual(
      expect.objectContaining({ job_type: 'Tender', title: expect.stringContaining('Kisumu branch') }),
    );
    const notice = await act('otieno', 'GET', `sourcing/tenders/${tenderId}/notice/`);
    expect(notice.statusCode).toBe(200);
    expect(notice.headers['content-type']).toContain('text/html');
    expect(notice.body).toContain('Refurbishment of the Kisumu branch');
  });

  it('answers a clarification to all without naming the asker; an addendum extends the closing', async () => {
    await ok('baobab', 'POST', `portal/tenders/${tenderId}/clarifications/`, {
      question: 'Is night work allowed?',
    });
    const view = await ok('otieno', 'GET', `sourcing/tenders/${tenderId}/`);
    const question = (view.clarifications as Json[])[0]!;
    await ok('otieno', 'POST', `sourcing/tenders/${tenderId}/clarifications/${question.id}/answer/`, {
      answer: 'Yes, between 19:00 and 06:00.',
    });
    const seen = await ok('chui', 'GET', `portal/tenders/${tenderId}/`);
    expect(seen.clarifications).toEqual([
      expect.objectContaining({
        question: 'Is night work allowed?',
        answer: 'Yes, between 19:00 and 06:00.',
      }),
    ]);
    expect(JSON.stringify(seen)).not.toContain('Baobab');
    clock.advance(12 * 86_400_000); // 8 Dec: under 7 days before the 11 Dec closing
    const amended = await ok('otieno', 'POST', `sourcing/tenders/${tenderId}/addenda/`, {
      note: 'Drawing B2 replaced.',
    });
    expect(new Date(amended.closing_at as string).getTime()).toBe(clock.now().getTime() + 7 * 86_400_000);
  });

  it('seals both envelopes with a receipt; the bid security is required', async () => {
    const noSecurity = await act('acme', 'PUT', `portal/tenders/${tenderId}/bid/`, {
      technical_summary: SECRET_TEXT,
      price: SECRET_PRICE.acme,
    });
    expect(noSecurity.statusCode).toBe(400);
    expect(noSecurity.json()).toMatchObject({ code: 'tendering.security_missing' });
    for (const [who, price] of Object.entries(SECRET_PRICE)) {
      const receipt = await ok(who, 'PUT', `portal/tenders/${tenderId}/bid/`, {
        technical_summary: `${SECRET_TEXT} by ${who}`,
        price,
        security: { kind: 'bank guarantee', issuer: 'KCB', reference: `BG-${who}`, amount: '100000.00' },
        agpo_certificate: who === 'chui' ? 'AGPO-2026-0042' : null,
      });
      expect(receipt.technical_sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(receipt.financial_sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(receipt.code).toMatch(/^TB-/);
    }
  });

  it('no bid content is readable before its opening, by any role, nor in the database', async () => {
    const reads: string[] = [];
    for (const who of ['admin', 'otieno', 'kamau', 'akinyi', 'wanjiru', 'auditor'])
      for (const url of [
        'sourcing/tenders/',
        `sourcing/tenders/${tenderId}/`,
        `sourcing/tenders/${tenderId}/openings/technical/register/`,
        `sourcing/tenders/${tenderId}/openings/financial/register/`,
        'audit/',
        'notifications/',
      ])
        reads.push((await act(who, 'GET', url)).body);
    for (const who of ['baobab', 'chui'])
      reads.push((await act(who, 'GET', `portal/tenders/${tenderId}/`)).body);
    reads.push(JSON.stringify((await ctx.database.db.execute(sql`SELECT * FROM tendering_bids`)).rows));
    reads.push(JSON.stringify((await ctx.database.db.execute(sql`SELECT * FROM audit_log`)).rows));
    const all = reads.join('\n');
    expect(all).not.toContain(SECRET_TEXT);
    for (const price of Object.values(SECRET_PRICE)) {
      expect(all).not.toContain(price);
      expect(all).not.toContain(price.replace('.', ''));
    }
  });

  it('refuses a bid after closing and an opening before; two of three cannot open', async () => {
    const early = await act('kamau', 'POST', `sourcing/tenders/${tenderId}/openings/technical/`, {
      passphrase: passphrase('kamau'),
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'tendering.not_closed' });
    clock.advance(8 * 86_400_000);
    const late = await act('acme', 'PUT', `portal/tenders/${tenderId}/bid/`, {
      technical_summary: 'late',
      price: '1.00',
      security: { kind: 'bank guarantee', issuer: 'KCB', reference: 'x', amount: '100000.00' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'tendering.closed' });
    const wrong = await act('kamau', 'POST', `sourcing/tenders/${tenderId}/openings/technical/`, {
      passphrase: 'not the passphrase',
    });
    expect(wrong.statusCode).toBe(400);
    // Someone outside the committee cannot take part.
    expect(
      (await act('otieno', 'POST', `sourcing/tenders/${tenderId}/openings/technical/`, { passphrase: 'x' }))
        .statusCode,
    ).toBe(403);
    for (const who of ['kamau', 'akinyi'] as const)
      await ok(who, 'POST', `sourcing/tenders/${tenderId}/openings/technical/`, {
        passphrase: passphrase(who),
      });
    const twoOfThree = await ok('otieno', 'GET', `sourcing/tenders/${tenderId}/`);
    expect(twoOfThree.status).toBe('closed');
    expect(JSON.stringify(twoOfThree)).not.toContain(SECRET_TEXT);
    const opened = await ok('wanjiru', 'POST', `sourcing/tenders/${tenderId}/openings/technical/`, {
      passphrase: passphrase('wanjiru'),
    });
    expect(opened.status).toBe('technical_opened');
    // The released shares are forgotten once the envelopes are open.
    const held = await ctx.database.db.execute(
      sql`SELECT count(*)::int AS n FROM tendering_committee_members WHERE technical_held IS NOT NULL`,
    );
    expect(held.rows[0]).toEqual({ n: 0 });
    expect(JSON.stringify(opened)).toContain(SECRET_TEXT);
    // Technical only: every price still sealed.
    for (const price of Object.values(SECRET_PRICE)) expect(JSON.stringify(opened)).not.toContain(price);
    const register = await ok('otieno', 'GET', `sourcing/tenders/${tenderId}/openings/technical/register/`);
    expect((register.bids as Json[]).length).toBe(3);
    expect((register.committee as Json[]).every((m) => m.confirmed_at !== null)).toBe(true);
    // A bidder may ask for the register.
    expect((await ok('chui', 'GET', `portal/tenders/${tenderId}/opening-register/`)).stage).toBe('technical');
  });

  it('evaluators are independent until submitted; the financial envelope opens only for passing bids', async () => {
    const view = await ok('otieno', 'GET', `sourcing/tenders/${tenderId}/`);
    const bidOf = (who: keyof typeof suppliers) =>
      (view.bid_list as Array<{ id: number; supplier: { id: number } }>).find(
        (b) => b.supplier.id === suppliers[who],
      )!.id;
    // acme and chui pass; baobab scores 50 < 70.
    const scores = (score: Record<string, number>) => ({
      scores: (['acme', 'baobab', 'chui'] as const).map((who) => ({
        bid_id: bidOf(who),
        preliminary_pass: true,
        technical_score: score[who],
      })),
    });
    await ok(
      'kamau',
      'PUT',
      `sourcing/tenders/${tenderId}/evaluation/`,
      scores({ acme: 80, baobab: 50, chui: 75 }),
    );
    const mine = await ok('kamau', 'GET', `sourcing/tenders/${tenderId}/evaluation/`);
    expect(mine.others).toBeNull();
    await ok('kamau', 'POST', `sourcing/tenders/${tenderId}/evaluation/submit/`);
    // Akinyi, not yet submitted, does not see Kamau's scores.
    expect((await ok('akinyi', 'GET', `sourcing/tenders/${tenderId}/evaluation/`)).others).toBeNull();
    // Kamau, submitted, sees the others (who have nothing submitted yet), and can no longer change his.
    expect((await ok('kamau', 'GET', `sourcing/tenders/${tenderId}/evaluation/`)).others).toHaveLength(2);
    expect(
      (
        await act(
          'kamau',
          'PUT',
          `sourcing/tenders/${tenderId}/evaluation/`,
          scores({ acme: 1, baobab: 1, chui: 1 }),
        )
      ).statusCode,
    ).toBe(409);
    // The financial opening waits for the technical evaluation.
    expect(
      (
        await act('kamau', 'POST', `sourcing/tenders/${tenderId}/openings/financial/`, {
          passphrase: passphrase('kamau'),
        })
      ).statusCode,
    ).toBe(409);
    await ok(
      'akinyi',
      'PUT',
      `sourcing/tenders/${tenderId}/evaluation/`,
      scores({ acme: 78, baobab: 60, chui: 72 }),
    );
    await ok('akinyi', 'POST', `sourcing/tenders/${tenderId}/evaluation/submit/`);
    await ok(
      'wanjiru',
      'PUT',
      `sourcing/tenders/${tenderId}/evaluation/`,
      scores({ acme: 82, baobab: 40, chui: 70 }),
    );
    const evaluated = await ok('wanjiru', 'POST', `sourcing/tenders/${tenderId}/evaluation/submit/`);
    expect(evaluated.status).toBe('technical_evaluated');
    expect(evaluated.evaluation_late).toBe(false);
    for (const who of COMMITTEE)
      await ok(who, 'POST', `sourcing/tenders/${tenderId}/openings/financial/`, {
        passphrase: passphrase(who),
      });
    const financial = await ok('otieno', 'GET', `sourcing/tenders/${tenderId}/`);
    expect(financial.status).toBe('financial_opened');
    const bids = financial.bid_list as Array<{
      supplier: { id: number };
      price: string | null;
      technical_pass: boolean;
      financial_rank: number | null;
      reason: string | null;
    }>;
    const of = (who: keyof typeof suppliers) => bids.find((b) => b.supplier.id === suppliers[who])!;
    expect(of('baobab')).toMatchObject({
      technical_pass: false,
      price: null,
      reason: 'technical_below_pass_mark',
    });
    expect(JSON.stringify(financial)).not.toContain(SECRET_PRICE.baobab);
    expect(of('chui')).toMatchObject({ technical_pass: true, price: '3999999.99', financial_rank: 1 });
    expect(of('acme')).toMatchObject({ technical_pass: true, financial_rank: 2, reason: 'higher_price' });
  });

  it('awards after the report and opinion; every bidder told at once with reasons; standstill of 14 days', async () => {
    const view = await ok('otieno', 'GET', `sourcing/tenders/${tenderId}/`);
    const chuiBid = (view.bid_list as Array<{ id: number; supplier: { id: number } }>).find(
      (b) => b.supplier.id === suppliers.chui,
    )!.id;
    const baobabBid = (view.bid_list as Array<{ id: number; supplier: { id: number } }>).find(
      (b) => b.supplier.id === suppliers.baobab,
    )!.id;
    const noReport = await act('otieno', 'POST', `sourcing/tenders/${tenderId}/award/`, { bid_id: chuiBid });
    expect(noReport.json()).toMatchObject({ code: 'tendering.award_report' });
    await ok('otieno', 'PUT', `sourcing/tenders/${tenderId}/report/`, {
      evaluation_report: 'Two bids passed; Chui is the lowest evaluated.',
      professional_opinion: 'The award to Chui complies with the Act and is within the budget.',
    });
    const failing = await act('otieno', 'POST', `sourcing/tenders/${tenderId}/award/`, { bid_id: baobabBid });
    expect(failing.json()).toMatchObject({ code: 'tendering.award_bid' });
    const awarded = await ok('otieno', 'POST', `sourcing/tenders/${tenderId}/award/`, { bid_id: chuiBid });
    expect(awarded.status).toBe('awarded');
    expect(
      new Date(awarded.standstill_until as string).getTime() -
        new Date(awarded.notified_at as string).getTime(),
    ).toBe(14 * 86_400_000);
    const won = await mailsTo(ctx, 'sales@chui.example');
    expect(won.some((m) => m.subject.includes('successful bidder'))).toBe(true);
    for (const email of ['sales@acme.example', 'sales@baobab.example']) {
      const lost = (await mailsTo(ctx, email)).find((m) => m.subject.startsWith('Outcome of tender'));
      expect(lost, email).toBeDefined();
      expect(lost!.text).toContain('Reason:');
    }
    const outcome = await ok('baobab', 'GET', `portal/tenders/${tenderId}/`);
    expect(outcome.outcome).toMatchObject({
      successful: false,
      reason: expect.stringContaining('pass mark'),
    });
    const agpo = await ok('otieno', 'GET', 'sourcing/tenders/agpo/');
    expect(agpo).toMatchObject({ awards: 1, share_percent: '100.00', met: true });
  });
});

describe('the standstill in the contract module', () => {
  it('refuses a contract signature during the standstill, allows it after', async () => {
    const template = await ok(
      'mwangi',
      'POST',
      'contracts/templates/',
      { name: 'Works', language: 'en', body_html: '<p>{{contract_title}} with {{supplier_name}}</p>' },
      201,
    );
    const contract = await ok(
      'mwangi',
      'POST',
      'contracts/',
      {
        title: 'Kisumu branch works',
        supplier_id: suppliers.chui,
        template_id: template.id,
        clause_ids: [],
        value_minor: 399_999_999,
        currency: 'KES',
        start_date: '2027-01-01',
        end_date: '2027-06-30',
        renewal: 'none',
        payment_terms: '30 days',
        department_id: setUp.ictId,
      },
      201,
    );
    const id = contract.id as number;
    await ok('mwangi', 'POST', `contracts/${id}/submit/`, {});
    await ok('kamau', 'POST', `contracts/${id}/approve/`, {});
    await ok('mwangi', 'POST', `contracts/${id}/send-for-signature/`, {});
    const linked = await ok('otieno', 'POST', `sourcing/tenders/${tenderId}/contract/`, { contract_id: id });
    expect(linked.contract_id).toBe(id);
    const refused = await act('mwangi', 'POST', `contracts/${id}/signature-code/`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'contract.standstill' });
    clock.advance(15 * 86_400_000);
    expect((await act('mwangi', 'POST', `contracts/${id}/signature-code/`, {})).statusCode).toBe(200);
  });
});

describe('OCDS', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile(OCDS_RELEASE_SCHEMA);

  it('publishes tender, award and contract releases valid against the OCDS 1.1 release schema', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/v1/ocds/releases/?page_size=50' });
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json() as { version: string; releases: Array<Json & { tag: string[]; ocid: string }> };
    expect(body.version).toBe('1.1');
    const ocid = `ocds-zabuni-tender-${tenderId}`;
    const ours = body.releases.filter((r) => r.ocid === ocid);
    expect(ours.map((r) => r.tag[0])).toEqual(['tender', 'tenderAmendment', 'award', 'contract']);
    for (const release of body.releases) {
      const valid = validate(release);
      expect(validate.errors ?? [], JSON.stringify(release)).toEqual([]);
      expect(valid).toBe(true);
    }
    const award = ours.find((r) => r.tag[0] === 'award') as unknown as Json & {
      awards: Json[];
      parties: Json[];
    };
    expect(award.awards[0]).toMatchObject({
      status: 'active',
      value: { amount: 3999999.99, currency: 'KES' },
    });
    expect(award.parties).toContainEqual(
      expect.objectContaining({ name: 'Chui Contractors', roles: ['tenderer', 'supplier'] }),
    );
    // A release that breaks the schema is caught (the test can fail).
    expect(validate({ ...ours[0], tag: ['signed'] })).toBe(false);
    expect(validate({ ...ours[0], initiationType: undefined })).toBe(false);
    const record = await ctx.app.inject({ method: 'GET', url: `/api/v1/ocds/records/${ocid}/` });
    expect(record.statusCode).toBe(200);
    const compiled = (record.json() as { records: Array<{ compiledRelease: Json }> }).records[0]!
      .compiledRelease;
    expect(compiled.tag).toEqual(['compiled']);
    expect(validate(compiled)).toBe(true);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/ocds/records/ocds-zabuni-tender-999999/' }))
        .statusCode,
    ).toBe(404);
    // Drafts are never published.
    expect(body.releases.every((r) => (r.tender as Json).status !== 'planning')).toBe(true);
  });
});

describe('tenancy', () => {
  it('limits opening-passphrase tries as an RFQ does: the sixth in 15 minutes is refused before any crypto', async () => {
    // Another organisation's staff member: counted like anyone, and kept off this tender's committee.
    const codes: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      codes.push(
        (
          await act('outsider', 'POST', `sourcing/tenders/${tenderId}/openings/technical/`, {
            passphrase: 'guess',
          })
        ).statusCode,
      );
    }
    expect(codes.slice(0, 5).every((code) => code !== 429)).toBe(true);
    expect(codes[5]).toBe(429);
    const refused = await act('outsider', 'POST', `sourcing/tenders/${tenderId}/openings/technical/`, {
      passphrase: 'guess',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('system.rate_limited');
  });

  it('another organisation sees none of these tenders', async () => {
    const list = await ok('outsider', 'GET', 'sourcing/tenders/');
    expect(list.count).toBe(0);
    expect((await act('outsider', 'GET', `sourcing/tenders/${tenderId}/`)).statusCode).toBe(404);
    expect(
      (await act('outsider', 'PUT', `sourcing/tenders/${tenderId}/report/`, { evaluation_report: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await act('outsider', 'GET', `sourcing/tenders/${tenderId}/openings/technical/register/`)).statusCode,
    ).toBe(404);
  });
});
