import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { bearer, mailsTo, tokenFor } from '../../test/identity.ts';
import { loadConfig } from '../config.ts';
import { seedDemoContracts } from './demo-contracts.ts';
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
  expect(await seedDemoContracts(deps())).toBe(true);
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

describe('contracts demo data (issue 22)', () => {
  it('seeds once: contracts in every state, two ending within 30 and 60 days, the 30-day alert mailed', async () => {
    expect(await seedDemoContracts(deps())).toBe(false);
    const buyer = await tokenFor(ctx, DEMO_BUYER_EMAIL, DEMO_PASSWORD);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/contracts/?page_size=100',
      headers: bearer(buyer),
    });
    expect(list.statusCode, list.body).toBe(200);
    const results = (list.json() as { results: Array<{ status: string; title: string }> }).results;
    expect(new Set(results.map((c) => c.status))).toEqual(
      new Set(['draft', 'in_approval', 'approved', 'signing', 'active', 'expired', 'terminated']),
    );
    const soon = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/contracts/?expiring_within=30',
      headers: bearer(buyer),
    });
    expect((soon.json() as { results: Array<{ title: string }> }).results.map((c) => c.title)).toEqual([
      'Office cleaning services',
    ]);
    const mails = await mailsTo(ctx, DEMO_BUYER_EMAIL);
    expect(mails.some((m) => m.subject.includes('ends in 20 days'))).toBe(true);
    expect(
      (await mailsTo(ctx, DEMO_SUPPLIER_EMAIL)).some((m) => m.subject.includes('ready for your signature')),
    ).toBe(true);
  });
});
