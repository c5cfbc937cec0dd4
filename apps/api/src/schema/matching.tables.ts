import { integer, jsonb, pgEnum, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { matchLevel } from './invoices.tables.ts';
import { organisations } from './organisations.tables.ts';

export const matchingScope = pgEnum('matching_scope', ['organisation', 'supplier', 'category']);

/**
 * The match level and tolerances: the organisation's default, overridden for a supplier or a category
 * (category over supplier over organisation).
 */
export const matchingSettings = pgTable(
  'matching_settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    scope: matchingScope('scope').notNull(),
    /** The supplier organisation or category; 0 for the organisation's default. */
    scopeId: integer('scope_id').notNull().default(0),
    level: matchLevel('level').notNull(),
    tolerances: jsonb('tolerances').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('matching_settings_scope_idx').on(t.organisationId, t.scope, t.scopeId)],
);
