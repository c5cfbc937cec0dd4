import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './authentication.tables.ts';
import { mailOutbox } from './mail.tables.ts';
import { subscriptions } from './subscriptions.tables.ts';

/**
 * A subscriber's alert profile beyond what the subscription form records (country and categories live on
 * the subscription): the mail language and optional narrowing filters. A subscriber without a row has the
 * defaults (English, no filters, subscribed).
 */
export const tenderAlertProfiles = pgTable('tender_alert_profiles', {
  subscriptionId: integer('subscription_id')
    .primaryKey()
    .references(() => subscriptions.id, { onDelete: 'cascade' }),
  language: text('language').notNull().default('en'),
  /** Any of these words in the title or text (empty: no word filter). */
  keywords: text('keywords')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Tender sectors (empty: any). Jobs have no sector and are not narrowed by it. */
  sectors: text('sectors')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  jobTypes: text('job_types')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Counties named in the notice's text (empty: any). */
  counties: text('counties')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** The keywords and counties as text-search queries (domain `alertTsQuery`); null for no filter. */
  keywordsQuery: text('keywords_query'),
  countiesQuery: text('counties_query'),
  /** One-click unsubscribe (RFC 8058); null while subscribed. */
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const tenderAlertMailKind = pgEnum('tender_alert_mail_kind', ['digest', 'renewal_7', 'renewal_1']);
export const tenderAlertDigestStatus = pgEnum('tender_alert_digest_status', ['pending', 'queued']);

/**
 * One alert mail per (subscriber, kind, period), recorded before it is written: the unique key is what makes
 * a crash, a restart or two workers never send it twice. `pending`: matched, its items recorded, mail not yet
 * written; `queued`: its mail is in the outbox (`mail_id`, whose status says sent, failed or kept).
 * `period_start`: the week's scheduled send instant for a digest, the subscription's end for a reminder.
 */
export const tenderAlertDigests = pgTable(
  'tender_alert_digests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    kind: tenderAlertMailKind('kind').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    /** The window of publication a digest covers: [covers_from, covers_until). */
    coversFrom: timestamp('covers_from', { withTimezone: true }),
    coversUntil: timestamp('covers_until', { withTimezone: true }),
    status: tenderAlertDigestStatus('status').notNull().default('pending'),
    /**
     * What the digest lists, recorded with it: the ids of the matched tenders and available jobs (arrays,
     * not a row per pair: a week at seed scale is millions of pairs, written in one statement).
     */
    tenderIds: integer('tender_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    jobIds: integer('job_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    tenderCount: integer('tender_count').notNull().default(0),
    jobCount: integer('job_count').notNull().default(0),
    mailId: integer('mail_id').references(() => mailOutbox.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('tender_alert_digests_once').on(t.subscriptionId, t.kind, t.periodStart),
    index('tender_alert_digests_pending_idx')
      .on(t.id)
      .where(sql`status = 'pending'`),
    index('tender_alert_digests_period_idx').on(t.periodStart, t.kind),
    index('tender_alert_digests_mail_idx').on(t.mailId),
  ],
);

export const savedSearchFrequency = pgEnum('saved_search_frequency', ['instant', 'daily']);

/**
 * A signed-in user's saved search (issue 19): public tender-list filters under a name, alerted instantly
 * (within minutes of a matching tender becoming public) or once a day. `checked_until`: notices public before
 * it have been considered (the next alert starts there).
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The public list's filters: country, category, sector, job_type, search. */
    filters: jsonb('filters').$type<SavedSearchFilters>().notNull(),
    /** `search` as a text-search query (domain `toPrefixTsQuery`); null for none. */
    searchQuery: text('search_query'),
    frequency: savedSearchFrequency('frequency').notNull(),
    checkedUntil: timestamp('checked_until', { withTimezone: true }).notNull(),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_searches_user_name').on(t.userId, t.name)],
);

export interface SavedSearchFilters {
  country?: number;
  category?: number;
  sector?: string;
  job_type?: string;
  search?: string;
}

/** One alert per saved search and window end, recorded before its mail is written (exactly once). */
export const savedSearchAlerts = pgTable(
  'saved_search_alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    coversUntil: timestamp('covers_until', { withTimezone: true }).notNull(),
    tenderIds: integer('tender_ids').array().notNull(),
    mailId: integer('mail_id').references(() => mailOutbox.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_search_alerts_once').on(t.savedSearchId, t.coversUntil),
    index('saved_search_alerts_unwritten_idx')
      .on(t.id)
      .where(sql`mail_id IS NULL`),
  ],
);
