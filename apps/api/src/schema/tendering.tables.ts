import {
  PROCUREMENT_CATEGORIES,
  PROCUREMENT_METHODS,
  TENDERING_STATUSES,
  type TenderingSettings,
} from '@zabuni/domain';
import {
  bigint,
  boolean,
  char,
  index,
  integer,
  jsonb,
  numeric,
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

export const tenderingStatus = pgEnum('tendering_status', TENDERING_STATUSES);
export const procurementMethod = pgEnum('procurement_method', PROCUREMENT_METHODS);
export const procurementCategory = pgEnum('procurement_category', PROCUREMENT_CATEGORIES);

/** An organisation's tendering settings (thresholds, guard-rails); none stored: the statutory defaults. */
export const tenderingSettings = pgTable('tendering_settings', {
  organisationId: integer('organisation_id')
    .primaryKey()
    .references(() => organisations.id),
  settings: jsonb('settings').$type<TenderingSettings>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A tender (issue 21), numbered per buying organisation (TND-2026-00001). Its bids are sealed in two
 * envelopes: technical to `technicalPublicKey`, financial to `financialPublicKey` (X25519). Neither private
 * key exists anywhere: each is split at publication among the opening committee (tender_committee_members)
 * and rebuilt only when the quorum confirms that opening: the technical one at closing, the financial one
 * after the technical evaluation, and then only the technically passing bids' financial envelopes are opened.
 */
export const tenderingTenders = pgTable(
  'tendering_tenders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    number: text('number').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    method: procurementMethod('method').notNull(),
    category: procurementCategory('category').notNull(),
    categoryId: integer('category_id').references(() => categories.id),
    currency: char('currency', { length: 3 }).notNull(),
    estimateMinor: bigint('estimate_minor', { mode: 'number' }).notNull(),
    justification: text('justification'),
    /**
     * The justification's approval through the engine (document type `tender_justification`): null while
     * none was asked for; the notice is published only once it is `approved` (when the method needs one).
     */
    justificationStatus: text('justification_status').$type<'pending' | 'approved' | 'rejected'>(),
    justificationRequestedByUserId: integer('justification_requested_by_user_id').references(() => users.id),
    bidSecurityMinor: bigint('bid_security_minor', { mode: 'number' }).notNull().default(0),
    passMark: numeric('pass_mark', { precision: 5, scale: 2 }).notNull(),
    quorum: integer('quorum').notNull(),
    agpoReserved: boolean('agpo_reserved').notNull().default(false),
    status: tenderingStatus('status').notNull().default('draft'),
    closingAt: timestamp('closing_at', { withTimezone: true }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    technicalPublicKey: text('technical_public_key'),
    financialPublicKey: text('financial_public_key'),
    technicalOpenedAt: timestamp('technical_opened_at', { withTimezone: true }),
    evaluatedAt: timestamp('evaluated_at', { withTimezone: true }),
    financialOpenedAt: timestamp('financial_opened_at', { withTimezone: true }),
    evaluationReport: text('evaluation_report'),
    professionalOpinion: text('professional_opinion'),
    professionalOpinionByUserId: integer('professional_opinion_by_user_id').references(() => users.id),
    awardBidId: integer('award_bid_id'),
    awardRequestedByUserId: integer('award_requested_by_user_id').references(() => users.id),
    awardedAt: timestamp('awarded_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    standstillUntil: timestamp('standstill_until', { withTimezone: true }),
    contractId: integer('contract_id'),
    sourcingEventId: integer('sourcing_event_id'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tendering_tenders_number_idx').on(t.organisationId, t.number),
    index('tendering_tenders_status_idx').on(t.organisationId, t.status),
  ],
);

/** The opening committee (at least three) and the evaluators, with each member's sealed key shares. */
export const tenderingCommittee = pgTable(
  'tendering_committee_members',
  {
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenderingTenders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The technical and financial key shares sealed to the member's opening key. */
    technicalShare: text('technical_share'),
    financialShare: text('financial_share'),
    /** A released share kept (server-boxed) until the quorum confirms that opening. */
    technicalHeld: text('technical_held'),
    financialHeld: text('financial_held'),
    technicalConfirmedAt: timestamp('technical_confirmed_at', { withTimezone: true }),
    financialConfirmedAt: timestamp('financial_confirmed_at', { withTimezone: true }),
    evaluationSubmittedAt: timestamp('evaluation_submitted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.tenderId, t.userId] })],
);

/** A bid: two sealed envelopes, their hashes and receipt, the bid security declared; opened contents later. */
export const tenderingBids = pgTable(
  'tendering_bids',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenderingTenders.id),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => organisations.id),
    technicalEnvelope: text('technical_envelope').notNull(),
    financialEnvelope: text('financial_envelope').notNull(),
    technicalSha256: char('technical_sha256', { length: 64 }).notNull(),
    financialSha256: char('financial_sha256', { length: 64 }).notNull(),
    receiptCode: text('receipt_code').notNull(),
    version: integer('version').notNull().default(1),
    securityKind: text('security_kind'),
    securityIssuer: text('security_issuer'),
    securityReference: text('security_reference'),
    securityAmountMinor: bigint('security_amount_minor', { mode: 'number' }),
    agpoCertificate: text('agpo_certificate'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    technical: jsonb('technical').$type<{ summary: string; documents: string[] }>(),
    priceMinor: bigint('price_minor', { mode: 'number' }),
    preliminaryPass: boolean('preliminary_pass'),
    technicalScore: numeric('technical_score', { precision: 5, scale: 2 }),
    technicalPass: boolean('technical_pass'),
    financialRank: integer('financial_rank'),
    reason: text('reason'),
  },
  (t) => [
    uniqueIndex('tendering_bids_tender_supplier_idx').on(t.tenderId, t.supplierId),
    index('tendering_bids_supplier_idx').on(t.supplierId),
    uniqueIndex('tendering_bids_receipt_idx').on(t.receiptCode),
  ],
);

/** Each evaluator's own scores, hidden from the others until they have submitted theirs. */
export const tenderingEvaluations = pgTable(
  'tendering_evaluations',
  {
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenderingTenders.id),
    bidId: integer('bid_id')
      .notNull()
      .references(() => tenderingBids.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    preliminaryPass: boolean('preliminary_pass').notNull(),
    technicalScore: numeric('technical_score', { precision: 5, scale: 2 }).notNull(),
    comment: text('comment').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bidId, t.userId] })],
);

/**
 * A restricted tender's invitation list (PPADA s.102: restricted tendering invites named suppliers): only
 * these suppliers see it in the portal and may ask or bid.
 */
export const tenderingInvitations = pgTable(
  'tendering_invitations',
  {
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenderingTenders.id),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => organisations.id),
  },
  (t) => [primaryKey({ columns: [t.tenderId, t.supplierId] })],
);

/**
 * Suppliers that registered their interest in a published tender (or asked a question): with the bidders,
 * they are mailed its clarifications and addenda.
 */
export const tenderingInterests = pgTable(
  'tendering_interests',
  {
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenderingTenders.id),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => organisations.id),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenderId, t.supplierId] })],
);

/** Clarifications: asked by a supplier (never shown), answered to all. */
export const tenderingClarifications = pgTable(
  'tendering_clarifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenderingTenders.id),
    supplierId: integer('supplier_id').references(() => organisations.id),
    question: text('question').notNull(),
    answer: text('answer'),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [index('tendering_clarifications_tender_idx').on(t.tenderId)],
);

/** Addenda, each with the closing before and after. */
export const tenderingAddenda = pgTable('tendering_addenda', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  tenderId: integer('tender_id')
    .notNull()
    .references(() => tenderingTenders.id),
  note: text('note').notNull(),
  closingBefore: timestamp('closing_before', { withTimezone: true }).notNull(),
  closingAfter: timestamp('closing_after', { withTimezone: true }).notNull(),
  createdByUserId: integer('created_by_user_id')
    .notNull()
    .references(() => users.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
