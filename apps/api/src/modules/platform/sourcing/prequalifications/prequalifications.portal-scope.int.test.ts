import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../../test/harness.ts';
import { bearer, createMember, tokenFor } from '../../../../../test/identity.ts';
import { prequalificationBody, prequalificationSetUp } from '../../../../../test/prequalifications.ts';
import { multipart, sampleFiles } from '../../../../../test/multipart.ts';

/**
 * Security review F9: the supplier portal's prequalifications follow the buyer the supplier selected, as
 * its RFQs and risk questionnaires do. Acme supplies Umoja and Bidii; with Umoja selected it sees Umoja's
 * exercise only, and Bidii's (its questions, its own answers and documents) only once Bidii is selected.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof prequalificationSetUp>>;
let umojaExercise = 0;
let bidiiExercise = 0;
let bidiiId = 0;

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(token), payload });

async function exercise(token: string, body: object) {
  const created = await call(token, 'POST', 'sourcing/prequalifications/', body);
  expect(created.statusCode, created.body).toBe(201);
  const id = (created.json() as { id: number }).id;
  const published = await call(token, 'POST', `sourcing/prequalifications/${id}/publish/`);
  expect(published.statusCode, published.body).toBe(200);
  return id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  setUp = await prequalificationSetUp(ctx);
  const now = Date.now();
  const body = prequalificationBody(setUp, new Date(now - HOUR), new Date(now + 7 * DAY));
  umojaExercise = await exercise(setUp.tokens.admin!, body);

  // Bidii, a second buyer, adds Acme to its list and invites it to its own exercise.
  const admin = await createMember(ctx, {
    kind: 'buyer',
    role: 'org_admin',
    email: 'admin@bidii.example',
    organisationName: 'Bidii Bank',
  });
  bidiiId = admin.organisationId;
  const bidii = await tokenFor(ctx, admin.email, admin.password);
  const evaluator = await createMember(ctx, {
    kind: 'buyer',
    role: 'evaluator',
    email: 'eva@bidii.example',
    organisationId: bidiiId,
  });
  const added = await call(bidii, 'POST', 'p2p/suppliers/', {
    name: 'Acme Office Supplies Ltd',
    email: 'sales@acme.example',
    first_name: 'Achieng',
    last_name: 'Odhiambo',
  });
  expect(added.statusCode, added.body).toBe(201);
  bidiiExercise = await exercise(bidii, {
    ...prequalificationBody(
      { categoryId: setUp.categoryId, ids: { eva1: evaluator.userId, eva2: evaluator.userId } },
      new Date(now - HOUR),
      new Date(now + 7 * DAY),
    ),
    title: 'Bidii branch supplies 2027',
  });
});
afterAll(async () => {
  await ctx?.close();
});

describe('F9: the portal’s prequalifications follow the selected buyer', () => {
  it('shows Bidii’s exercise to Acme only when Bidii is selected', async () => {
    // Umoja selected (procurementSetUp's token).
    const umoja = setUp.tokens.acme!;
    const list = await call(umoja, 'GET', 'portal/prequalifications/');
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as { results: Array<{ id: number }> }).results.map((r) => r.id)).toEqual([
      umojaExercise,
    ]);
    expect((await call(umoja, 'GET', `portal/prequalifications/${umojaExercise}/`)).statusCode).toBe(200);
    const hidden = await call(umoja, 'GET', `portal/prequalifications/${bidiiExercise}/`);
    expect(hidden.statusCode, hidden.body).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 'prequalification.not_found' });
    // Nor can it write there, documents included, while Umoja is selected.
    const upload = multipart({}, [{ field: 'file', name: 'licence.pdf', bytes: sampleFiles.pdf('licence') }]);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/portal/prequalifications/${bidiiExercise}/documents/?question_key=licence&expires_on=2027-06-30`,
      headers: { ...bearer(umoja), ...upload.headers },
      payload: upload.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(404);

    // Bidii selected: Bidii's exercise, not Umoja's.
    const switched = await call(umoja, 'POST', 'authentication/switch-buyer/', { buyer_company_id: bidiiId });
    expect(switched.statusCode, switched.body).toBe(200);
    const bidii = (switched.json() as { access: string }).access;
    const theirs = await call(bidii, 'GET', 'portal/prequalifications/');
    expect((theirs.json() as { results: Array<{ id: number }> }).results.map((r) => r.id)).toEqual([
      bidiiExercise,
    ]);
    const shown = await call(bidii, 'GET', `portal/prequalifications/${bidiiExercise}/`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ id: bidiiExercise, buyer: { id: bidiiId } });
    expect((await call(bidii, 'GET', `portal/prequalifications/${umojaExercise}/`)).statusCode).toBe(404);
  });
});
