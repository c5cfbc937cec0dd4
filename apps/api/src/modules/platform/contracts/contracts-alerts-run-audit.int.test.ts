import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { bearer, createMember, tokenFor } from '../../../../test/identity.ts';
import { auditLog } from '../../../schema/audit.tables.ts';

/**
 * The operator's on-demand run of the contract job (POST /contract-alerts/run/, review) is an operator change
 * like any other: it renews and expires contracts of every organisation, so it leaves an audit entry of who ran
 * it and what it did; the scheduled run does not.
 */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

describe('an operator run of the contract job', () => {
  it('is recorded with who ran it and what it did; the scheduled run is not', async () => {
    const operator = await createMember(ctx, {
      kind: 'platform',
      role: 'moderator',
      email: 'contracts-desk@zabuni.example',
    });
    const token = await tokenFor(ctx, operator.email, operator.password);
    await ctx.services.contracts.runAlerts();
    const ran = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/contract-alerts/run/',
      headers: bearer(token),
    });
    expect(ran.statusCode, ran.body).toBe(200);
    const rows = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'contract_alerts.run'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorUserId: operator.userId, detail: ran.json() });
  });
});
