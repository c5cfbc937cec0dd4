import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import {
  bearer,
  createMember,
  linkToken,
  login,
  mailsTo,
  nextClientAddress,
  tokenFor,
} from '../../../../test/identity.ts';
import { PIN_SEARCH_LIMITS } from './supplier-registry.routes.ts';
import { simulatedPinName } from './pin-checker.simulator.ts';

let ctx: TestContext;
let moderator: string;
let buyerToken: string;
let kenya: number;
let categoryIds: number[];

const pinSearch = (pin: string, remoteAddress = nextClientAddress()) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/supplier-directory/directories/pin-search/?pin=${encodeURIComponent(pin)}`,
    remoteAddress,
  });

const form = (overrides: Record<string, unknown> = {}) => ({
  company_name: 'Amani Supplies Ltd',
  kra_tax_pin: 'P051234567X',
  primary_email: 'Wanjiru@Amani.example',
  primary_phone: '+254 712 345 678',
  first_name: 'Jane',
  last_name: 'Wanjiru',
  country: kenya,
  city: 'Nairobi',
  username: 'amani',
  password: 'correct horse battery',
  categories: categoryIds,
  terms: true,
  ...overrides,
});

const register = (payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/supplier-directory/country-directory-supplier/',
    payload,
    remoteAddress: nextClientAddress(),
  });

async function activateFromMail(email: string) {
  const [mail] = await mailsTo(ctx, email);
  const token = linkToken(mail!.text, '/activate');
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/authentication/verify_email?token=${encodeURIComponent(token)}`,
    remoteAddress: nextClientAddress(),
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestContext();
  const m = await createMember(ctx, { kind: 'platform', role: 'moderator', email: 'desk@zabuni.example' });
  moderator = await tokenFor(ctx, m.email, m.password);
  const b = await createMember(ctx, { kind: 'buyer', role: 'org_admin', email: 'admin@umoja.example' });
  buyerToken = await tokenFor(ctx, b.email, b.password);
  const countries = (
    await ctx.app.inject({ method: 'GET', url: '/api/v1/core/countries/?page_size=300' })
  ).json();
  kenya = (countries.results as { id: number; iso2: string }[]).find((c) => c.iso2 === 'KE')!.id;
  const categories = (await ctx.app.inject({ method: 'GET', url: '/api/v1/core/category-types/' })).json();
  categoryIds = (categories.results as { id: number }[]).slice(0, 2).map((c) => c.id);
});
afterAll(() => ctx.close());

describe('GET /api/v1/supplier-directory/directories/pin-search/', () => {
  it('verifies a well-formed PIN through the tax authority simulator, with its registered name', async () => {
    const response = await pinSearch(' p051234567x ');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      response: 'success',
      response_message: `PIN verified: ${simulatedPinName('P051234567X')}`,
      company_name: simulatedPinName('P051234567X'),
    });
    expect(simulatedPinName('P051234567X')).toBe(simulatedPinName('P051234567X'));
  });

  it('answers error for a malformed PIN and for one the tax authority does not know (last digit 0)', async () => {
    const malformed = await pinSearch('X12345');
    expect(malformed.statusCode).toBe(200);
    expect(malformed.json()).toMatchObject({ response: 'error', code: 'registry.pin_format' });
    const unknown = await pinSearch('P051234560X');
    expect(unknown.json()).toMatchObject({ response: 'error', code: 'registry.pin_unknown' });
    const empty = await pinSearch('');
    expect(empty.json()).toMatchObject({ response: 'error', code: 'registry.pin_format' });
  });

  it('is rate-limited per address', async () => {
    const address = nextClientAddress();
    for (let i = 0; i < PIN_SEARCH_LIMITS.perAddress; i += 1) {
      expect((await pinSearch('P051234567X', address)).statusCode).toBe(200);
    }
    const over = await pinSearch('P051234567X', address);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('system.rate_limited');
    expect((await pinSearch('P051234567X')).statusCode).toBe(200);
  });
});

describe('POST /api/v1/supplier-directory/country-directory-supplier/', () => {
  it('registers, activates by mail, approves automatically, and the supplier signs in to the portal', async () => {
    const response = await register(form());
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ detail: 'Registration Completed' });
    const id = response.json().id as number;

    // Before activation: not approved, and no sign-in.
    const early = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/supplier-directory/moderation/registrations/${id}/`,
      headers: bearer(moderator),
    });
    expect(early.json()).toMatchObject({
      status: 'pending_activation',
      first_name: 'Jane',
      last_name: 'Wanjiru',
      email: 'wanjiru@amani.example',
      pin_check: 'verified',
      terms_version: expect.any(String),
    });
    expect((await login(ctx, 'amani', 'correct horse battery')).status).not.toBe(200);

    // The PIN is now "already registered".
    expect((await pinSearch('P051234567X')).json()).toMatchObject({
      response: 'err',
      code: 'registry.pin_registered',
    });

    await activateFromMail('wanjiru@amani.example');
    const [approved] = await mailsTo(ctx, 'wanjiru@amani.example');
    expect(approved!.subject).toBe('Amani Supplies Ltd is approved as a supplier on Zabuni');
    const after = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/supplier-directory/moderation/registrations/${id}/`,
      headers: bearer(moderator),
    });
    expect(after.json()).toMatchObject({ status: 'approved', supplier_id: expect.any(Number) });

    const token = await tokenFor(ctx, 'amani', 'correct horse battery');
    const portal = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/portal/buyers/',
      headers: bearer(token),
    });
    expect(portal.statusCode, portal.body).toBe(200);

    // A buyer can add the approved supplier by its email.
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/p2p/suppliers/',
      headers: bearer(buyerToken),
      payload: { name: 'Amani', email: 'wanjiru@amani.example', first_name: 'Jane', last_name: 'Wanjiru' },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().id).toBe(after.json().supplier_id);
  });

  it('sends an unknown PIN to the review queue; an operator approves and the applicant is mailed', async () => {
    const response = await register(
      form({
        kra_tax_pin: 'A000000010B',
        primary_email: 'otieno@jabali.example',
        username: 'jabali',
        company_name: 'Jabali Works',
      }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().id as number;
    await activateFromMail('otieno@jabali.example');
    const [review] = await mailsTo(ctx, 'otieno@jabali.example');
    expect(review!.subject).toBe('We are reviewing the registration of Jabali Works');

    const queue = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/supplier-directory/moderation/registrations/?status=under_review',
      headers: bearer(moderator),
    });
    expect(queue.statusCode).toBe(200);
    expect(queue.json().results.map((r: { id: number }) => r.id)).toContain(id);
    expect(queue.json().results[0]).toMatchObject({ pin_check: 'unknown', email_confirmed: true });

    const approve = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/supplier-directory/moderation/registrations/${id}/approve/`,
      headers: bearer(moderator),
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json()).toMatchObject({ status: 'approved' });
    const [mail] = await mailsTo(ctx, 'otieno@jabali.example');
    expect(mail!.subject).toBe('Jabali Works is approved as a supplier on Zabuni');
    const token = await tokenFor(ctx, 'jabali', 'correct horse battery');
    const portal = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/portal/buyers/',
      headers: bearer(token),
    });
    expect(portal.statusCode).toBe(200);

    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/supplier-directory/moderation/registrations/${id}/approve/`,
      headers: bearer(moderator),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('registry.not_pending');
  });

  it('rejects with a reason, mailed; the PIN may then register again', async () => {
    const response = await register(
      form({ kra_tax_pin: 'A000000020C', primary_email: 'x@mwanga.example', username: 'mwanga' }),
    );
    const id = response.json().id as number;
    await activateFromMail('x@mwanga.example');
    const reject = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/supplier-directory/moderation/registrations/${id}/reject/`,
      headers: bearer(moderator),
      payload: { reason: 'The PIN belongs to another company.' },
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(reject.json()).toMatchObject({
      status: 'rejected',
      reason: 'The PIN belongs to another company.',
    });
    const [mail] = await mailsTo(ctx, 'x@mwanga.example');
    expect(mail!.text).toContain('Reason: The PIN belongs to another company.');
    expect((await pinSearch('A000000020C')).json()).toMatchObject({ code: 'registry.pin_unknown' });
  });

  it('refuses duplicates with 409 and a code on the field', async () => {
    const pin = await register(form({ primary_email: 'new@x.example', username: 'newone' }));
    expect(pin.statusCode).toBe(409);
    expect(pin.json()).toMatchObject({ code: 'registry.pin_registered', field: 'kra_tax_pin' });
    const email = await register(form({ kra_tax_pin: 'P111111111Q', username: 'other1' }));
    expect(email.statusCode).toBe(409);
    expect(email.json()).toMatchObject({ code: 'registry.email_taken', field: 'primary_email' });
    const username = await register(
      form({ kra_tax_pin: 'P111111111Q', primary_email: 'fresh@x.example', username: 'AMANI' }),
    );
    expect(username.statusCode).toBe(409);
    expect(username.json()).toMatchObject({ code: 'auth.username_taken', field: 'username' });
  });

  it('answers bad input with 400 and catalogue codes, never 500', async () => {
    const empty = await register({});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json())).toEqual(
      expect.arrayContaining([
        'primary_email',
        'primary_phone',
        'first_name',
        'last_name',
        'city',
        'username',
      ]),
    );
    const badPin = await register(
      form({ kra_tax_pin: '12345', primary_email: 'b@x.example', username: 'bb1' }),
    );
    expect(badPin.statusCode).toBe(400);
    expect(badPin.json()).toMatchObject({ kra_tax_pin: [expect.stringContaining('KRA PIN')] });
    const noTerms = await register(form({ terms: false, kra_tax_pin: 'P222222222Q', username: 'bb2' }));
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json().terms).toBeDefined();
    const badCountry = await register(
      form({ country: 999999, kra_tax_pin: 'P222222222Q', primary_email: 'c@x.example', username: 'bb3' }),
    );
    expect(badCountry.statusCode).toBe(400);
    expect(badCountry.json()).toMatchObject({ code: 'registry.country', field: 'country' });
    const badCategory = await register(
      form({
        categories: [2147483647],
        kra_tax_pin: 'P222222222Q',
        primary_email: 'c@x.example',
        username: 'bb4',
      }),
    );
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json()).toMatchObject({ code: 'registry.categories' });
    for (const payload of [[], 'text', { categories: 'x', country: 'KE', terms: 'yes' }, { password: 12 }]) {
      const status = (await register(payload as object)).statusCode;
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    }
  });

  it('keeps the review queue to operators', async () => {
    const url = '/api/v1/supplier-directory/moderation/registrations/';
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url, headers: bearer(buyerToken) })).statusCode).toBe(403);
  });
});
