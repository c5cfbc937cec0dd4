import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';

type ChainRow = {
  id: number;
  position: number | null;
  previous_hash: string | null;
  prior: string | null;
  run: string | null;
  n: number | null;
};

async function chainRows(ctx: TestContext) {
  const result = await ctx.database.db.execute<ChainRow>(sql`
    SELECT id, chain_position::int AS position, previous_hash,
           lag(hash) OVER (ORDER BY chain_position) AS prior,
           detail ->> 'run' AS run, (detail ->> 'n')::int AS n
      FROM audit_log ORDER BY chain_position NULLS LAST, id`);
  return result.rows;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('audit entries written without a lock, sealed into the chain in commit order', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('50 concurrent transactions (some rolled back) while the sealer runs: every committed entry once, no gaps', async () => {
    const audit = ctx.services.audit;
    let writing = true;
    let rounds = 0;
    // The sealer at work the whole time, as in the worker (skipping a round when the lock is busy).
    const sealer = (async () => {
      while (writing) {
        await audit.seal({ wait: false });
        rounds += 1;
        await sleep(2);
      }
    })();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, n) =>
        ctx.database.db.transaction(async (tx) => {
          await audit.record(tx, {
            action: 'login.success',
            actorUserId: null,
            detail: { run: 'concurrent', n },
          });
          // Held open for a while so that transactions commit out of id order, across sealing rounds.
          await sleep((n * 7) % 23);
          if (n % 4 === 0) {
            await audit.record(tx, {
              action: 'login.failure',
              actorUserId: null,
              detail: { run: 'concurrent', n: 100 + n },
            });
          }
          if (n % 6 === 0) throw new Error('rolled back');
        }),
      ),
    );
    writing = false;
    await sealer;
    expect(rounds).toBeGreaterThan(1);
    const committed = outcomes.flatMap((outcome, n) => (outcome.status === 'fulfilled' ? [n] : []));
    expect(committed).toHaveLength(50 - 9);

    const result = await audit.verify();
    expect(result).toEqual({ entries: expect.any(Number), unsealed: 0, firstBreak: null });

    const rows = await chainRows(ctx);
    // Every row sealed, in places 1…n without a gap, each linked to the one before it.
    expect(rows.map((row) => row.position)).toEqual(rows.map((_, i) => i + 1));
    expect(result.entries).toBe(rows.length);
    for (const row of rows.slice(1)) expect(row.previous_hash).toBe(row.prior);
    // Each committed entry exactly once; nothing from a rolled-back transaction.
    const expected = committed.flatMap((n) => (n % 4 === 0 ? [n, 100 + n] : [n])).sort((a, b) => a - b);
    const sealed = rows.filter((row) => row.run === 'concurrent').map((row) => row.n!);
    expect([...sealed].sort((a, b) => a - b)).toEqual(expected);
  });

  it('places an entry whose transaction commits late after entries with higher ids sealed before it', async () => {
    const audit = ctx.services.audit;
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let recorded!: () => void;
    const isRecorded = new Promise<void>((resolve) => {
      recorded = resolve;
    });
    const slow = ctx.database.db.transaction(async (tx) => {
      await audit.record(tx, { action: 'login.success', actorUserId: null, detail: { run: 'late', n: 1 } });
      recorded();
      await released;
    });
    await isRecorded;
    await ctx.database.db.transaction((tx) =>
      audit.record(tx, { action: 'login.success', actorUserId: null, detail: { run: 'late', n: 2 } }),
    );
    // Sealed while the first (lower id) is still uncommitted: the second cannot wait for it.
    expect(await audit.seal({ wait: true })).toEqual({ sealed: 1, busy: false, stoppedAt: null });
    release();
    await slow;
    expect(await audit.seal({ wait: true })).toEqual({ sealed: 1, busy: false, stoppedAt: null });

    const late = (await chainRows(ctx)).filter((row) => row.run === 'late');
    expect(late.map((row) => row.n)).toEqual([2, 1]);
    expect(late[0]!.id).toBeGreaterThan(late[1]!.id);
    expect(late[1]!.position).toBe(late[0]!.position! + 1);
    expect((await audit.verify()).firstBreak).toBeNull();
  });

  it('shows entries at once, before they are sealed', async () => {
    await ctx.database.db.transaction((tx) =>
      ctx.services.audit.record(tx, { action: 'login.locked', actorUserId: null, detail: { run: 'shown' } }),
    );
    const { rows } = await ctx.services.audit.newest(1, 0);
    expect(rows[0]).toMatchObject({ action: 'login.locked', detail: { run: 'shown' }, hash: null });
  });

  it('lets the seal fill the chain columns once and refuses any other change', async () => {
    const db = ctx.database.db;
    const appendOnly = { cause: expect.objectContaining({ message: expect.stringMatching(/append-only/) }) };
    await db.transaction((tx) =>
      ctx.services.audit.record(tx, {
        action: 'login.locked',
        actorUserId: null,
        detail: { run: 'trigger' },
      }),
    );
    const [unsealed] = (
      await db.execute<{ id: number }>(sql`SELECT id FROM audit_log WHERE hash IS NULL ORDER BY id LIMIT 1`)
    ).rows;
    // An unsealed row's content cannot be changed, nor sealed with its content changed.
    await expect(
      db.execute(sql`UPDATE audit_log SET detail = '{"run":"forged"}'::jsonb WHERE id = ${unsealed!.id}`),
    ).rejects.toMatchObject(appendOnly);
    await expect(
      db.execute(sql`
        UPDATE audit_log SET chain_position = 99999, previous_hash = 'x', hash = 'y', action = 'login.success'
         WHERE id = ${unsealed!.id}`),
    ).rejects.toMatchObject(appendOnly);
    await ctx.services.audit.seal({ wait: true });
    // A sealed row cannot be sealed again (relinked), changed or removed.
    await expect(
      db.execute(sql`UPDATE audit_log SET hash = 'y' WHERE id = ${unsealed!.id}`),
    ).rejects.toMatchObject(appendOnly);
    await expect(db.execute(sql`DELETE FROM audit_log WHERE id = ${unsealed!.id}`)).rejects.toMatchObject(
      appendOnly,
    );
    await expect(db.execute(sql`TRUNCATE audit_log`)).rejects.toMatchObject(appendOnly);
    expect((await ctx.services.audit.verify()).firstBreak).toBeNull();
  });
});

describe('tampering', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** What only someone who bypasses the triggers can do. */
  const behindTheTrigger = (statement: ReturnType<typeof sql>) =>
    ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_append_only`);
      await tx.execute(statement);
      await tx.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_append_only`);
    });

  const write = (n: number) =>
    ctx.database.db.transaction((tx) =>
      ctx.services.audit.record(tx, {
        action: 'login.success',
        actorUserId: null,
        detail: { run: 'tamper', n },
      }),
    );
  const idOf = async (n: number) =>
    (
      await ctx.database.db.execute<{ id: number }>(
        sql`SELECT id FROM audit_log WHERE detail ->> 'run' = 'tamper' AND (detail ->> 'n')::int = ${n}`,
      )
    ).rows[0]!.id;

  it('an entry altered before it was sealed is never sealed, and verification names it', async () => {
    for (const n of [1, 2, 3]) await write(n);
    const second = await idOf(2);
    await behindTheTrigger(
      sql`UPDATE audit_log SET detail = '{"run":"tamper","n":20}'::jsonb WHERE id = ${second}`,
    );
    expect(await ctx.services.audit.seal({ wait: true })).toMatchObject({
      stoppedAt: { id: second, reason: 'content' },
    });
    const result = await ctx.services.audit.verify();
    expect(result.firstBreak).toEqual({ id: second, reason: 'content' });
    expect(result.unsealed).toBe(2);
    // Put back as written: sealing resumes and the chain verifies.
    await behindTheTrigger(
      sql`UPDATE audit_log SET detail = '{"run":"tamper","n":2}'::jsonb WHERE id = ${second}`,
    );
    expect(await ctx.services.audit.verify()).toMatchObject({ unsealed: 0, firstBreak: null });
  });

  it('a sealed entry altered, or removed from the middle of the chain, breaks verification', async () => {
    for (const n of [4, 5, 6]) await write(n);
    expect((await ctx.services.audit.verify()).firstBreak).toBeNull();
    const fifth = await idOf(5);
    await behindTheTrigger(
      sql`UPDATE audit_log SET detail = '{"run":"tamper","n":50}'::jsonb WHERE id = ${fifth}`,
    );
    expect((await ctx.services.audit.verify()).firstBreak).toEqual({ id: fifth, reason: 'hash' });
    await behindTheTrigger(sql`DELETE FROM audit_log WHERE id = ${fifth}`);
    expect((await ctx.services.audit.verify()).firstBreak).toEqual({ id: await idOf(6), reason: 'link' });
  });
});
