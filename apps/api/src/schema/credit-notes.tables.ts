import { CREDIT_NOTE_SOURCES, CREDIT_NOTE_STATUSES } from '@zabuni/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './authentication.tables.ts';
import { invoiceLines, invoices } from './invoices.tables.ts';
import { organisations } from './organisations.tables.ts';

export const creditNoteStatus = pgEnum('credit_note_status', CREDIT_NOTE_STATUSES);
export const creditNoteSource = pgEnum('credit_note_source', CREDIT_NOTE_SOURCES);

/**
 * A supplier's credit note against one of its invoices (issue 16 point 8), issued in the portal or entered
 * by finance. Never edited: the invoice's open amount, its match, the statement and the spend report count
 * its lines.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => organisations.id),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    /** The supplier's own number: unique per supplier (case-insensitive). */
    number: text('number').notNull(),
    creditNoteDate: date('credit_note_date', { mode: 'string' }).notNull(),
    /** Always the invoice's. */
    currency: char('currency', { length: 3 }).notNull(),
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    status: creditNoteStatus('status').notNull().default('issued'),
    enteredBy: creditNoteSource('entered_by').notNull(),
    enteredByUserId: integer('entered_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_notes_supplier_number_idx').on(t.supplierId, sql`lower(${t.number})`),
    index('credit_notes_invoice_idx').on(t.invoiceId),
    index('credit_notes_organisation_supplier_idx').on(t.organisationId, t.supplierId, t.creditNoteDate),
  ],
);

/** One invoice line credited: by a quantity and/or a unit price reduction, or by an amount. */
export const creditNoteLines = pgTable(
  'credit_note_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    creditNoteId: integer('credit_note_id')
      .notNull()
      .references(() => creditNotes.id, { onDelete: 'cascade' }),
    invoiceLineId: integer('invoice_line_id')
      .notNull()
      .references(() => invoiceLines.id),
    lineNo: integer('line_no').notNull(),
    /** Quantity returned (0 when only the price or an amount is credited). */
    quantityThousandths: bigint('quantity_thousandths', { mode: 'number' }).notNull(),
    /** Unit price reduction asked for, or null. */
    unitPriceReductionMinor: bigint('unit_price_reduction_minor', { mode: 'number' }),
    /** Amount asked for (before tax), or null. */
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    /** What the line credits before tax, and its tax. */
    netMinor: bigint('net_minor', { mode: 'number' }).notNull(),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('credit_note_lines_order_idx').on(t.creditNoteId, t.lineNo),
    index('credit_note_lines_invoice_line_idx').on(t.invoiceLineId),
  ],
);
