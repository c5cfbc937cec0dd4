import { desc, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../../infra/database.ts';
import { workerHeartbeats } from '../../../schema/system.tables.ts';

export function createSystemRepository(db: Db) {
  return {
    async ping(): Promise<void> {
      await db.execute(sql`SELECT 1`);
    },
    async lastHeartbeat(): Promise<Date | null> {
      const [row] = await db
        .select({ seenAt: workerHeartbeats.seenAt })
        .from(workerHeartbeats)
        .orderBy(desc(workerHeartbeats.seenAt))
        .limit(1);
      return row?.seenAt ?? null;
    },
    async recordHeartbeat(workerId: string, at: Date): Promise<void> {
      await db
        .insert(workerHeartbeats)
        .values({ workerId, seenAt: at })
        .onConflictDoUpdate({ target: workerHeartbeats.workerId, set: { seenAt: at } });
    },
  };
}
export type SystemRepository = ReturnType<typeof createSystemRepository>;

/** Fixed-window counters of the rate limiter (rate_limit_counters), shared by every process. */
export const rateLimitRepository = (db: Executor) => ({
  /** Adds one to the key's counter (a new window when the last one is over); returns the window's count. */
  async count(key: string, windowSeconds: number) {
    const result = await db.execute<{ hits: number; window_started_at: Date }>(sql`
      INSERT INTO rate_limit_counters (key, window_started_at, hits)
      VALUES (${key}, now(), 1)
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN rate_limit_counters.window_started_at <= now() - make_interval(secs => ${windowSeconds})
                    THEN 1 ELSE rate_limit_counters.hits + 1 END,
        window_started_at = CASE WHEN rate_limit_counters.window_started_at <= now() - make_interval(secs => ${windowSeconds})
                    THEN now() ELSE rate_limit_counters.window_started_at END
      RETURNING hits, window_started_at`);
    return result.rows[0];
  },

  /** The key's count in its current window, without counting. */
  async current(key: string, windowSeconds: number) {
    const result = await db.execute<{ hits: number; window_started_at: Date }>(sql`
      SELECT hits, window_started_at FROM rate_limit_counters
      WHERE key = ${key}
        AND window_started_at > now() - make_interval(secs => ${windowSeconds})`);
    return result.rows[0];
  },
});
