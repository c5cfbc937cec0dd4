import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../../infra/database.ts';
import { auditLog } from '../../../schema/audit.tables.ts';

const AUDIT_CHAIN_LOCK = 7_231_003;

export const auditRepository = (db: Executor) => ({
  /**
   * Serialises appends (transaction-scoped advisory lock) so each entry links to the true previous one,
   * however many API processes write at once; then the last hash and the next id in one round trip, since
   * every round trip made while holding the lock is one every other append waits for. The lock is its
   * own statement: a statement's snapshot is taken before it runs, so a read in the locking statement
   * could miss the entry the previous holder committed.
   */
  async lockAndReadLastHashAndNextId(): Promise<{ previousHash: string | null; id: number }> {
    await db.execute(sql`SELECT pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
    const result = await db.execute<{ hash: string | null; id: number }>(sql`
      SELECT (SELECT ${auditLog.hash} FROM ${auditLog} ORDER BY ${auditLog.id} DESC LIMIT 1) AS hash,
             nextval(pg_get_serial_sequence('audit_log', 'id'))::int AS id`);
    const row = result.rows[0]!;
    return { previousHash: row.hash, id: row.id };
  },

  async insert(entry: typeof auditLog.$inferInsert & { id: number }) {
    await db.execute(sql`
      INSERT INTO audit_log (id, occurred_at, actor_user_id, organisation_id, action, ip, detail, previous_hash, hash)
      OVERRIDING SYSTEM VALUE
      VALUES (${entry.id}, ${entry.occurredAt}, ${entry.actorUserId ?? null}, ${entry.organisationId ?? null},
              ${entry.action}, ${entry.ip ?? null}, ${JSON.stringify(entry.detail)}::jsonb, ${entry.previousHash}, ${entry.hash})`);
  },

  async page(afterId: number, limit: number) {
    return db.select().from(auditLog).where(gt(auditLog.id, afterId)).orderBy(asc(auditLog.id)).limit(limit);
  },

  async newest(limit: number, offset: number) {
    return db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(limit).offset(offset);
  },

  /** The events of one platform document (e.g. 'requisition' 12), oldest first. */
  async documentEvents(organisationId: number, documentType: 'requisition', documentId: number) {
    return db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.organisationId, organisationId),
          // Literals, not parameters, so the planner can use the partial expression index.
          sql`${auditLog.action} LIKE ${sql.raw(`'${documentType}.%'`)}`,
          sql`((${auditLog.detail} ->> ${sql.raw(`'${documentType}_id'`)})::integer) = ${documentId}`,
        ),
      )
      .orderBy(asc(auditLog.id));
  },

  async count(): Promise<number> {
    const result = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log`);
    return result.rows[0]!.n;
  },
});
