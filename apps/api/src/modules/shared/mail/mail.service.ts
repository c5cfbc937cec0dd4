import type { Transporter } from 'nodemailer';
import type { Db, Executor } from '../../../infra/database.ts';
import type { Logger } from '../../../infra/logger.ts';
import type { JobQueue } from '../../../infra/queue.ts';
import { mailRepository, type MailAttachment } from './mail.repository.ts';
import { renderMail, type MailTemplates, type TemplateName } from './mail.templates.ts';

export const MAIL_SEND_JOB = 'mail.send';
/** Many mails in one job (a week's tender-alert digests): delivered a few at a time, each row-locked. */
export const MAIL_SEND_BATCH_JOB = 'mail.send-batch';
const BATCH_JOB_SIZE = 100;
const BATCH_CONCURRENCY = 4;
const MAX_ATTEMPTS = 6;

/** A mail to write: the template's own parameters, checked against it (see `MailTemplates`). */
export type MailRequest = {
  [T in TemplateName]: {
    to: string;
    template: T;
    language: string;
    params: MailTemplates[T];
    /** Files sent with the mail (a calendar invite). */
    attachments?: MailAttachment[];
  };
}[TemplateName];

/**
 * Mail goes through the outbox: `enqueue` writes it inside the caller's transaction, `dispatch` (after the
 * commit) hands it to the job queue, and the job sends it over SMTP. Without SMTP a mail is kept for the
 * development mailbox instead.
 */
export function createMailService(deps: {
  db: Db;
  transport: Transporter | null;
  from: string;
  queue: JobQueue;
  logger: Logger;
}) {
  const { db, transport, from, queue, logger } = deps;
  return {
    async enqueue(tx: Executor, request: MailRequest): Promise<number> {
      const rendered = renderMail(request.template, request.language, request.params);
      return mailRepository(tx).insert({
        to: request.to,
        ...rendered,
        status: transport ? 'queued' : 'kept',
        attachments: request.attachments,
      });
    },

    /** Several mails in ONE statement of the caller's transaction; their ids, in the order given. */
    async enqueueMany(tx: Executor, requests: readonly MailRequest[]): Promise<number[]> {
      return mailRepository(tx).insertMany(
        requests.map((request) => ({
          to: request.to,
          ...renderMail(request.template, request.language, request.params),
          status: transport ? 'queued' : 'kept',
          attachments: request.attachments,
        })),
      );
    },

    /**
     * Mails rendered by their module (a tender-alert digest lists rows no template holds), with extra
     * headers, in ONE statement of the caller's transaction; their ids, in the order given.
     */
    async enqueueRendered(
      tx: Executor,
      mails: readonly {
        to: string;
        subject: string;
        text: string;
        html: string;
        headers?: Record<string, string>;
      }[],
    ): Promise<number[]> {
      return mailRepository(tx).insertMany(
        mails.map((m) => ({ ...m, status: transport ? ('queued' as const) : ('kept' as const) })),
      );
    },

    async dispatch(ids: readonly number[]): Promise<void> {
      if (!transport || ids.length === 0) return;
      if (ids.length === 1) return queue.send(MAIL_SEND_JOB, { id: ids[0]! });
      // A batch (a callback batch's receipts) in one call: one INSERT of the queue's jobs.
      await queue.sendMany(
        MAIL_SEND_JOB,
        ids.map((id) => ({ id })),
      );
    },

    /** Many mails as jobs of 100 (one queue insert): for bulk mail, where a job per mail costs more than SMTP. */
    async dispatchBatches(ids: readonly number[]): Promise<void> {
      if (!transport || ids.length === 0) return;
      const batches: Array<{ ids: number[] }> = [];
      for (let at = 0; at < ids.length; at += BATCH_JOB_SIZE)
        batches.push({ ids: ids.slice(at, at + BATCH_JOB_SIZE) });
      await queue.sendMany(MAIL_SEND_BATCH_JOB, batches);
    },

    /**
     * Delivers a batch, a few mails at a time; each mail as `deliver` (row-locked, sent once). Throws after
     * the batch when a mail failed and is to be retried: the queue runs the batch again with its backoff,
     * and the mails already sent are skipped.
     */
    async deliverBatch(ids: readonly number[]): Promise<void> {
      let failure: unknown = null;
      let next = 0;
      const lane = async () => {
        while (next < ids.length) {
          const id = ids[next++]!;
          await this.deliver(id).catch((error: unknown) => {
            failure ??= error;
          });
        }
      };
      await Promise.all(Array.from({ length: Math.min(BATCH_CONCURRENCY, ids.length) }, lane));
      if (failure) throw failure;
    },

    async deliver(id: number): Promise<void> {
      if (!transport) return;
      // The row stays locked while SMTP answers: a second job for the same mail skips it, and a crash
      // releases it for the sweep. It is marked sent before SMTP is asked (uncommitted), so once the server
      // has said 250 only the COMMIT is left: the one window in which a crash sends it twice is one round trip.
      const failure = await db.transaction(async (tx) => {
        const repository = mailRepository(tx);
        const mail = await repository.claim(id);
        if (!mail || mail.status !== 'queued') return null;
        await repository.markSent(id);
        try {
          await transport.sendMail({
            from,
            to: mail.toAddress,
            subject: mail.subject,
            text: mail.textBody,
            html: mail.htmlBody,
            ...(mail.headers ? { headers: mail.headers } : {}),
            ...(mail.attachments?.length
              ? {
                  attachments: mail.attachments.map((file) => ({
                    filename: file.filename,
                    contentType: file.contentType,
                    content: file.content,
                  })),
                }
              : {}),
          });
          return null;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          const giveUp = mail.attempts + 1 >= MAX_ATTEMPTS;
          await repository.markAttemptFailed(id, message, giveUp, { after: mail.attempts });
          logger.warn({ mailId: id, attempt: mail.attempts + 1, giveUp }, 'mail delivery failed');
          return giveUp ? null : error;
        }
      });
      // Thrown after the commit, so the attempt is recorded and the queue retries with its backoff.
      if (failure) throw failure;
    },

    async sweep(): Promise<void> {
      for (const { id } of await mailRepository(db).stale(120, 100)) await queue.send(MAIL_SEND_JOB, { id });
    },

    newest: (filter: { to?: string | undefined; limit: number }) => mailRepository(db).newest(filter),
  };
}
export type MailService = ReturnType<typeof createMailService>;
