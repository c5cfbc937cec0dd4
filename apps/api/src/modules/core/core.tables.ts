import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  char,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { JOB_TYPES, SECTORS } from '@zabuni/contracts';
import { tsvector } from '../../infra/column-types.ts';
import { organisations } from '../organisations/organisations.tables.ts';

export const countries = pgTable('countries', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  iso2: char('iso2', { length: 2 }).notNull().unique(),
  name: text('name').notNull(),
  flagEmoji: text('flag_emoji').notNull(),
  dialCode: text('dial_code').notNull(),
  currency: char('currency', { length: 3 }).notNull(),
});

export const categoryGroups = pgTable('category_groups', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  symbol: text('symbol').notNull(),
  position: smallint('position').notNull(),
});

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => categoryGroups.id),
    name: text('name').notNull(),
  },
  (t) => [
    unique('categories_group_name_unique').on(t.groupId, t.name),
    index('categories_name_idx').on(t.name),
  ],
);

/** The option lists of SPEC §3 (sectors, job types, webinar modules, marketing sources, deadline filter). */
export const optionValues = pgTable(
  'option_values',
  {
    list: text('list').notNull(),
    value: text('value').notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.list, t.value] })],
);

export const jobType = pgEnum('job_type', JOB_TYPES);
export const sector = pgEnum('sector', SECTORS);

/**
 * What the site sells and for how much, in minor units (KES 2,500.00 = 250000). The operator changes a
 * price here; seeding only adds missing products and never overwrites a price.
 */
export const prices = pgTable('prices', {
  product: text('product').primaryKey(),
  currency: char('currency', { length: 3 }).notNull(),
  amountMinor: integer('amount_minor').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A sourcing event a buyer runs (tender, RFQ, prequalification). The public site lists the public ones as
 * "available jobs" until and after their closing instant.
 */
export const sourcingEvents = pgTable(
  'sourcing_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => organisations.id),
    title: text('title').notNull(),
    jobType: jobType('job_type').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    closingAt: timestamp('closing_at', { withTimezone: true }).notNull(),
    /** Bidding instructions for suppliers; null when the buyer gave none. */
    instructions: text('instructions'),
    /** The advert text as published. */
    advert: text('advert'),
    isPublic: boolean('is_public').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      (): SQL => sql`to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(advert, ''))`,
    ),
  },
  (t) => [
    index('sourcing_events_closing_idx')
      .on(t.closingAt, t.id)
      .where(sql`is_public`),
    index('sourcing_events_country_closing_idx')
      .on(t.countryId, t.closingAt)
      .where(sql`is_public`),
    index('sourcing_events_buyer_closing_idx')
      .on(t.buyerId, t.closingAt)
      .where(sql`is_public`),
    index('sourcing_events_search_idx').using('gin', t.searchVector),
  ],
);

export const sourcingEventCategories = pgTable(
  'sourcing_event_categories',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => sourcingEvents.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.categoryId] }), index('sec_category_idx').on(t.categoryId)],
);
