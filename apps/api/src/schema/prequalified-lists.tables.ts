import { index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { categories, countries } from './core.tables.ts';
import { orders } from './payments.tables.ts';

/** One supplier as delivered in a paid prequalified list (a snapshot: the file never changes afterwards). */
export interface DeliveredSupplier {
  /** The supplier organisation (its public profile is /suppliers/show/{id}). */
  id: number;
  name: string;
  country: string;
  city: string | null;
  /** The tax authority verified its PIN. No personal contacts: suppliers have not agreed to their sale. */
  verified: boolean;
  /** `prequalified`: approved in a prequalification of the category; `registered`: a verified registration. */
  source: 'prequalified' | 'registered';
}
export interface DeliveredCategory {
  category_id: number;
  category: string;
  requested: number;
  suppliers: DeliveredSupplier[];
}

/**
 * A prequalified-supplier list order (SPEC §3 "Prequalified order request"): who asks, for which country,
 * and (in prequalified_order_categories) how many suppliers of each category. The payment is the `orders`
 * row it belongs to (product `prequalified_list`); the list is taken at payment and kept in `delivery`.
 */
export const prequalifiedOrders = pgTable(
  'prequalified_orders',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id),
    companyName: text('company_name').notNull(),
    contactPerson: text('contact_person').notNull(),
    phone: text('phone').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    /** The list as delivered, taken in the transaction that marked the order paid; null until then. */
    delivery: jsonb('delivery').$type<DeliveredCategory[]>(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prequalified_orders_email_idx').on(t.email)],
);

/** A row of the order form: a category and how many suppliers are wanted, with its price when ordered. */
export const prequalifiedOrderCategories = pgTable(
  'prequalified_order_categories',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => prequalifiedOrders.orderId, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    /** The row's place in the form (1, 2, 3 …). */
    position: smallint('position').notNull(),
    supplierCount: integer('supplier_count').notNull(),
    /** What this row costs, in minor units, by the price list at the order's creation. */
    amountMinor: integer('amount_minor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.categoryId] })],
);
