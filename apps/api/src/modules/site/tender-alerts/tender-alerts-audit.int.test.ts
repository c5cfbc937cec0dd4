import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { bearer, createMember, tokenFor } from '../../../../test/identity.ts';
import { auditLog } from '../../../schema/audit.tables.ts';

/** The operator's "send the digests now" is an operator change like any other: it leaves an audit entry. */

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

describe('an operator run of the tender-alert digests', () => {
  it('is recorded with who ran it and what it queued; the scheduled run is not', async () => {
    const m = await createMember(ctx, {
      kind: 'platform',
      role: 'moderator',
      email: 'alerts-desk@zabuni.example',
    });
    const token = await tokenFor(ctx, m.email, m.password);
    await ctx.services.tenderAlerts.run();
    const ran = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tender-alerts/digests/run/',
      headers: bearer(token),
    });
    expect(ran.statusCode, ran.body).toBe(200);
    const rows = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'tender_alerts.run'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: m.userId,
      detail: { slot: ran.json().slot, digests: 0, reminders: 0 },
    });
  });
});
