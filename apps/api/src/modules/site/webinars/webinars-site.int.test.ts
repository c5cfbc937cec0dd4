import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, fixedClock, type TestContext } from '../../../../test/harness.ts';
import { seedDemoWebinars } from '../../../seed/demo-webinars.ts';

// Issue 17: the webinar pages are in the sitemap with /contact and /webinars, a webinar's page carries its
// own title and Open Graph meta, and the demo has upcoming and past webinars in every module.
const NOW = '2026-11-26T06:00:00.000Z';
const SHELL =
  '<!doctype html><html><head><title>Zabuni shell</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>';
let ctx: TestContext;
let root: string;
let webDir: string;

interface Listed {
  id: number;
  title: string;
  module: string;
  state: string;
}

beforeAll(async () => {
  // The web build in a folder of its own: the server renderer is looked for beside it (../dist-server), and
  // /tmp/dist-server may hold someone's private build.
  root = await mkdtemp(path.join(tmpdir(), 'zabuni-web-'));
  webDir = path.join(root, 'dist');
  await mkdir(webDir);
  await writeFile(path.join(webDir, 'index.html'), SHELL);
  ctx = await createTestContext({ clock: fixedClock(NOW), env: { WEB_DIST_DIR: webDir } });
  expect(await seedDemoWebinars(ctx.database.db, { now: new Date(NOW) })).toBe(true);
  expect(await seedDemoWebinars(ctx.database.db, { now: new Date(NOW) })).toBe(false);
});
afterAll(async () => {
  await ctx.close();
  await rm(root, { recursive: true, force: true });
});

const list = async (module?: string) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/core/webinars/${module ? `?module=${encodeURIComponent(module)}` : ''}`,
    })
  ).json() as { count: number; results: Listed[] };

describe('demo webinars', () => {
  it('gives every module three upcoming webinars, then one past', async () => {
    for (const module of ['Supplier Sourcing', 'Contract Management', 'Procure to Pay', 'Risk Management']) {
      const { results } = await list(module);
      expect(results.map((w) => w.state)).toEqual(['upcoming', 'upcoming', 'upcoming', 'past']);
    }
    expect((await list()).count).toBe(16);
  });
});

describe('sitemap and page meta', () => {
  it('lists /contact, /webinars and every webinar’s page', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<loc>http://zabuni.test/contact</loc>');
    expect(response.body).toContain('<loc>http://zabuni.test/webinars</loc>');
    for (const webinar of (await list()).results)
      expect(response.body).toContain(`<loc>http://zabuni.test/webinars/${webinar.id}</loc>`);
  });

  it('serves a webinar’s page with its title, description and Open Graph tags', async () => {
    const [first] = (await list('Procure to Pay')).results;
    const response = await ctx.app.inject({ method: 'GET', url: `/webinars/${first!.id}` });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.body).toContain(`<title>${first!.title} · Webinar · Zabuni</title>`);
    expect(response.body).toContain(
      `<meta property="og:title" content="${first!.title} · Webinar · Zabuni" />`,
    );
    expect(response.body).toContain(
      `<meta property="og:url" content="http://zabuni.test/webinars/${first!.id}" />`,
    );
    expect(response.body).toMatch(
      /<meta name="description" content="Procure to Pay webinar by Zabuni Academy, /,
    );
  });
});
