import { INVOICE_STATUSES, MATCH_LEVELS, type MatchResult } from '@zabuni/domain';
import { sql } from 'drizzle-orm';
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
import { organisations } from './organisations.tables.ts';
import { purchaseOrderLines, purchaseOrders } from './purchase-orders.tables.ts';

export const invoiceStatus = pgEnum('invoice_status', INVOICE_STATUSES);
export const matchLevel = pgEnum('match_level', MATCH_LEVELS);

/**
 * A supplier's invoice against one purchase order. Never edited once submitted: the match result and
 * finance's resolutions are recorded beside it.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => organisations.id),
    purchaseOrderId: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id),
    /** The supplier's own number: unique per supplier (case-insensitive, spaces trimmed). */
    invoiceNumber: text('invoice_number').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    status: invoiceStatus('status').notNull(),
    matchLevel: matchLevel('match_level').notNull(),
    /** The match at submission (and again after each receipt until decided). */
    matchResult: jsonb('match_result').$type<MatchResult>().notNull(),
    fileName: text('file_name'),
    fileStorageKey: text('file_storage_key'),
    fileSize: integer('file_size'),
    submittedByUserId: integer('submitted_by_user_id')
      .notNull()
      .references(() => users.id),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_supplier_number_idx').on(t.supplierId, sql`lower(${t.invoiceNumber})`),
    index('invoices_organisation_status_idx').on(t.organisationId, t.status, t.submittedAt),
    index('invoices_order_idx').on(t.purchaseOrderId),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    /** Null: a line the order does not have (a variance the match reports). */
    purchaseOrderLineId: integer('purchase_order_line_id').references(() => purchaseOrderLines.id),
    description: text('description').notNull(),
    quantityThousandths: bigint('quantity_thousandths', { mode: 'number' }).notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    taxBasisPoints: integer('tax_basis_points').notNull(),
    netMinor: bigint('net_minor', { mode: 'number' }).notNull(),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('invoice_lines_order_idx').on(t.invoiceId, t.lineNo),
    index('invoice_lines_po_line_idx').on(t.purchaseOrderLineId),
  ],
);

export const invoiceResolutionKind = pgEnum('invoice_resolution_kind', [
  'accept',
  'credit_note_requested',
  'reject',
]);

/** What finance decided about an invoice outside tolerance, and why; beside the invoice, never over it. */
export const invoiceResolutions = pgTable(
  'invoice_resolutions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    kind: invoiceResolutionKind('kind').notNull(),
    reason: text('reason').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoice_resolutions_invoice_idx').on(t.invoiceId)],
);

/** Payments the buyer made outside Zabuni, recorded against approved invoices (Zabuni moves no money). */
export const supplierPayments = pgTable(
  'supplier_payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    reference: text('reference').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    method: text('method').notNull(),
    recordedByUserId: integer('recorded_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('supplier_payments_invoice_idx').on(t.invoiceId),
    uniqueIndex('supplier_payments_reference_idx').on(t.organisationId, t.reference),
  ],
);
