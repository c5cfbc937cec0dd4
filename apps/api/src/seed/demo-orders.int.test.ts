import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { bearer, tokenFor } from '../../test/identity.ts';
import { loadConfig } from '../config.ts';
import { seedDemoProcurement } from './demo-p2p.ts';
import { DEMO_SUPPLIER_EMAIL, seedDemoOrders } from './demo-orders.ts';
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
});
afterAll(async () => {
  await ctx.close();
});

const get = async <T>(token: string, url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};

describe('purchase-to-pay demo data', () => {
  it('seeds once: orders in each state, an invoice in the exception queue and a part-paid one', async () => {
    expect(await seedDemoOrders(deps())).toBe(false);
    const buyer = await tokenFor(ctx, DEMO_BUYER_EMAIL, DEMO_PASSWORD);
    const orders = await get<{ results: Array<{ status: string }> }>(
      buyer,
      'p2p/purchase-orders/?page_size=100',
    );
    expect(new Set(orders.results.map((o) => o.status))).toEqual(
      new Set(['received', 'partially_received', 'sent', 'pending_approval', 'draft']),
    );
    const exceptions = await get<{ results: Array<{ invoice_number: string }> }>(
      buyer,
      'p2p/invoices/?exceptions=true',
    );
    expect(exceptions.results.map((i) => i.invoice_number)).toEqual(['SOS-INV-0457']);
    const all = await get<{ results: Array<{ invoice_number: string; status: string }> }>(
      buyer,
      'p2p/invoices/',
    );
    expect(all.results.find((i) => i.invoice_number === 'RV-2026-118')).toMatchObject({
      status: 'partially_paid',
    });
    const requisitions = await get<{ results: Array<{ status: string }> }>(
      buyer,
      'p2p/requisitions/?status=ordered',
    );
    expect(requisitions.results).toHaveLength(1);
  });

  it('lets the demo supplier sign in and see its orders, invoices and statement in the portal', async () => {
    const supplier = await tokenFor(ctx, DEMO_SUPPLIER_EMAIL, DEMO_PASSWORD);
    const orders = await get<{ count: number }>(supplier, 'portal/purchase-orders/');
    expect(orders.count).toBe(2);
    const invoices = await get<{ results: Array<{ status: string }> }>(supplier, 'portal/invoices/');
    expect(invoices.results.map((i) => i.status)).toEqual(['exception']);
    const statement = await get<{ rows: unknown[]; closing_balance: string }>(supplier, 'portal/statement/');
    expect(statement.rows.length).toBeGreaterThanOrEqual(3);
    expect(Number(statement.closing_balance)).toBeGreaterThan(0);
  });
});
