import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../../test/harness.ts';
import { bearer, buyingOrganisations } from '../../../../../test/identity.ts';

let ctx: TestContext;
let admin: string;
let requester: string;
let otherAdmin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const { tokens } = await buyingOrganisations(ctx, [['otieno', 'requester']]);
  admin = tokens.admin!;
  requester = tokens.otieno!;
  otherAdmin = tokens.outsider!;
});
afterAll(async () => {
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1/p2p/fiscal-years/${url}`, headers: bearer(token), payload });

describe('fiscal years', () => {
  let fy2026 = 0;

  it('adds a July–June fiscal year', async () => {
    const created = await call('POST', '', admin, {
      name: 'FY2026/27',
      starts_on: '2026-07-01',
      ends_on: '2027-06-30',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'FY2026/27',
      starts_on: '2026-07-01',
      ends_on: '2027-06-30',
      status: 'open',
    });
    fy2026 = (created.json() as { id: number }).id;
  });

  it.each([
    [
      { name: 'FY bad', starts_on: '2028-02-30', ends_on: '2029-01-31' },
      'starts_on',
      'Enter a valid date (YYYY-MM-DD).',
    ],
    [
      { name: 'FY back', starts_on: '2028-07-01', ends_on: '2028-06-30' },
      'ends_on',
      'The fiscal year must end after it starts.',
    ],
    [
      { name: 'FY long', starts_on: '2028-01-01', ends_on: '2029-12-31' },
      'ends_on',
      'A fiscal year lasts at most 18 months.',
    ],
    [
      { name: 'FY2026/27', starts_on: '2030-07-01', ends_on: '2031-06-30' },
      'name',
      'A fiscal year with this name already exists.',
    ],
    [
      { name: 'Overlap', starts_on: '2027-06-30', ends_on: '2028-06-29' },
      'starts_on',
      'This period overlaps fiscal year FY2026/27.',
    ],
  ])('refuses %j with a field message', async (form, field, message) => {
    const refused = await call('POST', '', admin, form);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ [field]: [message] });
  });

  it('names the overlapped year by code and params, so the web words it in the interface language', async () => {
    const refused = await call('POST', '', admin, {
      name: 'Overlap',
      starts_on: '2027-06-30',
      ends_on: '2028-06-29',
    });
    expect(refused.json()).toMatchObject({
      code: 'fiscal_year.overlaps',
      params: { name: 'FY2026/27' },
      field: 'starts_on',
    });
  });

  it('lets only one of two overlapping years added at the same moment through', async () => {
    const answers = await Promise.all([
      call('POST', '', admin, { name: 'FY2027/28 a', starts_on: '2027-07-01', ends_on: '2028-06-30' }),
      call('POST', '', admin, { name: 'FY2027/28 b', starts_on: '2027-07-01', ends_on: '2028-06-30' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
  });

  it('closes a year; members read, only administrators change; other organisations see nothing', async () => {
    const closed = await call('PATCH', `${fy2026}/`, admin, { status: 'closed' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', starts_on: '2026-07-01' });

    const list = await call('GET', '', requester);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ count: 2 });
    expect(
      (await call('POST', '', requester, { name: 'X', starts_on: '2040-01-01', ends_on: '2040-12-31' }))
        .statusCode,
    ).toBe(403);

    expect((await call('GET', '', otherAdmin)).json()).toMatchObject({ count: 0 });
    expect((await call('PATCH', `${fy2026}/`, otherAdmin, { status: 'open' })).statusCode).toBe(404);
    // Another organisation may use the same name and dates.
    const theirs = await call('POST', '', otherAdmin, {
      name: 'FY2026/27',
      starts_on: '2026-07-01',
      ends_on: '2027-06-30',
    });
    expect(theirs.statusCode).toBe(201);
  });
});
