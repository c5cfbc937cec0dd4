import { REQUISITION_STATUSES, WORKFLOW_DECISIONS, type ResolvedRoute } from '@zabuni/domain';
import {
  bigint,
  char,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './authentication.tables.ts';
import { categories } from './core.tables.ts';
import { departments } from './departments.tables.ts';
import { organisations } from './organisations.tables.ts';

export const requisitionStatus = pgEnum('requisition_status', REQUISITION_STATUSES);

/** A request to buy, numbered per organisation (REQ-2026-00042) when it is created. */
export const requisitions = pgTable(
  'requisitions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    number: text('number').notNull(),
    title: text('title').notNull(),
    justification: text('justification').notNull().default(''),
    status: requisitionStatus('status').notNull().default('draft'),
    requesterUserId: integer('requester_user_id')
      .notNull()
      .references(() => users.id),
    currency: char('currency', { length: 3 }).notNull(),
    /** Sum of the lines' amounts, kept with them in one transaction. */
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Each submission is a new round of approval; a returned requisition starts again from step 1. */
    round: integer('round').notNull().default(0),
    /** The route resolved at the round's submission: who may decide each step. */
    route: jsonb('route').$type<ResolvedRoute>(),
    workflowRuleId: integer('workflow_rule_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('requisitions_organisation_number_idx').on(t.organisationId, t.number),
    index('requisitions_organisation_status_idx').on(t.organisationId, t.status, t.createdAt),
    index('requisitions_requester_idx').on(t.requesterUserId, t.createdAt),
  ],
);

export const requisitionLines = pgTable(
  'requisition_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requisitionId: integer('requisition_id')
      .notNull()
      .references(() => requisitions.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    description: text('description').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    /** Thousandths (2.5 units = 2500): quantities are decimals, never floats. */
    quantityThousandths: bigint('quantity_thousandths', { mode: 'number' }).notNull(),
    unit: text('unit').notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    neededBy: date('needed_by', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('requisition_lines_order_idx').on(t.requisitionId, t.lineNo),
    index('requisition_lines_department_idx').on(t.departmentId, t.categoryId),
  ],
);

export const requisitionDecision = pgEnum('requisition_decision', WORKFLOW_DECISIONS);

/** Every approval, rejection and return, per round and step, with the comment that goes with it. */
export const requisitionDecisions = pgTable(
  'requisition_decisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requisitionId: integer('requisition_id')
      .notNull()
      .references(() => requisitions.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    stepIndex: integer('step_index').notNull(),
    slotIndex: integer('slot_index').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The absent approvers this user stood in for by delegation (user ids). */
    onBehalfOf: integer('on_behalf_of').array().notNull(),
    decision: requisitionDecision('decision').notNull(),
    comment: text('comment').notNull().default(''),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One person, one decision per step and round: a double click cannot count twice.
    uniqueIndex('requisition_decisions_once_idx').on(t.requisitionId, t.round, t.stepIndex, t.userId),
  ],
);

/** Quotes, specifications and pictures that justify a requisition; the bytes live in file storage. */
export const requisitionAttachments = pgTable(
  'requisition_attachments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requisitionId: integer('requisition_id')
      .notNull()
      .references(() => requisitions.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** Random, chosen by us (never the uploader's name). */
    storageKey: text('storage_key').notNull(),
    uploadedByUserId: integer('uploaded_by_user_id')
      .notNull()
      .references(() => users.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('requisition_attachments_requisition_idx').on(t.requisitionId, t.id)],
);
