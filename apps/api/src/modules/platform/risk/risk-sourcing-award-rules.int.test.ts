import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, manualClock, type TestContext } from '../../../../test/harness.ts';
import { bearer, createMember, linkToken, mailsTo, tokenFor } from '../../../../test/identity.ts';
import { procurementSetUp } from '../../../../test/p2p.ts';

/**
 * The supplier risk band in workflow rules for TENDER and AUCTION awards (issue 23), as risk-award-rules does
 * for RFQ awards: under "awards to a supplier in the high band or above → a risk officer", an award to a
 * high-risk supplier waits at the risk officer's step (nobody else may approve it) while the same award to a
 * supplier below the band is made at once.
 */

let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
const clock = manualClock(new Date('2026-11-26T06:00:00Z'));
let quietId = 0;

type Json = Record<string, unknown> & { id: number };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (who: string, method: Method, url: string, payload?: object) =>
  setUp.act(who, method, url, payload);
const ok = async (who: string, method: Method, url: string, payload?: object, status = 200) => {
  const response = await call(who, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json() as Json;
};
const at = (iso: string) => clock.advance(new Date(iso).getTime() - clock.now().getTime());
const inboxOf = (who: string, type: string) =>
  ok(who, 'GET', 'approvals/inbox/').then((inbox) =>
    (inbox.results as Array<{ document_type: string; id: number; route: string[] }>).filter(
      (item) => item.document_type === type,
    ),
  );

const COMMITTEE = ['kamau', 'akinyi', 'wanjiru'] as const;
const passphrase = (who: string) => `${who} opens the tenders`;

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  setUp = await procurementSetUp(ctx);
  const rita = await createMember(ctx, {
    kind: 'buyer',
    role: 'risk_officer',
    email: 'rita@umoja.example',
    organisationId: setUp.organisationId,
  });
  setUp.ids.rita = rita.userId;
  setUp.tokens.rita = await tokenFor(ctx, rita.email, rita.password);
  // A second supplier, below the band, with a password of its own for the portal.
  const email = 'sales@tulivu.example';
  quietId = (
    await ok(
      'otieno',
      'POST',
      'p2p/suppliers/',
      { name: 'Tulivu Builders Ltd', email, first_name: 'Neema', last_name: 'Wairimu' },
      201,
    )
  ).id;
  const token = linkToken((await mailsTo(ctx, email))[0]!.text, '/reset-password');
  await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/confirm/',
    payload: { token, password: 'Supplier-Pass-2026', password2: 'Supplier-Pass-2026' },
  });
  const switched = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/switch-buyer/',
    headers: bearer(await tokenFor(ctx, email, 'Supplier-Pass-2026')),
    payload: { buyer_company_id: setUp.organisationId },
  });
  setUp.tokens.tulivu = (switched.json() as { access: string }).access;
  for (const who of COMMITTEE) await ok(who, 'PUT', 'sourcing/opening-key/', { passphrase: passphrase(who) });
  // Acme becomes a high-risk supplier: an open, unmitigated risk at the top of the matrix.
  await ok(
    'rita',
    'POST',
    'risk/risks/',
    {
      title: 'Sole supplier of works',
      category: 'operational',
      cause: 'No second contractor qualified',
      effect: 'Works delayed',
      owner_id: setUp.ids.rita,
      supplier_id: setUp.supplierId,
      inherent: { likelihood: 5, impact: 5 },
    },
    201,
  );
  for (const type of ['tender_award', 'auction_award'])
    await ok(
      'admin',
      'POST',
      'p2p/approval-workflows/',
      {
        name: `${type}: high-risk suppliers to the risk officer`,
        document_type: type,
        priority: 10,
        min_supplier_risk_band: 'high',
        steps: [{ mode: 'any', approvers: [{ kind: 'role', role: 'risk_officer' }] }],
      },
      201,
    );
  const acme = await ok('rita', 'GET', `risk/suppliers/${setUp.supplierId}/profile/`);
  const tulivu = await ok('rita', 'GET', `risk/suppliers/${quietId}/profile/`);
  expect(['high', 'critical']).toContain(acme.band);
  expect(['low', 'medium']).toContain(tulivu.band);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('an auction award under a rule on the supplier risk band', () => {
  it('waits for the risk officer when the winner is high-risk, and is awarded at once below the band', async () => {
    const auctions: Record<'acme' | 'tulivu', number> = { acme: 0, tulivu: 0 };
    for (const key of ['acme', 'tulivu'] as const) {
      const made = await ok(
        'otieno',
        'POST',
        'sourcing/auctions/',
        {
          title: `Toner cartridges from ${key}`,
          currency: 'KES',
          direction: 'reverse',
          rules: 'open',
          visibility: 'rank_only',
          starts_at: '2026-11-26T07:00:00Z',
          ends_at: '2026-11-26T07:10:00Z',
          anti_sniping: { window_seconds: 120, extension_seconds: 120, max_extensions: 2 },
          step_kind: 'amount',
          step: '500.00',
          reserve_price: '100000.00',
          suppliers: [setUp.supplierId, quietId],
        },
        201,
      );
      auctions[key] = made.id;
      await ok('otieno', 'POST', `sourcing/auctions/${made.id}/publish/`);
    }
    at('2026-11-26T07:01:00Z');
    // Each auction's only bid is its supplier's: the ranking's first.
    for (const key of ['acme', 'tulivu'] as const)
      await ok(key, 'POST', `portal/auctions/${auctions[key]}/bids/`, { amount: '90000.00' }, 201);
    at('2026-11-26T07:30:00Z');

    // Below the band no rule applies: awarded at once.
    expect(await ok('otieno', 'POST', `sourcing/auctions/${auctions.tulivu}/award/`)).toMatchObject({
      status: 'awarded',
    });
    // The high-risk supplier's award waits, in the risk officer's inbox only.
    expect(await ok('otieno', 'POST', `sourcing/auctions/${auctions.acme}/award/`)).toMatchObject({
      status: 'award_pending',
    });
    const ritas = await inboxOf('rita', 'auction_award');
    expect(ritas.map((item) => item.id)).toEqual([auctions.acme]);
    expect(ritas[0]!.route.join(' ')).toMatch(/Risk officer/);
    expect(await inboxOf('kamau', 'auction_award')).toEqual([]);
    const approve = (who: string) =>
      ok(who, 'POST', 'approvals/bulk-approve/', {
        items: [{ document_type: 'auction_award', id: auctions.acme, step: 1 }],
      });
    expect(((await approve('kamau')).results as Array<{ ok: boolean }>)[0]!.ok).toBe(false);
    expect(((await approve('rita')).results as Array<{ ok: boolean }>)[0]!.ok).toBe(true);
    expect(await ok('otieno', 'GET', `sourcing/auctions/${auctions.acme}/`)).toMatchObject({
      status: 'awarded',
    });
  });
});

describe('a tender award under a rule on the supplier risk band', () => {
  it('waits for the risk officer when the awarded bidder is high-risk, and is awarded at once below the band', async () => {
    const tenders: Record<'acme' | 'tulivu', number> = { acme: 0, tulivu: 0 };
    for (const key of ['acme', 'tulivu'] as const) {
      tenders[key] = (
        await ok(
          'otieno',
          'POST',
          'sourcing/tenders/',
          {
            title: `Refurbishment of the Kisumu branch by ${key}`,
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
          },
          201,
        )
      ).id;
      await ok('otieno', 'POST', `sourcing/tenders/${tenders[key]}/publish/`);
      // Each tender's only bid is its supplier's.
      await ok(key, 'PUT', `portal/tenders/${tenders[key]}/bid/`, {
        technical_summary: `Method statement by ${key}`,
        price: '4500000.00',
        security: { kind: 'bank guarantee', issuer: 'KCB', reference: `BG-${key}`, amount: '100000.00' },
        agpo_certificate: null,
      });
    }
    at('2026-12-11T10:00:00Z');
    const bidOf: Record<'acme' | 'tulivu', number> = { acme: 0, tulivu: 0 };
    for (const key of ['acme', 'tulivu'] as const) {
      const id = tenders[key];
      for (const who of COMMITTEE)
        await ok(who, 'POST', `sourcing/tenders/${id}/openings/technical/`, { passphrase: passphrase(who) });
      const view = await ok('otieno', 'GET', `sourcing/tenders/${id}/`);
      bidOf[key] = (view.bid_list as Array<{ id: number }>)[0]!.id;
      for (const who of COMMITTEE) {
        await ok(who, 'PUT', `sourcing/tenders/${id}/evaluation/`, {
          scores: [{ bid_id: bidOf[key], preliminary_pass: true, technical_score: 80 }],
        });
        await ok(who, 'POST', `sourcing/tenders/${id}/evaluation/submit/`);
      }
      for (const who of COMMITTEE)
        await ok(who, 'POST', `sourcing/tenders/${id}/openings/financial/`, { passphrase: passphrase(who) });
      await ok('otieno', 'PUT', `sourcing/tenders/${id}/report/`, {
        evaluation_report: 'One bid, above the pass mark, within the budget.',
        professional_opinion: 'The award complies with the Act and is within the budget.',
      });
    }

    // Below the band no rule applies: awarded at once.
    expect(
      await ok('otieno', 'POST', `sourcing/tenders/${tenders.tulivu}/award/`, { bid_id: bidOf.tulivu }),
    ).toMatchObject({ status: 'awarded' });
    // The high-risk supplier's award waits, in the risk officer's inbox only, at the rule's step.
    expect(
      await ok('otieno', 'POST', `sourcing/tenders/${tenders.acme}/award/`, { bid_id: bidOf.acme }),
    ).toMatchObject({ status: 'award_pending' });
    const ritas = await inboxOf('rita', 'tender_award');
    expect(ritas.map((item) => item.id)).toEqual([tenders.acme]);
    expect(ritas[0]!.route.join(' ')).toMatch(/Risk officer/);
    expect(await inboxOf('kamau', 'tender_award')).toEqual([]);
    const notKamau = await call('kamau', 'POST', `sourcing/tenders/${tenders.acme}/approve/`, {});
    expect(notKamau.statusCode, notKamau.body).toBe(403);
    expect(await ok('rita', 'POST', `sourcing/tenders/${tenders.acme}/approve/`, {})).toMatchObject({
      status: 'awarded',
    });
  });
});
