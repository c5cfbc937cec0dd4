import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { bearer, tokenFor } from '../../test/identity.ts';
import { loadConfig } from '../config.ts';
import { seedDemoDisposals } from './demo-disposals.ts';
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

describe('asset disposal by public tender demo data (issue 21)', () => {
  it('seeds once: one asset open for sealed offers with photos, one closed waiting for its committee', async () => {
    expect(await seedDemoDisposals(deps())).toBe(true);
    expect(await seedDemoDisposals(deps())).toBe(false);
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/v1/asset-sales/' });
    const open = (listed.json() as { results: Array<{ title: string; method: string; photos: number }> })
      .results;
    expect(open).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: 'Caterpillar standby generator, 250 kVA',
          method: 'public_tender',
          photos: 2,
        }),
      ]),
    );
    const buyer = await tokenFor(ctx, DEMO_BUYER_EMAIL, DEMO_PASSWORD);
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/sourcing/disposals/',
      headers: bearer(buyer),
    });
    const results = (
      mine.json() as {
        results: Array<{ title: string; tender: { offers_received: number; closing_at: string } | null }>;
      }
    ).results;
    const furniture = results.find((r) => r.title.startsWith('Office furniture'))!;
    expect(furniture.tender!.offers_received).toBe(2);
    expect(new Date(furniture.tender!.closing_at).getTime()).toBeLessThan(Date.now());
    const generator = results.find((r) => r.title.startsWith('Caterpillar'))!;
    expect(generator.tender!.offers_received).toBe(1);
    expect(new Date(generator.tender!.closing_at).getTime()).toBeGreaterThan(Date.now() + 14 * 86_400_000);
  });
});
