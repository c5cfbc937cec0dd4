import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.tables.ts';

/**
 * The last number issued per organisation, document type and year. Taking a number updates this row in
 * the document's own transaction: the row lock orders concurrent documents, and a rolled-back document
 * gives its number back, so the sequence has no gaps (a sequence object would leave them).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    /** `requisition`, `purchase_order`, … (packages/domain DOCUMENT_PREFIXES). */
    documentType: text('document_type').notNull(),
    year: integer('year').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.documentType, t.year] })],
);
