import { AUTH_MESSAGES, MESSAGES } from '@zabuni/contracts';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, manualClock, type TestContext } from '../../../../test/harness.ts';
import {
  bearer,
  claimsOf,
  createMember,
  linkToken,
  login,
  mailsTo,
  tokenFor,
} from '../../../../test/identity.ts';
import { countries } from '../../../schema/core.tables.ts';
import { users } from '../../../schema/authentication.tables.ts';

const clock = manualClock(new Date('2026-11-21T08:00:00.000Z'));
let ctx: TestContext;
let kenyaId: number;

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  const [kenya] = await ctx.database.db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.iso2, 'KE'));
  kenyaId = kenya!.id;
});
afterAll(() => ctx.close());

const registration = (overrides: Record<string, unknown> = {}) => ({
  name: 'Mavuno Traders Ltd',
  company_website: 'mavuno.example',
  tax_pin: 'p051234567z',
  country: kenyaId,
  first_name: 'Achieng',
  last_name: 'Otieno',
  contact_person: 'Achieng Otieno',
  contact_person_email: 'Achieng@Mavuno.example',
  contact_person_phone_number: '+254 712 345 678',
  email: 'achieng@mavuno.example',
  username: 'achieng',
  phone_number: '+254712345678',
  password: 'Tender-2026!',
  password2: 'Tender-2026!',
  terms: true,
  ...overrides,
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('advertiser registration → activation → sign-in', () => {
  it('registers, mails the activation link, activates and signs in with the expected claims', async () => {
    const registered = await post('/api/v1/authentication/register/', registration());
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toEqual({
      detail: 'Registration successful',
      message: 'Please check your email for an activation link',
    });

    // Not active yet: the password is right, but the account must be activated first.
    const early = await login(ctx, 'achieng', 'Tender-2026!');
    expect(early.status).toBe(401);
    expect(early.body.detail).toBe(MESSAGES[AUTH_MESSAGES.inactive]);

    const [mail] = await mailsTo(ctx, 'achieng@mavuno.example');
    expect(mail!.subject).toBe('Activate your Zabuni account');
    expect(mail!.html).toContain('Activate my account');
    const token = linkToken(mail!.text, '/activate');

    const activated = await get(`/api/v1/authentication/verify_email?token=${encodeURIComponent(token)}`);
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toEqual({ detail: 'Account activated. Please login to access your account.' });
    const again = await get(`/api/v1/authentication/verify_email?token=${encodeURIComponent(token)}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/already been used/);

    // Email (any case) or username both sign in.
    const byEmail = await login(ctx, 'ACHIENG@mavuno.example', 'Tender-2026!');
    expect(byEmail.status).toBe(200);
    const claims = claimsOf(byEmail.body.access!);
    expect(claims).toMatchObject({
      email: 'achieng@mavuno.example',
      username: 'achieng',
      first_name: 'Achieng',
      last_name: 'Otieno',
      roles: ['advertiser'],
      two_fa: 'no',
      buyer_company_id: null,
    });
    expect(typeof claims.user_id).toBe('number');

    const me = await get('/api/v1/authentication/me/', bearer(byEmail.body.access!));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'achieng@mavuno.example',
      two_factor_enabled: false,
      organisations: [
        { organisation: { name: 'Mavuno Traders Ltd', kind: 'advertiser' }, roles: ['advertiser'] },
      ],
    });
  });

  it('applies the SPEC messages: terms, password mismatch, minimum length, KRA PIN', async () => {
    const response = await post(
      '/api/v1/authentication/register/',
      registration({ terms: false, password: 'short', password2: 'other', tax_pin: 'X12' }),
    );
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.terms).toEqual([MESSAGES[AUTH_MESSAGES.terms]]);
    expect(body.password).toEqual(['Ensure this field has at least 8 characters.']);
    expect(body.password2).toEqual([MESSAGES[AUTH_MESSAGES.passwordMismatch]]);

    const noWebsite = await post('/api/v1/authentication/register/', registration({ company_website: '  ' }));
    expect(noWebsite.statusCode).toBe(400);
    expect(noWebsite.json().company_website).toEqual([MESSAGES[AUTH_MESSAGES.required]]);

    const badPin = await post(
      '/api/v1/authentication/register/',
      registration({ username: 'pinny', tax_pin: 'X12', contact_person_email: 'p@x.example' }),
    );
    expect(badPin.statusCode).toBe(400);
    expect(badPin.json().tax_pin).toEqual(['Enter a valid KRA PIN, e.g. A123456789B.']);
  });

  it('refuses a taken username but answers a taken email like a new one (no enumeration)', async () => {
    const username = await post(
      '/api/v1/authentication/register/',
      registration({ contact_person_email: 'new@mavuno.example' }),
    );
    expect(username.statusCode).toBe(400);
    expect(username.json().username).toEqual(['A user with that username already exists.']);

    const email = await post('/api/v1/authentication/register/', registration({ username: 'someone-else' }));
    expect(email.statusCode).toBe(201);
    const [notice] = await mailsTo(ctx, 'achieng@mavuno.example');
    expect(notice!.subject).toBe('You already have a Zabuni account');
  });

  it('answers an expired activation link with the server text', async () => {
    await post(
      '/api/v1/authentication/register/',
      registration({ username: 'late', contact_person_email: 'late@mavuno.example' }),
    );
    const token = linkToken((await mailsTo(ctx, 'late@mavuno.example'))[0]!.text, '/activate');
    clock.advance(49 * 3_600_000);
    const response = await get(`/api/v1/authentication/verify_email?token=${encodeURIComponent(token)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain('The account activation link has already expired');
  });
});

describe('sign-in failures', () => {
  it('gives the same generic 401 for a wrong password and an unknown account', async () => {
    await createMember(ctx, { kind: 'advertiser', role: 'advertiser', email: 'wanjiru@example.co.ke' });
    const wrong = await login(ctx, 'wanjiru@example.co.ke', 'not-the-password');
    const unknown = await login(ctx, 'nobody@example.co.ke', 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({
      detail: MESSAGES[AUTH_MESSAGES.badCredentials],
      code: 'auth.bad_credentials',
    });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('locks an account for 15 minutes after five failures in a row', async () => {
    const member = await createMember(ctx, {
      kind: 'advertiser',
      role: 'advertiser',
      email: 'kamau@example.co.ke',
    });
    for (let i = 0; i < 5; i += 1)
      expect((await login(ctx, member.email, 'wrong-password')).status).toBe(401);
    const locked = await login(ctx, member.email, member.password);
    expect(locked.status).toBe(429);
    expect(locked.body.detail).toBe(MESSAGES[AUTH_MESSAGES.locked]);
    clock.advance(16 * 60_000);
    expect((await login(ctx, member.email, member.password)).status).toBe(200);
  });

  it('rate-limits sign-in attempts per account and says so', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await login(ctx, 'ratelimited@example.co.ke', 'whatever-1')).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const last = await login(ctx, 'ratelimited@example.co.ke', 'whatever-1');
    expect(last.status).toBe(429);
    expect(last.body.detail).toBe(MESSAGES[AUTH_MESSAGES.rateLimited]);
    expect(last.response.headers['retry-after']).toMatch(/^\d+$/);
  });
});

describe('password reset', () => {
  it('mails a link, sets the new password once, and answers the same for unknown emails', async () => {
    const member = await createMember(ctx, {
      kind: 'advertiser',
      role: 'advertiser',
      email: 'reset.me@example.co.ke',
    });
    const known = await post('/api/v1/authentication/reset_password_request/', { email: member.email });
    const unknown = await post('/api/v1/authentication/reset_password_request/', {
      email: 'ghost@example.co.ke',
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(await mailsTo(ctx, 'ghost@example.co.ke')).toEqual([]);

    const token = linkToken((await mailsTo(ctx, member.email))[0]!.text, '/reset-password');
    const mismatch = await post('/api/v1/authentication/confirm/', {
      token,
      password: 'Brand-new-1',
      password2: 'Brand-new-2',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().password2).toEqual([MESSAGES[AUTH_MESSAGES.passwordMismatch]]);

    const confirmed = await post('/api/v1/authentication/confirm/', {
      token,
      password: 'Brand-new-1',
      password2: 'Brand-new-1',
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await login(ctx, member.email, member.password)).status).toBe(401);
    expect((await login(ctx, member.email, 'Brand-new-1')).status).toBe(200);
    const reused = await post('/api/v1/authentication/confirm/', {
      token,
      password: 'Another-1',
      password2: 'Another-1',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().detail).toBe(MESSAGES[AUTH_MESSAGES.resetInvalid]);
    expect((await mailsTo(ctx, member.email))[0]!.subject).toBe('Your Zabuni password was changed');
  });
});

describe('two-factor verification', () => {
  it('enrols an authenticator app, then requires a code: the pending token can call nothing else', async () => {
    const member = await createMember(ctx, {
      kind: 'advertiser',
      role: 'advertiser',
      email: 'twofa@example.co.ke',
    });
    const access = await tokenFor(ctx, member.email, member.password);
    const setup = await post('/api/v1/authentication/tfa/setup/', {}, bearer(access));
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url, qr_svg } = setup.json();
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Zabuni:/);
    expect(qr_svg).toContain('<svg');

    const epoch = () => Math.floor(clock.now().getTime() / 1000);
    const wrongEnable = await post('/api/v1/authentication/tfa/enable/', { code: '000000' }, bearer(access));
    expect(wrongEnable.statusCode).toBe(400);
    const enabled = await post(
      '/api/v1/authentication/tfa/enable/',
      { code: await generate({ secret, epoch: epoch() }) },
      bearer(access),
    );
    expect(enabled.statusCode).toBe(200);
    const recoveryCodes: string[] = enabled.json().recovery_codes;
    expect(recoveryCodes).toHaveLength(10);

    const first = await login(ctx, member.email, member.password);
    expect(first.status).toBe(200);
    const pending = first.body.access!;
    expect(claimsOf(pending).two_fa).toBe('yes');
    expect((await get('/api/v1/authentication/me/', bearer(pending))).statusCode).toBe(401);
    expect((await get('/api/v1/organisations/members/', bearer(pending))).statusCode).toBe(401);

    const wrong = await post('/api/v1/authentication/tfa/verify/', { code: '123456' }, bearer(pending));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: MESSAGES[AUTH_MESSAGES.invalidCode], code: 'auth.invalid_code' });

    clock.advance(30_000); // the enrolment code's time step cannot be used again
    const verified = await post(
      '/api/v1/authentication/tfa/verify/',
      { code: await generate({ secret, epoch: epoch() }) },
      bearer(pending),
    );
    expect(verified.statusCode).toBe(200);
    const full = verified.json().access as string;
    expect(claimsOf(full).two_fa).toBe('no');
    expect((await get('/api/v1/authentication/me/', bearer(full))).json().two_factor_enabled).toBe(true);

    // A recovery code works once.
    const second = (await login(ctx, member.email, member.password)).body.access!;
    expect(
      (await post('/api/v1/authentication/tfa/verify/', { code: recoveryCodes[0] }, bearer(second)))
        .statusCode,
    ).toBe(200);
    const third = (await login(ctx, member.email, member.password)).body.access!;
    expect(
      (await post('/api/v1/authentication/tfa/verify/', { code: recoveryCodes[0] }, bearer(third)))
        .statusCode,
    ).toBe(400);

    // The emailed code is the fallback.
    const sent = await post('/api/v1/authentication/tfa/verify/', { send_email_code: true }, bearer(third));
    expect(sent.statusCode).toBe(202);
    const codeMail = (await mailsTo(ctx, member.email))[0]!;
    const code = /(\d{6})/.exec(codeMail.subject)![1]!;
    expect((await post('/api/v1/authentication/tfa/verify/', { code }, bearer(third))).statusCode).toBe(200);
  });
});

describe('sessions and cookies', () => {
  it('sets httpOnly cookies, requires X-Requested-With on cookie writes, and rotates refresh tokens', async () => {
    const member = await createMember(ctx, {
      kind: 'advertiser',
      role: 'advertiser',
      email: 'cookie@example.co.ke',
    });
    const { response } = await login(ctx, member.email, member.password, { remember: true });
    const cookies = Object.fromEntries(response.cookies.map((c) => [c.name, c]));
    expect(cookies.zabuni_access).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookies.zabuni_refresh).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/v1/authentication/',
    });
    const accessCookie = `zabuni_access=${cookies.zabuni_access!.value}`;

    expect((await get('/api/v1/authentication/me/', { cookie: accessCookie })).statusCode).toBe(200);
    const profile = {
      first_name: 'Cookie',
      last_name: 'Monster',
      phone_number: '+254700000001',
      language: 'sw',
    };
    const csrf = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/authentication/me/',
      payload: profile,
      headers: { cookie: accessCookie },
    });
    expect(csrf.statusCode).toBe(403);
    const ok = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/authentication/me/',
      payload: profile,
      headers: { cookie: accessCookie, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ first_name: 'Cookie', language: 'sw' });

    const refreshCookie = `zabuni_refresh=${cookies.zabuni_refresh!.value}`;
    const refreshed = await post('/api/v1/authentication/token/refresh/', {}, { cookie: refreshCookie });
    expect(refreshed.statusCode).toBe(200);
    expect(claimsOf(refreshed.json().access).first_name).toBe('Cookie');
    const newRefresh = refreshed.cookies.find((c) => c.name === 'zabuni_refresh')!.value;

    // The old refresh token again: a leak. Every session of the user ends.
    expect(
      (await post('/api/v1/authentication/token/refresh/', {}, { cookie: refreshCookie })).statusCode,
    ).toBe(401);
    expect(
      (await post('/api/v1/authentication/token/refresh/', {}, { cookie: `zabuni_refresh=${newRefresh}` }))
        .statusCode,
    ).toBe(401);
  });

  it('logs out: the refresh cookie is cleared and no longer works', async () => {
    const member = await createMember(ctx, {
      kind: 'advertiser',
      role: 'advertiser',
      email: 'bye@example.co.ke',
    });
    const { response } = await login(ctx, member.email, member.password);
    const refresh = response.cookies.find((c) => c.name === 'zabuni_refresh')!.value;
    // A cookie write: the web app's X-Requested-With is required (see account-protection.int.test.ts).
    const out = await post(
      '/api/v1/authentication/logout/',
      {},
      { cookie: `zabuni_refresh=${refresh}`, 'x-requested-with': 'XMLHttpRequest' },
    );
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'zabuni_access')?.value).toBe('');
    expect(
      (await post('/api/v1/authentication/token/refresh/', {}, { cookie: `zabuni_refresh=${refresh}` }))
        .statusCode,
    ).toBe(401);
  });
});

describe('authorisation and tenancy', () => {
  it('a moderator route refuses anonymous callers (401) and advertisers (403)', async () => {
    const advertiser = await createMember(ctx, {
      kind: 'advertiser',
      role: 'advertiser',
      email: 'ad@example.co.ke',
    });
    const moderator = await createMember(ctx, {
      kind: 'platform',
      role: 'moderator',
      email: 'mod@zabuni.example',
    });
    expect((await get('/api/v1/audit/events/')).statusCode).toBe(401);
    const refused = await get(
      '/api/v1/audit/events/',
      bearer(await tokenFor(ctx, advertiser.email, advertiser.password)),
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: 'Only Zabuni staff can do this.', code: 'access.not_operator' });
    const allowed = await get(
      '/api/v1/audit/events/?page_size=5',
      bearer(await tokenFor(ctx, moderator.email, moderator.password)),
    );
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().count).toBeGreaterThan(0);
  });

  it("an organisation-scoped list never shows another organisation's rows", async () => {
    const a = await createMember(ctx, {
      kind: 'buyer',
      role: 'org_admin',
      email: 'admin@bank-a.example',
      organisationName: 'Bank A',
    });
    await createMember(ctx, {
      kind: 'buyer',
      role: 'requester',
      email: 'clerk@bank-a.example',
      organisationId: a.organisationId,
    });
    const b = await createMember(ctx, {
      kind: 'buyer',
      role: 'org_admin',
      email: 'admin@bank-b.example',
      organisationName: 'Bank B',
    });
    const list = async (email: string, password: string) =>
      (
        await get(
          '/api/v1/organisations/members/?page_size=100',
          bearer(await tokenFor(ctx, email, password)),
        )
      ).json() as {
        count: number;
        results: Array<{ email: string; organisation: { name: string } }>;
      };
    const seenByA = await list(a.email, a.password);
    expect(seenByA.results.map((m) => m.email).sort()).toEqual([
      'admin@bank-a.example',
      'clerk@bank-a.example',
    ]);
    expect(seenByA.results.every((m) => m.organisation.name === 'Bank A')).toBe(true);
    const seenByB = await list(b.email, b.password);
    expect(seenByB.count).toBe(1);
    expect(seenByB.results[0]!.email).toBe('admin@bank-b.example');
  });

  it('lets a supplier switch between the buyers whose lists it is on, and no others', async () => {
    const supplier = await createMember(ctx, {
      kind: 'supplier',
      role: 'supplier_admin',
      email: 'sales@jua-kali.example',
    });
    const buyers = await ctx.database.db.transaction(async (tx) => {
      const one = await ctx.services.organisations.create(tx, { kind: 'buyer', name: 'Buyer One' });
      const two = await ctx.services.organisations.create(tx, { kind: 'buyer', name: 'Buyer Two' });
      const three = await ctx.services.organisations.create(tx, { kind: 'buyer', name: 'Buyer Three' });
      await ctx.services.organisations.addToSupplierList(tx, one, supplier.organisationId);
      await ctx.services.organisations.addToSupplierList(tx, two, supplier.organisationId);
      return { one, two, three };
    });
    const access = await tokenFor(ctx, supplier.email, supplier.password);
    expect(claimsOf(access).buyer_company_id).toBe(buyers.one);
    const switched = await post(
      '/api/v1/authentication/switch-buyer/',
      { buyer_company_id: buyers.two },
      bearer(access),
    );
    expect(switched.statusCode).toBe(200);
    expect(claimsOf(switched.json().access).buyer_company_id).toBe(buyers.two);
    expect(claimsOf(await tokenFor(ctx, supplier.email, supplier.password)).buyer_company_id).toBe(
      buyers.two,
    );
    const refused = await post(
      '/api/v1/authentication/switch-buyer/',
      { buyer_company_id: buyers.three },
      bearer(access),
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('role changes', () => {
  it('lets an organisation admin grant and revoke roles in their own organisation only, audited', async () => {
    const admin = await createMember(ctx, {
      kind: 'buyer',
      role: 'org_admin',
      email: 'admin@sacco.example',
      organisationName: 'Pamoja Sacco',
    });
    const clerk = await createMember(ctx, {
      kind: 'buyer',
      role: 'requester',
      email: 'clerk@sacco.example',
      organisationId: admin.organisationId,
    });
    const outsider = await createMember(ctx, {
      kind: 'buyer',
      role: 'org_admin',
      email: 'admin@other.example',
      organisationName: 'Other Bank',
    });
    const adminToken = await tokenFor(ctx, admin.email, admin.password);
    const url = `/api/v1/organisations/members/${clerk.userId}/roles/`;

    const granted = await post(
      url,
      { organisation_id: admin.organisationId, role: 'approver' },
      bearer(adminToken),
    );
    expect(granted.statusCode).toBe(200);
    expect(claimsOf(await tokenFor(ctx, clerk.email, clerk.password)).roles).toEqual(
      expect.arrayContaining(['requester', 'approver']),
    );

    const wrongKind = await post(
      url,
      { organisation_id: admin.organisationId, role: 'moderator' },
      bearer(adminToken),
    );
    expect(wrongKind.statusCode).toBe(400);
    expect(wrongKind.json().role).toEqual(['The role moderator does not exist in a buyer organisation.']);

    const foreign = await post(
      url,
      { organisation_id: admin.organisationId, role: 'finance' },
      bearer(await tokenFor(ctx, outsider.email, outsider.password)),
    );
    expect(foreign.statusCode).toBe(403);
    const notAdmin = await post(
      url,
      { organisation_id: admin.organisationId, role: 'finance' },
      bearer(await tokenFor(ctx, clerk.email, clerk.password)),
    );
    expect(notAdmin.statusCode).toBe(403);

    const revoked = await ctx.app.inject({
      method: 'DELETE',
      url,
      payload: { organisation_id: admin.organisationId, role: 'approver' },
      headers: bearer(adminToken),
    });
    expect(revoked.statusCode).toBe(200);
    expect(claimsOf(await tokenFor(ctx, clerk.email, clerk.password)).roles).toEqual(['requester']);

    const selfRevoke = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/organisations/members/${admin.userId}/roles/`,
      payload: { organisation_id: admin.organisationId, role: 'org_admin' },
      headers: bearer(adminToken),
    });
    expect(selfRevoke.statusCode).toBe(409);
    expect(selfRevoke.json()).toEqual({
      detail: 'You cannot remove your own administrator role.',
      code: 'organisation.own_admin_role',
    });

    const events = await ctx.database.db.execute<{
      action: string;
      actor_user_id: number;
      detail: { role: string };
    }>(sql`SELECT action, actor_user_id, detail FROM audit_log WHERE action LIKE 'role.%' ORDER BY id`);
    expect(events.rows.map((e) => [e.action, e.actor_user_id, e.detail.role])).toEqual([
      ['role.granted', admin.userId, 'approver'],
      ['role.revoked', admin.userId, 'approver'],
    ]);
  });
});

describe('audit log', () => {
  it('verifies, refuses edits, and detects a row altered behind the trigger', async () => {
    const intact = await ctx.services.audit.verify();
    expect(intact.firstBreak).toBeNull();
    expect(intact.entries).toBeGreaterThan(10);

    const appendOnly = { cause: expect.objectContaining({ message: expect.stringMatching(/append-only/) }) };
    await expect(
      ctx.database.db.execute(sql`UPDATE audit_log SET action = 'login.success' WHERE id = 3`),
    ).rejects.toMatchObject(appendOnly);
    await expect(ctx.database.db.execute(sql`DELETE FROM audit_log WHERE id = 3`)).rejects.toMatchObject(
      appendOnly,
    );

    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`);
      await tx.execute(sql`UPDATE audit_log SET detail = '{"reason":"forged"}'::jsonb WHERE id = 3`);
      await tx.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`);
    });
    expect((await ctx.services.audit.verify()).firstBreak).toEqual({ id: 3, reason: 'hash' });
  });

  it('never stores passwords or tokens in the log', async () => {
    const rows = await ctx.database.db.execute<{ detail: string }>(
      sql`SELECT detail::text AS detail FROM audit_log`,
    );
    const text = rows.rows.map((r) => r.detail).join('\n');
    expect(text).not.toMatch(/Tender-2026|Brand-new|password_hash|token/i);
    const [user] = await ctx.database.db.select({ hash: users.passwordHash }).from(users).limit(1);
    expect(user!.hash).toMatch(/^\$argon2id\$/);
  });
});
