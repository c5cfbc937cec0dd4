import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, manualClock, type TestContext } from '../../../../test/harness.ts';
import { bearer, createMember, linkToken, mailsTo, tokenFor } from '../../../../test/identity.ts';
import { procurementSetUp } from '../../../../test/p2p.ts';

/**
 * The supplier risk profile as an input to the approval of AWARDS (issue 23): under the rule "RFQ awards to a
 * supplier in the high band or above → a risk officer", the RFQ award adapter gives the engine every awarded
 * supplier, so an award to a high-risk supplier waits for the risk officer while the same award to a
 * supplier below the band (no rule applies) is awarded at once.
 */

let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
const clock = manualClock(new Date('2026-11-26T06:00:00Z'));
let quietId = 0;

type Json = Record<string, unknown> & { id: number };
const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  setUp.act(who, method, url, payload);
const ok = async (
  who: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
  status = 200,
) => {
  const response = await call(who, method, url, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json() as Json;
};

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
      { name: 'Tulivu Stationers Ltd', email, first_name: 'Neema', last_name: 'Wairimu' },
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
  // The opening committee's keys.
  for (const who of ['kamau', 'akinyi'])
    await ok(who, 'PUT', 'sourcing/opening-key/', { passphrase: `${who} opens the quotes` });
  // Acme becomes a high-risk supplier: an open, unmitigated risk at the top of the matrix.
  await ok(
    'rita',
    'POST',
    'risk/risks/',
    {
      title: 'Sole supplier of laptops',
      category: 'operational',
      cause: 'No second supplier qualified',
      effect: 'Staff without laptops',
      owner_id: setUp.ids.rita,
      supplier_id: setUp.supplierId,
      inherent: { likelihood: 5, impact: 5 },
    },
    201,
  );
  await ok(
    'admin',
    'POST',
    'p2p/approval-workflows/',
    {
      name: 'RFQ awards to high-risk suppliers: risk officer',
      document_type: 'rfq_award',
      priority: 10,
      min_supplier_risk_band: 'high',
      steps: [{ mode: 'any', approvers: [{ kind: 'role', role: 'risk_officer' }] }],
    },
    201,
  );
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('an RFQ award under a rule on the supplier risk band', () => {
  it('waits for the risk officer when the awarded supplier is high-risk, and is awarded at once below the band', async () => {
    const acme = await ok('rita', 'GET', `risk/suppliers/${setUp.supplierId}/profile/`);
    const tulivu = await ok('rita', 'GET', `risk/suppliers/${quietId}/profile/`);
    expect(['high', 'critical']).toContain(acme.band);
    expect(['low', 'medium']).toContain(tulivu.band);

    // One RFQ to each supplier, quoted before closing and opened by the committee after it.
    const rfqs: Record<'acme' | 'tulivu', number> = { acme: 0, tulivu: 0 };
    for (const [key, supplierId] of [
      ['acme', setUp.supplierId],
      ['tulivu', quietId],
    ] as const) {
      rfqs[key] = (
        await ok(
          'otieno',
          'POST',
          'sourcing/rfqs/',
          {
            title: `Laptops from ${key}`,
            currency: 'KES',
            closing_at: '2026-11-26T12:00:00+03:00',
            department_id: setUp.ictId,
            committee: [setUp.ids.kamau, setUp.ids.akinyi],
            quorum: 2,
            suppliers: [supplierId],
            lines: [
              {
                description: 'Laptop, 16 GB',
                category_id: setUp.categoryId,
                quantity: '10',
                unit: 'each',
                estimated_unit_price: '10000.00',
              },
            ],
          },
          201,
        )
      ).id;
      await ok('otieno', 'POST', `sourcing/rfqs/${rfqs[key]}/publish/`, {});
      await ok(
        key,
        'POST',
        `portal/rfqs/${rfqs[key]}/quote/`,
        { lines: [{ line_no: 1, unit_price: '9500.00' }] },
        201,
      );
    }
    clock.advance(4 * 3_600_000);
    for (const key of ['acme', 'tulivu'] as const)
      for (const who of ['kamau', 'akinyi'])
        await ok(who, 'POST', `sourcing/rfqs/${rfqs[key]}/opening/confirm/`, {
          passphrase: `${who} opens the quotes`,
        });
    const award = (key: 'acme' | 'tulivu', supplierId: number) =>
      ok('otieno', 'POST', `sourcing/rfqs/${rfqs[key]}/award/`, {
        allocations: [{ line_no: 1, supplier_id: supplierId, quantity: '10' }],
      });

    // Below the band no rule applies: awarded at once.
    expect(await award('tulivu', quietId)).toMatchObject({ status: 'awarded' });
    // The high-risk supplier's award waits, in the risk officer's inbox only, at the rule's step.
    expect(await award('acme', setUp.supplierId)).toMatchObject({ status: 'award_pending' });
    const waiting = (who: string) =>
      ok(who, 'GET', 'approvals/inbox/').then((inbox) =>
        (inbox.results as Array<{ document_type: string; id: number; route: string[] }>).filter(
          (item) => item.document_type === 'rfq_award',
        ),
      );
    const ritas = await waiting('rita');
    expect(ritas.map((item) => item.id)).toEqual([rfqs.acme]);
    expect(ritas[0]!.route.join(' ')).toMatch(/Risk officer/);
    expect(await waiting('kamau')).toEqual([]);
    const notKamau = await call('kamau', 'POST', `sourcing/rfqs/${rfqs.acme}/approve/`, {});
    expect(notKamau.statusCode, notKamau.body).toBe(403);
    expect(await ok('rita', 'POST', `sourcing/rfqs/${rfqs.acme}/approve/`, {})).toMatchObject({
      status: 'awarded',
    });
  });
});
