import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, manualClock, type TestContext } from '../../../../../test/harness.ts';
import { bearer, linkToken, mailsTo, tokenFor } from '../../../../../test/identity.ts';
import { procurementSetUp } from '../../../../../test/p2p.ts';

/**
 * Issue 21: a restricted tender (PPADA s.102) names its invited suppliers from the buyer's supplier list;
 * only they see it in the portal and may ask, register interest or bid; its notice is not on the public
 * bulletin. Before, any supplier saw and could bid on every published tender.
 */

let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
const clock = manualClock(new Date('2026-11-26T06:00:00Z'));
type Json = Record<string, unknown>;
const COMMITTEE = ['kamau', 'akinyi', 'wanjiru'] as const;
let baobabId = 0;
let tenderId = 0;

const act = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  setUp.act(who, method, url, payload);
async function ok(who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, status = 200) {
  const response = await act(who, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json() as Json;
}

const tenderBody = (overrides: Json = {}) => ({
  title: 'Cash-in-transit services for the Kisumu branches',
  description: 'Twice-daily cash collection between the branches and the central bank.',
  method: 'restricted_tender',
  category: 'services',
  currency: 'KES',
  estimate: '6000000.00',
  bid_security: '0',
  pass_mark: 70,
  closing_at: '2026-12-18T12:00:00+03:00',
  committee: [setUp.ids.kamau, setUp.ids.akinyi, setUp.ids.wanjiru],
  quorum: 3,
  invited_suppliers: [setUp.supplierId],
  ...overrides,
});

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  setUp = await procurementSetUp(ctx);
  baobabId = (
    await setUp.created('otieno', 'p2p/suppliers/', {
      name: 'Baobab Security',
      email: 'sales@baobab.example',
      first_name: 'Neema',
      last_name: 'Supplier',
    })
  ).id as number;
  const token = linkToken((await mailsTo(ctx, 'sales@baobab.example'))[0]!.text, '/reset-password');
  await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/confirm/',
    payload: { token, password: 'Supplier-Pass-2026', password2: 'Supplier-Pass-2026' },
  });
  const signedIn = await tokenFor(ctx, 'sales@baobab.example', 'Supplier-Pass-2026');
  const switched = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/switch-buyer/',
    headers: bearer(signedIn),
    payload: { buyer_company_id: setUp.organisationId },
  });
  setUp.tokens.baobab = (switched.json() as { access: string }).access;
  for (const who of COMMITTEE)
    await ok(who, 'PUT', 'sourcing/opening-key/', { passphrase: `${who} opens the tenders` });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('a restricted tender is for its invited suppliers only', () => {
  it('names at least one invited supplier, each from the supplier list', async () => {
    for (const invited of [[], [setUp.organisationId]]) {
      const refused = await act(
        'otieno',
        'POST',
        'sourcing/tenders/',
        tenderBody({ invited_suppliers: invited }),
      );
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'tendering.invitations' });
    }
    const created = await ok('otieno', 'POST', 'sourcing/tenders/', tenderBody(), 201);
    tenderId = created.id as number;
    expect(created.invited_suppliers).toEqual([{ id: setUp.supplierId, name: 'Acme Office Supplies Ltd' }]);
    // An open tender invites nobody (the list is ignored).
    const open = await ok(
      'otieno',
      'POST',
      'sourcing/tenders/',
      tenderBody({ method: 'open_tender', invited_suppliers: [baobabId] }),
      201,
    );
    expect(open.invited_suppliers).toEqual([]);
    await ok('otieno', 'POST', `sourcing/tenders/${tenderId}/publish/`);
    const bulletin = await ctx.database.db.execute(
      sql`SELECT title FROM sourcing_events WHERE buyer_id = ${setUp.organisationId}`,
    );
    expect(bulletin.rows.map((r) => String(r.title)).some((t) => t.includes('Cash-in-transit'))).toBe(false);
  });

  it('the invited supplier sees it and bids; another supplier neither sees it nor bids, asks or follows', async () => {
    const listed = (await ok('acme', 'GET', 'portal/tenders/')) as { results: Array<{ id: number }> };
    expect(listed.results.map((r) => r.id)).toContain(tenderId);
    await ok('acme', 'GET', `portal/tenders/${tenderId}/`);
    await ok('acme', 'PUT', `portal/tenders/${tenderId}/bid/`, {
      technical_summary: 'Two armoured vehicles, four guards each.',
      price: '5800000.00',
    });

    const other = (await ok('baobab', 'GET', 'portal/tenders/')) as { results: Array<{ id: number }> };
    expect(other.results.map((r) => r.id)).not.toContain(tenderId);
    for (const [method, url, payload] of [
      ['GET', `portal/tenders/${tenderId}/`, undefined],
      ['PUT', `portal/tenders/${tenderId}/bid/`, { technical_summary: 'Our offer.', price: '5000000.00' }],
      ['POST', `portal/tenders/${tenderId}/clarifications/`, { question: 'May we bid?' }],
      ['POST', `portal/tenders/${tenderId}/interest/`, undefined],
    ] as const) {
      const refused = await act('baobab', method, url, payload);
      expect(refused.statusCode, `${method} ${url}: ${refused.body}`).toBe(404);
    }
    expect((await ok('otieno', 'GET', `sourcing/tenders/${tenderId}/`)).bids).toBe(1);
  });
});
