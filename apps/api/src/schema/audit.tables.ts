import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Append-only security log. A writer inserts an entry in its business transaction with the hash of its
 * content and no chain link (so writers never wait for each other); one sealer then links committed entries
 * into the hash chain: `chain_position` (1, 2, 3… in sealing order), `previous_hash` and `hash`, which cover
 * the content and the previous sealed entry's hash. Triggers refuse DELETE and TRUNCATE, and any UPDATE but
 * that one-time seal of an unsealed row (content unchanged); tampering by someone who bypasses them is still
 * detected by `npm run audit:verify`.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, precision: 3 }).notNull(),
    actorUserId: integer('actor_user_id'),
    organisationId: integer('organisation_id'),
    action: text('action').notNull(),
    ip: text('ip'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
    /** SHA-256 of the content as written (without the id); null on entries from before sealing existed. */
    contentHash: text('content_hash'),
    /** Place in the chain; null until sealed. */
    chainPosition: bigint('chain_position', { mode: 'number' }),
    previousHash: text('previous_hash'),
    hash: text('hash'),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actorUserId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    // A platform document's timeline: its events, found by the document id the detail names.
    index('audit_log_requisition_idx')
      .on(t.organisationId, sql`((${t.detail} ->> 'requisition_id')::integer)`, t.id)
      .where(sql`${t.action} LIKE 'requisition.%'`),
    // The chain in order (verification, the sealer's last link); one entry per place.
    uniqueIndex('audit_log_chain_position_idx').on(t.chainPosition),
    // What the sealer has left to link: small, since entries are sealed within a second or so.
    index('audit_log_unsealed_idx')
      .on(t.id)
      .where(sql`${t.hash} IS NULL`),
    // Sealed: position, link and hash together. Unsealed: a content hash to check before sealing.
    check(
      'audit_log_sealed_or_hashed',
      sql`(${t.hash} IS NULL) = (${t.previousHash} IS NULL) AND (${t.hash} IS NULL) = (${t.chainPosition} IS NULL) AND (${t.hash} IS NOT NULL OR ${t.contentHash} IS NOT NULL)`,
    ),
  ],
);
