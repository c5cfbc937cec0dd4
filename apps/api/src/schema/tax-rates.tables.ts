import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organisations } from './organisations.tables.ts';

/** A buying organisation's tax rates; exactly one is the default new documents start with. */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    /** Hundredths of a percent (1600 = 16 %): integers, so no float ever touches a tax. */
    rateBasisPoints: integer('rate_basis_points').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('tax_rates_organisation_name_idx').on(t.organisationId, t.name),
    // At most one default per organisation, whatever races happen.
    uniqueIndex('tax_rates_one_default_idx')
      .on(t.organisationId)
      .where(sql`is_default`),
  ],
);
