import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { bearer, tokenFor } from '../../test/identity.ts';
import { loadConfig } from '../config.ts';
import { seedDemoContracts } from './demo-contracts.ts';
import { seedDemoProcurement } from './demo-p2p.ts';
import { seedDemoOrders } from './demo-orders.ts';
import { seedDemoRfqs } from './demo-rfqs.ts';
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
  expect(await seedDemoContracts(deps())).toBe(true);
  expect(await seedDemoRfqs(deps())).toBe(true);
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

describe('RFQ demo data (issue 20)', () => {
  it('seeds once: an RFQ opened by the committee and awarded split, with savings in the report', async () => {
    expect(await seedDemoRfqs(deps())).toBe(false);
    const buyer = await tokenFor(ctx, DEMO_BUYER_EMAIL, DEMO_PASSWORD);
    const get = (url: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(buyer) });
    const list = (await get('sourcing/rfqs/')).json() as { results: Array<{ id: number; status: string }> };
    expect(list.results.map((r) => r.status)).toEqual(['awarded']);
    const rfq = (await get(`sourcing/rfqs/${list.results[0]!.id}/`)).json() as {
      award: Array<{ line_no: number; supplier: { id: number }; purchase_order: { id: number } | null }>;
      committee: Array<{ confirmed_at: string | null }>;
      contracts: Array<{ id: number; supplier_id: number; status: string }>;
    };
    expect(rfq.committee.every((m) => m.confirmed_at)).toBe(true);
    expect(new Set(rfq.award.map((a) => a.supplier.id)).size).toBe(2);
    expect(rfq.award.every((a) => a.purchase_order)).toBe(true);
    // The laptops' supplier (Savannah) has its contract drafted from the award, linked both ways.
    const laptops = rfq.award.find((a) => a.line_no === 1)!.supplier.id;
    expect(rfq.contracts).toEqual([expect.objectContaining({ supplier_id: laptops, status: 'draft' })]);
    const contract = (await get(`contracts/${rfq.contracts[0]!.id}/`)).json() as {
      source: unknown;
      body_html: string;
      supplier: { name: string };
    };
    expect(contract.source).toEqual({ type: 'rfq_award', id: list.results[0]!.id });
    expect(contract.supplier.name).toBe('Savannah Office Supplies Ltd');
    expect(contract.body_html).toContain('Savannah Office Supplies Ltd');
    const report = (await get('sourcing/reports/savings/')).json() as {
      by_rfq: Array<{ estimate: string; awarded: string; savings: string; savings_percent: string }>;
    };
    // 12 laptops at 84,900 (Savannah) and 40 toners at 9,150 (Rift Valley; Savannah declined toner) against
    // 12 × 95,000 + 40 × 9,800.
    expect(report.by_rfq).toEqual([
      expect.objectContaining({
        estimate: '1532000.00',
        awarded: '1384800.00',
        savings: '147200.00',
        savings_percent: '9.61',
        quotes: 2,
      }),
    ]);
  });
});
