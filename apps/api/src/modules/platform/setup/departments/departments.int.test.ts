import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../../test/harness.ts';
import { bearer, buyingOrganisations } from '../../../../../test/identity.ts';

let ctx: TestContext;
let admin: string;
let requester: string;
let otherAdmin: string;
let requesterId: number;
let outsiderId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const { tokens, ids } = await buyingOrganisations(ctx, [['wanjiru', 'requester']]);
  requesterId = ids.wanjiru!;
  outsiderId = ids.outsider!;
  admin = tokens.admin!;
  requester = tokens.wanjiru!;
  otherAdmin = tokens.outsider!;
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1/p2p/departments/${url}`, headers: bearer(token), payload });

describe('departments (cost centres)', () => {
  let ictId = 0;

  it('lets an organisation administrator add one, with its budget owner, audited', async () => {
    const created = await call('POST', '', admin, {
      code: 'ict-01',
      name: 'Information & Communication Technology',
      budget_owner_id: requesterId,
    });
    expect(created.statusCode).toBe(201);
    const body = created.json() as { id: number; code: string; budget_owner: { id: number; email: string } };
    expect(body).toMatchObject({
      code: 'ICT-01',
      name: 'Information & Communication Technology',
      active: true,
      budget_owner: { id: requesterId, email: 'wanjiru@umoja.example' },
    });
    ictId = body.id;
    const audit = await ctx.database.db.execute<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE action = 'department.created'`,
    );
    expect(audit.rows).toHaveLength(1);
  });

  it('refuses a taken code, a bad code and a budget owner from another organisation with field messages', async () => {
    const taken = await call('POST', '', admin, { code: 'ICT-01', name: 'Again' });
    expect(taken.statusCode).toBe(400);
    // A request field named `code` keeps its messages under `code` (ARCHITECTURE §5); `field` still says which.
    expect(taken.json()).toMatchObject({
      code: ['A department with this code already exists.'],
      field: 'code',
    });

    const bad = await call('POST', '', admin, { code: 'ICT 01!', name: 'Spaces' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: ['Use 1–20 capital letters, digits, dashes or underscores.'] });

    const empty = await call('POST', '', admin, { code: '', name: '' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json() as object)).toEqual(expect.arrayContaining(['code', 'name', 'detail']));

    const outsider = await call('POST', '', admin, {
      code: 'FIN',
      name: 'Finance',
      budget_owner_id: outsiderId,
    });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json()).toMatchObject({
      budget_owner_id: ['The budget owner must be a member of this organisation.'],
    });
  });

  it('answers the same clear 400 when two administrators add one code at the same moment', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call('POST', '', admin, { code: 'PROC', name: 'Procurement' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400, 400]);
  });

  it('lets members read but only administrators change', async () => {
    const list = await call('GET', '?search=ict', requester);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ count: 1, results: [{ code: 'ICT-01' }] });
    expect((await call('POST', '', requester, { code: 'HR', name: 'Human resources' })).statusCode).toBe(403);
    expect((await call('PATCH', `${ictId}/`, requester, { name: 'ICT' })).statusCode).toBe(403);

    const renamed = await call('PATCH', `${ictId}/`, admin, { name: 'ICT', active: false });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ code: 'ICT-01', name: 'ICT', active: false });
    expect((await call('GET', '?active=true', admin)).json()).toMatchObject({ count: 1 });
  });

  it('keeps each organisation’s departments invisible to the others (list, detail, change: 404)', async () => {
    expect((await call('GET', '', otherAdmin)).json()).toMatchObject({ count: 0, results: [] });
    expect((await call('GET', `${ictId}/`, otherAdmin)).statusCode).toBe(404);
    const change = await call('PATCH', `${ictId}/`, otherAdmin, { name: 'Taken over' });
    expect(change.statusCode).toBe(404);
    expect((await call('GET', `${ictId}/`, admin)).json()).toMatchObject({ name: 'ICT' });
  });

  it('needs a signed-in caller', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/p2p/departments/' });
    expect(anonymous.statusCode).toBe(401);
  });
});
