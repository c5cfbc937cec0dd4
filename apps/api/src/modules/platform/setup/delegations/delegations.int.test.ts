import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../../test/harness.ts';
import { bearer, buyingOrganisations } from '../../../../../test/identity.ts';
import { categories } from '../../../../schema/core.tables.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};
let ids: Record<string, number> = {};
let ictId: number;
let categoryId: number;

const day = (offset: number) =>
  new Date(Date.now() + 3 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

function act(who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return ctx.app.inject({ method, url: `/api/v1/p2p/${url}`, headers: bearer(tokens[who]!), payload });
}

beforeAll(async () => {
  ctx = await createTestContext();
  const organisations = await buyingOrganisations(ctx, [
    ['wanjiru', 'requester'],
    ['kamau', 'budget_owner'],
    ['otieno', 'approver'],
  ]);
  Object.assign(tokens, organisations.tokens);
  ids = organisations.ids;
  const department = await act('admin', 'POST', 'departments/', {
    code: 'ICT',
    name: 'ICT',
    budget_owner_id: ids.kamau,
  });
  ictId = (department.json() as { id: number }).id;
  [{ id: categoryId }] = (await ctx.database.db.select({ id: categories.id }).from(categories).limit(1)) as [
    { id: number },
  ];
});
afterAll(async () => {
  await ctx.close();
});

describe('approval delegations', () => {
  let delegationId = 0;

  it('refuses delegations that make no sense, with the field named', async () => {
    const cases: Array<[string, object, number, string]> = [
      ['kamau', { delegate_id: ids.kamau, starts_on: day(0), ends_on: day(2) }, 400, 'other than'],
      ['kamau', { delegate_id: ids.otieno, starts_on: day(-5), ends_on: day(-1) }, 400, 'already passed'],
      ['kamau', { delegate_id: ids.otieno, starts_on: day(3), ends_on: day(1) }, 400, 'before the first'],
      ['kamau', { delegate_id: ids.outsider, starts_on: day(0), ends_on: day(2) }, 400, 'member'],
      ['kamau', { delegate_id: ids.otieno, starts_on: day(0), ends_on: day(400) }, 400, 'a year'],
      [
        'wanjiru',
        { delegator_id: ids.kamau, delegate_id: ids.otieno, starts_on: day(0), ends_on: day(2) },
        403,
        'administrator',
      ],
    ];
    for (const [who, payload, status, text] of cases) {
      const response = await act(who, 'POST', 'delegations/', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.body).toContain(text);
    }
  });

  it('lets the delegate approve for the absent budget owner, recorded on their behalf', async () => {
    const created = await act('kamau', 'POST', 'delegations/', {
      delegate_id: ids.otieno,
      starts_on: day(0),
      ends_on: day(3),
      reason: 'Annual leave',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      delegator: { id: ids.kamau },
      delegate: { id: ids.otieno },
      reason: 'Annual leave',
      active: true,
    });
    delegationId = (created.json() as { id: number }).id;

    const draft = await act('wanjiru', 'POST', 'requisitions/', {
      title: 'Router',
      lines: [
        {
          description: 'Router',
          category_id: categoryId,
          department_id: ictId,
          quantity: '1',
          unit_price: '9000',
        },
      ],
    });
    const id = (draft.json() as { id: number }).id;
    expect((await act('wanjiru', 'POST', `requisitions/${id}/submit/`)).statusCode).toBe(200);
    const inbox = (await act('otieno', 'GET', 'approvals/inbox/')).json() as {
      results: Array<{ id: number }>;
    };
    expect(inbox.results.map((r) => r.id)).toEqual([id]);
    const approved = await act('otieno', 'POST', `requisitions/${id}/approve/`, { step: 1 });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved' });
    const timeline = (await act('wanjiru', 'GET', `requisitions/${id}/timeline/`)).json() as {
      results: Array<{ action: string; detail: { on_behalf_of?: string[] } }>;
    };
    expect(timeline.results.at(-1)).toMatchObject({
      action: 'requisition.approved',
      detail: { on_behalf_of: [String(ids.kamau)] },
    });
  });

  it('shows people their own delegations and the administrator all of them', async () => {
    const mine = (await act('wanjiru', 'GET', 'delegations/')).json() as { count: number };
    expect(mine.count).toBe(0);
    const theirs = (await act('otieno', 'GET', 'delegations/')).json() as { count: number };
    expect(theirs.count).toBe(1);
    const all = (await act('admin', 'GET', 'delegations/?current=true')).json() as { count: number };
    expect(all.count).toBe(1);
    const foreign = (await act('outsider', 'GET', 'delegations/')).json() as { count: number };
    expect(foreign.count).toBe(0);
  });

  it('is ended by the person away or an administrator only', async () => {
    const notYours = await act('otieno', 'DELETE', `delegations/${delegationId}/`);
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json()).toMatchObject({ code: 'delegation.not_yours' });
    expect((await act('outsider', 'DELETE', `delegations/${delegationId}/`)).statusCode).toBe(404);
    expect((await act('kamau', 'DELETE', `delegations/${delegationId}/`)).statusCode).toBe(204);
    expect((await act('admin', 'GET', 'delegations/')).json()).toMatchObject({ count: 0 });
  });
});
