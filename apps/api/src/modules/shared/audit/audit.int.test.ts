import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('audit chain under concurrent appends', () => {
  it('links every entry to the one committed before it, in id order, whatever the interleaving', async () => {
    const before = await ctx.services.audit.verify();
    // Appends from many transactions at once, some of which roll back after appending.
    await Promise.allSettled(
      Array.from({ length: 40 }, (_, index) =>
        ctx.database.db.transaction(async (tx) => {
          await ctx.services.audit.record(tx, {
            action: 'login.success',
            actorUserId: null,
            detail: { index },
          });
          if (index % 5 === 0) throw new Error('rolled back');
        }),
      ),
    );
    const after = await ctx.services.audit.verify();
    expect(after.firstBreak).toBeNull();
    expect(after.entries).toBe(before.entries + 32);
    // Ids taken by rolled-back appends leave gaps; the chain follows the committed ones.
    const rows = await ctx.database.db.execute<{
      id: number;
      previous_hash: string;
      prior: string | null;
    }>(sql`
      SELECT id, previous_hash, lag(hash) OVER (ORDER BY id) AS prior FROM audit_log ORDER BY id`);
    for (const row of rows.rows.slice(1)) expect(row.previous_hash).toBe(row.prior);
  });
});
