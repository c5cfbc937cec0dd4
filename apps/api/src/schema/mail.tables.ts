import { index, integer, jsonb, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A file sent with a mail (a calendar invite): small text content kept with the mail. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export const mailStatus = pgEnum('mail_status', ['queued', 'sent', 'kept', 'failed']);

/**
 * Every mail is written here in the same transaction as the change that causes it, then sent by a job.
 * Without SMTP_URL a mail is `kept` and readable in the development mailbox.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    /** Extra headers sent with the mail (tender alerts: List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: mailStatus('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_status_idx').on(t.status, t.id),
    index('mail_outbox_to_idx').on(t.toAddress, t.id),
  ],
);
