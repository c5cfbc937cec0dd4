import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { countries } from './core.tables.ts';
import { orders } from './payments.tables.ts';

/**
 * Issue 18: a country's supplier directory (SPEC §3 Directory), sold as a spreadsheet of the country's
 * approved suppliers. The operator sets its texts and price in the moderation area; one per country.
 */
export const supplierDirectories = pgTable(
  'supplier_directories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    name: text('name').notNull(),
    /** Sanitised HTML (infra/rich-text), stored sanitised. */
    description: text('description').notNull().default(''),
    features: text('features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    directoryFormat: text('directory_format').notNull().default('XLSX and CSV'),
    softwareRequirements: text('software_requirements').notNull().default(''),
    osRequirements: text('os_requirements').notNull().default(''),
    currency: char('currency', { length: 3 }).notNull(),
    amountMinor: integer('amount_minor').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('supplier_directories_country_unique').on(t.countryId),
    index('supplier_directories_name_idx').on(t.name, t.id),
  ],
);

/**
 * An order for a directory (the payments module's `orders` row holds the amount, state and customer). Once
 * paid, a download token (unguessable, time-limited) opens the snapshot taken at payment.
 */
export const supplierDirectoryOrders = pgTable(
  'supplier_directory_orders',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id),
    directoryId: integer('directory_id')
      .notNull()
      .references(() => supplierDirectories.id),
    marketing: text('marketing'),
    downloadToken: text('download_token'),
    downloadExpiresAt: timestamp('download_expires_at', { withTimezone: true }),
    snapshotAt: timestamp('snapshot_at', { withTimezone: true }),
    supplierCount: integer('supplier_count'),
  },
  (t) => [
    uniqueIndex('supplier_directory_orders_token_unique').on(t.downloadToken),
    index('supplier_directory_orders_directory_idx').on(t.directoryId),
  ],
);

/**
 * What a paid order bought: the country's approved suppliers as they were at payment, one row each, so a
 * later change to a supplier does not alter a file already paid for. No personal contacts (the suppliers
 * have not agreed to publish any).
 */
export const supplierDirectoryRows = pgTable(
  'supplier_directory_rows',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    position: integer('position').notNull(),
    supplierId: integer('supplier_id').notNull(),
    name: text('name').notNull(),
    city: text('city').notNull(),
    categories: text('categories').notNull(),
    verified: boolean('verified').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.position] })],
);
