import { and, asc, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../infra/database.ts';
import { auditLog } from '../../../schema/audit.tables.ts';

/** Held by the sealer only (transaction-scoped), so one sealer links entries at a time in any number of processes. */
const AUDIT_SEALER_LOCK = 7_231_003;

const entryContent = {
  id: auditLog.id,
  occurredAt: auditLog.occurredAt,
  actorUserId: auditLog.actorUserId,
  organisationId: auditLog.organisationId,
  action: auditLog.action,
  ip: auditLog.ip,
  detail: auditLog.detail,
  contentHash: auditLog.contentHash,
};

/** An entry as written, before the sealer links it. */
export interface NewAuditEntry {
  occurredAt: Date;
  actorUserId: number | null;
  organisationId: number | null;
  action: string;
  ip: string | null;
  detail: Record<string, unknown>;
  contentHash: string;
}

export const auditRepository = (db: Executor) => ({
  /** One statement, no lock: writers in concurrent transactions never wait for each other. */
  async insert(entry: NewAuditEntry) {
    await db.insert(auditLog).values(entry);
  },

  /** Several entries in one statement, no lock. */
  async insertMany(entries: NewAuditEntry[]) {
    if (entries.length > 0) await db.insert(auditLog).values(entries);
  },

  /**
   * The sealer's lock, its own statement so that the statements after it (each with a fresh snapshot, at
   * READ COMMITTED) see what the previous holder committed. `wait: false` gives up at once when another
   * sealer is at work.
   */
  async lockSealer(wait: boolean): Promise<boolean> {
    if (wait) {
      await db.execute(sql`SELECT pg_advisory_xact_lock(${AUDIT_SEALER_LOCK})`);
      return true;
    }
    const result = await db.execute<{ locked: boolean }>(
      sql`SELECT pg_try_advisory_xact_lock(${AUDIT_SEALER_LOCK}) AS locked`,
    );
    return result.rows[0]!.locked;
  },

  /** The chain's last sealed entry (its place and hash), or null while the chain is empty. */
  async lastLink(): Promise<{ position: number; hash: string } | null> {
    const [row] = await db
      .select({ position: auditLog.chainPosition, hash: auditLog.hash })
      .from(auditLog)
      .where(isNotNull(auditLog.chainPosition))
      .orderBy(desc(auditLog.chainPosition))
      .limit(1);
    return row ? { position: row.position!, hash: row.hash! } : null;
  },

  /**
   * Unsealed entries, oldest id first. Only committed rows are visible, so every entry read here is final;
   * one committed later (even with a lower id) is read by a later round and linked after these.
   */
  async unsealed(afterId: number, limit: number) {
    return db
      .select(entryContent)
      .from(auditLog)
      .where(and(isNull(auditLog.hash), gt(auditLog.id, afterId)))
      .orderBy(asc(auditLog.id))
      .limit(limit);
  },

  /** Writes the links in one statement; returns how many rows were sealed. */
  async seal(links: ReadonlyArray<{ id: number; position: number; previousHash: string; hash: string }>) {
    if (links.length === 0) return 0;
    const rows = links.map((l) => ({
      id: l.id,
      position: l.position,
      previous_hash: l.previousHash,
      hash: l.hash,
    }));
    const result = await db.execute(sql`
      UPDATE audit_log AS a
         SET chain_position = l.position, previous_hash = l.previous_hash, hash = l.hash
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
             AS l(id bigint, position bigint, previous_hash text, hash text)
       WHERE a.id = l.id AND a.hash IS NULL`);
    return result.rowCount ?? 0;
  },

  /** Sealed entries in chain order, after a place in the chain. */
  async sealedPage(afterPosition: number, limit: number) {
    return db
      .select({
        ...entryContent,
        position: auditLog.chainPosition,
        previousHash: auditLog.previousHash,
        hash: auditLog.hash,
      })
      .from(auditLog)
      .where(gt(auditLog.chainPosition, afterPosition))
      .orderBy(asc(auditLog.chainPosition))
      .limit(limit);
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
