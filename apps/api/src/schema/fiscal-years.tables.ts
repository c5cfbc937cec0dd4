import { date, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { FISCAL_YEAR_STATUSES } from '@zabuni/contracts';
import { organisations } from './organisations.tables.ts';

export const fiscalYearStatus = pgEnum('fiscal_year_status', FISCAL_YEAR_STATUSES);

/** A buying organisation's fiscal years; they never overlap (checked under a lock per organisation). */
export const fiscalYears = pgTable(
  'fiscal_years',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    status: fiscalYearStatus('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fiscal_years_organisation_name_idx').on(t.organisationId, t.name),
    index('fiscal_years_organisation_start_idx').on(t.organisationId, t.startsOn),
  ],
);
