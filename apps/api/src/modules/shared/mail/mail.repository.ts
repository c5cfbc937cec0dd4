import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../infra/database.ts';
import { mailOutbox, type MailAttachment } from '../../../schema/mail.tables.ts';

export type { MailAttachment };

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  status: 'queued' | 'kept';
  attachments?: MailAttachment[] | undefined;
  /** Extra headers (tender alerts: List-Unsubscribe, RFC 8058). */
  headers?: Record<string, string> | undefined;
}

export const mailRepository = (db: Executor) => ({
  async insert(mail: OutgoingMail): Promise<number> {
    const [row] = await db
      .insert(mailOutbox)
      .values({
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        status: mail.status,
        attachments: mail.attachments?.length ? mail.attachments : null,
        headers: mail.headers ?? null,
      })
      .returning({ id: mailOutbox.id });
    return row!.id;
  },

  /** Several mails in ONE statement (a batch of payment receipts); ids in the order given. */
  async insertMany(mails: OutgoingMail[]): Promise<number[]> {
    if (mails.length === 0) return [];
    const rows = await db
      .insert(mailOutbox)
      .values(
        mails.map((mail) => ({
          toAddress: mail.to,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html,
          status: mail.status,
          attachments: mail.attachments?.length ? mail.attachments : null,
          headers: mail.headers ?? null,
        })),
      )
      .returning({ id: mailOutbox.id });
    return rows.map((row) => row.id);
  },

  /**
   * The mail to deliver, row-locked until the caller's transaction ends (SKIP LOCKED): two jobs for the same
   * mail (its own and the sweep's) never send it at once; null when another is sending it.
   */
  async claim(id: number) {
    const [row] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, id))
      .for('update', { skipLocked: true });
    return row ?? null;
  },

  async find(id: number) {
    const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    return row ?? null;
  },

  async markSent(id: number) {
    await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: sql`now()`, attempts: sql`${mailOutbox.attempts} + 1`, lastError: null })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'queued')));
  },

  /**
   * A failed attempt: back to queued (or failed for good). `after`: the attempts counted before this one,
   * when the caller had already marked the mail sent in its transaction (delivery marks it before SMTP).
   */
  async markAttemptFailed(id: number, error: string, giveUp: boolean, options: { after?: number } = {}) {
    await db
      .update(mailOutbox)
      .set({
        status: giveUp ? 'failed' : 'queued',
        attempts: options.after === undefined ? sql`${mailOutbox.attempts} + 1` : options.after + 1,
        lastError: error.slice(0, 500),
        sentAt: null,
      })
      .where(
        and(
          eq(mailOutbox.id, id),
          options.after === undefined ? eq(mailOutbox.status, 'queued') : eq(mailOutbox.status, 'sent'),
        ),
      );
  },

  /**
   * Queued mails whose job may have been lost (written, but never tried within a few minutes). A mail
   * already tried is retried by its job's own backoff, not sooner by the sweep.
   */
  async stale(olderThanSeconds: number, limit: number) {
    return db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, 'queued'),
          eq(mailOutbox.attempts, 0),
          lt(mailOutbox.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
        ),
      )
      .orderBy(mailOutbox.id)
      .limit(limit);
  },

  async newest({ to, limit }: { to?: string | undefined; limit: number }) {
    return db
      .select()
      .from(mailOutbox)
      .where(to ? eq(sql`lower(${mailOutbox.toAddress})`, to.toLowerCase()) : undefined)
      .orderBy(desc(mailOutbox.id))
      .limit(limit);
  },
});
