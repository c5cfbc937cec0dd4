import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, fixedClock, type TestContext } from '../../../../../test/harness.ts';
import { bearer, buyingOrganisations } from '../../../../../test/identity.ts';
import { categories } from '../../../../schema/core.tables.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};
let ictId: number;
let general: number;
let licences: number;
let ictBudget: number;
let fiscalYearId: number;

beforeAll(async () => {
  ctx = await createTestContext({ clock: fixedClock('2026-11-23T08:00:00Z') });
  const organisations = await buyingOrganisations(ctx, [
    ['wanjiru', 'requester'],
    ['kamau', 'budget_owner'],
    ['esther', 'budget_exception_approver'],
  ]);
  Object.assign(tokens, organisations.tokens);
  const { ids } = organisations;
  const post = async (url: string, payload: object) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/p2p/${url}`,
      headers: bearer(tokens.admin!),
      payload,
    });
    expect(response.statusCode).toBe(201);
    return (response.json() as { id: number }).id;
  };
  fiscalYearId = await post('fiscal-years/', {
    name: 'FY2026/27',
    starts_on: '2026-07-01',
    ends_on: '2027-06-30',
  });
  ictId = await post('departments/', { code: 'ICT', name: 'ICT', budget_owner_id: ids.kamau });
  const rows = await ctx.database.db.select({ id: categories.id }).from(categories).limit(2);
  [general, licences] = rows.map((r) => r.id) as [number, number];
  ictBudget = await post('budgets/', {
    name: 'ICT FY2026/27',
    fiscal_year_id: fiscalYearId,
    department_id: ictId,
    amount: '1000000',
    controls: { requisition: 'stop', purchase_order: 'stop', invoice: 'stop' },
  });
  await post('budgets/', {
    name: 'ICT software licences',
    fiscal_year_id: fiscalYearId,
    department_id: ictId,
    category_id: licences,
    amount: '200000',
    controls: { requisition: 'warn', purchase_order: 'stop', invoice: 'warn' },
  });
});
afterAll(async () => {
  await ctx.close();
});

const act = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1/p2p/${url}`, headers: bearer(tokens[who]!), payload });

async function draft(amount: string, category = general) {
  const created = await act('wanjiru', 'POST', 'requisitions/', {
    title: `Purchase of KES ${amount}`,
    lines: [
      {
        description: 'Equipment',
        category_id: category,
        department_id: ictId,
        quantity: '1',
        unit_price: amount,
      },
    ],
  });
  expect(created.statusCode).toBe(201);
  return (created.json() as { id: number }).id;
}
const utilisation = async () => (await act('kamau', 'GET', `budgets/${ictBudget}/utilisation/`)).json();

describe('budget checks on requisitions', () => {
  let approvedId = 0;

  it('refuses a submission over a `stop` budget, naming the budget and the shortfall, and keeps the draft', async () => {
    const id = await draft('1200000');
    const refused = await act('wanjiru', 'POST', `requisitions/${id}/submit/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      detail: expect.stringMatching(/^Budget "ICT FY2026\/27" would be exceeded by KES 200,000\.00/),
      code: expect.stringMatching(/^budget\.exceeded/),
      params: { budget: 'ICT FY2026/27', shortfall: 'KES 200,000.00', document: 'requisition' },
    });
    expect((await act('wanjiru', 'GET', `requisitions/${id}/`)).json()).toMatchObject({ status: 'draft' });
  });

  it('shows proposed spend against the budget, then commits it at approval', async () => {
    approvedId = await draft('600000');
    expect((await act('wanjiru', 'POST', `requisitions/${approvedId}/submit/`)).statusCode).toBe(200);
    expect(await utilisation()).toMatchObject({
      currency: 'KES',
      period_start: '2026-07-01',
      period_end: '2027-06-30',
      amount: '1000000.00',
      proposed: '600000.00',
      committed: '0.00',
      available: '1000000.00',
      available_after_proposed: '400000.00',
    });
    const approved = await act('kamau', 'POST', `requisitions/${approvedId}/approve/`, {});
    expect(approved.json()).toMatchObject({ status: 'approved' });
    expect(await utilisation()).toMatchObject({
      proposed: '0.00',
      committed: '600000.00',
      available: '400000.00',
    });
  });

  it('refuses the final approval when others committed the money meanwhile (409, nothing recorded)', async () => {
    const id = await draft('300000');
    expect((await act('wanjiru', 'POST', `requisitions/${id}/submit/`)).statusCode).toBe(200);
    // The administrator cuts the budget: 800,000 − 600,000 committed leaves 200,000.
    const cut = await act('admin', 'PUT', `budgets/${ictBudget}/`, {
      name: 'ICT FY2026/27',
      fiscal_year_id: fiscalYearId,
      department_id: ictId,
      amount: '800000',
      controls: { requisition: 'stop', purchase_order: 'stop', invoice: 'stop' },
    });
    expect(cut.statusCode).toBe(200);
    const refused = await act('kamau', 'POST', `requisitions/${id}/approve/`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      detail: expect.stringMatching(/^Budget "ICT FY2026\/27" would be exceeded by KES 100,000\.00/),
    });
    const after = (await act('kamau', 'GET', `requisitions/${id}/`)).json() as {
      status: string;
      approval: { decisions: unknown[] };
    };
    expect(after.status).toBe('submitted');
    expect(after.approval.decisions).toHaveLength(0);
  });

  it('lets a `warn` budget be exceeded only with the budget owner’s or an exception approver’s consent', async () => {
    const id = await draft('250000', licences);
    const submitted = await act('wanjiru', 'POST', `requisitions/${id}/submit/`);
    expect(submitted.statusCode).toBe(200);
    const view = submitted.json() as { approval: { route: string[] } };
    expect(view.approval.route).toEqual([
      'Step 1: ICT budget owner — Test kamau',
      'Step 2 (budget exception), any of: Budget exception approver — Test esther; ICT budget owner — Test kamau',
    ]);
    await act('kamau', 'POST', `requisitions/${id}/approve/`, { step: 1 });
    expect((await act('esther', 'GET', 'approvals/inbox/')).json()).toMatchObject({
      count: 1,
      results: [{ id, step: 2 }],
    });
    const consent = await act('esther', 'POST', `requisitions/${id}/approve/`, {
      step: 2,
      comment: 'Licences renew in March',
    });
    expect(consent.json()).toMatchObject({ status: 'approved' });
  });
});
