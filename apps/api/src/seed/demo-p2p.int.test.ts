import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { bearer, tokenFor } from '../../test/identity.ts';
import { DEMO_STAFF, seedDemoProcurement } from './demo-p2p.ts';
import { DEMO_BUYER_EMAIL, DEMO_PASSWORD, seedDemoTenders } from './demo-tenders.ts';

let ctx: TestContext;
let buyer = '';

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoTenders(ctx.database.db, { now: new Date(), tenderCount: 5 });
  expect(await seedDemoProcurement(ctx.database.db, { now: new Date() })).toBe(true);
  buyer = await tokenFor(ctx, DEMO_BUYER_EMAIL, DEMO_PASSWORD);
});
afterAll(async () => {
  await ctx.close();
});

const get = async <T>(token: string, url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};

async function switchTo(token: string, index: number) {
  const me = await get<{ organisations: Array<{ organisation: { id: number } }> }>(
    token,
    'authentication/me/',
  );
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/switch-buyer/',
    headers: bearer(token),
    payload: { buyer_company_id: me.organisations[index]!.organisation.id },
  });
  return (response.json() as { access: string }).access;
}

type Summary = { id: number; number: string; status: string };

describe('procure-to-pay demo data', () => {
  it('seeds once, and gives both demo organisations requisitions in every state', async () => {
    expect(await seedDemoProcurement(ctx.database.db, { now: new Date() })).toBe(false);
    for (const index of [0, 1]) {
      const token = await switchTo(buyer, index);
      const { results } = await get<{ results: Summary[] }>(token, 'p2p/requisitions/?page_size=100');
      expect(new Set(results.map((r) => r.status))).toEqual(
        new Set(['draft', 'submitted', 'approved', 'rejected', 'returned', 'cancelled']),
      );
      const numbers = results.map((r) => r.number).sort();
      expect(numbers[0]).toMatch(/^REQ-\d{4}-00001$/);
      expect(new Set(numbers).size).toBe(results.length);
      const departments = await get<{ count: number }>(token, 'p2p/departments/');
      expect(departments.count).toBeGreaterThanOrEqual(3);
      const workflows = await get<{ count: number }>(token, 'p2p/approval-workflows/');
      expect(workflows.count).toBeGreaterThanOrEqual(1);
    }
  });

  it('shows approved spend as committed and the pending as proposed on the budgets', async () => {
    const { results } = await get<{
      results: Array<{ department: { code: string }; utilisation: { committed: string; proposed: string } }>;
    }>(buyer, 'p2p/budgets/');
    const ict = results.find((b) => b.department.code === 'ICT')!;
    expect(ict.utilisation.committed).toBe('378000.00');
    expect(Number(ict.utilisation.proposed)).toBeGreaterThan(0);
  });

  it('leaves the demo buyer small items to approve together, and a full audit trail', async () => {
    const inbox = await get<{ results: Array<{ title: string; bulk_approvable: boolean }> }>(
      buyer,
      'p2p/approvals/inbox/',
    );
    expect(
      inbox.results
        .filter((r) => r.bulk_approvable)
        .map((r) => r.title)
        .sort(),
    ).toEqual(['Cleaning supplies', 'Stationery for the fourth quarter']);
    const { results } = await get<{ results: Array<Summary & { title: string }> }>(
      buyer,
      'p2p/requisitions/?search=Network',
    );
    const timeline = await get<{ results: Array<{ action: string }> }>(
      buyer,
      `p2p/requisitions/${results[0]!.id}/timeline/`,
    );
    expect(timeline.results.map((e) => e.action)).toEqual([
      'requisition.created',
      'requisition.submitted',
      'requisition.approved',
      'requisition.approved',
    ]);
    const verified = await ctx.services.audit.verify();
    expect(verified.firstBreak).toBeNull();
  });

  it('keeps segregation of duties: nobody decides two steps of one requisition, nor their own', async () => {
    const { rows } = await ctx.database.pool.query<{ requisition_id: number }>(
      `SELECT d.requisition_id FROM requisition_decisions d JOIN requisitions r ON r.id = d.requisition_id
        WHERE d.user_id = r.requester_user_id
           OR EXISTS (SELECT 1 FROM requisition_decisions o WHERE o.requisition_id = d.requisition_id
                       AND o.round = d.round AND o.user_id = d.user_id AND o.step_index <> d.step_index)`,
    );
    expect(rows).toEqual([]);
  });

  it('lets each demo colleague sign in, and the budget owner sees what waits for them', async () => {
    for (const staff of DEMO_STAFF) expect(await tokenFor(ctx, staff.email, DEMO_PASSWORD)).toBeTruthy();
    const owner = await tokenFor(ctx, 'owner@zabuni.example', DEMO_PASSWORD);
    const inbox = await get<{ results: Array<{ title: string }> }>(owner, 'p2p/approvals/inbox/');
    expect(inbox.results.map((r) => r.title)).toContain('Laptops for loan officers');
  });
});
