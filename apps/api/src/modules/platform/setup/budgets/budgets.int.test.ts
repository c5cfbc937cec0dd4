import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../../test/harness.ts';
import { bearer, buyingOrganisations } from '../../../../../test/identity.ts';
import { categories } from '../../../../schema/core.tables.ts';

let ctx: TestContext;
let admin: string;
let requester: string;
let otherAdmin: string;
let fiscalYearId: number;
let closedYearId: number;
let ictId: number;
let theirDepartmentId: number;
let categoryId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const { tokens, ids } = await buyingOrganisations(ctx, [['kamau', 'requester']]);
  admin = tokens.admin!;
  requester = tokens.kamau!;
  otherAdmin = tokens.outsider!;

  const post = async (token: string, url: string, payload: object) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/p2p/${url}`,
      headers: bearer(token),
      payload,
    });
    expect(response.statusCode).toBe(201);
    return (response.json() as { id: number }).id;
  };
  fiscalYearId = await post(admin, 'fiscal-years/', {
    name: 'FY2026/27',
    starts_on: '2026-07-01',
    ends_on: '2027-06-30',
  });
  closedYearId = await post(admin, 'fiscal-years/', {
    name: 'FY2025/26',
    starts_on: '2025-07-01',
    ends_on: '2026-06-30',
    status: 'closed',
  });
  ictId = await post(admin, 'departments/', { code: 'ICT', name: 'ICT', budget_owner_id: ids.kamau });
  theirDepartmentId = await post(otherAdmin, 'departments/', { code: 'ICT', name: 'Their ICT' });
  [{ id: categoryId }] = (await ctx.database.db.select({ id: categories.id }).from(categories).limit(1)) as [
    { id: number },
  ];
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1/p2p/budgets/${url}`, headers: bearer(token), payload });

const form = (overrides: object = {}) => ({
  name: 'ICT equipment FY2026/27',
  fiscal_year_id: fiscalYearId,
  department_id: ictId,
  category_id: categoryId,
  amount: '2500000.00',
  controls: { requisition: 'warn', purchase_order: 'stop', invoice: 'ignore' },
  ...overrides,
});

describe('budgets', () => {
  let budgetId = 0;

  it('sets a budget per fiscal year × department × category, KES by default, owner from the department', async () => {
    const created = await call('POST', '', admin, form());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'ICT equipment FY2026/27',
      fiscal_year: { id: fiscalYearId, name: 'FY2026/27' },
      department: { id: ictId, code: 'ICT' },
      category: { id: categoryId },
      currency: 'KES',
      amount: '2500000.00',
      period: 'annual',
      controls: { requisition: 'warn', purchase_order: 'stop', invoice: 'ignore' },
      budget_owner: { name: 'Test kamau' },
    });
    budgetId = (created.json() as { id: number }).id;

    // Over 21 million shillings (more than 2^31 cents) is stored exactly.
    const big = await call(
      'POST',
      '',
      admin,
      form({ name: 'All ICT', category_id: null, amount: '45000000.50' }),
    );
    expect(big.statusCode).toBe(201);
    expect(big.json()).toMatchObject({ amount: '45000000.50', category: null });
  });

  it.each([
    [
      { amount: '12.345' },
      'amount',
      'Enter an amount greater than 0 with at most the currency’s decimals, e.g. 1500000.00.',
    ],
    [
      { amount: '0' },
      'amount',
      'Enter an amount greater than 0 with at most the currency’s decimals, e.g. 1500000.00.',
    ],
    [{ currency: 'shillings' }, 'currency', 'Enter a three-letter currency code, e.g. KES.'],
    [
      { name: 'Again' },
      'category_id',
      'A budget for this fiscal year, department and category already exists.',
    ],
    [{ category_id: 999_999 }, 'category_id', 'Choose a category from the list.'],
    [{ fiscal_year_id: 999_999 }, 'fiscal_year_id', 'Choose one of this organisation’s fiscal years.'],
    [{ controls: { requisition: 'block', purchase_order: 'stop', invoice: 'warn' } }, 'controls', undefined],
  ])('refuses %j with a field message', async (overrides, field, message) => {
    const refused = await call('POST', '', admin, form(overrides));
    expect(refused.statusCode).toBe(400);
    const body = refused.json() as Record<string, unknown>;
    expect(body).toHaveProperty(field);
    if (message) expect(body[field]).toEqual([message]);
  });

  it('refuses a closed fiscal year and another organisation’s department', async () => {
    const closed = await call('POST', '', admin, form({ fiscal_year_id: closedYearId }));
    expect(closed.json()).toEqual({
      fiscal_year_id: ['This fiscal year is closed.'],
      detail: 'fiscal_year_id: This fiscal year is closed.',
      code: 'budget.fiscal_year_closed',
      field: 'fiscal_year_id',
    });
    const theirs = await call(
      'POST',
      '',
      admin,
      form({ department_id: theirDepartmentId, category_id: null }),
    );
    expect(theirs.json()).toMatchObject({
      department_id: ['Choose one of this organisation’s departments.'],
    });
  });

  it('changes a budget; members read, only administrators change; other organisations see nothing', async () => {
    const changed = await call('PUT', `${budgetId}/`, admin, form({ amount: '3000000', period: 'monthly' }));
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ amount: '3000000.00', period: 'monthly' });

    const list = await call('GET', `?department=${ictId}`, requester);
    expect(list.json()).toMatchObject({ count: 2 });
    expect((await call('PUT', `${budgetId}/`, requester, form())).statusCode).toBe(403);

    expect((await call('GET', '', otherAdmin)).json()).toMatchObject({ count: 0 });
    expect((await call('GET', `${budgetId}/`, otherAdmin)).statusCode).toBe(404);
    expect((await call('GET', `${budgetId}/`, otherAdmin)).json()).toEqual({
      detail: 'Budget not found.',
      code: 'budget.not_found',
    });
    expect((await call('PUT', `${budgetId}/`, otherAdmin, form())).statusCode).toBe(404);
  });
});
