import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, fixedClock, type TestContext } from '../../test/harness.ts';
import { seedDemoData } from '../seed/demo.ts';

// Issue 16 point 4: every public job has its own page (/jobs/:id), listed in the sitemap like the tenders.
const NOW = '2026-11-22T09:00:00.000Z';
let ctx: TestContext;
let webDir: string;

beforeAll(async () => {
  // A dist/ of its own: the server bundle is looked for beside it (dist-server/), never in the temp folder.
  webDir = path.join(await mkdtemp(path.join(tmpdir(), 'zabuni-web-')), 'dist');
  await mkdir(webDir);
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><title>x</title></head></html>',
  );
  ctx = await createTestContext({ clock: fixedClock(NOW), env: { WEB_DIST_DIR: webDir } });
  expect(await seedDemoData(ctx.database.db, { now: new Date(NOW), jobCount: 30 })).toBe(true);
});
afterAll(async () => {
  await ctx.close();
  await rm(path.dirname(webDir), { recursive: true, force: true });
});

type JobsPage = { results: Array<{ id: number }> };

describe('sitemap.xml', () => {
  it('lists every public job’s own page (/jobs/:id), open or closed', async () => {
    const ids: number[] = [];
    for (const deadline of ['upcoming', 'past']) {
      const answer = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/core/available-jobs/?page_size=100&deadline=${deadline}`,
      });
      expect(answer.statusCode).toBe(200);
      ids.push(...answer.json<JobsPage>().results.map((job) => job.id));
    }
    expect(ids.length).toBeGreaterThan(0);
    const response = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    const locs = [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    for (const id of ids) expect(locs).toContain(`http://zabuni.test/jobs/${id}`);
    expect(locs).toContain('http://zabuni.test/jobs');
    expect(new Set(locs).size).toBe(locs.length);
  });
});
