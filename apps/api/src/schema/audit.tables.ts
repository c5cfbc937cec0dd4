import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Append-only security log (a trigger refuses UPDATE and DELETE). Each row's hash chains to the previous
 * row's, so tampering by someone who bypasses the trigger is still detected by `npm run audit:verify`.
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
    previousHash: text('previous_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actorUserId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    // A platform document's timeline: its events, found by the document id the detail names.
    index('audit_log_requisition_idx')
      .on(t.organisationId, sql`((${t.detail} ->> 'requisition_id')::integer)`, t.id)
      .where(sql`${t.action} LIKE 'requisition.%'`),
  ],
);
