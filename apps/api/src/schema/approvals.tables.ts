import { WORKFLOW_DECISIONS, type ResolvedRoute } from '@zabuni/domain';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { approvalDocumentType } from './approval-workflows.tables.ts';
import { users } from './authentication.tables.ts';
import { organisations } from './organisations.tables.ts';

export const approvalDecisionKind = pgEnum('approval_decision_kind', WORKFLOW_DECISIONS);

/**
 * The approval route of a document whose own table does not keep one (invoices today; contracts, awards
 * and risk acceptances next): one row per approval round, resolved when the round starts. Requisitions and
 * purchase orders keep theirs on their own rows (older than this table).
 */
export const approvalRoutes = pgTable(
  'approval_routes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    documentType: approvalDocumentType('document_type').notNull(),
    documentId: integer('document_id').notNull(),
    round: integer('round').notNull(),
    route: jsonb('route').$type<ResolvedRoute>().notNull(),
    workflowRuleId: integer('workflow_rule_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('approval_routes_document_round_idx').on(t.documentType, t.documentId, t.round),
    index('approval_routes_organisation_idx').on(t.organisationId, t.documentType),
  ],
);

/** Each decision on such a route: who, which step and slot, for whom (delegation), why. */
export const approvalDecisions = pgTable(
  'approval_decisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    documentType: approvalDocumentType('document_type').notNull(),
    documentId: integer('document_id').notNull(),
    round: integer('round').notNull(),
    stepIndex: integer('step_index').notNull(),
    slotIndex: integer('slot_index').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The absent approvers this user stood in for by delegation (user ids). */
    onBehalfOf: integer('on_behalf_of').array().notNull(),
    decision: approvalDecisionKind('decision').notNull(),
    comment: text('comment').notNull().default(''),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One person, one decision per step and round: a double click cannot count twice.
    uniqueIndex('approval_decisions_once_idx').on(
      t.documentType,
      t.documentId,
      t.round,
      t.stepIndex,
      t.userId,
    ),
  ],
);
