import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../../test/harness.ts';
import { bearer, buyingOrganisations } from '../../../../../test/identity.ts';
import { categories } from '../../../../schema/core.tables.ts';

let ctx: TestContext;
const tokens: Record<string, string> = {};
let ictId: number;
let categoryId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const organisations = await buyingOrganisations(ctx, [
    ['wanjiru', 'requester'],
    ['kamau', 'budget_owner'],
    ['akinyi', 'finance'],
    ['baraka', 'finance'],
  ]);
  Object.assign(tokens, organisations.tokens);
  const { ids } = organisations;

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
  ictId = await post(tokens.admin!, 'departments/', { code: 'ICT', name: 'ICT', budget_owner_id: ids.kamau });
  await post(tokens.admin!, 'approval-workflows/', {
    name: 'From KES 500,000',
    document_type: 'requisition',
    min_amount: '500000',
    steps: [
      { mode: 'any', approvers: [{ kind: 'budget_owner' }] },
      { mode: 'any', approvers: [{ kind: 'role', role: 'finance' }] },
    ],
  });
  [{ id: categoryId }] = (await ctx.database.db.select({ id: categories.id }).from(categories).limit(1)) as [
    { id: number },
  ];
});
afterAll(async () => {
  await ctx.close();
});

const act = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1/p2p/${url}`, headers: bearer(tokens[who]!), payload });

async function draft(who: string, unitPrice: string, title = 'Laptops for the data team') {
  const created = await act(who, 'POST', 'requisitions/', {
    title,
    lines: [
      {
        description: 'Laptop',
        category_id: categoryId,
        department_id: ictId,
        quantity: '4',
        unit_price: unitPrice,
      },
    ],
  });
  expect(created.statusCode).toBe(201);
  return (created.json() as { id: number }).id;
}

type View = {
  status: string;
  approval: {
    round: number;
    route: string[];
    state: string;
    current_step: number | null;
    waiting_for_me: boolean;
  };
};

describe('requisition approval', () => {
  let id = 0;

  it('submits along the matching rule: budget owner, then finance', async () => {
    id = await draft('wanjiru', '187500'); // KES 750,000
    const submitted = await act('wanjiru', 'POST', `requisitions/${id}/submit/`);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({
      status: 'submitted',
      approval: {
        round: 1,
        route: ['Step 1: ICT budget owner — Test kamau', 'Step 2: Finance — Test akinyi, Test baraka'],
        state: 'in_progress',
        current_step: 1,
        waiting_for_me: false,
      },
    });
    expect((await act('wanjiru', 'POST', `requisitions/${id}/submit/`)).statusCode).toBe(409);
  });

  it('puts it in the budget owner’s inbox only', async () => {
    const inbox = await act('kamau', 'GET', 'approvals/inbox/');
    expect(inbox.json()).toMatchObject({
      count: 1,
      results: [{ id, document_type: 'requisition', step: 1 }],
    });
    for (const who of ['akinyi', 'wanjiru', 'admin', 'outsider']) {
      expect((await act(who, 'GET', 'approvals/inbox/')).json()).toMatchObject({ count: 0 });
    }
  });

  it('refuses the requester, an approver out of turn, and a comment-less rejection', async () => {
    const own = await act('wanjiru', 'POST', `requisitions/${id}/approve/`, {});
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({
      detail: 'You cannot approve, reject or return your own requisition.',
    });
    const early = await act('akinyi', 'POST', `requisitions/${id}/approve/`, {});
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ detail: 'This requisition is not waiting for you.' });
    const bare = await act('kamau', 'POST', `requisitions/${id}/reject/`, {});
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ comment: ['Say why in a comment.'] });
    expect((await act('outsider', 'POST', `requisitions/${id}/approve/`, {})).statusCode).toBe(404);
  });

  it('lets two finance approvers act at the same moment: one approves, the other gets a conflict', async () => {
    const first = await act('kamau', 'POST', `requisitions/${id}/approve/`, {
      step: 1,
      comment: 'Within plan',
    });
    expect(first.json()).toMatchObject({ status: 'submitted', approval: { current_step: 2 } });
    // A stale second click on step 1 does not land on step 2.
    expect((await act('kamau', 'POST', `requisitions/${id}/approve/`, { step: 1 })).statusCode).toBe(409);

    const both = await Promise.all([
      act('akinyi', 'POST', `requisitions/${id}/approve/`, { step: 2 }),
      act('baraka', 'POST', `requisitions/${id}/approve/`, { step: 2 }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const final = (await act('wanjiru', 'GET', `requisitions/${id}/`)).json() as View & {
      approval: { decisions: unknown[] };
    };
    expect(final).toMatchObject({ status: 'approved', approval: { state: 'approved', current_step: null } });
    expect(final.approval.decisions).toHaveLength(2);

    const audit = await ctx.database.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE detail->>'requisition_id' = ${String(id)} ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      'requisition.created',
      'requisition.submitted',
      'requisition.approved',
      'requisition.approved',
    ]);
  });

  it('returns for changes with a comment; the requester edits and resubmits; round 2 starts at step 1', async () => {
    const small = await draft('wanjiru', '25000', 'Headsets'); // KES 100,000: the default route (budget owner)
    await act('wanjiru', 'POST', `requisitions/${small}/submit/`);
    const returned = await act('kamau', 'POST', `requisitions/${small}/return/`, {
      comment: 'Quote two suppliers',
    });
    expect(returned.json()).toMatchObject({ status: 'returned', approval: { state: 'returned' } });
    expect((await act('kamau', 'GET', 'approvals/inbox/')).json()).toMatchObject({ count: 0 });

    const edited = await act('wanjiru', 'PUT', `requisitions/${small}/`, {
      title: 'Headsets (two quotes attached)',
      lines: [
        {
          description: 'Headset',
          category_id: categoryId,
          department_id: ictId,
          quantity: '4',
          unit_price: '24000',
        },
      ],
    });
    expect(edited.statusCode).toBe(200);
    const again = (await act('wanjiru', 'POST', `requisitions/${small}/submit/`)).json() as View;
    expect(again.approval).toMatchObject({
      round: 2,
      current_step: 1,
      route: ['Step 1: ICT budget owner — Test kamau'],
    });
    const approved = await act('kamau', 'POST', `requisitions/${small}/approve/`, {});
    expect(approved.json()).toMatchObject({ status: 'approved' });
  });

  it('refuses to submit what nobody but the requester could approve (the budget owner’s own request)', async () => {
    const own = await draft('kamau', '1000', 'Desk lamp');
    const refused = await act('kamau', 'POST', `requisitions/${own}/submit/`);
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { detail: string }).detail).toMatch(
      /^Nobody but you could approve this requisition: Step 1/,
    );
    expect((await act('kamau', 'GET', `requisitions/${own}/`)).json()).toMatchObject({
      status: 'draft',
      approval: null,
    });
  });
});
