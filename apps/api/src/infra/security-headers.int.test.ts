import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { bearer, createMember, login, tokenFor } from '../../test/identity.ts';
import { registerSecurityHeaders } from './security-headers.ts';

/** Issue 13 §7: security headers on every answer, and authenticated API answers never cached. */
let ctx: TestContext;
let webDist: string;
let token: string;

beforeAll(async () => {
  // A dist/ of its own: the server bundle is looked for beside it (dist-server/), never in the temp folder.
  webDist = path.join(await mkdtemp(path.join(tmpdir(), 'zabuni-web-')), 'dist');
  await mkdir(webDist);
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Zabuni</title></head><body><div id="root"></div></body></html>',
  );
  ctx = await createTestContext({ env: { WEB_DIST_DIR: webDist } });
  const member = await createMember(ctx, { kind: 'buyer', role: 'org_admin', email: 'admin@umoja.example' });
  token = await tokenFor(ctx, member.email, member.password);
});
afterAll(async () => {
  await ctx?.close();
  await rm(path.dirname(webDist), { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

function expectBrowserDefences(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("img-src 'self' data:");
  expect(csp).toContain("connect-src 'self'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

describe('security headers', () => {
  it('are on a public page of the web app', async () => {
    const page = await get('/tenders');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expectBrowserDefences(page.headers);
    // The page's own caching stays: it is revalidated, not forbidden.
    expect(page.headers['cache-control']).toBe('no-cache');
    // PUBLIC_URL is http: no HSTS (it would pin a site that has no certificate).
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('are on API answers, errors included, and a public list may be cached', async () => {
    const list = await get('/api/v1/core/available-jobs/');
    expect(list.statusCode).toBe(200);
    expectBrowserDefences(list.headers);
    expect(list.headers['cache-control']).toBeUndefined();
    const missing = await get('/api/v1/no-such-thing/');
    expect(missing.statusCode).toBe(404);
    expectBrowserDefences(missing.headers);
  });

  it('make authenticated API answers no-store, refusals and sign-in included', async () => {
    const me = await get('/api/v1/authentication/me/', bearer(token));
    expect(me.statusCode).toBe(200);
    expectBrowserDefences(me.headers);
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await get('/api/v1/p2p/fiscal-years/?page=x', bearer(token));
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['cache-control']).toBe('no-store');
    const signIn = await login(ctx, 'admin@umoja.example', 'correct horse battery');
    expect(signIn.status).toBe(200);
    expect(signIn.response.headers['cache-control']).toBe('no-store');
  });

  it('let the API documentation run its own scripts and styles, framed by nobody', async () => {
    const docs = await get('/api/docs/');
    expect(docs.statusCode).toBe(200);
    const csp = String(docs.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe('on a bare app', () => {
  const answer = async (config: { isProduction: boolean; publicUrl: string }) => {
    const app = Fastify();
    registerSecurityHeaders(app, config);
    app.get('/', async () => ({ ok: true }));
    const response = await app.inject({ method: 'GET', url: '/' });
    await app.close();
    return response.headers['strict-transport-security'];
  };

  it('keeps a Cache-Control the route chose for an authenticated API answer', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { isProduction: false, publicUrl: 'http://localhost' });
    app.get('/api/v1/own/', async (_request, reply) =>
      reply.header('Cache-Control', 'private, no-cache').send({}),
    );
    app.get('/api/v1/plain/', async () => ({}));
    const own = await app.inject({
      method: 'GET',
      url: '/api/v1/own/',
      headers: { authorization: 'Bearer x' },
    });
    const plain = await app.inject({
      method: 'GET',
      url: '/api/v1/plain/',
      headers: { authorization: 'Bearer x' },
    });
    await app.close();
    expect(own.headers['cache-control']).toBe('private, no-cache');
    expect(plain.headers['cache-control']).toBe('no-store');
  });

  it('is sent in production or behind an https PUBLIC_URL, never on plain development', async () => {
    expect(await answer({ isProduction: true, publicUrl: 'http://internal:3000' })).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(await answer({ isProduction: false, publicUrl: 'https://zabuni.example' })).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(await answer({ isProduction: false, publicUrl: 'http://localhost:3000' })).toBeUndefined();
  });
});
