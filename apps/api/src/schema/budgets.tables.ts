import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BUDGET_CONTROL_ACTIONS, BUDGET_PERIODS } from '@zabuni/domain';
import { categories } from './core.tables.ts';
import { departments } from './departments.tables.ts';
import { fiscalYears } from './fiscal-years.tables.ts';
import { organisations } from './organisations.tables.ts';

export const budgetPeriod = pgEnum('budget_period', BUDGET_PERIODS);
export const budgetControl = pgEnum('budget_control', BUDGET_CONTROL_ACTIONS);

/**
 * A spending limit per fiscal year × department × category (null: all the department's categories), with
 * what happens at each check point when a document would exceed it. Utilisation is never stored: it is
 * derived from the documents (packages/domain budgets).
 */
export const budgets = pgTable(
  'budgets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    fiscalYearId: integer('fiscal_year_id')
      .notNull()
      .references(() => fiscalYears.id),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    categoryId: integer('category_id').references(() => categories.id),
    name: text('name').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** Minor units; bigint because a year's budget passes 21 million shillings (2^31 cents) easily. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    period: budgetPeriod('period').notNull(),
    controlRequisition: budgetControl('control_requisition').notNull(),
    controlPurchaseOrder: budgetControl('control_purchase_order').notNull(),
    controlInvoice: budgetControl('control_invoice').notNull(),
    /** Others' submitted, not yet approved requisitions also count against it (default: shown only). */
    countProposed: boolean('count_proposed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One budget per fiscal year, department and category; "all categories" (null) counts as one value.
    uniqueIndex('budgets_scope_idx').on(
      t.organisationId,
      t.fiscalYearId,
      t.departmentId,
      sql`coalesce(${t.categoryId}, 0)`,
    ),
    index('budgets_organisation_department_idx').on(t.organisationId, t.departmentId),
  ],
);
