import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { InquiryStatus } from '@zabuni/contracts';
import type { Executor } from '../../../infra/database.ts';
import { users } from '../../../schema/authentication.tables.ts';
import { inquiries } from '../../../schema/inquiries.tables.ts';

export interface NewInquiry {
  contactName: string;
  email: string;
  companyName: string;
  phoneNumber: string;
  message: string;
  language: string;
}

const columns = {
  id: inquiries.id,
  contactName: inquiries.contactName,
  email: inquiries.email,
  companyName: inquiries.companyName,
  phoneNumber: inquiries.phoneNumber,
  message: inquiries.message,
  language: inquiries.language,
  status: inquiries.status,
  answer: inquiries.answer,
  answeredAt: inquiries.answeredAt,
  answeredBy: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
  createdAt: inquiries.createdAt,
};
export type InquiryRow = Awaited<ReturnType<ReturnType<typeof inquiriesRepository>['find']>> & object;

export const inquiriesRepository = (db: Executor) => ({
  async insert(values: NewInquiry): Promise<number> {
    const [row] = await db.insert(inquiries).values(values).returning({ id: inquiries.id });
    return row!.id;
  },

  async find(id: number) {
    const [row] = await db
      .select(columns)
      .from(inquiries)
      .leftJoin(users, eq(users.id, inquiries.answeredBy))
      .where(eq(inquiries.id, id));
    return row ?? null;
  },

  async lock(id: number) {
    const [row] = await db
      .select({ id: inquiries.id, status: inquiries.status })
      .from(inquiries)
      .where(eq(inquiries.id, id))
      .for('update');
    return row ?? null;
  },

  /** Newest first; `status` filters. */
  async list(filter: { status?: InquiryStatus | undefined }, page: { pageSize: number; offset: number }) {
    const where = filter.status ? eq(inquiries.status, filter.status) : undefined;
    const [rows, [total]] = await Promise.all([
      db
        .select(columns)
        .from(inquiries)
        .leftJoin(users, eq(users.id, inquiries.answeredBy))
        .where(where)
        .orderBy(desc(inquiries.id))
        .limit(page.pageSize)
        .offset(page.offset),
      db.select({ value: count() }).from(inquiries).where(where),
    ]);
    return { count: total?.value ?? 0, rows };
  },

  async answer(id: number, answer: string, userId: number, at: Date) {
    await db
      .update(inquiries)
      .set({ status: 'answered', answer, answeredBy: userId, answeredAt: at })
      .where(eq(inquiries.id, id));
  },

  async setStatus(id: number, from: InquiryStatus, to: InquiryStatus) {
    const rows = await db
      .update(inquiries)
      .set({ status: to })
      .where(and(eq(inquiries.id, id), eq(inquiries.status, from)))
      .returning({ id: inquiries.id });
    return rows.length;
  },
});
