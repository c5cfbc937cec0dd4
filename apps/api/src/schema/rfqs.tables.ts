import { RFQ_STATUSES } from '@zabuni/domain';
import {
  bigint,
  boolean,
  char,
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
import { departments } from './departments.tables.ts';
import { organisations } from './organisations.tables.ts';
import { purchaseOrders } from './purchase-orders.tables.ts';
import { requisitionLines } from './requisitions.tables.ts';

export const rfqStatus = pgEnum('rfq_status', RFQ_STATUSES);

/**
 * A request for quotations (issue 20), numbered per buying organisation (RFQ-2026-00001). Its quotes are
 * sealed with `publicKey` (X25519), whose private key exists nowhere: it is split at publication among the
 * opening committee (rfq_committee_members.encrypted_share) and rebuilt only when the quorum confirms.
 */
export const rfqs = pgTable(
  'rfqs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    number: text('number').notNull(),
    title: text('title').notNull(),
    status: rfqStatus('status').notNull().default('draft'),
    currency: char('currency', { length: 3 }).notNull(),
    closingAt: timestamp('closing_at', { withTimezone: true }).notNull(),
    terms: text('terms').notNull().default(''),
    /** The buying department (the savings report groups by it; order lines are charged to it). */
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    /** How many committee members must confirm to open. */
    quorum: integer('quorum').notNull(),
    /** X25519 public key (base64url, 32 bytes) quotes are sealed to; null until publication. */
    publicKey: text('public_key'),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    awardedAt: timestamp('awarded_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the committee was told the RFQ had closed and waits for their confirmations (the closing job). */
    closingAnnouncedAt: timestamp('closing_announced_at', { withTimezone: true }),
    /** The split award waiting for (or past) approval: allocations as given. */
    award: jsonb('award').$type<Array<{ lineNo: number; supplierId: number; quantityThousandths: number }>>(),
    awardRequestedByUserId: integer('award_requested_by_user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rfqs_organisation_number_idx').on(t.organisationId, t.number),
    index('rfqs_organisation_created_idx').on(t.organisationId, t.createdAt),
  ],
);

export const rfqLines = pgTable(
  'rfq_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    rfqId: integer('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    /** The approved requisition line it sources, if any. */
    requisitionLineId: integer('requisition_line_id').references(() => requisitionLines.id),
    description: text('description').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    quantityThousandths: bigint('quantity_thousandths', { mode: 'number' }).notNull(),
    unit: text('unit').notNull(),
    estimatedUnitPriceMinor: bigint('estimated_unit_price_minor', { mode: 'number' }).notNull(),
    taxBasisPoints: integer('tax_basis_points').notNull(),
  },
  (t) => [uniqueIndex('rfq_lines_rfq_idx').on(t.rfqId, t.lineNo)],
);

export const rfqInvitations = pgTable(
  'rfq_invitations',
  {
    rfqId: integer('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => organisations.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.rfqId, t.supplierId] }),
    index('rfq_invitations_supplier_idx').on(t.supplierId),
  ],
);

/** The opening committee; each member's Shamir share of the RFQ key, sealed to their personal opening key. */
export const rfqCommitteeMembers = pgTable(
  'rfq_committee_members',
  {
    rfqId: integer('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** Sealed to the member's opening key at publication (only they, with their passphrase, read it). */
    encryptedShare: text('encrypted_share'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /**
     * The share released by the member's confirmation, sealed with the server's opening box until the quorum
     * is reached (fewer shares than the quorum reveal nothing); emptied when the RFQ opens.
     */
    heldShare: text('held_share'),
  },
  (t) => [primaryKey({ columns: [t.rfqId, t.userId] })],
);

/**
 * A supplier's sealed quote (one per supplier; each revision replaces the envelope). `envelope` is the quote
 * encrypted to the RFQ's public key; `openedContent` is filled only by the opening.
 */
export const rfqQuotes = pgTable(
  'rfq_quotes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    rfqId: integer('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => organisations.id),
    envelope: text('envelope').notNull(),
    sha256: text('sha256').notNull(),
    version: integer('version').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    submittedByUserId: integer('submitted_by_user_id')
      .notNull()
      .references(() => users.id),
    openedContent: jsonb('opened_content'),
  },
  (t) => [uniqueIndex('rfq_quotes_rfq_supplier_idx').on(t.rfqId, t.supplierId)],
);

/** Every sealed submission's receipt (revisions included), verifiable later by its code and hash. */
export const rfqQuoteReceipts = pgTable(
  'rfq_quote_receipts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    rfqId: integer('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => organisations.id),
    version: integer('version').notNull(),
    sha256: text('sha256').notNull(),
    sealedAt: timestamp('sealed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('rfq_quote_receipts_code_idx').on(t.code),
    index('rfq_quote_receipts_rfq_idx').on(t.rfqId),
  ],
);

/** A supplier's question; the answer goes to every invited supplier without saying who asked. */
export const rfqQuestions = pgTable(
  'rfq_questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    rfqId: integer('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => organisations.id),
    askedByUserId: integer('asked_by_user_id')
      .notNull()
      .references(() => users.id),
    question: text('question').notNull(),
    answer: text('answer'),
    answeredByUserId: integer('answered_by_user_id').references(() => users.id),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rfq_questions_rfq_idx').on(t.rfqId)],
);

export const rfqAddenda = pgTable(
  'rfq_addenda',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    rfqId: integer('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    changesLines: boolean('changes_lines').notNull(),
    closingBefore: timestamp('closing_before', { withTimezone: true }).notNull(),
    closingAfter: timestamp('closing_after', { withTimezone: true }).notNull(),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rfq_addenda_rfq_idx').on(t.rfqId)],
);

/** The approved split award, line by line (the savings report reads it), with the order each part became. */
export const rfqAwardLines = pgTable(
  'rfq_award_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    rfqId: integer('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => organisations.id),
    quantityThousandths: bigint('quantity_thousandths', { mode: 'number' }).notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    netMinor: bigint('net_minor', { mode: 'number' }).notNull(),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull(),
    estimateNetMinor: bigint('estimate_net_minor', { mode: 'number' }).notNull(),
    purchaseOrderId: integer('purchase_order_id').references(() => purchaseOrders.id),
  },
  (t) => [index('rfq_award_lines_rfq_idx').on(t.rfqId)],
);

/**
 * A staff member's personal opening key (X25519): the private part wrapped with AES-256-GCM under a key
 * derived (scrypt) from the member's opening passphrase, which the server never stores.
 */
export const openingKeys = pgTable('opening_keys', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  publicKey: text('public_key').notNull(),
  wrappedPrivateKey: text('wrapped_private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The buyer's documents of an RFQ (specifications, drawings), for the invited suppliers. */
export const rfqDocuments = pgTable(
  'rfq_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    rfqId: integer('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rfq_documents_rfq_idx').on(t.rfqId)],
);
