import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '../../../schema/contracts.tables.ts';
import { createTestContext, manualClock, type TestContext } from '../../../../test/harness.ts';
import { bearer, claimsOf, createMember, mailsTo, tokenFor } from '../../../../test/identity.ts';
import { procurementSetUp } from '../../../../test/p2p.ts';

/**
 * The contracts module's security review (F4, F5, F7, F9, F11): the portal's own view (no internal fields,
 * no draft changes), limits on signature codes (authenticator attempts, code requests, attempts kept across
 * new codes), 4xx with a catalogue code for bad references and ids, the selected buyer's contracts only,
 * and supported currencies only.
 */

let ctx: TestContext;
let setUp: Awaited<ReturnType<typeof procurementSetUp>>;
const clock = manualClock(new Date('2026-11-26T09:00:00Z'));
const tokens: Record<string, string> = {};

type Json = Record<string, unknown>;
const call = async (who: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => {
  const response = await ctx.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: bearer(tokens[who] ?? setUp.tokens[who]!),
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Json & { results?: Json[] } };
};
const ok = async (
  who: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
  status = 200,
) => {
  const response = await call(who, method, url, payload);
  expect(response.status, `${method} ${url}: ${JSON.stringify(response.body)}`).toBe(status);
  return response.body;
};
const codeIn = (text: string) => /(\d{6})/.exec(text)![1]!;
const lastCode = async (email: string) => codeIn((await mailsTo(ctx, email))[0]!.subject);

const terms = (extra: Json = {}) => ({
  title: 'Security guarding',
  supplier_id: setUp.supplierId,
  body_html: '<p>Guarding of the head office.</p>',
  value_minor: 50_000_000,
  currency: 'KES',
  start_date: '2027-01-01',
  end_date: '2027-12-31',
  renewal: 'none',
  payment_terms: '30 days after invoice',
  department_id: setUp.ictId,
  ...extra,
});

/** Author, submit, approve (kamau owns ICT's budget) and send for signature. */
async function readyToSign(extra: Json = {}) {
  const id = (await ok('mwangi', 'POST', 'contracts/', terms(extra), 201)).id as number;
  await ok('mwangi', 'POST', `contracts/${id}/submit/`, {});
  await ok('kamau', 'POST', `contracts/${id}/approve/`, {});
  await ok('mwangi', 'POST', `contracts/${id}/send-for-signature/`, {});
  return id;
}

async function signBoth(id: number) {
  await ok('mwangi', 'POST', `contracts/${id}/signature-code/`, {});
  await ok('mwangi', 'POST', `contracts/${id}/sign/`, { code: await lastCode('mwangi@umoja.example') });
  await ok('acme', 'POST', `portal/contracts/${id}/signature-code/`, {});
  return ok('acme', 'POST', `portal/contracts/${id}/sign/`, { code: await lastCode('sales@acme.example') });
}

async function switchBuyer(token: string, buyerId: number) {
  const switched = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/switch-buyer/',
    headers: bearer(token),
    payload: { buyer_company_id: buyerId },
  });
  expect(switched.statusCode, switched.body).toBe(200);
  return (switched.json() as { access: string }).access;
}

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  setUp = await procurementSetUp(ctx);
  const manager = await createMember(ctx, {
    kind: 'buyer',
    role: 'contract_manager',
    email: 'mwangi@umoja.example',
    organisationId: setUp.organisationId,
  });
  tokens.mwangi = await tokenFor(ctx, manager.email, manager.password);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('F4: the supplier portal has its own view', () => {
  it("shows no buyer-internal fields and none of the buyer's draft changes", async () => {
    const id = await readyToSign({ alert_days: [30], alert_user_ids: [setUp.ids.kamau] });
    expect((await signBoth(id)).status).toBe('active');
    const draft = await ok(
      'mwangi',
      'POST',
      `contracts/${id}/changes/`,
      { kind: 'termination', title: 'Termination for convenience', body_html: '<p>Ends early.</p>' },
      201,
    );
    // The buyer sees its draft termination.
    const buyer = await ok('mwangi', 'GET', `contracts/${id}/`);
    expect((buyer.changes as Json[]).map((c) => c.id)).toContain(draft.id);

    const portal = await ok('acme', 'GET', `portal/contracts/${id}/`);
    expect(portal.changes).toEqual([]);
    for (const field of [
      'owner',
      'department',
      'alert_user_ids',
      'alert_days',
      'effective_alert_days',
      'source',
    ]) {
      expect(portal, field).not.toHaveProperty(field);
    }
    const listed = (await ok('acme', 'GET', 'portal/contracts/')).results!.find((c) => c.id === id)!;
    expect(listed).not.toHaveProperty('owner');
    expect(listed).not.toHaveProperty('department');
  });
});

describe('F5: signature codes are limited', () => {
  it('refuses an authenticator signer after five wrong codes, even with the right one', async () => {
    const signer = await createMember(ctx, {
      kind: 'buyer',
      role: 'contract_manager',
      email: 'njoroge@umoja.example',
      organisationId: setUp.organisationId,
    });
    tokens.njoroge = await tokenFor(ctx, signer.email, signer.password);
    const epoch = () => Math.floor(clock.now().getTime() / 1000);
    const { secret } = (await ok('njoroge', 'POST', 'authentication/tfa/setup/', {})) as { secret: string };
    await ok('njoroge', 'POST', 'authentication/tfa/enable/', {
      code: await generate({ secret, epoch: epoch() }),
    });
    const id = await readyToSign();
    expect((await ok('njoroge', 'POST', `contracts/${id}/signature-code/`, {})).method).toBe('authenticator');
    for (let i = 0; i < 5; i++) {
      expect((await call('njoroge', 'POST', `contracts/${id}/sign/`, { code: '000000' })).status).toBe(400);
    }
    clock.advance(30_000); // a fresh time step, so the code itself would be accepted
    const refused = await call('njoroge', 'POST', `contracts/${id}/sign/`, {
      code: await generate({ secret, epoch: epoch() }),
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(429);
    expect(refused.body.code).toBe('contract.code_attempts');
  });

  it('limits code requests per signer and contract, answering 429 with the catalogue code', async () => {
    const id = await readyToSign();
    for (let i = 0; i < 5; i++) await ok('mwangi', 'POST', `contracts/${id}/signature-code/`, {});
    const sixth = await call('mwangi', 'POST', `contracts/${id}/signature-code/`, {});
    expect(sixth.status, JSON.stringify(sixth.body)).toBe(429);
    expect(sixth.body.code).toBe('system.rate_limited');
    // The supplier's own requests are counted apart.
    await ok('acme', 'POST', `portal/contracts/${id}/signature-code/`, {});
  });

  it('keeps the failed attempts when a new code is asked for', async () => {
    const id = await readyToSign();
    await ok('mwangi', 'POST', `contracts/${id}/signature-code/`, {});
    for (let i = 0; i < 5; i++) {
      expect((await call('mwangi', 'POST', `contracts/${id}/sign/`, { code: '000000' })).status).toBe(400);
    }
    await ok('mwangi', 'POST', `contracts/${id}/signature-code/`, {});
    const refused = await call('mwangi', 'POST', `contracts/${id}/sign/`, {
      code: await lastCode('mwangi@umoja.example'),
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(429);
    expect(refused.body.code).toBe('contract.code_attempts');
  });
});

describe('F7 and F11: user input gives a 4xx with a code, never a 500', () => {
  it('refuses a category that does not exist', async () => {
    const response = await call('mwangi', 'POST', 'contracts/', terms({ category_id: 99_999_999 }));
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.code).toBe('contract.category');
    expect(response.body.field).toBe('category_id');
    // A real category is accepted.
    await ok('mwangi', 'POST', 'contracts/', terms({ category_id: setUp.categoryId }), 201);
  });

  it('refuses a version number beyond an integer in the comparison', async () => {
    const id = (await ok('mwangi', 'POST', 'contracts/', terms(), 201)).id as number;
    const response = await call('mwangi', 'GET', `contracts/${id}/versions/compare/?from=99999999999&to=1`);
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(JSON.stringify(response.body)).toContain('field.');
  });

  it('accepts only a supported ISO currency', async () => {
    const response = await call('mwangi', 'POST', 'contracts/', terms({ currency: 'ZZZ' }));
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(JSON.stringify(response.body)).toContain('contract.currency_supported');
    const ugx = await ok('mwangi', 'POST', 'contracts/', terms({ currency: 'ugx' }), 201);
    expect(ugx.currency).toBe('UGX');
  });
});

describe("F9: the portal reads only the selected buyer's contracts", () => {
  it('a supplier of two buyers sees the second buyer’s contract only with that buyer selected', async () => {
    const mavunoId = claimsOf(setUp.tokens.outsider!).buyer_company_id as number;
    // Mavuno puts Acme on its list (Acme's user exists, so it is linked) and writes it a contract.
    await ok(
      'outsider',
      'POST',
      'p2p/suppliers/',
      {
        name: 'Acme Office Supplies Ltd',
        email: 'sales@acme.example',
        first_name: 'Achieng',
        last_name: 'Odhiambo',
      },
      201,
    );
    const mavunoContract = (
      await ok(
        'outsider',
        'POST',
        'contracts/',
        { ...terms({ title: 'Mavuno cleaning' }), department_id: null },
        201,
      )
    ).id as number;
    // Sent for signature (its approval is not what this test is about).
    await ctx.database.db
      .update(contracts)
      .set({ status: 'signing' })
      .where(eq(contracts.id, mavunoContract));

    // Acme with Umoja selected: Mavuno's contract is neither listed nor readable.
    const umojaList = await ok('acme', 'GET', 'portal/contracts/?page_size=100');
    expect(umojaList.results!.map((c) => c.id)).not.toContain(mavunoContract);
    expect((await call('acme', 'GET', `portal/contracts/${mavunoContract}/`)).status).toBe(404);
    expect(
      (await call('acme', 'POST', `portal/contracts/${mavunoContract}/signature-code/`, {})).status,
    ).toBe(404);

    // With Mavuno selected, it is, and Umoja's are not.
    tokens.acmeAtMavuno = await switchBuyer(setUp.tokens.acme!, mavunoId);
    const mavunoList = await ok('acmeAtMavuno', 'GET', 'portal/contracts/?page_size=100');
    expect(mavunoList.results!.map((c) => c.id)).toEqual([mavunoContract]);
    expect((await ok('acmeAtMavuno', 'GET', `portal/contracts/${mavunoContract}/`)).title).toBe(
      'Mavuno cleaning',
    );
  });
});
