import type { PrequalificationAnswer, PrequalificationSection } from '@zabuni/domain';
import {
  PREQUALIFICATION_RESPONSE_STATUSES,
  PREQUALIFICATION_RESULT_STATUSES,
  PREQUALIFICATION_STATUSES,
} from '@zabuni/domain';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './authentication.tables.ts';
import { categories } from './core.tables.ts';
import { organisations } from './organisations.tables.ts';

export const prequalificationStatus = pgEnum('prequalification_status', PREQUALIFICATION_STATUSES);
export const prequalificationResponseStatus = pgEnum(
  'prequalification_response_status',
  PREQUALIFICATION_RESPONSE_STATUSES,
);
export const prequalificationResultStatus = pgEnum(
  'prequalification_result_status',
  PREQUALIFICATION_RESULT_STATUSES,
);

/**
 * A buyer's supplier prequalification exercise (issue 20): the questionnaire (sections and questions with
 * weights, automatic rules and mandatory criteria, kept as one validated document since it is edited and
 * published as a whole), the period suppliers may answer in, and the pass mark.
 */
export const prequalifications = pgTable(
  'prequalifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: prequalificationStatus('status').notNull().default('draft'),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    /** The weighted result (0–100) a supplier must reach. */
    passMark: integer('pass_mark').notNull(),
    /** Until when an approval from this exercise keeps a supplier on the prequalified list. */
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    sections: jsonb('sections').$type<PrequalificationSection[]>().notNull(),
    /** The public listing ("Supplier Prequalification" on the site's tenders), once published. */
    sourcingEventId: integer('sourcing_event_id'),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prequalifications_organisation_idx').on(t.organisationId, t.id)],
);

export const prequalificationCategories = pgTable(
  'prequalification_categories',
  {
    prequalificationId: integer('prequalification_id')
      .notNull()
      .references(() => prequalifications.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
  },
  (t) => [primaryKey({ columns: [t.prequalificationId, t.categoryId] })],
);

/** The evaluation committee named on the exercise. */
export const prequalificationEvaluators = pgTable(
  'prequalification_evaluators',
  {
    prequalificationId: integer('prequalification_id')
      .notNull()
      .references(() => prequalifications.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** When the member submitted their scores (then fixed, and the others' scores become visible). */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.prequalificationId, t.userId] })],
);

/** Suppliers invited when the exercise was published (the buyer's own and those registered in its categories). */
export const prequalificationInvitations = pgTable(
  'prequalification_invitations',
  {
    prequalificationId: integer('prequalification_id')
      .notNull()
      .references(() => prequalifications.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => organisations.id),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.prequalificationId, t.supplierId] }),
    index('prequalification_invitations_supplier_idx').on(t.supplierId),
  ],
);

/** One supplier's answers to one exercise, for the categories it applies in. */
export const prequalificationResponses = pgTable(
  'prequalification_responses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    prequalificationId: integer('prequalification_id')
      .notNull()
      .references(() => prequalifications.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => organisations.id),
    status: prequalificationResponseStatus('status').notNull().default('draft'),
    categoryIds: integer('category_ids').array().notNull(),
    answers: jsonb('answers').$type<PrequalificationAnswer[]>().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedByUserId: integer('submitted_by_user_id').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('prequalification_responses_supplier_idx').on(t.prequalificationId, t.supplierId),
    index('prequalification_responses_organisation_idx').on(t.organisationId),
  ],
);

/** A document a supplier uploaded for a document question, with the date it expires. */
export const prequalificationDocuments = pgTable(
  'prequalification_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    responseId: integer('response_id')
      .notNull()
      .references(() => prequalificationResponses.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => organisations.id),
    questionKey: text('question_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** The stored file's random key. */
    storageKey: text('storage_key').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prequalification_documents_expiry_idx').on(t.expiresOn)],
);

/** Expiry alerts sent, once per document and threshold (days before expiry). */
export const prequalificationDocumentAlerts = pgTable(
  'prequalification_document_alerts',
  {
    documentId: integer('document_id')
      .notNull()
      .references(() => prequalificationDocuments.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    thresholdDays: integer('threshold_days').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.thresholdDays] })],
);

/** One committee member's scores of one response's committee questions (question key → 0–100). */
export const prequalificationScores = pgTable(
  'prequalification_scores',
  {
    responseId: integer('response_id')
      .notNull()
      .references(() => prequalificationResponses.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    evaluatorUserId: integer('evaluator_user_id')
      .notNull()
      .references(() => users.id),
    scores: jsonb('scores').$type<Record<string, number>>().notNull(),
    comments: jsonb('comments').$type<Record<string, string>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.responseId, t.evaluatorUserId] })],
);

/**
 * The outcome per supplier per category, decided through the approval engine (document type
 * 'prequalification_result'). Approved ones form the buyer's prequalified list until `valid_until`.
 */
export const prequalificationResults = pgTable(
  'prequalification_results',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    prequalificationId: integer('prequalification_id')
      .notNull()
      .references(() => prequalifications.id, { onDelete: 'cascade' }),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    responseId: integer('response_id')
      .notNull()
      .references(() => prequalificationResponses.id),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => organisations.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    /** The weighted result in hundredths of a point. */
    scoreHundredths: integer('score_hundredths').notNull(),
    /** What the rules recommend (passed: no mandatory criterion failed and the pass mark reached). */
    recommended: boolean('recommended').notNull(),
    /** The rules' reasons (codes with the question), and the decider's comment once decided. */
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    status: prequalificationResultStatus('status').notNull().default('pending'),
    comment: text('comment'),
    validUntil: date('valid_until', { mode: 'string' }),
    proposedByUserId: integer('proposed_by_user_id')
      .notNull()
      .references(() => users.id),
    proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id),
  },
  (t) => [
    uniqueIndex('prequalification_results_unique_idx').on(t.prequalificationId, t.supplierId, t.categoryId),
    index('prequalification_results_list_idx').on(t.organisationId, t.categoryId, t.status),
    index('prequalification_results_supplier_idx').on(t.organisationId, t.supplierId),
  ],
);
