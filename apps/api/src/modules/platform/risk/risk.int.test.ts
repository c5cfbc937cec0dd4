import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { bearer, createMember, linkToken, mailsTo, tokenFor } from '../../../../test/identity.ts';
import { procurementSetUp, sentOrder } from '../../../../test/p2p.ts';
import { contracts } from '../../../schema/contracts.tables.ts';

/**
 * Risk management through HTTP (issue 23): the register and heat map, acceptance above appetite through the
 * one approval engine, questionnaires answered in the portal and scored, thresholds that raise risks once,
 * review reminders sent once, and tenancy (another organisation, another supplier, see nothing).
 */

let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
const TODAY = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
const inDays = (days: number) =>
  new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

type Json = Record<string, unknown> & { id: number };
const call = async (who: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
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
  ctx = await createTestContext();
  setUp = await procurementSetUp(ctx);
  for (const [name, role] of [
    ['rita', 'risk_officer'],
    ['ayo', 'approver'],
    ['audrey', 'auditor'],
  ] as const) {
    const member = await createMember(ctx, {
      kind: 'buyer',
      role,
      email: `${name}@umoja.example`,
      organisationId: setUp.organisationId,
    });
    setUp.ids[name] = member.userId;
    setUp.tokens[name] = await tokenFor(ctx, member.email, member.password);
  }
});
afterAll(async () => {
  await ctx?.close();
});

const riskBody = (extra: object = {}) => ({
  title: 'Single data centre provider',
  category: 'operational',
  cause: 'Only one hosting provider for core banking',
  effect: 'Outage of customer services',
  owner_id: setUp.ids.rita,
  supplier_id: setUp.supplierId,
  inherent: { likelihood: 4, impact: 5 },
  residual: { likelihood: 3, impact: 4 },
  ...extra,
});

describe('the risk register and heat map', () => {
  it('records a risk scored on the 5 × 5 matrix, treats it, keeps every score change, and maps it', async () => {
    const risk = await ok('rita', 'POST', 'risk/risks/', riskBody(), 201);
    expect(risk).toMatchObject({
      inherent: { likelihood: 4, impact: 5, score: 20, band: 'extreme' },
      residual: { likelihood: 3, impact: 4, score: 12, band: 'high' },
      effective_score: 12,
      within_appetite: false,
      status: 'open',
      supplier: { id: setUp.supplierId, name: 'Acme Office Supplies Ltd' },
    });
    const treated = await ok(
      'rita',
      'POST',
      `risk/risks/${risk.id}/treatments/`,
      { action: 'Contract a second hosting provider', owner_id: setUp.ids.rita, due_on: inDays(-1) },
      201,
    );
    expect(treated.treatments).toEqual([expect.objectContaining({ status: 'planned', overdue: true })]);
    const rescored = await ok('rita', 'PATCH', `risk/risks/${risk.id}/`, {
      residual: { likelihood: 2, impact: 4 },
      note: 'Second provider signed',
    });
    expect(rescored.history).toEqual([
      expect.objectContaining({ rating: 'inherent', score: 20, previous_score: null }),
      expect.objectContaining({ rating: 'residual', score: 12, previous_score: null }),
      expect.objectContaining({
        rating: 'residual',
        score: 8,
        previous_score: 12,
        note: 'Second provider signed',
      }),
    ]);
    const map = await ok('audrey', 'GET', 'risk/heat-map/');
    const cell = (grid: unknown, l: number, i: number) =>
      (grid as Array<Array<{ likelihood: number; impact: number; count: number; text_colour: string }>>)
        .flat()
        .find((c) => c.likelihood === l && c.impact === i)!;
    expect(cell(map.inherent, 4, 5).count).toBe(1);
    expect(cell(map.residual, 2, 4).count).toBe(1);
    expect(cell(map.residual, 3, 4).count).toBe(0);
    const dashboard = await ok('audrey', 'GET', 'risk/dashboard/');
    expect(dashboard.overdue_treatments).toEqual([
      expect.objectContaining({
        action: 'Contract a second hosting provider',
        risk: { id: risk.id, title: risk.title },
      }),
    ]);
  });

  it('refuses ratings off the scale, a residual above the inherent, and writes by read-only roles', async () => {
    const off = await call(
      'rita',
      'POST',
      'risk/risks/',
      riskBody({ inherent: { likelihood: 6, impact: 1 } }),
    );
    expect(off.statusCode).toBe(400);
    const above = await call(
      'rita',
      'POST',
      'risk/risks/',
      riskBody({ residual: { likelihood: 5, impact: 5 } }),
    );
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({ code: 'risk.residual_above_inherent' });
    expect((await call('audrey', 'POST', 'risk/risks/', riskBody())).statusCode).toBe(403);
    expect((await call('wanjiru', 'POST', 'risk/risks/', riskBody())).statusCode).toBe(403);
  });
});

describe('risk acceptance above appetite through the approval engine', () => {
  it('needs a workflow, then the approver decides and the risk is accepted', async () => {
    const risk = await ok(
      'rita',
      'POST',
      'risk/risks/',
      riskBody({ title: 'Key supplier insolvency', residual: null }),
      201,
    );
    const reason = { reason: 'No alternative supplier in the region this year' };
    const without = await call('rita', 'POST', `risk/risks/${risk.id}/acceptance/`, reason);
    expect(without.statusCode, without.body).toBe(400);
    expect(without.json()).toMatchObject({ code: 'risk.acceptance_no_workflow' });
    expect((await ok('rita', 'GET', `risk/risks/${risk.id}/`)).status).toBe('open');

    await ok(
      'admin',
      'POST',
      'p2p/approval-workflows/',
      {
        name: 'Risk acceptance',
        document_type: 'risk_acceptance',
        steps: [{ mode: 'any', approvers: [{ kind: 'role', role: 'approver' }] }],
      },
      201,
    );
    const asked = await ok('rita', 'POST', `risk/risks/${risk.id}/acceptance/`, reason);
    expect(asked).toMatchObject({ status: 'acceptance_pending', acceptance_reason: reason.reason });
    expect((await mailsTo(ctx, 'ayo@umoja.example')).map((m) => m.subject)).toContainEqual(
      expect.stringContaining(`RSK-${risk.id}`),
    );
    const inbox = await ok('ayo', 'GET', 'approvals/inbox/');
    expect(inbox.results).toContainEqual(
      expect.objectContaining({ document_type: 'risk_acceptance', id: risk.id }),
    );
    // The one who asked may not decide.
    expect((await call('rita', 'POST', `risk/risks/${risk.id}/acceptance/approve/`, {})).statusCode).toBe(
      403,
    );
    const accepted = await ok('ayo', 'POST', `risk/risks/${risk.id}/acceptance/approve/`, {});
    expect(accepted.status).toBe('accepted');
  });

  it('refuses to accept a risk within appetite', async () => {
    const small = await ok(
      'rita',
      'POST',
      'risk/risks/',
      riskBody({ inherent: { likelihood: 2, impact: 2 }, residual: null }),
      201,
    );
    const refused = await call('rita', 'POST', `risk/risks/${small.id}/acceptance/`, { reason: 'x' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'risk.within_appetite' });
  });
});

describe('financial questionnaires answered in the portal', () => {
  let questionnaire: Json;
  const weak = {
    fiscal_year: '2025',
    currency: 'KES',
    current_assets: '500000.00',
    inventory: '400000.00',
    current_liabilities: '4000000.00',
    total_assets: '10000000.00',
    total_liabilities: '10000000.00',
    equity: '-500000.00',
    revenue: '20000000.00',
    net_income: '-3000000.00',
  };

  it('is sent to the supplier, who alone sees and answers it; the score appears and a risk is raised once', async () => {
    questionnaire = await ok(
      'rita',
      'POST',
      'risk/questionnaires/',
      { supplier_id: setUp.supplierId, kind: 'financial', due_on: inDays(14) },
      201,
    );
    expect(questionnaire).toMatchObject({ status: 'sent', kind: 'financial' });
    expect((await mailsTo(ctx, 'sales@acme.example')).map((m) => m.subject)).toContainEqual(
      expect.stringContaining('risk questionnaire'),
    );
    const mine = (await call('acme', 'GET', 'portal/risk/questionnaires/')).json() as Json[];
    expect(mine.map((q) => q.id)).toEqual([questionnaire.id]);

    const answered = await ok('acme', 'POST', `portal/risk/questionnaires/${questionnaire.id}/answer/`, {
      financial: weak,
    });
    // The supplier sees its answers are in, not the buyer's score of them (security review F10).
    expect(answered).toMatchObject({ status: 'answered' });
    expect(answered).not.toHaveProperty('score');
    expect(await ok('rita', 'GET', `risk/questionnaires/${questionnaire.id}/`)).toMatchObject({
      status: 'answered',
      score: 2,
      financial: { band: 'distressed' },
    });
    const again = await call('acme', 'POST', `portal/risk/questionnaires/${questionnaire.id}/answer/`, {
      financial: weak,
    });
    expect(again.statusCode).toBe(409);

    const overview = await ok('audrey', 'GET', 'risk/financial/');
    expect(overview.results).toContainEqual(
      expect.objectContaining({
        supplier: { id: setUp.supplierId, name: 'Acme Office Supplies Ltd' },
        financial_score: 2,
        breaches: expect.arrayContaining(['financial_health']),
      }),
    );
    const raised = await ok('audrey', 'GET', `risk/risks/?supplier_id=${setUp.supplierId}`);
    const automatic = (raised.results as Json[]).filter((r) => r.source === 'threshold');
    expect(automatic).toEqual([
      expect.objectContaining({ threshold_kind: 'financial_health', category: 'financial', status: 'open' }),
    ]);
    // Evaluated again (the button, the daily job): nothing new while that risk is open.
    const rerun = await ok('rita', 'POST', 'risk/financial/evaluate/', {});
    expect(rerun.risks).toEqual([]);

    const profile = await ok('audrey', 'GET', `risk/suppliers/${setUp.supplierId}/profile/`);
    expect(profile).toMatchObject({ financial: { score: 2 }, supplier: { id: setUp.supplierId } });
    expect(profile.parts).toContainEqual(
      expect.objectContaining({ part: 'financial', points: 98, known: true }),
    );
    // For other modules' approval adapters: the same score and band, in their transaction.
    await expect(
      ctx.database.db.transaction((tx) =>
        ctx.services.risk.supplierBand(tx, setUp.organisationId, setUp.supplierId),
      ),
    ).resolves.toEqual({ score: profile.score, band: profile.band });
    // SEAM (issue 20): the prequalification part comes from prequalifications' front door (no exercise: none).
    expect(profile.parts).toContainEqual(
      expect.objectContaining({ part: 'prequalification', basis: 'none' }),
    );
  });

  it('hides a questionnaire from every other supplier and from another buyer', async () => {
    await setUp.created('otieno', 'p2p/suppliers/', {
      name: 'Baobab Stationers Ltd',
      email: 'sales@baobab.example',
      first_name: 'Baraka',
      last_name: 'Mwangi',
    });
    const token = linkToken((await mailsTo(ctx, 'sales@baobab.example'))[0]!.text, '/reset-password');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/confirm/',
      payload: { token, password: 'Baobab-Stationers-2026', password2: 'Baobab-Stationers-2026' },
    });
    const switched = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/switch-buyer/',
      headers: bearer(await tokenFor(ctx, 'sales@baobab.example', 'Baobab-Stationers-2026')),
      payload: { buyer_company_id: setUp.organisationId },
    });
    setUp.tokens.baobab = (switched.json() as { access: string }).access;
    expect((await call('baobab', 'GET', 'portal/risk/questionnaires/')).json()).toEqual([]);
    expect((await call('baobab', 'GET', `portal/risk/questionnaires/${questionnaire.id}/`)).statusCode).toBe(
      404,
    );
    const answer = await call('baobab', 'POST', `portal/risk/questionnaires/${questionnaire.id}/answer/`, {
      financial: weak,
    });
    expect(answer.statusCode).toBe(404);
    // Buyer staff do not use the portal's routes.
    expect((await call('rita', 'GET', 'portal/risk/questionnaires/')).statusCode).toBe(403);
  });

  it('scores a due-diligence questionnaire against its weights', async () => {
    const sent = await ok(
      'rita',
      'POST',
      'risk/questionnaires/',
      { supplier_id: setUp.supplierId, kind: 'due_diligence' },
      201,
    );
    expect((sent.questions as unknown[]).length).toBe(7);
    const missing = await call('acme', 'POST', `portal/risk/questionnaires/${sent.id}/answer/`, {
      due_diligence: { answers: { licences: 'yes' } },
    });
    expect(missing.statusCode).toBe(400);
    const answers = {
      licences: 'yes',
      information_security_policy: 'yes',
      business_continuity_plan: 'partial',
      data_protection_registration: 'yes',
      audited_accounts: 'no',
      insurance: 'yes',
      subcontractor_control: 'no',
    };
    const answered = await ok('acme', 'POST', `portal/risk/questionnaires/${sent.id}/answer/`, {
      due_diligence: { answers },
    });
    expect(answered).not.toHaveProperty('score');
    // 15 + 20 + 10 + 15 + 0 + 10 + 0 = 70, on the buyer's side only.
    expect((await ok('rita', 'GET', `risk/questionnaires/${sent.id}/`)).score).toBe(70);
  });
});

describe('spend concentration from procure-to-pay raises a risk', () => {
  it('raises one concentration risk when one supplier holds all the spend', async () => {
    const order = await sentOrder(setUp, [['10', '1000']]);
    const received = await call('otieno', 'POST', 'p2p/goods-receipts/', {
      purchase_order_id: order.id,
      received_on: TODAY(),
      lines: [{ purchase_order_line_id: order.lines[0]!.id, received: '10', accepted: '10' }],
    });
    expect(received.statusCode, received.body).toBe(201);
    const invoice = await ok(
      'acme',
      'POST',
      'portal/invoices/',
      {
        purchase_order_id: order.id,
        invoice_number: 'ACME-RISK-1',
        invoice_date: TODAY(),
        lines: [
          {
            purchase_order_line_id: order.lines[0]!.id,
            description: 'Item 1',
            quantity: '10',
            unit_price: '1000',
          },
        ],
      },
      201,
    );
    await ok('akinyi', 'POST', `p2p/invoices/${invoice.id}/approve/`, {});
    const overview = await ok('rita', 'GET', 'risk/financial/');
    expect(overview.results).toContainEqual(
      expect.objectContaining({
        supplier: expect.objectContaining({ id: setUp.supplierId }),
        spend_share: '1.0000',
      }),
    );
    const first = await ok('rita', 'POST', 'risk/financial/evaluate/', {});
    expect(first.raised).toBe(1);
    const second = await ok('rita', 'POST', 'risk/financial/evaluate/', {});
    expect(second.raised).toBe(0);
    const risks = (await ok('rita', 'GET', 'risk/risks/?category=supply_chain')).results as Json[];
    expect(risks).toEqual([
      expect.objectContaining({ threshold_kind: 'spend_concentration', source: 'threshold' }),
    ]);
  });
});

describe('outsourcing register and reviews', () => {
  it('assesses materiality, reminds each review once, schedules the next and exports the register', async () => {
    const arrangement = await ok(
      'rita',
      'POST',
      'risk/outsourcing/',
      {
        service: 'Core banking hosting',
        supplier_id: setUp.supplierId,
        materiality: {
          critical_function: true,
          customer_data: true,
          data_offshore: true,
          disruption_impact: 5,
          substitutability: 'difficult',
          above_value_threshold: true,
        },
        data_location: 'Johannesburg, South Africa',
        subcontractors: 'Rack Co (power), FibreNet (links)',
        exit_strategy: 'Migrate to the second provider within 90 days',
        annual_value: '12000000.00',
        owner_id: setUp.ids.rita,
        next_review_on: inDays(10),
      },
      201,
    );
    expect(arrangement).toMatchObject({
      material: true,
      materiality_score: 100,
      annual_value: '12000000.00',
    });

    const reminders = async () =>
      (await mailsTo(ctx, 'rita@umoja.example')).filter((m) => m.subject.includes('Core banking hosting'));
    expect(await reminders()).toHaveLength(0);
    expect(await ctx.services.risk.sendReviewReminders()).toBe(1);
    expect(await ctx.services.risk.sendReviewReminders()).toBe(0);
    expect(await reminders()).toHaveLength(1);

    const reviewed = await ok('rita', 'POST', `risk/outsourcing/${arrangement.id}/reviews/`, {
      reviewed_on: TODAY(),
    });
    const year = Number(TODAY().slice(0, 4)) + 1;
    expect(reviewed.next_review_on).toBe(`${year}${TODAY().slice(4)}`.replace(/-02-29$/, '-02-28'));
    expect(await ctx.services.risk.sendReviewReminders()).toBe(0);

    const exported = await call('audrey', 'GET', 'risk/outsourcing/export/');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.body).toContain('Outsourced service,Service provider');
    expect(exported.body).toContain('Core banking hosting,Acme Office Supplies Ltd');
    expect(exported.body).toContain('"Rack Co (power), FibreNet (links)"');
  });

  it('keeps critical services, their BIA and the single-source report', async () => {
    const service = await ok(
      'rita',
      'POST',
      'risk/continuity/services/',
      {
        name: 'Card payments',
        mtd_hours: 8,
        rto_hours: 4,
        rpo_hours: 1,
        suppliers: [{ supplier_id: setUp.supplierId, role: 'primary' }],
      },
      201,
    );
    expect(service).toMatchObject({ single_source: true });
    const bad = await call('rita', 'POST', 'risk/continuity/services/', {
      name: 'ATM network',
      mtd_hours: 2,
      rto_hours: 4,
      rpo_hours: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'risk.bia' });
    await ok(
      'rita',
      'POST',
      'risk/continuity/plans/',
      {
        service_id: service.id,
        supplier_id: setUp.supplierId,
        alternates: 'Baobab Payments',
        exit_plan: 'Switch acquirer',
        last_tested_on: TODAY(),
        test_result: 'passed',
      },
      201,
    );
    const report = await ok('audrey', 'GET', 'risk/continuity/single-source/');
    expect(report.single).toEqual([
      {
        service: { id: service.id, name: 'Card payments' },
        supplier: { id: setUp.supplierId, name: 'Acme Office Supplies Ltd' },
        mtd_hours: 8,
      },
    ]);
  });
});

describe('exposure', () => {
  it('adds the live contracts with the supplier (issue 22) to its open orders, and only live ones', async () => {
    const before = await ok('rita', 'GET', 'risk/financial/');
    const row = () =>
      (
        before.results as Array<{ supplier: { id: number }; exposure: string; contract_value: string | null }>
      ).find((r) => r.supplier.id === setUp.supplierId)!;
    const exposureBefore = Number(row().exposure);
    // Set-up as the contracts module would leave them: one active, one draft (not binding yet).
    for (const [number, status] of [
      ['CON-RISK-1', 'active'],
      ['CON-RISK-2', 'draft'],
    ] as const)
      await ctx.database.db.insert(contracts).values({
        organisationId: setUp.organisationId,
        number,
        title: 'Stationery framework',
        status,
        supplierId: setUp.supplierId,
        valueMinor: 250_000_000,
        currency: 'KES',
        startDate: TODAY(),
        endDate: inDays(365),
        ownerUserId: setUp.ids.rita!,
        createdByUserId: setUp.ids.rita!,
      });
    const after = await ok('rita', 'GET', 'risk/financial/');
    const mine = (
      after.results as Array<{ supplier: { id: number }; exposure: string; contract_value: string | null }>
    ).find((r) => r.supplier.id === setUp.supplierId)!;
    expect(mine.contract_value).toBe('2500000.00');
    expect(Number(mine.exposure)).toBe(exposureBefore + 2_500_000);
  });
});

describe('tenancy', () => {
  it('shows another organisation nothing of this one', async () => {
    const list = await ok('outsider', 'GET', 'risk/risks/');
    expect(list.count).toBe(0);
    const [first] = (await ok('rita', 'GET', 'risk/risks/')).results as Json[];
    expect((await call('outsider', 'GET', `risk/risks/${first!.id}/`)).statusCode).toBe(404);
    expect((await call('outsider', 'GET', `risk/suppliers/${setUp.supplierId}/profile/`)).statusCode).toBe(
      404,
    );
    expect(await ok('outsider', 'GET', 'risk/outsourcing/')).toEqual([]);
    expect(await ok('outsider', 'GET', 'risk/continuity/services/')).toEqual([]);
    const map = await ok('outsider', 'GET', 'risk/heat-map/');
    expect((map.inherent as Array<Array<{ count: number }>>).flat().every((c) => c.count === 0)).toBe(true);
  });
});

describe('the matrix and thresholds', () => {
  it('reads the 5 × 5 default, lets the administrator configure scales and bands, and refuses a broken matrix', async () => {
    const defaults = await ok('audrey', 'GET', 'risk/settings/');
    expect(defaults).toMatchObject({
      matrix: { likelihood_levels: 5, impact_levels: 5, appetite: 9 },
      thresholds: { min_financial_score: 50, max_spend_share: '0.3000', max_exposure: '50000000.00' },
      currency: 'KES',
    });
    const body = {
      matrix: {
        likelihood_levels: 4,
        impact_levels: 4,
        bands: [
          { key: 'low', min_score: 1, colour: '#2f9e44' },
          { key: 'high', min_score: 9, colour: '#c92a2a' },
        ],
        appetite: 8,
      },
      thresholds: { min_financial_score: 40, max_spend_share: '0.5', max_exposure: '1000000' },
      currency: 'KES',
    };
    expect((await call('rita', 'PUT', 'risk/settings/', body)).statusCode).toBe(403);
    const broken = await call('admin', 'PUT', 'risk/settings/', {
      ...body,
      matrix: { ...body.matrix, bands: [{ key: 'low', min_score: 2, colour: '#2f9e44' }] },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'risk.matrix' });
    const saved = await ok('admin', 'PUT', 'risk/settings/', body);
    expect(saved).toMatchObject({
      matrix: { likelihood_levels: 4, appetite: 8 },
      thresholds: { max_spend_share: '0.5000' },
    });
    const map = await ok('audrey', 'GET', 'risk/heat-map/');
    expect((map.inherent as unknown[]).length).toBe(4);
    const off = await call(
      'rita',
      'POST',
      'risk/risks/',
      riskBody({ inherent: { likelihood: 5, impact: 1 }, residual: null }),
    );
    expect(off.json()).toMatchObject({ code: 'risk.off_scale', params: { likelihood_levels: 4 } });
  });
});
