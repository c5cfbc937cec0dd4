import { AUTH_MESSAGES, MESSAGES } from '@zabuni/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { bearer, claimsOf, createMember, linkToken, login, mailsTo } from '../../../../test/identity.ts';
import { authenticationRepository } from './authentication.repository.ts';

/**
 * Issue 13 (points 4 and 7): sign-in throttling counts failures, the lockout belongs to the account whatever
 * identifier is typed, a new password ends every session, logout is a cookie write like any other.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const cookiesOf = (response: { cookies: Array<{ name: string; value: string }> }) =>
  Object.fromEntries(response.cookies.map((c) => [c.name, c.value]));

describe('sign-in throttling counts failures, not successes', () => {
  it('lets forty colleagues behind one office address sign in within five minutes', async () => {
    const office = '10.20.30.40';
    const colleagues = [];
    for (let i = 0; i < 40; i += 1) {
      colleagues.push(
        await createMember(ctx, { kind: 'buyer', role: 'requester', email: `colleague${i}@office.example` }),
      );
    }
    const statuses: number[] = [];
    for (const colleague of colleagues)
      statuses.push((await login(ctx, colleague.email, colleague.password, {}, office)).status);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it('still slows an address that keeps failing, even for a correct password afterwards', async () => {
    const address = '10.99.0.1';
    const member = await createMember(ctx, {
      kind: 'buyer',
      role: 'requester',
      email: 'patient@office.example',
    });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1)
      statuses.push((await login(ctx, `guess${i}@nowhere.example`, 'wrong-password', {}, address)).status);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const next = await login(ctx, member.email, member.password, {}, address);
    expect(next.status).toBe(429);
    expect(next.body.detail).toBe(MESSAGES[AUTH_MESSAGES.rateLimited]);
    expect(next.response.headers['retry-after']).toMatch(/^\d+$/);
    // Another address is not slowed by this one's failures.
    expect((await login(ctx, member.email, member.password, {}, '10.99.0.2')).status).toBe(200);
  });
});

describe('the lockout belongs to the account', () => {
  it('locks the account for every spelling of its email and for its username', async () => {
    const member = await createMember(ctx, {
      kind: 'buyer',
      role: 'requester',
      email: 'otieno@office.example',
    });
    await authenticationRepository(ctx.database.db).update(member.userId, { username: 'otieno.k' });
    const typed = [
      'otieno@office.example',
      'OTIENO@office.example',
      'Otieno@Office.Example',
      'otieno.k',
      'OTIENO.K',
    ];
    for (const identifier of typed)
      expect((await login(ctx, identifier, 'wrong-password')).status, identifier).toBe(401);
    for (const identifier of [...typed, ' otieno@office.example ']) {
      const attempt = await login(ctx, identifier, member.password);
      expect(attempt.status, identifier).toBe(429);
      expect(attempt.body.detail).toBe(MESSAGES[AUTH_MESSAGES.locked]);
    }
  });

  it('counts failures per account across identifiers in the account limit too', async () => {
    const member = await createMember(ctx, {
      kind: 'buyer',
      role: 'requester',
      email: 'mixed@office.example',
    });
    await authenticationRepository(ctx.database.db).update(member.userId, { username: 'mixed.user' });
    // Four failures by each identifier: never five in a row on one spelling, still one account.
    const statuses: number[] = [];
    for (const identifier of ['mixed@office.example', 'MIXED.USER', 'Mixed@Office.example'])
      for (let i = 0; i < 2; i += 1) statuses.push((await login(ctx, identifier, 'nope-nope')).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    expect((await login(ctx, 'mixed.user', member.password)).status).toBe(429);
  });
});

describe('a new password ends the sessions opened before it', () => {
  async function twoSessions(email: string) {
    const member = await createMember(ctx, { kind: 'buyer', role: 'requester', email });
    const first = await login(ctx, email, member.password, { remember: true });
    const second = await login(ctx, email, member.password, { remember: true });
    return { member, first, second };
  }
  const refresh = (token: string) =>
    post('/api/v1/authentication/token/refresh/', {}, { cookie: `zabuni_refresh=${token}` });
  const me = (access: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/v1/authentication/me/', headers: bearer(access) });
  /** Access tokens carry whole seconds: wait for the next one so "issued before" is unambiguous. */
  const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100 - (Date.now() % 1000)));

  it('a password reset ends every refresh session and every access token issued before it', async () => {
    const { member, first, second } = await twoSessions('reset.sessions@office.example');
    await nextSecond();
    await post('/api/v1/authentication/reset_password_request/', { email: member.email });
    const token = linkToken((await mailsTo(ctx, member.email))[0]!.text, '/reset-password');
    const confirmed = await post('/api/v1/authentication/confirm/', {
      token,
      password: 'Brand-new-pass-1',
      password2: 'Brand-new-pass-1',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const cutoff = await ctx.services.authentication.sessionsValidAfter(member.userId);
    expect(cutoff).not.toBeNull();
    expect((claimsOf(first.body.access!).iat as number) * 1000).toBeLessThan(cutoff!.getTime());

    expect((await refresh(cookiesOf(first.response).zabuni_refresh!)).statusCode).toBe(401);
    expect((await refresh(cookiesOf(second.response).zabuni_refresh!)).statusCode).toBe(401);
    expect((await me(first.body.access!)).statusCode).toBe(401);
    expect((await me(second.body.access!)).statusCode).toBe(401);
    const fresh = await login(ctx, member.email, 'Brand-new-pass-1');
    expect(fresh.status).toBe(200);
    expect((await me(fresh.body.access!)).statusCode).toBe(200);
  });

  it('a change of password ends the other sessions, and this one too unless it asks to stay', async () => {
    const { member, first, second } = await twoSessions('change.sessions@office.example');
    await nextSecond();
    const change = await post(
      '/api/v1/authentication/change-password/',
      {
        current_password: member.password,
        password: 'Changed-pass-22',
        password2: 'Changed-pass-22',
        keep_this_session: true,
      },
      {
        cookie: `zabuni_access=${first.body.access}; zabuni_refresh=${cookiesOf(first.response).zabuni_refresh}`,
        ...XHR,
      },
    );
    expect(change.statusCode, change.body).toBe(200);
    const kept = cookiesOf(change);
    expect(kept.zabuni_access).toBeTruthy();
    expect(kept.zabuni_refresh).toBeTruthy();
    // The other session is over, access token included.
    expect((await refresh(cookiesOf(second.response).zabuni_refresh!)).statusCode).toBe(401);
    expect((await me(second.body.access!)).statusCode).toBe(401);
    // This one goes on with the tokens the change answered.
    expect((await me(kept.zabuni_access!)).statusCode).toBe(200);
    const refreshed = await refresh(kept.zabuni_refresh!);
    expect(refreshed.statusCode, refreshed.body).toBe(200);

    // Without keep_this_session (the default) the session making the change ends as well.
    const third = await login(ctx, member.email, 'Changed-pass-22', { remember: true });
    await nextSecond();
    const again = await post(
      '/api/v1/authentication/change-password/',
      { current_password: 'Changed-pass-22', password: 'Changed-pass-33', password2: 'Changed-pass-33' },
      bearer(third.body.access!),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect((await refresh(cookiesOf(third.response).zabuni_refresh!)).statusCode).toBe(401);
    expect((await refresh(cookiesOf(refreshed).zabuni_refresh!)).statusCode).toBe(401);
    expect((await me(third.body.access!)).statusCode).toBe(401);
  });
});

describe('logout is a cookie write like any other', () => {
  it('refuses a cookie-authenticated logout without X-Requested-With, with either cookie', async () => {
    const member = await createMember(ctx, {
      kind: 'buyer',
      role: 'requester',
      email: 'logout@office.example',
    });
    const session = await login(ctx, member.email, member.password);
    const { zabuni_access: access, zabuni_refresh: refreshToken } = cookiesOf(session.response);
    const url = '/api/v1/authentication/logout/';

    const crossSite = await post(
      url,
      {},
      { cookie: `zabuni_access=${access}; zabuni_refresh=${refreshToken}` },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().detail).toMatch(/X-Requested-With/);
    const refreshOnly = await post(url, {}, { cookie: `zabuni_refresh=${refreshToken}` });
    expect(refreshOnly.statusCode).toBe(403);
    // Nothing was ended by the refused requests.
    const still = await post(
      '/api/v1/authentication/token/refresh/',
      {},
      { cookie: `zabuni_refresh=${refreshToken}` },
    );
    expect(still.statusCode).toBe(200);

    const newRefresh = cookiesOf(still).zabuni_refresh!;
    const out = await post(url, {}, { cookie: `zabuni_refresh=${newRefresh}`, ...XHR });
    expect(out.statusCode).toBe(200);
    expect(
      (await post('/api/v1/authentication/token/refresh/', {}, { cookie: `zabuni_refresh=${newRefresh}` }))
        .statusCode,
    ).toBe(401);
    // A Bearer client (no cookies) needs no header; nor does a call with nothing to end.
    expect((await post(url, {}, bearer(session.body.access!))).statusCode).toBe(200);
    expect((await post(url, {})).statusCode).toBe(200);
  });
});
