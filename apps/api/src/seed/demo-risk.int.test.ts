import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { bearer, tokenFor } from '../../test/identity.ts';
import { loadConfig } from '../config.ts';
import { seedDemoProcurement } from './demo-p2p.ts';
import { DEMO_SUPPLIER_EMAIL, seedDemoOrders } from './demo-orders.ts';
import { seedDemoRisk } from './demo-risk.ts';
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
  expect(await seedDemoRisk(deps())).toBe(true);
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

describe('risk demo data (issue 23)', () => {
  it('seeds once: a populated register and heat map, continuity plans, the outsourcing register and a scored supplier', async () => {
    expect(await seedDemoRisk(deps())).toBe(false);
    const buyer = await tokenFor(ctx, DEMO_BUYER_EMAIL, DEMO_PASSWORD);
    const get = async (url: string) => {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(buyer) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Record<string, unknown>;
    };
    const dashboard = await get('risk/dashboard/');
    const cells = (dashboard.heat_map as { inherent: Array<Array<{ count: number }>> }).inherent.flat();
    expect(cells.filter((c) => c.count > 0).length).toBeGreaterThanOrEqual(5);
    expect((dashboard.overdue_treatments as unknown[]).length).toBeGreaterThanOrEqual(2);
    expect(dashboard.counts).toMatchObject({ acceptance_pending: 1 });
    const services = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/risk/continuity/services/',
        headers: bearer(buyer),
      })
    ).json() as Array<{ plans: unknown[] }>;
    expect(services.length).toBe(2);
    expect(services.every((s) => s.plans.length === 1)).toBe(true);
    const register = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/risk/outsourcing/', headers: bearer(buyer) })
    ).json() as Array<{ material: boolean }>;
    expect(register.some((a) => a.material)).toBe(true);
    const financial = await get('risk/financial/');
    expect(
      (financial.results as Array<{ financial_score: number | null }>).some(
        (r) => r.financial_score !== null,
      ),
    ).toBe(true);
    const supplier = await tokenFor(ctx, DEMO_SUPPLIER_EMAIL, DEMO_PASSWORD);
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/portal/risk/questionnaires/',
      headers: bearer(supplier),
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(
      (mine.json() as Array<{ kind: string; status: string }>).map((q) => `${q.kind}:${q.status}`),
    ).toEqual(['due_diligence:sent', 'financial:answered']);
  });
});
