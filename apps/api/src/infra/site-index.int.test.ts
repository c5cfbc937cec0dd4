import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, fixedClock, type TestContext } from '../../test/harness.ts';
import { seedDemoTenders } from '../seed/demo-tenders.ts';
import { tenders } from '../schema/tenders.tables.ts';

// Issue 16 point 7: robots.txt, sitemap.xml and unknown /media/ paths answer as themselves, not as the
// web app's HTML with 200.
const NOW = '2026-11-22T09:00:00.000Z';
const SHELL =
  '<!doctype html><html><head><title>Zabuni shell</title></head><body><div id="root"></div></body></html>';
let ctx: TestContext;
let webDir: string;

beforeAll(async () => {
  // A dist/ of its own: the server bundle is looked for beside it (dist-server/), never in the temp folder.
  webDir = path.join(await mkdtemp(path.join(tmpdir(), 'zabuni-web-')), 'dist');
  await mkdir(webDir);
  await writeFile(path.join(webDir, 'index.html'), SHELL);
  ctx = await createTestContext({ clock: fixedClock(NOW), env: { WEB_DIST_DIR: webDir } });
  expect(await seedDemoTenders(ctx.database.db, { now: new Date(NOW), tenderCount: 40 })).toBe(true);
});
afterAll(async () => {
  await ctx.close();
  await rm(path.dirname(webDir), { recursive: true, force: true });
});

describe('robots.txt', () => {
  it('allows the public site, keeps crawlers out of the apps and the API, and names the sitemap', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const prefix of ['/app', '/portal', '/api', '/dev']) expect(lines).toContain(`Disallow: ${prefix}`);
    expect(lines).toContain('Sitemap: http://zabuni.test/sitemap.xml');
    expect(response.body).not.toContain('Zabuni shell');
  });
});

describe('sitemap.xml', () => {
  it('lists the public pages and every published tender, never a hidden one', async () => {
    const [published] = await ctx.database.db
      .select({ id: tenders.id })
      .from(tenders)
      .where(eq(tenders.isPublic, true))
      .limit(1);
    const [hidden] = await ctx.database.db
      .select({ id: tenders.id })
      .from(tenders)
      .where(eq(tenders.isPublic, false))
      .limit(1);
    expect(published && hidden).toBeTruthy();

    const response = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.body).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );
    expect(response.body.trimEnd().endsWith('</urlset>')).toBe(true);
    const locs = [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toContain('http://zabuni.test/');
    expect(locs).toContain('http://zabuni.test/tenders');
    expect(locs).toContain('http://zabuni.test/jobs');
    expect(locs).toContain(`http://zabuni.test/tenders/show/${published!.id}`);
    expect(locs).not.toContain(`http://zabuni.test/tenders/show/${hidden!.id}`);
    expect(locs.some((loc) => loc?.startsWith('http://zabuni.test/app'))).toBe(false);
    expect(new Set(locs).size).toBe(locs.length);
  });
});

describe('/media/', () => {
  it('answers an unknown file with 404, not the web app', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/media/tenders/nothing-here.pdf' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toMatch(/text\/html/);
    expect(response.body).not.toContain('Zabuni shell');
  });
});
