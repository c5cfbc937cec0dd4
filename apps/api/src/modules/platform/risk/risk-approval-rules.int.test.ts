import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { createMember, tokenFor } from '../../../../test/identity.ts';
import { procurementSetUp } from '../../../../test/p2p.ts';

/**
 * The supplier risk profile as an input to approval rules (issue 23): a workflow rule "supplier risk band
 * high or above → the risk officer" sends an order to a high-risk supplier to the risk officer, while the
 * same order to a supplier below the band takes the ordinary route (the budget owner).
 */

let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
let quietSupplierId: number;

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

const order = (supplierId: number) =>
  ok(
    'otieno',
    'POST',
    'p2p/purchase-orders/',
    {
      supplier_id: supplierId,
      justification: 'Server room cooling',
      delivery_address: 'Umoja House, Nairobi',
      lines: [
        {
          description: 'Cooling unit',
          category_id: setUp.categoryId,
          department_id: setUp.ictId,
          quantity: '1',
          unit_price: '250000',
        },
      ],
    },
    201,
  );

const inbox = async (who: string) =>
  ((await ok(who, 'GET', 'approvals/inbox/')).results as Array<{ document_type: string; id: number }>)
    .filter((item) => item.document_type === 'purchase_order')
    .map((item) => item.id);

beforeAll(async () => {
  ctx = await createTestContext();
  setUp = await procurementSetUp(ctx);
  const rita = await createMember(ctx, {
    kind: 'buyer',
    role: 'risk_officer',
    email: 'rita@umoja.example',
    organisationId: setUp.organisationId,
  });
  setUp.ids.rita = rita.userId;
  setUp.tokens.rita = await tokenFor(ctx, rita.email, rita.password);
  quietSupplierId = (
    await ok(
      'otieno',
      'POST',
      'p2p/suppliers/',
      {
        name: 'Tulivu Stationers Ltd',
        email: 'sales@tulivu.example',
        first_name: 'Neema',
        last_name: 'Wairimu',
      },
      201,
    )
  ).id;
  // Acme becomes a high-risk supplier: an open, unmitigated risk at the top of the matrix.
  await ok(
    'rita',
    'POST',
    'risk/risks/',
    {
      title: 'Sole supplier of server room cooling',
      category: 'operational',
      cause: 'No second supplier qualified',
      effect: 'Servers overheat during an outage',
      owner_id: setUp.ids.rita,
      supplier_id: setUp.supplierId,
      inherent: { likelihood: 5, impact: 5 },
    },
    201,
  );
});
afterAll(async () => {
  await ctx?.close();
});

describe('a workflow rule on the supplier risk band', () => {
  it('is saved and read back with its band, and refuses a band that does not exist', async () => {
    const rule = await ok(
      'admin',
      'POST',
      'p2p/approval-workflows/',
      {
        name: 'High-risk suppliers: risk officer',
        document_type: 'purchase_order',
        priority: 10,
        min_supplier_risk_band: 'high',
        steps: [{ mode: 'any', approvers: [{ kind: 'role', role: 'risk_officer' }] }],
      },
      201,
    );
    expect(rule).toMatchObject({ min_supplier_risk_band: 'high', document_type: 'purchase_order' });
    expect((await ok('admin', 'GET', `p2p/approval-workflows/${rule.id}/`)).min_supplier_risk_band).toBe(
      'high',
    );
    const wrong = await call('admin', 'POST', 'p2p/approval-workflows/', {
      name: 'Nonsense',
      document_type: 'purchase_order',
      min_supplier_risk_band: 'scary',
      steps: [{ mode: 'any', approvers: [{ kind: 'role', role: 'risk_officer' }] }],
    });
    expect(wrong.statusCode, wrong.body).toBe(400);
  });

  it('previews the risk officer for a high-band supplier and the budget owner below it', async () => {
    const preview = (band: string | null) =>
      ok('otieno', 'POST', 'p2p/approval-workflows/preview/', {
        document_type: 'purchase_order',
        amount: '250000',
        department_ids: [setUp.ictId],
        category_ids: [setUp.categoryId],
        supplier_risk_band: band,
      });
    expect((await preview('critical')).rule).toMatchObject({ name: 'High-risk suppliers: risk officer' });
    expect((await preview('medium')).rule).toBeNull();
    expect((await preview(null)).rule).toBeNull();
  });

  it('sends an order to the high-band supplier to the risk officer, and the same order below it to the budget owner', async () => {
    const acme = await ok('rita', 'GET', `risk/suppliers/${setUp.supplierId}/profile/`);
    const tulivu = await ok('rita', 'GET', `risk/suppliers/${quietSupplierId}/profile/`);
    expect(['high', 'critical']).toContain(acme.band);
    expect(['low', 'medium']).toContain(tulivu.band);

    const risky = await order(setUp.supplierId);
    const quiet = await order(quietSupplierId);
    await ok('otieno', 'POST', `p2p/purchase-orders/${risky.id}/submit/`, {});
    await ok('otieno', 'POST', `p2p/purchase-orders/${quiet.id}/submit/`, {});

    // The risk officer is asked for the high-risk supplier's order only; the budget owner for the other.
    expect(await inbox('rita')).toEqual([risky.id]);
    expect(await inbox('kamau')).toEqual([quiet.id]);

    const notKamau = await call('kamau', 'POST', `p2p/purchase-orders/${risky.id}/approve/`, {});
    expect(notKamau.statusCode, notKamau.body).toBe(403);
    const notRita = await call('rita', 'POST', `p2p/purchase-orders/${quiet.id}/approve/`, {});
    expect(notRita.statusCode, notRita.body).toBe(403);

    expect(await ok('rita', 'POST', `p2p/purchase-orders/${risky.id}/approve/`, {})).toMatchObject({
      status: 'approved',
    });
    expect(await ok('kamau', 'POST', `p2p/purchase-orders/${quiet.id}/approve/`, {})).toMatchObject({
      status: 'approved',
    });
  });
});
