import { sql } from 'drizzle-orm';
import { PAYMENT_PLANS } from '@zabuni/domain';
import { index, integer, pgEnum, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { categories, countries } from './core.tables.ts';
import { orders } from './payments.tables.ts';

export const paymentPlan = pgEnum('payment_plan', PAYMENT_PLANS);

/**
 * A tender-alert subscriber, one per email address: the contact, country and categories the alert engine
 * reads, and the period paid for. Subscribing again with the same email updates these details; paying
 * again extends the period.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-cased. */
    email: text('email').notNull().unique(),
    companyName: text('company_name').notNull(),
    kraPin: text('kra_pin'),
    phone: text('phone'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    city: text('city').notNull(),
    /** The plan last chosen (each order keeps its own). */
    paymentPlan: paymentPlan('payment_plan').notNull(),
    marketing: text('marketing'),
    /** The paid period; null until the first payment. Alerts go out while now() < ends_at. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_active_idx')
      .on(t.endsAt)
      .where(sql`ends_at IS NOT NULL`),
  ],
);

export const subscriptionCategories = pgTable(
  'subscription_categories',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.categoryId] })],
);

/** One order for a subscription: the plan it buys and, once paid, the period it bought. */
export const subscriptionOrders = pgTable(
  'subscription_orders',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    paymentPlan: paymentPlan('payment_plan').notNull(),
    periodStartsAt: timestamp('period_starts_at', { withTimezone: true }),
    periodEndsAt: timestamp('period_ends_at', { withTimezone: true }),
  },
  (t) => [index('subscription_orders_subscription_idx').on(t.subscriptionId)],
);
