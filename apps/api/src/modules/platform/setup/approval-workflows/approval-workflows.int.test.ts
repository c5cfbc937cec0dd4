import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../../test/harness.ts';
import { bearer, createMember, tokenFor } from '../../../../../test/identity.ts';

let ctx: TestContext;
let admin: string;
let requester: string;
let owner: string;
let otherAdmin: string;
let ownerId: number;
let outsiderId: number;
let ictId: number;
let theirDepartmentId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const umoja = await createMember(ctx, { kind: 'buyer', role: 'org_admin', email: 'admin@umoja.example' });
  const organisationId = umoja.organisationId;
  const member = (email: string, role: 'requester' | 'budget_owner' | 'finance') =>
    createMember(ctx, { kind: 'buyer', role, email, organisationId });
  const wanjiru = await member('wanjiru@umoja.example', 'requester');
  const kamau = await member('kamau@umoja.example', 'budget_owner');
  await member('akinyi@umoja.example', 'finance');
  const mavuno = await createMember(ctx, { kind: 'buyer', role: 'org_admin', email: 'admin@mavuno.example' });
  ownerId = kamau.userId;
  outsiderId = mavuno.userId;
  admin = await tokenFor(ctx, umoja.email, umoja.password);
  requester = await tokenFor(ctx, wanjiru.email, wanjiru.password);
  owner = await tokenFor(ctx, kamau.email, kamau.password);
  otherAdmin = await tokenFor(ctx, mavuno.email, mavuno.password);
  const department = async (token: string, payload: object) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/p2p/departments/',
      headers: bearer(token),
      payload,
    });
    return (response.json() as { id: number }).id;
  };
  ictId = await department(admin, { code: 'ICT', name: 'ICT', budget_owner_id: ownerId });
  theirDepartmentId = await department(otherAdmin, { code: 'OPS', name: 'Operations' });
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1/p2p/approval-workflows/${url}`, headers: bearer(token), payload });

const bigIctRule = (overrides: object = {}) => ({
  name: 'ICT from KES 500,000',
  document_type: 'requisition',
  priority: 10,
  min_amount: '500000',
  department_ids: [ictId],
  steps: [
    { mode: 'any', approvers: [{ kind: 'budget_owner' }] },
    {
      mode: 'all',
      approvers: [
        { kind: 'role', role: 'finance' },
        { kind: 'role', role: 'org_admin' },
      ],
    },
  ],
  ...overrides,
});

describe('approval workflows', () => {
  let ruleId = 0;

  it('lets an administrator add a two-step rule for large ICT requisitions', async () => {
    const created = await call('POST', '', admin, bigIctRule());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'ICT from KES 500,000',
      document_type: 'requisition',
      currency: 'KES',
      min_amount: '500000.00',
      max_amount: null,
      department_ids: [ictId],
      steps: [
        { mode: 'any', purpose: 'approval', approvers: [{ kind: 'budget_owner' }] },
        { mode: 'all', purpose: 'approval' },
      ],
      active: true,
    });
    ruleId = (created.json() as { id: number }).id;
  });

  it('says which step has no approver by code and params', async () => {
    const refused = await call('POST', '', admin, bigIctRule({ steps: [{ mode: 'any', approvers: [] }] }));
    expect(refused.json()).toEqual({
      steps: ['Step 1 has no approver.'],
      detail: 'steps: Step 1 has no approver.',
      code: 'workflow.step_without_approvers',
      params: { step: 1 },
      field: 'steps',
    });
  });

  it.each([
    [{ steps: [] }, 'steps', 'Add at least one approval step.'],
    [{ steps: [{ mode: 'any', approvers: [] }] }, 'steps', 'Step 1 has no approver.'],
    [
      { min_amount: '500000', max_amount: '500000' },
      'max_amount',
      'The upper limit must be above the lower limit.',
    ],
    [
      { min_amount: '12.345' },
      'min_amount',
      'Enter an amount of 0 or more with at most the currency’s decimals.',
    ],
    [{ steps: [{ mode: 'any', approvers: [{ kind: 'user', user_id: 0 }] }] }, 'steps', undefined],
    [{ department_ids: [0] }, 'department_ids', undefined],
  ])('refuses %j with a field message', async (overrides, field, message) => {
    const refused = await call('POST', '', admin, bigIctRule(overrides));
    expect(refused.statusCode).toBe(400);
    const body = refused.json() as Record<string, unknown>;
    expect(body).toHaveProperty(field);
    if (message) expect(body[field]).toEqual([message]);
  });

  it('refuses approvers and departments of another organisation', async () => {
    const outsider = await call(
      'POST',
      '',
      admin,
      bigIctRule({
        steps: [{ mode: 'any', approvers: [{ kind: 'user', user_id: outsiderId }] }],
      }),
    );
    expect(outsider.json()).toMatchObject({ steps: ['Approvers must be members of this organisation.'] });
    const theirs = await call('POST', '', admin, bigIctRule({ department_ids: [theirDepartmentId] }));
    expect(theirs.json()).toMatchObject({ department_ids: ['Choose departments of this organisation.'] });
    expect((await call('POST', '', requester, bigIctRule())).statusCode).toBe(403);
  });

  it('previews the route: KES 750,000 for ICT goes to the budget owner, then finance and the administrator', async () => {
    const preview = await call('POST', 'preview/', requester, { amount: '750000', department_ids: [ictId] });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual({
      rule: { id: ruleId, name: 'ICT from KES 500,000' },
      steps: [
        'Step 1: ICT budget owner — Test kamau',
        'Step 2, all of: Finance — Test akinyi; Org admin — Test admin',
      ],
      assignable: true,
    });

    // The lower band is exclusive of the rule's minimum: KES 499,999.99 takes the default route.
    const small = await call('POST', 'preview/', requester, { amount: '499999.99', department_ids: [ictId] });
    expect(small.json()).toMatchObject({
      rule: null,
      steps: ['Step 1: ICT budget owner — Test kamau'],
      assignable: true,
    });
  });

  it('says when nobody but the requester could approve (the budget owner’s own small requisition)', async () => {
    const own = await call('POST', 'preview/', owner, { amount: '1000', department_ids: [ictId] });
    expect(own.json()).toMatchObject({ rule: null, assignable: false });
    expect((own.json() as { steps: string[] }).steps[0]).toContain('only the requester');
  });

  it('changes a rule and keeps each organisation’s rules to itself', async () => {
    const changed = await call(
      'PUT',
      `${ruleId}/`,
      admin,
      bigIctRule({ active: false, max_amount: '5000000' }),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ active: false, max_amount: '5000000.00' });
    // Inactive rules route nothing.
    const preview = await call('POST', 'preview/', requester, { amount: '750000', department_ids: [ictId] });
    expect(preview.json()).toMatchObject({ rule: null });

    expect((await call('GET', '', otherAdmin)).json()).toMatchObject({ count: 0 });
    expect((await call('GET', `${ruleId}/`, otherAdmin)).statusCode).toBe(404);
    expect((await call('PUT', `${ruleId}/`, otherAdmin, bigIctRule({ department_ids: [] }))).statusCode).toBe(
      404,
    );
    expect((await call('GET', '', requester)).json()).toMatchObject({ count: 1 });
  });
});
