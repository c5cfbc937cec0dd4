import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './authentication.tables.ts';
import { organisations } from './organisations.tables.ts';

/** A buying organisation's departments; each is a cost centre that budgets and approval rules name. */
export const departments = pgTable(
  'departments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** Approves over its budgets' warnings and is the "budget owner" step of approval workflows. */
    budgetOwnerUserId: integer('budget_owner_user_id').references(() => users.id),
    /** Inactive departments keep their history but take no new documents. */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('departments_organisation_code_idx').on(t.organisationId, t.code),
    index('departments_organisation_name_idx').on(t.organisationId, t.name),
  ],
);
