import { index, integer, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { INQUIRY_STATUSES } from '@zabuni/contracts';
import { users } from './authentication.tables.ts';

export const inquiryStatus = pgEnum('inquiry_status', INQUIRY_STATUSES);

/**
 * A contact-us inquiry (SPEC §3 Inquiry) as the operator reads it: `new` until answered (the answer is
 * mailed to the sender) or marked spam.
 */
export const inquiries = pgTable(
  'inquiries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contactName: text('contact_name').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    companyName: text('company_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    message: text('message').notNull(),
    /** The page's language when sent: the acknowledgement and the answer are mailed in it. */
    language: text('language').notNull().default('en'),
    status: inquiryStatus('status').notNull().default('new'),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: integer('answered_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inquiries_status_idx').on(t.status, t.id)],
);
