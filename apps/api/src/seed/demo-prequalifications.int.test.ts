import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { bearer, tokenFor } from '../../test/identity.ts';
import { loadConfig } from '../config.ts';
import { seedDemoProcurement } from './demo-p2p.ts';
import { DEMO_SUPPLIER_EMAIL, seedDemoOrders } from './demo-orders.ts';
import { seedDemoPrequalifications } from './demo-prequalifications.ts';
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
  expect(await seedDemoPrequalifications(deps())).toBe(true);
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

describe('prequalification demo data (issue 20)', () => {
  it('seeds once a finished prequalification: one supplier approved, one rejected, through the workflow', async () => {
    expect(await seedDemoPrequalifications(deps())).toBe(false);
    const buyer = await tokenFor(ctx, DEMO_BUYER_EMAIL, DEMO_PASSWORD);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/sourcing/prequalifications/',
      headers: bearer(buyer),
    });
    expect(list.json()).toMatchObject({ count: 1, results: [{ status: 'completed', responses: 2 }] });
    const id = (list.json() as { results: Array<{ id: number }> }).results[0]!.id;
    const results = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/sourcing/prequalifications/${id}/results/`,
      headers: bearer(buyer),
    });
    expect(
      (
        results.json() as {
          results: Array<{ supplier: { name: string }; status: string; under_workflow: boolean }>;
        }
      ).results.map((r) => [r.supplier.name, r.status, r.under_workflow]),
    ).toEqual([
      ['Rift Valley IT Solutions', 'rejected', true],
      ['Savannah Office Supplies Ltd', 'approved', true],
    ]);
    const supplier = await tokenFor(ctx, DEMO_SUPPLIER_EMAIL, DEMO_PASSWORD);
    const portal = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/portal/prequalifications/${id}/`,
      headers: bearer(supplier),
    });
    expect(portal.json()).toMatchObject({ open: false, results: [{ status: 'approved' }] });
    // Rift Valley's licence expires within 30 days: the daily job alerts it once.
    expect(await ctx.services.prequalifications.sendExpiryAlerts()).toBe(1);
  });
});
