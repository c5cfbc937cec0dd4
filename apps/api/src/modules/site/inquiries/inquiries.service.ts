import {
  INQUIRY_NOTICES,
  message,
  type Inquiry,
  type InquiryForm,
  type InquiryStatus,
} from '@zabuni/contracts';
import type { Principal } from '../../../infra/auth.ts';
import type { Clock } from '../../../infra/clock.ts';
import type { Db } from '../../../infra/database.ts';
import { AppError, notFound } from '../../../infra/errors.ts';
import type { PageRequest } from '../../../infra/pagination.ts';
import type { AuditService } from '../../shared/audit/index.ts';
import type { MailService } from '../../shared/mail/index.ts';
import { inquiriesRepository, type InquiryRow } from './inquiries.repository.ts';

const toInquiry = (row: InquiryRow): Inquiry => ({
  id: row.id,
  contact_name: row.contactName,
  email: row.email,
  company_name: row.companyName,
  phone_number: row.phoneNumber,
  message: row.message,
  language: row.language,
  status: row.status,
  answer: row.answer,
  answered_at: row.answeredAt?.toISOString() ?? null,
  answered_by: row.answeredBy,
  created_at: row.createdAt.toISOString(),
});

/**
 * Contact-us inquiries (SPEC §3, §7): stored, mailed to support and acknowledged to the sender in one
 * transaction; the operator answers (mailed) or marks them spam.
 */
export function createInquiriesService(deps: {
  db: Db;
  mail: MailService;
  audit: AuditService;
  clock: Clock;
  publicUrl: string;
  supportEmail: string;
}) {
  const { db, mail, audit, clock, publicUrl, supportEmail } = deps;

  const load = async (id: number): Promise<Inquiry> => {
    const row = await inquiriesRepository(db).find(id);
    if (!row) throw notFound(message('inquiry.not_found'));
    return toInquiry(row);
  };

  return {
    async submit(form: InquiryForm) {
      const language = form.language ?? 'en';
      const { id, mailIds } = await db.transaction(async (tx) => {
        const id = await inquiriesRepository(tx).insert({
          contactName: form.contact_name,
          email: form.email,
          companyName: form.company_name,
          phoneNumber: form.phone_number,
          message: form.message,
          language,
        });
        const mailIds = await mail.enqueueMany(tx, [
          {
            to: supportEmail,
            template: 'inquiry_received',
            language: 'en',
            params: {
              name: 'Zabuni support',
              contact: form.contact_name,
              company: form.company_name,
              email: form.email,
              phone: form.phone_number,
              message: form.message,
              link: `${publicUrl}/moderation/inquiries/${id}`,
            },
          },
          {
            to: form.email,
            template: 'inquiry_acknowledged',
            language,
            params: { name: form.contact_name, message: form.message },
          },
        ]);
        return { id, mailIds };
      });
      await mail.dispatch(mailIds);
      return {
        id,
        contact_name: form.contact_name,
        email: form.email,
        company_name: form.company_name,
        phone_number: form.phone_number,
        message: form.message,
        detail: INQUIRY_NOTICES.submitted,
      };
    },

    async list(filter: { status?: InquiryStatus | undefined }, page: PageRequest) {
      const { count, rows } = await inquiriesRepository(db).list(filter, page);
      return { count, results: rows.map(toInquiry) };
    },

    get: load,

    /** Mails the answer to the sender, in the inquiry's language; answering again sends the new answer. */
    async answer(principal: Principal, id: number, answer: string): Promise<Inquiry> {
      const mailId = await db.transaction(async (tx) => {
        const repo = inquiriesRepository(tx);
        if (!(await repo.lock(id))) throw notFound(message('inquiry.not_found'));
        const row = (await repo.find(id))!;
        await repo.answer(id, answer, principal.userId, clock.now());
        await audit.record(tx, {
          action: 'inquiry.answered',
          actorUserId: principal.userId,
          detail: { inquiry_id: id },
        });
        return mail.enqueue(tx, {
          to: row.email,
          template: 'inquiry_answered',
          language: row.language,
          params: { name: row.contactName, answer, message: row.message },
        });
      });
      await mail.dispatch([mailId]);
      return load(id);
    },

    /** Marks an inquiry spam, or back to new (an answered one stays answered). */
    async setStatus(principal: Principal, id: number, status: 'new' | 'spam'): Promise<Inquiry> {
      await db.transaction(async (tx) => {
        const repo = inquiriesRepository(tx);
        const locked = await repo.lock(id);
        if (!locked) throw notFound(message('inquiry.not_found'));
        if (locked.status === status) return;
        if (locked.status === 'answered') throw new AppError('conflict', message('inquiry.status'));
        if ((await repo.setStatus(id, locked.status, status)) === 0)
          throw new AppError('conflict', message('inquiry.status'));
        await audit.record(tx, {
          action: status === 'spam' ? 'inquiry.marked_spam' : 'inquiry.reopened',
          actorUserId: principal.userId,
          detail: { inquiry_id: id },
        });
      });
      return load(id);
    },
  };
}
export type InquiriesService = ReturnType<typeof createInquiriesService>;
