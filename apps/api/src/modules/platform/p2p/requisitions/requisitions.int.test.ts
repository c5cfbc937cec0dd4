import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, fixedClock, type TestContext } from '../../../../../test/harness.ts';
import { bearer, createMember, tokenFor } from '../../../../../test/identity.ts';
import { categories } from '../../../../schema/core.tables.ts';

let ctx: TestContext;
let admin: string;
let requester: string;
let colleague: string;
let otherAdmin: string;
let ictId: number;
let closedId: number;
let theirDepartmentId: number;
let categoryId: number;

beforeAll(async () => {
  ctx = await createTestContext({ clock: fixedClock('2026-11-23T08:00:00Z') });
  const umoja = await createMember(ctx, { kind: 'buyer', role: 'org_admin', email: 'admin@umoja.example' });
  const member = (email: string) =>
    createMember(ctx, { kind: 'buyer', role: 'requester', email, organisationId: umoja.organisationId });
  const wanjiru = await member('wanjiru@umoja.example');
  const otieno = await member('otieno@umoja.example');
  const mavuno = await createMember(ctx, { kind: 'buyer', role: 'org_admin', email: 'admin@mavuno.example' });
  admin = await tokenFor(ctx, umoja.email, umoja.password);
  requester = await tokenFor(ctx, wanjiru.email, wanjiru.password);
  colleague = await tokenFor(ctx, otieno.email, otieno.password);
  otherAdmin = await tokenFor(ctx, mavuno.email, mavuno.password);
  const department = async (token: string, payload: object) =>
    (
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/p2p/departments/',
          headers: bearer(token),
          payload,
        })
      ).json() as { id: number }
    ).id;
  ictId = await department(admin, { code: 'ICT', name: 'ICT' });
  closedId = await department(admin, { code: 'OLD', name: 'Old unit', active: false });
  theirDepartmentId = await department(otherAdmin, { code: 'OPS', name: 'Operations' });
  [{ id: categoryId }] = (await ctx.database.db.select({ id: categories.id }).from(categories).limit(1)) as [
    { id: number },
  ];
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1/p2p/requisitions/${url}`, headers: bearer(token), payload });

const form = (overrides: object = {}, line: object = {}) => ({
  title: 'Laptops for the new data team',
  justification: 'Four analysts join in January.',
  lines: [
    {
      description: 'Laptop, 16 GB RAM, 512 GB SSD',
      category_id: categoryId,
      department_id: ictId,
      quantity: '4',
      unit: 'each',
      unit_price: '187500.00',
      needed_by: '2027-01-10',
      ...line,
    },
    {
      description: 'USB-C docking station',
      category_id: categoryId,
      department_id: ictId,
      quantity: '2.5',
      unit_price: '12999.99',
    },
  ],
  ...overrides,
});

describe('requisitions', () => {
  let id = 0;

  it('starts a numbered draft with exact line amounts and total', async () => {
    const created = await call('POST', '', requester, form());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      number: 'REQ-2026-00001',
      title: 'Laptops for the new data team',
      status: 'draft',
      requester: { name: 'Test wanjiru' },
      currency: 'KES',
      // 4 × 187,500.00 + 2.5 × 12,999.99 (32,499.975 rounds half up to 32,499.98)
      total: '782499.98',
      submitted_at: null,
      lines: [
        {
          line_no: 1,
          quantity: '4',
          unit: 'each',
          unit_price: '187500.00',
          amount: '750000.00',
          needed_by: '2027-01-10',
          department: { code: 'ICT' },
        },
        { line_no: 2, quantity: '2.5', unit: 'each', amount: '32499.98', needed_by: null },
      ],
    });
    id = (created.json() as { id: number }).id;
    const second = await call('POST', '', colleague, form({ title: 'Printer toner' }));
    expect(second.json()).toMatchObject({ number: 'REQ-2026-00002' });
  });

  it.each([
    [{ lines: [] }, {}, 'lines', 'Add at least one line.'],
    [{}, { quantity: '0' }, 'lines', undefined],
    [
      {},
      { unit_price: '10.001' },
      'lines',
      'Line 1: Enter a unit price of 0 or more with at most the currency’s decimals.',
    ],
    [{}, { department_id: 'theirs' }, 'lines', 'Line 1: Choose one of this organisation’s departments.'],
    [{}, { needed_by: '2027-02-30' }, 'lines', undefined],
    [{ title: '' }, {}, 'title', undefined],
  ])('refuses %j / line %j with a message and stores nothing', async (overrides, line, field, message) => {
    // The other organisation's department id is only known after set-up.
    const resolved = 'department_id' in line ? { ...line, department_id: theirDepartmentId } : line;
    const before = await ctx.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM requisitions`,
    );
    const refused = await call('POST', '', requester, form(overrides, resolved));
    expect(refused.statusCode).toBe(400);
    const body = refused.json() as Record<string, unknown>;
    expect(body).toHaveProperty(field);
    if (message) expect(body[field]).toEqual([message]);
    const after = await ctx.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM requisitions`,
    );
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('refuses a department that no longer takes requisitions', async () => {
    const refused = await call('POST', '', requester, form({}, { department_id: closedId }));
    expect(refused.json()).toMatchObject({
      lines: ['Line 1: This department no longer takes requisitions.'],
      // The stable code, the field and the line's index, so a client never reads the sentence.
      code: 'requisition.inactive_department',
      field: 'lines',
      line: 0,
    });
    expect(refused.json()).not.toHaveProperty('params');
  });

  it('lets only the requester change a draft; a colleague gets 403', async () => {
    const changed = await call(
      'PUT',
      `${id}/`,
      requester,
      form({ title: 'Laptops for the data team' }, { quantity: '3' }),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      title: 'Laptops for the data team',
      total: '594999.98',
      number: 'REQ-2026-00001',
    });
    const colleagues = await call('PUT', `${id}/`, colleague, form());
    expect(colleagues.statusCode).toBe(403);
    expect(colleagues.json()).toMatchObject({
      detail: 'Only a draft or returned requisition can be changed, by its requester.',
      code: 'requisition.not_editable',
    });
  });

  it('lists everyone’s or only mine, and searches by number or title', async () => {
    expect((await call('GET', '', admin)).json()).toMatchObject({ count: 2 });
    expect((await call('GET', '?mine=true', requester)).json()).toMatchObject({
      count: 1,
      results: [{ id }],
    });
    expect((await call('GET', '?search=REQ-2026-00002', admin)).json()).toMatchObject({
      count: 1,
      results: [{ title: 'Printer toner' }],
    });
  });

  it('cancels once; a second cancel or a change afterwards is a 409 naming the state', async () => {
    const cancelled = await call('POST', `${id}/cancel/`, requester, { comment: 'Budget moved to Q2' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    const again = await call('POST', `${id}/cancel/`, requester, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: 'This requisition cannot be cancelled now: it is cancelled.',
      code: 'requisition.not_allowed',
      params: { action: 'cancelled', status: 'cancelled' },
    });
    expect((await call('PUT', `${id}/`, requester, form())).statusCode).toBe(409);
    const audit = await ctx.database.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE detail->>'requisition_id' = ${String(id)} ORDER BY id`,
    );
    expect(audit.rows.map((row) => row.action)).toEqual([
      'requisition.created',
      'requisition.updated',
      'requisition.cancelled',
    ]);
  });

  it('keeps each organisation’s requisitions invisible to the others (list, detail, actions: 404)', async () => {
    expect((await call('GET', '', otherAdmin)).json()).toMatchObject({ count: 0 });
    expect((await call('GET', `${id}/`, otherAdmin)).statusCode).toBe(404);
    expect((await call('GET', `${id}/`, otherAdmin)).json()).toEqual({
      detail: 'Requisition not found.',
      code: 'requisition.not_found',
    });
    expect((await call('PUT', `${id}/`, otherAdmin, form())).statusCode).toBe(404);
    expect((await call('POST', `${id}/cancel/`, otherAdmin, {})).statusCode).toBe(404);
  });
});
