import { sql, type SQL } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tsvector } from '../infra/column-types.ts';
import { categories, countries, jobType } from './core.tables.ts';
import { organisations } from './organisations.tables.ts';

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
    // Every public index ends in (closing instant, id), the list's order and keyset position: a page after
    // a cursor is an index range scan at any depth.
    index('sourcing_events_closing_idx')
      .on(t.closingAt, t.id)
      .where(sql`is_public`),
    index('sourcing_events_country_closing_idx')
      .on(t.countryId, t.closingAt, t.id)
      .where(sql`is_public`),
    index('sourcing_events_buyer_closing_idx')
      .on(t.buyerId, t.closingAt, t.id)
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
