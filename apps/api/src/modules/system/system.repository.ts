import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../infra/database.ts';
import { workerHeartbeats } from './system.tables.ts';

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
