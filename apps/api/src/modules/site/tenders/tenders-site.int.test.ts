import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, fixedClock, type TestContext } from '../../../../test/harness.ts';
import { bearer, claimsOf, linkToken, login, mailsTo, tokenFor } from '../../../../test/identity.ts';
import { addStaffMember } from '../../identity/authentication/staff.ts';
import { users } from '../../../schema/authentication.tables.ts';
import { memberships } from '../../../schema/organisations.tables.ts';
import {
  DEMO_ADVERTISER_EMAIL,
  DEMO_BUYER_EMAIL,
  DEMO_BUYER_ORGANISATIONS,
  DEMO_MODERATOR_EMAIL,
  DEMO_PASSWORD,
  seedDemoTenders,
} from '../../../seed/demo-tenders.ts';
import { orders } from '../../../schema/payments.tables.ts';
import { PUBLISHING_PRODUCT } from './tenders.service.ts';
import { tenders } from '../../../schema/tenders.tables.ts';

const NOW = '2026-11-22T09:00:00.000Z';
let ctx: TestContext;
let webDir: string;

beforeAll(async () => {
  // A dist/ of its own: the server bundle is looked for beside it (dist-server/), never in the temp folder.
  webDir = path.join(await mkdtemp(path.join(tmpdir(), 'zabuni-web-')), 'dist');
  await mkdir(webDir);
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="Zabuni default" /><title>Zabuni</title></head><body><div id="root"></div></body></html>',
  );
  ctx = await createTestContext({ clock: fixedClock(NOW), env: { WEB_DIST_DIR: webDir } });
  expect(await seedDemoTenders(ctx.database.db, { now: new Date(NOW), tenderCount: 120 })).toBe(true);
});
afterAll(async () => {
  await ctx.close();
  await rm(path.dirname(webDir), { recursive: true, force: true });
});

describe('demo bulletin', () => {
  it('seeds once: editors’ and advertiser tenders, some still in review, and working demo sign-ins', async () => {
    expect(await seedDemoTenders(ctx.database.db, { now: new Date(NOW), tenderCount: 120 })).toBe(false);
    const [all] = await ctx.database.db.select({ value: count() }).from(tenders);
    const [visible] = await ctx.database.db
      .select({ value: count() })
      .from(tenders)
      .where(eq(tenders.isPublic, true));
    expect(all?.value).toBe(120);
    expect(visible!.value).toBeGreaterThan(100);
    expect(visible!.value).toBeLessThan(120);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/tender-alerts/available-tenders/?page_size=100',
    });
    const results = (list.json() as { results: Array<{ published_by: number | null }> }).results;
    expect(results.some((t) => t.published_by !== null)).toBe(true);
    expect(results.some((t) => t.published_by === null)).toBe(true);
    for (const email of [DEMO_MODERATOR_EMAIL, DEMO_ADVERTISER_EMAIL, DEMO_BUYER_EMAIL]) {
      expect((await login(ctx, email, DEMO_PASSWORD)).status).toBe(200);
    }
  });

  it('gives the demo buyer two buying organisations to switch between, once; an older demo database gets it on the next start', async () => {
    const me = async (token: string) =>
      (
        await ctx.app.inject({ method: 'GET', url: '/api/v1/authentication/me/', headers: bearer(token) })
      ).json() as {
        buyer_company_id: number | null;
        organisations: Array<{ organisation: { id: number; name: string; kind: string }; roles: string[] }>;
      };
    const token = await tokenFor(ctx, DEMO_BUYER_EMAIL, DEMO_PASSWORD);
    const profile = await me(token);
    expect(
      profile.organisations.map((m) => [m.organisation.name, m.organisation.kind, m.roles.sort()]),
    ).toEqual([
      [DEMO_BUYER_ORGANISATIONS[0][0], 'buyer', ['approver', 'org_admin', 'requester']],
      [DEMO_BUYER_ORGANISATIONS[1][0], 'buyer', ['org_admin']],
    ]);
    const [first, second] = profile.organisations.map((m) => m.organisation.id);
    expect(claimsOf(token).buyer_company_id).toBe(first);
    const switched = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/switch-buyer/',
      headers: bearer(token),
      payload: { buyer_company_id: second },
    });
    expect(switched.statusCode).toBe(200);
    expect(claimsOf((switched.json() as { access: string }).access).buyer_company_id).toBe(second);

    // Seeding again adds nothing; a demo database from before the demo buyer gets one on the next start.
    expect(await seedDemoTenders(ctx.database.db, { now: new Date(NOW), tenderCount: 120 })).toBe(false);
    const buyers = () =>
      ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_BUYER_EMAIL));
    const [buyer] = await buyers();
    expect(await buyers()).toHaveLength(1);
    await ctx.database.db.delete(memberships).where(eq(memberships.userId, buyer!.id));
    await ctx.database.db.delete(users).where(eq(users.id, buyer!.id));
    expect(await seedDemoTenders(ctx.database.db, { now: new Date(NOW), tenderCount: 120 })).toBe(false);
    const again = await me(await tokenFor(ctx, DEMO_BUYER_EMAIL, DEMO_PASSWORD));
    expect(again.organisations.map((m) => m.organisation.id)).toEqual([first, second]);
  });
});

describe('demo advertiser orders', () => {
  it('gives every demo advertiser tender the order its checkout pays; a paid one is fulfilled, an unpaid one can be paid', async () => {
    const db = ctx.database.db;
    const advertised = await db
      .select({ code: tenders.code, state: tenders.paymentState, closingAt: tenders.closingAt })
      .from(tenders)
      .where(isNotNull(tenders.code));
    expect(advertised.length).toBeGreaterThan(10);
    const orderRows = await db.select().from(orders).where(eq(orders.product, PUBLISHING_PRODUCT));
    expect(orderRows).toHaveLength(advertised.length);
    const byCode = new Map(orderRows.map((o) => [o.code, o]));
    for (const tender of advertised) {
      const order = byCode.get(tender.code!)!;
      expect(order.paymentState).toBe(tender.state);
      expect(order.fulfilledAt !== null).toBe(tender.state === 'paid');
    }

    // A database seeded before orders existed gets them on the next start; nothing is duplicated.
    // An unpaid tender that is still open (a closed one can no longer be paid for: issue 16 point 2).
    const unpaid = advertised.find((t) => t.state === 'pending' && t.closingAt > new Date(NOW))!;
    await db.delete(orders).where(eq(orders.code, unpaid.code!));
    expect(await seedDemoTenders(db, { now: new Date(NOW), tenderCount: 120 })).toBe(false);
    const [restored] = await db.select({ value: count() }).from(orders);
    expect(restored?.value).toBe(advertised.length);

    const token = await tokenFor(ctx, DEMO_ADVERTISER_EMAIL, DEMO_PASSWORD);
    const started = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/tender-alerts/available-tenders/payment/${unpaid.code}/`,
      headers: bearer(token),
      payload: { payment_type: 'mpesa', phone_number: '+254712345678' },
    });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({
      detail: 'Payment initiated successfully kindly check your phone.',
    });
  });
});

describe('demo closed unpaid tender (issue 16 point 2)', () => {
  it('shows the demo advertiser a closed, approved, unpaid tender it can re-date or withdraw, not pay', async () => {
    const token = await tokenFor(ctx, DEMO_ADVERTISER_EMAIL, DEMO_PASSWORD);
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/tender-alerts/available-tenders/my-published-tenders/?page_size=100',
      headers: bearer(token),
    });
    const results = (
      mine.json() as {
        results: Array<{ status: string; payment_status: number; published: unknown; can_pay: boolean }>;
      }
    ).results;
    expect(results).toContainEqual(
      expect.objectContaining({
        status: 'closed',
        payment_status: 2,
        published: 'awaiting_payment',
        can_pay: false,
      }),
    );
    // Never "Published" while the payment is pending.
    expect(results.filter((t) => t.published === true && t.payment_status !== 1)).toEqual([]);
  });
});

describe('tender pages for crawlers and link previews', () => {
  it('serves /tenders/show/{id} with the tender’s title, description and Open Graph tags', async () => {
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/tender-alerts/available-tenders/?page_size=1',
    });
    const tender = (list.json() as { results: Array<{ id: number; title: string; company: string }> })
      .results[0]!;
    const page = await ctx.app.inject({ method: 'GET', url: `/tenders/show/${tender.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const escaped = (text: string) =>
      text.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;');
    expect(page.body).toContain(`<title>${escaped(`${tender.title} · ${tender.company} · Zabuni`)}</title>`);
    // The closing time in East Africa Time with its label (issue 16 point 6).
    expect(page.body).toMatch(
      /<meta name="description" content="[^"]*closes \d{1,2} \w+ \d{4} at \d{2}:\d{2} EAT[^"]*" \/>/,
    );
    expect(page.body).toContain(
      `<meta property="og:url" content="http://zabuni.test/tenders/show/${tender.id}" />`,
    );
    expect(page.body).not.toContain('Zabuni default');
  });

  it('serves the plain app page for unknown or hidden tenders (the app shows its not-found state)', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/tenders/show/99999999' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Zabuni default');
    const [hidden] = await ctx.database.db
      .select({ id: tenders.id })
      .from(tenders)
      .where(eq(tenders.isPublic, false))
      .limit(1);
    const hiddenPage = await ctx.app.inject({ method: 'GET', url: `/tenders/show/${hidden!.id}` });
    expect(hiddenPage.body).toContain('Zabuni default');
  });
});

describe('npm run staff:add (addStaffMember)', () => {
  it('makes a new person a moderator who sets a password from the mailed link and can then moderate', async () => {
    const result = await addStaffMember(ctx.database.db, ctx.services, {
      email: 'Editor.New@Zabuni.example',
      role: 'moderator',
      firstName: 'Njeri',
      lastName: 'Mwangi',
    });
    expect(result.created).toBe(true);
    const mail = (await mailsTo(ctx, 'editor.new@zabuni.example'))[0]!;
    expect(mail.subject).toBe('Reset your Zabuni password');
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/confirm/',
      payload: {
        token: linkToken(mail.text, '/reset-password'),
        password: 'a new strong password',
        password2: 'a new strong password',
      },
    });
    expect(confirmed.statusCode).toBe(200);
    const token = await tokenFor(ctx, 'editor.new@zabuni.example', 'a new strong password');
    const queue = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/tender-alerts/moderation/tenders/',
      headers: bearer(token),
    });
    expect(queue.statusCode).toBe(200);
    expect((queue.json() as { count: number }).count).toBeGreaterThan(0);

    // Running it again for the same person changes nothing and mails nothing.
    const again = await addStaffMember(ctx.database.db, ctx.services, {
      email: 'editor.new@zabuni.example',
      role: 'moderator',
      firstName: 'Njeri',
      lastName: 'Mwangi',
    });
    expect(again).toEqual({ userId: result.userId, created: false });
    const resets = (await mailsTo(ctx, 'editor.new@zabuni.example')).filter(
      (m) => m.subject === 'Reset your Zabuni password',
    );
    expect(resets).toHaveLength(1);
  });
});
