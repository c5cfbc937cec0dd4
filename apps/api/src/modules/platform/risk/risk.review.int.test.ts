import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { createMember, tokenFor } from '../../../../test/identity.ts';
import { procurementSetUp } from '../../../../test/p2p.ts';
import { contracts } from '../../../schema/contracts.tables.ts';

/**
 * Security review of risk (F7, F8, F10): ids in filters beyond PostgreSQL's integer are a 400 with a code,
 * never a 500; a risk or an outsourcing arrangement links only to a contract of its own organisation; the
 * supplier portal's questionnaire never carries the buyer's scoring of the supplier (the buyer's does).
 */

let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
let ownContract = 0;
let foreignContract = 0;
const TODAY = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

type Json = Record<string, unknown> & { id: number };
const call = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
  setUp.act(who, method, url, payload);

const contract = async (organisationId: number, number: string) => {
  const [row] = await ctx.database.db
    .insert(contracts)
    .values({
      organisationId,
      number,
      title: 'Hosting services',
      status: 'active',
      supplierId: setUp.supplierId,
      valueMinor: 100_000_00,
      currency: 'KES',
      startDate: TODAY(),
      endDate: TODAY(),
      ownerUserId: setUp.ids.rita!,
      createdByUserId: setUp.ids.rita!,
    })
    .returning({ id: contracts.id });
  return row!.id;
};

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
  // Another buying organisation's contract (with the same supplier): never linkable from Umoja.
  const other = await createMember(ctx, {
    kind: 'buyer',
    role: 'org_admin',
    email: 'admin@bidii.example',
    organisationName: 'Bidii Bank',
  });
  ownContract = await contract(setUp.organisationId, 'CON-OWN-1');
  foreignContract = await contract(other.organisationId, 'CON-BIDII-1');
});
afterAll(async () => {
  await ctx?.close();
});

const riskBody = (extra: object = {}) => ({
  title: 'Hosting provider outage',
  category: 'operational',
  cause: 'One hosting provider',
  effect: 'Customer services down',
  supplier_id: setUp.supplierId,
  inherent: { likelihood: 2, impact: 2 },
  ...extra,
});

const arrangementBody = (extra: object = {}) => ({
  service: 'Core banking hosting',
  supplier_id: setUp.supplierId,
  materiality: {
    critical_function: true,
    customer_data: true,
    data_offshore: false,
    disruption_impact: 4,
    substitutability: 'difficult',
    above_value_threshold: true,
  },
  data_location: 'Nairobi, Kenya',
  subcontractors: '',
  exit_strategy: 'Move to the second provider',
  annual_value: '1000000.00',
  ...extra,
});

describe('F7: ids in filters beyond the integer range', () => {
  it('answers 400 with a code, not 500', async () => {
    for (const url of [
      'risk/risks/?supplier_id=99999999999',
      'risk/questionnaires/?supplier_id=99999999999',
    ]) {
      const response = await call('rita', 'GET', url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json(), url).toMatchObject({ code: expect.any(String) });
    }
    // A valid filter still works.
    expect((await call('rita', 'GET', `risk/risks/?supplier_id=${setUp.supplierId}`)).statusCode).toBe(200);
  });
});

describe('F8: a risk or an arrangement links only to a contract of its own organisation', () => {
  it('refuses another organisation’s or a missing contract on create and update, and takes its own', async () => {
    for (const contractId of [foreignContract, 2_000_000_000]) {
      const created = await call('rita', 'POST', 'risk/risks/', riskBody({ contract_id: contractId }));
      expect(created.statusCode, `risk ${contractId}: ${created.body}`).toBe(400);
      expect(created.json()).toMatchObject({ code: 'risk.contract' });
    }
    const risk = await call('rita', 'POST', 'risk/risks/', riskBody({ contract_id: ownContract }));
    expect(risk.statusCode, risk.body).toBe(201);
    const riskId = (risk.json() as Json).id;
    expect(risk.json()).toMatchObject({ contract_id: ownContract });

    const moved = await call('rita', 'PATCH', `risk/risks/${riskId}/`, { contract_id: foreignContract });
    expect(moved.statusCode, moved.body).toBe(400);
    expect(moved.json()).toMatchObject({ code: 'risk.contract' });
    const kept = (await call('rita', 'GET', `risk/risks/${riskId}/`)).json() as Json;
    expect(kept.contract_id).toBe(ownContract);
    const cleared = await call('rita', 'PATCH', `risk/risks/${riskId}/`, { contract_id: null });
    expect(cleared.statusCode, cleared.body).toBe(200);

    for (const contractId of [foreignContract, 2_000_000_000]) {
      const created = await call(
        'rita',
        'POST',
        'risk/outsourcing/',
        arrangementBody({ contract_id: contractId }),
      );
      expect(created.statusCode, `arrangement ${contractId}: ${created.body}`).toBe(400);
      expect(created.json()).toMatchObject({ code: 'risk.contract' });
    }
    const arrangement = await call(
      'rita',
      'POST',
      'risk/outsourcing/',
      arrangementBody({ contract_id: ownContract }),
    );
    expect(arrangement.statusCode, arrangement.body).toBe(201);
    const arrangementId = (arrangement.json() as Json).id;
    const changed = await call(
      'rita',
      'PUT',
      `risk/outsourcing/${arrangementId}/`,
      arrangementBody({ contract_id: foreignContract }),
    );
    expect(changed.statusCode, changed.body).toBe(400);
    expect(changed.json()).toMatchObject({ code: 'risk.contract' });
  });
});

describe('F10: the portal’s questionnaire leaves out the buyer’s scoring', () => {
  it('shows the supplier its answers and state, the buyer the score', async () => {
    const sent = await call('rita', 'POST', 'risk/questionnaires/', {
      supplier_id: setUp.supplierId,
      kind: 'financial',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const id = (sent.json() as Json).id;
    const financial = {
      fiscal_year: '2025',
      currency: 'KES',
      current_assets: '6000000.00',
      inventory: '1000000.00',
      current_liabilities: '3000000.00',
      total_assets: '15000000.00',
      total_liabilities: '6000000.00',
      equity: '9000000.00',
      revenue: '40000000.00',
      net_income: '4400000.00',
    };
    const answered = await call('acme', 'POST', `portal/risk/questionnaires/${id}/answer/`, { financial });
    expect(answered.statusCode, answered.body).toBe(200);
    const list = await call('acme', 'GET', 'portal/risk/questionnaires/');
    const one = await call('acme', 'GET', `portal/risk/questionnaires/${id}/`);
    const portalViews = [
      answered.json() as Json,
      ...(list.json() as Json[]).filter((q) => q.id === id),
      one.json() as Json,
    ];
    expect(portalViews).toHaveLength(3);
    for (const view of portalViews) {
      expect(view).toMatchObject({ id, status: 'answered', answers: { revenue: '40000000.00' } });
      for (const field of ['score', 'financial', 'due_diligence']) expect(view).not.toHaveProperty(field);
      expect(JSON.stringify(view)).not.toMatch(/"(score|band|parts)"/);
    }

    const buyers = (await call('rita', 'GET', `risk/questionnaires/${id}/`)).json() as Json;
    expect(buyers).toMatchObject({
      status: 'answered',
      score: 96,
      financial: { score: 96, band: expect.any(String), parts: expect.any(Array) },
    });
    const profile = (await call('rita', 'GET', `risk/suppliers/${setUp.supplierId}/profile/`)).json() as Json;
    expect(profile).toMatchObject({ financial: { score: 96 } });
  });
});
