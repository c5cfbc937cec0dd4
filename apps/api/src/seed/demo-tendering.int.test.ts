import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { bearer, tokenFor } from '../../test/identity.ts';
import { loadConfig } from '../config.ts';
import { seedDemoOrders } from './demo-orders.ts';
import { seedDemoProcurement } from './demo-p2p.ts';
import { seedDemoRfqs } from './demo-rfqs.ts';
import { seedDemoTendering } from './demo-tendering.ts';
import { DEMO_BUYER_EMAIL, DEMO_PASSWORD, seedDemoTenders } from './demo-tenders.ts';

let ctx: TestContext;
const deps = () => ({
  config: loadConfig({
    PUBLIC_URL: 'http://zabuni.test',
    DATA_DIR: ctx.dataDir,
    WEB_DIST_DIR: '/nonexistent',
  }),
  database: ctx.database,
  logger: pino({ level: 'silent' }),
});

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoTenders(ctx.database.db, { now: new Date(), tenderCount: 5 });
  await seedDemoProcurement(ctx.database.db, { now: new Date() });
  expect(await seedDemoOrders(deps())).toBe(true);
  expect(await seedDemoRfqs(deps())).toBe(true);
  expect(await seedDemoTendering(deps())).toBe(true);
}, 180_000);
afterAll(async () => {
  await ctx.close();
});

describe('tender demo data (issue 21)', () => {
  it('seeds once: one tender awarded in its standstill, one open for bids, both in OCDS', async () => {
    expect(await seedDemoTendering(deps())).toBe(false);
    const buyer = await tokenFor(ctx, DEMO_BUYER_EMAIL, DEMO_PASSWORD);
    const get = (url: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(buyer) });
    const list = (await get('sourcing/tenders/')).json() as {
      results: Array<{ id: number; status: string }>;
    };
    expect(list.results.map((r) => r.status).sort()).toEqual(['awarded', 'published']);
    const awarded = (
      await get(`sourcing/tenders/${list.results.find((r) => r.status === 'awarded')!.id}/`)
    ).json() as {
      bid_list: Array<{ technical_pass: boolean; price: string | null }>;
      standstill_until: string;
    };
    expect(awarded.bid_list.length).toBeGreaterThanOrEqual(2);
    expect(awarded.bid_list.some((b) => !b.technical_pass && b.price === null)).toBe(true);
    expect(new Date(awarded.standstill_until).getTime()).toBeGreaterThan(Date.now());
    const releases = (await ctx.app.inject({ method: 'GET', url: '/api/v1/ocds/releases/' })).json() as {
      releases: unknown[];
    };
    expect(releases.releases.length).toBeGreaterThanOrEqual(3);
  });
});
