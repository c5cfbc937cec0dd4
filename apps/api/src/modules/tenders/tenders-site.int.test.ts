import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, fixedClock, type TestContext } from '../../../test/harness.ts';
import { login } from '../../../test/identity.ts';
import {
  DEMO_ADVERTISER_EMAIL,
  DEMO_MODERATOR_EMAIL,
  DEMO_PASSWORD,
  seedDemoTenders,
} from '../../seed/demo-tenders.ts';
import { tenders } from './tenders.tables.ts';

const NOW = '2026-11-22T09:00:00.000Z';
let ctx: TestContext;
let webDir: string;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(tmpdir(), 'zabuni-web-'));
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="Zabuni default" /><title>Zabuni</title></head><body><div id="root"></div></body></html>',
  );
  ctx = await createTestContext({ clock: fixedClock(NOW), env: { WEB_DIST_DIR: webDir } });
  expect(await seedDemoTenders(ctx.database.db, { now: new Date(NOW), tenderCount: 120 })).toBe(true);
});
afterAll(async () => {
  await ctx.close();
  await rm(webDir, { recursive: true, force: true });
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
    for (const email of [DEMO_MODERATOR_EMAIL, DEMO_ADVERTISER_EMAIL]) {
      expect((await login(ctx, email, DEMO_PASSWORD)).status).toBe(200);
    }
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
    expect(page.body).toMatch(/<meta name="description" content="[^"]*closes [^"]*Nairobi time[^"]*" \/>/);
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
