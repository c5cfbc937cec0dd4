import {
  CONTRACT_KINDS,
  CONTRACT_STATUSES,
  RENEWAL_RULES,
  SIGNATURE_METHODS,
  SIGNING_SIDES,
  type ResolvedRoute,
} from '@zabuni/domain';
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
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
import { tsvector } from '../infra/column-types.ts';
import { users } from './authentication.tables.ts';
import { categories } from './core.tables.ts';
import { departments } from './departments.tables.ts';
import { organisations } from './organisations.tables.ts';
import { purchaseOrders } from './purchase-orders.tables.ts';

/**
 * Contract management (issue 22). Every row carries the buying organisation that owns it; the supplier is
 * an organisation too (the one that signs in the portal).
 */

export const contractStatus = pgEnum('contract_status', CONTRACT_STATUSES);
export const contractKind = pgEnum('contract_kind', CONTRACT_KINDS);
export const contractRenewal = pgEnum('contract_renewal', RENEWAL_RULES);
export const contractSigningSide = pgEnum('contract_signing_side', SIGNING_SIDES);
export const contractSignatureMethod = pgEnum('contract_signature_method', SIGNATURE_METHODS);

/** A template with merge fields (`{{supplier_name}}`), in one language. */
export const contractTemplates = pgTable(
  'contract_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    language: text('language').notNull().default('en'),
    /** Sanitised rich text. */
    bodyHtml: text('body_html').notNull(),
    active: boolean('active').notNull().default(true),
    createdByUserId: integer('created_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contract_templates_organisation_idx').on(t.organisationId, t.language, t.name)],
);

/**
 * The clause library: standard clauses and their approved alternatives (`alternativeOf` names the
 * standard clause), per language. Only approved clauses can be put into a contract.
 */
export const contractClauses = pgTable(
  'contract_clauses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    title: text('title').notNull(),
    language: text('language').notNull().default('en'),
    bodyHtml: text('body_html').notNull(),
    alternativeOf: integer('alternative_of'),
    approved: boolean('approved').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contract_clauses_organisation_idx').on(t.organisationId, t.language, t.title)],
);

/** A contract, an amendment or a termination (the latter two linked to their contract by `parentId`). */
export const contracts = pgTable(
  'contracts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    kind: contractKind('kind').notNull().default('contract'),
    parentId: integer('parent_id'),
    number: text('number').notNull(),
    title: text('title').notNull(),
    status: contractStatus('status').notNull().default('draft'),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => organisations.id),
    templateId: integer('template_id').references(() => contractTemplates.id),
    language: text('language').notNull().default('en'),
    valueMinor: bigint('value_minor', { mode: 'number' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    renewal: contractRenewal('renewal').notNull().default('none'),
    renewalTermMonths: integer('renewal_term_months'),
    noticeDays: integer('notice_days'),
    nonRenewalRecordedOn: date('non_renewal_recorded_on', { mode: 'string' }),
    paymentTerms: text('payment_terms').notNull().default(''),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id),
    departmentId: integer('department_id').references(() => departments.id),
    categoryId: integer('category_id').references(() => categories.id),
    /** Alert thresholds, days before the end; null: the organisation's default. */
    alertDays: integer('alert_days').array(),
    /** Who else hears the alerts, beside the owner. */
    alertUserIds: integer('alert_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Where the contract came from (an award of issue 21, a purchase order), for the record. */
    sourceType: text('source_type'),
    sourceId: integer('source_id'),
    /** The end of the standstill of the tender it was awarded from: nobody signs before it. */
    standstillUntil: timestamp('standstill_until', { withTimezone: true }),
    /** The current version's text (sanitised HTML, and plain for search). */
    bodyHtml: text('body_html').notNull().default(''),
    bodyText: text('body_text').notNull().default(''),
    versionNo: integer('version_no').notNull().default(0),
    /** SHA-256 of the text as sent for signature; the signature page names it. */
    contentSha256: text('content_sha256'),
    /** The signed PDF (file storage key) and its SHA-256, checked by POST /contracts/verify/. */
    pdfKey: text('pdf_key'),
    pdfSha256: text('pdf_sha256'),
    round: integer('round').notNull().default(0),
    route: jsonb('route').$type<ResolvedRoute>(),
    workflowRuleId: integer('workflow_rule_id'),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    signatureStartedAt: timestamp('signature_started_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('simple', number || ' ' || title || ' ' || body_text)`,
    ),
  },
  (t) => [
    uniqueIndex('contracts_organisation_number_idx').on(t.organisationId, t.number),
    index('contracts_organisation_status_idx').on(t.organisationId, t.status, t.endDate),
    index('contracts_supplier_idx').on(t.supplierId, t.organisationId),
    index('contracts_parent_idx').on(t.parentId),
    index('contracts_pdf_sha256_idx').on(t.pdfSha256),
    index('contracts_search_idx').using('gin', t.searchVector),
  ],
);

/** Every saved version of a contract's text. */
export const contractVersions = pgTable(
  'contract_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    versionNo: integer('version_no').notNull(),
    bodyHtml: text('body_html').notNull(),
    note: text('note').notNull().default(''),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('contract_versions_contract_no_idx').on(t.contractId, t.versionNo)],
);

/** Purchase orders placed under a contract (its spend is read from them and their invoices). */
export const contractPurchaseOrders = pgTable(
  'contract_purchase_orders',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    purchaseOrderId: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id),
  },
  (t) => [
    primaryKey({ columns: [t.contractId, t.purchaseOrderId] }),
    index('contract_purchase_orders_order_idx').on(t.purchaseOrderId),
  ],
);

/** Each side's signature, confirmed with a one-time code (mail) or the signer's authenticator. */
export const contractSignatures = pgTable(
  'contract_signatures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    side: contractSigningSide('side').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    signerName: text('signer_name').notNull(),
    signerEmail: text('signer_email').notNull(),
    /** The organisation the signer signed for. */
    partyName: text('party_name').notNull(),
    method: contractSignatureMethod('method').notNull(),
    ip: text('ip'),
    contentSha256: text('content_sha256').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('contract_signatures_side_idx').on(t.contractId, t.side)],
);

/** A one-time signing code sent by mail (only its hash is kept); one live code per signer and contract. */
export const contractSignatureCodes = pgTable(
  'contract_signature_codes',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.contractId, t.userId] })],
);

/** Obligations and milestones (deliveries, payments, reports, insurance and guarantee expiries). */
export const contractObligations = pgTable(
  'contract_obligations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id),
    remindDays: integer('remind_days').notNull().default(7),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contract_obligations_due_idx').on(t.organisationId, t.dueDate)],
);

/**
 * Alerts already given (expiry and notice thresholds, obligation reminders): the unique key makes a job
 * that runs twice send once.
 */
export const contractAlerts = pgTable(
  'contract_alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    /** expiry, notice or obligation. */
    kind: text('kind').notNull(),
    /** The obligation's id for an obligation reminder, else 0. */
    subjectId: integer('subject_id').notNull().default(0),
    thresholdDays: integer('threshold_days').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** False: recorded as passed (a wider threshold reached together with a tighter one), not sent. */
    sent: boolean('sent').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contract_alerts_once_idx').on(t.contractId, t.kind, t.subjectId, t.thresholdDays, t.dueDate),
  ],
);

/** The organisation's contract settings: default alert thresholds. */
export const contractSettings = pgTable('contract_settings', {
  organisationId: integer('organisation_id')
    .primaryKey()
    .references(() => organisations.id),
  alertDays: integer('alert_days').array().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Documents kept with a contract (annexes, guarantees, insurance certificates), stored as files. */
export const contractDocuments = pgTable(
  'contract_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fileKey: text('file_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedByUserId: integer('uploaded_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contract_documents_contract_idx').on(t.contractId)],
);
