import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, manualClock, type TestContext } from '../../../../../test/harness.ts';
import { linkToken, mailsTo, tokenFor } from '../../../../../test/identity.ts';
import { procurementSetUp } from '../../../../../test/p2p.ts';

/**
 * Issue 21, an asset disposal through the one approval engine: its method (`disposal_method`, the book value
 * for rules) and the award of its sale by public tender (`disposal_award`, the winning offer) are routed by
 * the organisation's workflow rules, decided by the rule's approver (never by whoever asked), listed in the
 * approvals inbox; the award waits for its approval before the asset can be sold and disposed.
 */

let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
const clock = manualClock(new Date('2026-11-26T06:00:00Z'));
type Json = Record<string, unknown>;
const COMMITTEE = ['kamau', 'akinyi', 'wanjiru'] as const;
const passphrase = (who: string) => `${who} opens the sealed offers`;
const at = (iso: string) => clock.advance(new Date(iso).getTime() - clock.now().getTime());
const act = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  setUp.act(who, method, url, payload);
async function ok(who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, status = 200) {
  const response = await act(who, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json() as Json;
}
const inbox = async (who: string) =>
  ((await ok(who, 'GET', 'approvals/inbox/?page_size=100')).results as Array<{
    document_type: string;
    id: number;
  }>) ?? [];

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  setUp = await procurementSetUp(ctx);
  const created = await setUp.created('otieno', 'p2p/suppliers/', {
    name: 'Baobab Traders',
    email: 'sales@baobab-traders.example',
    first_name: 'Baobab',
    last_name: 'Bidder',
  });
  const token = linkToken((await mailsTo(ctx, 'sales@baobab-traders.example'))[0]!.text, '/reset-password');
  await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/confirm/',
    payload: { token, password: 'Supplier-Pass-2026', password2: 'Supplier-Pass-2026' },
  });
  setUp.tokens.baobab = await tokenFor(ctx, 'sales@baobab-traders.example', 'Supplier-Pass-2026');
  expect(created.id).toBeGreaterThan(0);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('asset disposal through the approval engine', () => {
  let id = 0;

  it('routes the method to the rule’s approver: the asker is refused, the approver decides from the inbox', async () => {
    await ok(
      'admin',
      'POST',
      'p2p/approval-workflows/',
      {
        name: 'Disposal methods',
        document_type: 'disposal_method',
        steps: [{ mode: 'any', approvers: [{ kind: 'user', user_id: setUp.ids.kamau }] }],
      },
      201,
    );
    id = (
      await setUp.created('otieno', 'sourcing/disposals/', {
        title: 'Caterpillar generator 250 kVA',
        description: 'Standby generator, 2009, 11,000 hours, replaced by mains supply.',
        condition: 'poor',
        grounds: 'surplus',
        location: 'Mombasa depot',
        book_value: '400000.00',
        reserve_price: '300000.00',
      })
    ).id;
    const asked = await ok('otieno', 'POST', `sourcing/disposals/${id}/method/`, {
      method: 'public_tender',
      justification: 'Surplus plant; a public tender reaches the dealers (PPADA s.165(1)(b)).',
    });
    expect(asked).toMatchObject({ status: 'method_pending' });
    expect(await inbox('kamau')).toContainEqual(
      expect.objectContaining({ document_type: 'disposal_method', id }),
    );
    const own = await act('otieno', 'POST', `sourcing/disposals/${id}/method/approve/`, {});
    expect(own.statusCode).toBe(403);
    // An administrator is not the rule's approver.
    const notTheirs = await act('admin', 'POST', `sourcing/disposals/${id}/method/approve/`, {});
    expect(notTheirs.statusCode).toBe(403);
    expect(await ok('otieno', 'GET', `sourcing/disposals/${id}/`)).toMatchObject({
      status: 'method_pending',
    });
    const approved = await ok('kamau', 'POST', `sourcing/disposals/${id}/method/approve/`, {});
    expect(approved).toMatchObject({ status: 'method_approved' });
    expect(await inbox('kamau')).not.toContainEqual(
      expect.objectContaining({ document_type: 'disposal_method', id }),
    );
  });

  it('makes the award wait for the approval of the rule’s approver, then sells and disposes', async () => {
    await ok(
      'admin',
      'POST',
      'p2p/approval-workflows/',
      {
        name: 'Disposal awards',
        document_type: 'disposal_award',
        steps: [{ mode: 'any', approvers: [{ kind: 'user', user_id: setUp.ids.akinyi }] }],
      },
      201,
    );
    for (const who of COMMITTEE)
      await ok(who, 'PUT', 'sourcing/opening-key/', { passphrase: passphrase(who) });
    await ok('otieno', 'POST', `sourcing/disposals/${id}/listing/`, {
      closing_at: '2026-12-11T12:00:00+03:00',
      committee: COMMITTEE.map((who) => setUp.ids[who]),
      quorum: 3,
    });
    await ok('acme', 'POST', `portal/asset-sales/${id}/offer/`, { amount: '355000.00' });
    await ok('baobab', 'POST', `portal/asset-sales/${id}/offer/`, { amount: '420000.50' });
    at('2026-12-11T09:00:00Z');
    for (const who of COMMITTEE)
      await ok(who, 'POST', `sourcing/disposals/${id}/opening/`, { passphrase: passphrase(who) });

    const proposed = await ok('otieno', 'POST', `sourcing/disposals/${id}/award/`);
    expect(proposed).toMatchObject({ status: 'listed', buyer: null, sale_amount: null });
    expect(proposed.tender).toMatchObject({ award_pending: true, awarded_at: null });
    const early = await act('otieno', 'POST', `sourcing/disposals/${id}/sale/`, {
      settlement: 'invoiced',
      reference: 'INV-1',
    });
    expect(early.json()).toMatchObject({ code: 'disposal.not_sold' });
    expect((await ok('baobab', 'GET', `portal/asset-sales/${id}/`)).won).toBe(false);
    expect(await inbox('akinyi')).toContainEqual(
      expect.objectContaining({ document_type: 'disposal_award', id }),
    );
    expect((await act('otieno', 'POST', `sourcing/disposals/${id}/award/approve/`, {})).statusCode).toBe(403);
    expect((await act('kamau', 'POST', `sourcing/disposals/${id}/award/approve/`, {})).statusCode).toBe(403);

    const awarded = await ok('akinyi', 'POST', `sourcing/disposals/${id}/award/approve/`, {});
    expect(awarded).toMatchObject({
      status: 'listed',
      sale_amount: '420000.50',
      buyer: { name: 'Baobab Traders' },
    });
    expect(awarded.tender).toMatchObject({ award_pending: false });
    expect((await ok('baobab', 'GET', `portal/asset-sales/${id}/`)).won).toBe(true);
    await ok('otieno', 'POST', `sourcing/disposals/${id}/sale/`, {
      settlement: 'invoiced',
      reference: 'INV-7',
    });
    const disposed = await ok('otieno', 'POST', `sourcing/disposals/${id}/dispose/`);
    expect(disposed).toMatchObject({ status: 'disposed', proceeds: '420000.50' });
  });

  it('is invisible to another organisation', async () => {
    expect((await act('outsider', 'GET', `sourcing/disposals/${id}/`)).statusCode).toBe(404);
    expect((await act('outsider', 'POST', `sourcing/disposals/${id}/method/approve/`, {})).statusCode).toBe(
      404,
    );
    expect((await act('outsider', 'POST', `sourcing/disposals/${id}/award/approve/`, {})).statusCode).toBe(
      404,
    );
    expect((await act('outsider', 'POST', `sourcing/disposals/${id}/award/reject/`, {})).statusCode).toBe(
      404,
    );
  });
});
