import { sql } from 'drizzle-orm';
import { WEBINAR_MODULES } from '@zabuni/contracts';
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const webinarModule = pgEnum('webinar_module', WEBINAR_MODULES);

/** A webinar the operator announces (SPEC §3 Webinar); `starts_at` is the SPEC's `date`. */
export const webinars = pgTable(
  'webinars',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    organizer: text('organizer').notNull(),
    module: webinarModule('module').notNull(),
    organizerWebsite: text('organizer_website'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(60),
    pdfLink: text('pdf_link'),
    /** Where the webinar is held (the meeting link). */
    link: text('link').notNull(),
    description: text('description').notNull().default(''),
    /** Places; null for no limit. */
    capacity: integer('capacity'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webinars_module_starts_idx').on(t.module, t.startsAt)],
);

/** One registration per email and webinar; `reminded_at` is set when the day-before reminder is written. */
export const webinarRegistrations = pgTable(
  'webinar_registrations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    webinarId: integer('webinar_id')
      .notNull()
      .references(() => webinars.id),
    name: text('name').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    organization: text('organization'),
    language: text('language').notNull().default('en'),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webinar_registrations_email_uq').on(t.webinarId, t.email),
    index('webinar_registrations_reminder_idx')
      .on(t.webinarId)
      .where(sql`${t.remindedAt} is null`),
  ],
);
