import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { bearer, tokenFor } from '../../test/identity.ts';
import { loadConfig } from '../config.ts';
import { seedDemoAuctions } from './demo-auctions.ts';
import { seedDemoOrders } from './demo-orders.ts';
import { seedDemoProcurement } from './demo-p2p.ts';
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
}, 180_000);
afterAll(async () => {
  await ctx.close();
});

describe('eAuction demo data (issue 21)', () => {
  it('seeds once: an awarded auction with an extension, one tomorrow, an asset with its method approved', async () => {
    expect(await seedDemoAuctions(deps())).toBe(true);
    expect(await seedDemoAuctions(deps())).toBe(false);
    const buyer = await tokenFor(ctx, DEMO_BUYER_EMAIL, DEMO_PASSWORD);
    const get = (url: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(buyer) });
    const list = (await get('sourcing/auctions/')).json() as {
      results: Array<{ id: number; phase: string }>;
    };
    expect(list.results.map((a) => a.phase).sort()).toEqual(['awarded', 'scheduled']);
    const awarded = list.results.find((a) => a.phase === 'awarded')!;
    const view = (await get(`sourcing/auctions/${awarded.id}/`)).json();
    expect(view).toMatchObject({ bids: 5, extensions: 1, award: { amount: '172900.00' } });
    const disposals = (await get('sourcing/disposals/')).json() as { results: Array<{ status: string }> };
    expect(disposals.results.map((d) => d.status)).toEqual(['method_approved']);
  });
});
