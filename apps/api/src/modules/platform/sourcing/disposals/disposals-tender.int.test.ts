import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, manualClock, type TestContext } from '../../../../../test/harness.ts';
import { bearer, linkToken, mailsTo, tokenFor } from '../../../../../test/identity.ts';
import { multipart, sampleFiles } from '../../../../../test/multipart.ts';
import { procurementSetUp } from '../../../../../test/p2p.ts';

/**
 * Issue 21, sale of an asset by public tender (PPADA s.165(1)(b)) through the HTTP layer, on the RFQ's
 * sealing: listed with a closing time and an opening committee under the organisation's tendering
 * guard-rails; registered suppliers seal offers in the portal with receipts until closing; the buyer sees
 * hashes only; the committee's quorum opens them after closing with their passphrases; the highest offer at
 * or above the reserve wins; sold (invoiced) and disposed with the proceeds recorded.
 */

let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
const clock = manualClock(new Date('2026-11-26T06:00:00Z'));
const suppliers = { acme: 0, baobab: 0, chui: 0 };
type Json = Record<string, unknown>;
const COMMITTEE = ['kamau', 'akinyi', 'wanjiru'] as const;
const passphrase = (who: string) => `${who} opens the sealed offers`;
const at = (iso: string) => clock.advance(new Date(iso).getTime() - clock.now().getTime());

const act = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  setUp.act(who, method, url, payload);
async function ok(who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const response = await act(who, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json() as Json;
}

async function supplier(name: string, email: string) {
  const created = await setUp.created('otieno', 'p2p/suppliers/', {
    name,
    email,
    first_name: name.split(' ')[0],
    last_name: 'Bidder',
  });
  const token = linkToken((await mailsTo(ctx, email))[0]!.text, '/reset-password');
  await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/confirm/',
    payload: { token, password: 'Supplier-Pass-2026', password2: 'Supplier-Pass-2026' },
  });
  return { id: created.id, token: await tokenFor(ctx, email, 'Supplier-Pass-2026') };
}

const generator = {
  title: 'Caterpillar generator 250 kVA',
  description: 'Standby generator, 2009, 11,000 hours, replaced by mains supply.',
  condition: 'poor',
  grounds: 'surplus',
  location: 'Mombasa depot',
  book_value: '400000.00',
  reserve_price: '300000.00',
};

async function approvedForTender(title: string, reserve = '300000.00') {
  const id = (
    await setUp.created('otieno', 'sourcing/disposals/', { ...generator, title, reserve_price: reserve })
  ).id;
  await ok('otieno', 'POST', `sourcing/disposals/${id}/method/`, {
    method: 'public_tender',
    justification: 'Surplus plant; a public tender reaches the dealers (PPADA s.165(1)(b)).',
  });
  await ok('admin', 'POST', `sourcing/disposals/${id}/method/approve/`, {});
  return id;
}

const listing = (overrides: Json = {}) => ({
  closing_at: '2026-12-11T12:00:00+03:00',
  committee: COMMITTEE.map((who) => setUp.ids[who]),
  quorum: 3,
  ...overrides,
});

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  setUp = await procurementSetUp(ctx);
  suppliers.acme = setUp.supplierId;
  for (const [key, name, email] of [
    ['baobab', 'Baobab Traders', 'sales@baobab-traders.example'],
    ['chui', 'Chui Scrap', 'sales@chui-scrap.example'],
  ] as const) {
    const made = await supplier(name, email);
    suppliers[key] = made.id;
    setUp.tokens[key] = made.token;
  }
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('sale by public tender', () => {
  let id = 0;
  let code = '';

  it('is listed only under the guard-rails: 14 days of offers, a committee of three with opening keys', async () => {
    id = await approvedForTender(generator.title);
    const photo = multipart({}, [{ field: 'file', name: 'generator.png', bytes: sampleFiles.png() }]);
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/sourcing/disposals/${id}/photos/`,
      headers: { ...bearer(setUp.tokens.otieno!), ...photo.headers },
      payload: photo.payload,
    });
    expect(added.statusCode, added.body).toBe(200);

    const noDetails = await act('otieno', 'POST', `sourcing/disposals/${id}/listing/`, {});
    expect(noDetails.statusCode, noDetails.body).toBe(400);
    const short = await act('otieno', 'POST', `sourcing/disposals/${id}/listing/`, {
      ...listing(),
      closing_at: '2026-12-01T12:00:00+03:00',
    });
    expect(short.statusCode, short.body).toBe(400);
    expect(short.json()).toMatchObject({ closing_at: [expect.stringContaining('14 days')] });
    const small = await act(
      'otieno',
      'POST',
      `sourcing/disposals/${id}/listing/`,
      listing({ committee: [setUp.ids.kamau, setUp.ids.akinyi], quorum: 2 }),
    );
    expect(small.statusCode, small.body).toBe(400);
    expect(small.json()).toMatchObject({ committee: [expect.stringContaining('at least 3')] });
    // Nobody has an opening passphrase yet: the key could not be split among them.
    const keyless = await act('otieno', 'POST', `sourcing/disposals/${id}/listing/`, listing());
    expect(keyless.statusCode, keyless.body).toBe(400);
    expect(keyless.json()).toHaveProperty('committee');
    const outsider = await act(
      'otieno',
      'POST',
      `sourcing/disposals/${id}/listing/`,
      listing({ committee: [setUp.ids.kamau, setUp.ids.akinyi, setUp.ids.outsider] }),
    );
    expect(outsider.statusCode).toBe(400);

    for (const who of COMMITTEE)
      await ok(who, 'PUT', 'sourcing/opening-key/', { passphrase: passphrase(who) });
    const listed = await ok('otieno', 'POST', `sourcing/disposals/${id}/listing/`, listing());
    expect(listed).toMatchObject({
      status: 'listed',
      method: 'public_tender',
      tender: {
        closing_at: '2026-12-11T09:00:00.000Z',
        quorum: 3,
        offers_received: 0,
        opened_at: null,
        offers: [],
      },
    });
    code = listed.public_code as string;
  });

  it('is on the public list, paginated, with its closing time and photo, without the book value', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/asset-sales/?page_size=10' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      count: 1,
      results: [
        {
          code,
          method: 'public_tender',
          reserve_price: '300000.00',
          closing_at: '2026-12-11T09:00:00.000Z',
          photos: 1,
        },
      ],
    });
    expect(list.body).not.toContain('400000');
    const photo = await ctx.app.inject({ method: 'GET', url: `/api/v1/asset-sales/${code}/photos/0/` });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    const missing = await ctx.app.inject({ method: 'GET', url: `/api/v1/asset-sales/${code}/photos/1/` });
    expect(missing.statusCode).toBe(404);
  });

  it('takes sealed offers with receipts until closing; the buyer sees hashes only', async () => {
    const acme = await ok('acme', 'POST', `portal/asset-sales/${id}/offer/`, { amount: '310000.00' });
    expect(acme).toMatchObject({ receipt_code: expect.stringMatching(/^DO-/), version: 1 });
    expect(acme.sha256).toMatch(/^[0-9a-f]{64}$/);
    const replaced = await ok('acme', 'POST', `portal/asset-sales/${id}/offer/`, { amount: '355000.00' });
    expect(replaced).toMatchObject({ version: 2 });
    expect(replaced.sha256).not.toBe(acme.sha256);
    await ok('baobab', 'POST', `portal/asset-sales/${id}/offer/`, { amount: '420000.50' });
    await ok('chui', 'POST', `portal/asset-sales/${id}/offer/`, { amount: '250000.00' }); // under the reserve
    const zero = await act('chui', 'POST', `portal/asset-sales/${id}/offer/`, { amount: '0' });
    expect(zero.statusCode).toBe(400);
    // A buyer's staff cannot bid; the amounts are sealed in the database.
    expect((await act('otieno', 'POST', `portal/asset-sales/${id}/offer/`, { amount: '1' })).statusCode).toBe(
      403,
    );
    const stored = await ctx.database.db.execute<{ envelope: string; amount_minor: string | null }>(
      sql`SELECT envelope, amount_minor FROM disposal_offers`,
    );
    expect(stored.rows).toHaveLength(3);
    for (const row of stored.rows) {
      expect(row.amount_minor).toBeNull();
      expect(row.envelope).not.toMatch(/420000|35500000|42000050/);
    }
    const buyer = await ok('otieno', 'GET', `sourcing/disposals/${id}/`);
    expect(buyer.tender).toMatchObject({ offers_received: 3, offers: [] });
    expect(JSON.stringify(buyer)).not.toContain('Baobab');
    const mine = await ok('acme', 'GET', `portal/asset-sales/${id}/`);
    expect(mine).toMatchObject({ my_offer: { sha256: replaced.sha256, version: 2 }, won: false });
    const listed = await ok('baobab', 'GET', 'portal/asset-sales/');
    expect(listed).toMatchObject({ count: 1, results: [{ id, my_offer: { version: 1 } }] });

    const early = await act('kamau', 'POST', `sourcing/disposals/${id}/opening/`, {
      passphrase: passphrase('kamau'),
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'disposal.not_closed' });

    at('2026-12-11T09:00:00Z');
    const late = await act('baobab', 'POST', `portal/asset-sales/${id}/offer/`, { amount: '999999.00' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'disposal.closed' });
  });

  it('is opened after closing by the quorum only, then the highest offer at or above the reserve wins', async () => {
    const notMember = await act('otieno', 'POST', `sourcing/disposals/${id}/opening/`, { passphrase: 'x' });
    expect(notMember.statusCode).toBe(403);
    const wrong = await act('kamau', 'POST', `sourcing/disposals/${id}/opening/`, {
      passphrase: 'not the passphrase',
    });
    expect(wrong.statusCode).toBe(400);
    const tooSoon = await act('otieno', 'POST', `sourcing/disposals/${id}/award/`);
    expect(tooSoon.json()).toMatchObject({ code: 'disposal.not_opened' });
    for (const who of ['kamau', 'akinyi'] as const) {
      const confirmed = await ok(who, 'POST', `sourcing/disposals/${id}/opening/`, {
        passphrase: passphrase(who),
      });
      expect((confirmed.tender as Json).opened_at).toBeNull();
    }
    const again = await act('kamau', 'POST', `sourcing/disposals/${id}/opening/`, {
      passphrase: passphrase('kamau'),
    });
    expect(again.json()).toMatchObject({ code: 'disposal.already_confirmed' });
    const opened = await ok('wanjiru', 'POST', `sourcing/disposals/${id}/opening/`, {
      passphrase: passphrase('wanjiru'),
    });
    expect(opened.tender).toMatchObject({
      opened_at: '2026-12-11T09:00:00.000Z',
      offers: [
        { supplier: { name: 'Baobab Traders' }, amount: '420000.50', rank: 1, below_reserve: false },
        { supplier: { id: suppliers.acme }, amount: '355000.00', rank: 2, below_reserve: false },
        { supplier: { name: 'Chui Scrap' }, amount: '250000.00', rank: 3, below_reserve: true },
      ],
    });
    const held = await ctx.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM disposal_committee WHERE held IS NOT NULL`,
    );
    expect(held.rows[0]!.n).toBe(0);

    const early = await act('otieno', 'POST', `sourcing/disposals/${id}/sale/`, {
      settlement: 'invoiced',
      reference: 'INV-1',
    });
    expect(early.json()).toMatchObject({ code: 'disposal.not_sold' });
    // Proposed by procurement, the award waits for an approver other than its proposer (no workflow rule).
    const proposed = await ok('otieno', 'POST', `sourcing/disposals/${id}/award/`);
    expect(proposed).toMatchObject({ status: 'listed', buyer: null, tender: { award_pending: true } });
    expect((await act('otieno', 'POST', `sourcing/disposals/${id}/award/approve/`, {})).statusCode).toBe(403);
    const awarded = await ok('admin', 'POST', `sourcing/disposals/${id}/award/approve/`, {});
    expect(awarded).toMatchObject({
      status: 'listed',
      buyer: { id: suppliers.baobab, name: 'Baobab Traders' },
      sale_amount: '420000.50',
    });
    expect((await ok('baobab', 'GET', `portal/asset-sales/${id}/`)).won).toBe(true);
    expect((await ok('acme', 'GET', `portal/asset-sales/${id}/`)).won).toBe(false);
    const sold = await ok('otieno', 'POST', `sourcing/disposals/${id}/sale/`, {
      settlement: 'invoiced',
      reference: 'INV-2026-0107',
    });
    expect(sold).toMatchObject({ status: 'sold', sale_amount: '420000.50', settlement: 'invoiced' });
    const disposed = await ok('otieno', 'POST', `sourcing/disposals/${id}/dispose/`);
    expect(disposed).toMatchObject({ status: 'disposed', proceeds: '420000.50' });
  });

  it('awards nothing when no offer reaches the reserve', async () => {
    at('2026-12-12T06:00:00Z');
    const other = await approvedForTender('Office furniture lot', '900000.00');
    await ok('otieno', 'POST', `sourcing/disposals/${other}/listing/`, {
      ...listing(),
      closing_at: '2026-12-30T12:00:00+03:00',
    });
    await ok('acme', 'POST', `portal/asset-sales/${other}/offer/`, { amount: '100000.00' });
    at('2026-12-30T09:00:00Z');
    for (const who of COMMITTEE)
      await ok(who, 'POST', `sourcing/disposals/${other}/opening/`, { passphrase: passphrase(who) });
    const none = await act('otieno', 'POST', `sourcing/disposals/${other}/award/`);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'disposal.no_offer_at_reserve' });
    // A tender that sold nothing is withdrawn, and leaves the public list.
    const withdrawn = await ok('otieno', 'POST', `sourcing/disposals/${other}/withdraw/`);
    expect(withdrawn).toMatchObject({ status: 'withdrawn' });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/v1/asset-sales/' });
    expect(list.json()).toMatchObject({ count: 0, results: [] });
    const late = await act('acme', 'POST', `portal/asset-sales/${other}/offer/`, { amount: '950000.00' });
    expect(late.statusCode).toBe(404);
  });

  it('is invisible to another organisation', async () => {
    expect((await act('outsider', 'GET', `sourcing/disposals/${id}/`)).statusCode).toBe(404);
    expect((await act('outsider', 'POST', `sourcing/disposals/${id}/award/`)).statusCode).toBe(404);
  });
});
