import { and, asc, count, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../../infra/database.ts';
import { webinarRegistrations, webinars } from '../../../schema/webinars.tables.ts';

type WebinarModule = (typeof webinars.module.enumValues)[number];

export interface WebinarValues {
  title: string;
  organizer: string;
  module: WebinarModule;
  organizerWebsite: string | null;
  startsAt: Date;
  durationMinutes: number;
  pdfLink: string | null;
  link: string;
  description: string;
  capacity: number | null;
}

// Written out with the table's name: drizzle leaves a one-table select's columns unqualified, and `id`
// inside the subquery would be the registration's.
const registered = sql<number>`(select count(*)::int from webinar_registrations r where r.webinar_id = "webinars"."id")`;
const columns = {
  id: webinars.id,
  title: webinars.title,
  organizer: webinars.organizer,
  module: webinars.module,
  organizerWebsite: webinars.organizerWebsite,
  startsAt: webinars.startsAt,
  durationMinutes: webinars.durationMinutes,
  pdfLink: webinars.pdfLink,
  link: webinars.link,
  description: webinars.description,
  capacity: webinars.capacity,
  cancelledAt: webinars.cancelledAt,
  createdAt: webinars.createdAt,
  registrations: registered,
};

export const webinarsRepository = (db: Executor) => ({
  async insert(values: WebinarValues): Promise<number> {
    const [row] = await db.insert(webinars).values(values).returning({ id: webinars.id });
    return row!.id;
  },

  async update(id: number, values: WebinarValues, now: Date) {
    await db
      .update(webinars)
      .set({ ...values, updatedAt: now })
      .where(eq(webinars.id, id));
  },

  async find(id: number) {
    const [row] = await db.select(columns).from(webinars).where(eq(webinars.id, id));
    return row ?? null;
  },

  /** Locks the webinar: registrations for it are counted and added one at a time. */
  async lock(id: number) {
    const [row] = await db.select(columns).from(webinars).where(eq(webinars.id, id)).for('update');
    return row ?? null;
  },

  /**
   * Upcoming webinars first (soonest first), then past ones (latest first); cancelled ones only for the
   * operator.
   */
  async list(
    filter: { module?: WebinarModule | undefined; withCancelled: boolean },
    page: { pageSize: number; offset: number },
    now: Date,
  ) {
    const where = and(
      filter.module ? eq(webinars.module, filter.module) : undefined,
      filter.withCancelled ? undefined : isNull(webinars.cancelledAt),
    );
    const [rows, [total]] = await Promise.all([
      db
        .select(columns)
        .from(webinars)
        .where(where)
        .orderBy(
          sql`${webinars.startsAt} <= ${now.toISOString()}::timestamptz`,
          sql`case when ${webinars.startsAt} > ${now.toISOString()}::timestamptz then ${webinars.startsAt} end asc`,
          desc(webinars.startsAt),
          asc(webinars.id),
        )
        .limit(page.pageSize)
        .offset(page.offset),
      db.select({ value: count() }).from(webinars).where(where),
    ]);
    return { count: total?.value ?? 0, rows };
  },

  async cancel(id: number, now: Date) {
    await db.update(webinars).set({ cancelledAt: now, updatedAt: now }).where(eq(webinars.id, id));
  },

  async findRegistration(webinarId: number, email: string) {
    const [row] = await db
      .select({ id: webinarRegistrations.id })
      .from(webinarRegistrations)
      .where(and(eq(webinarRegistrations.webinarId, webinarId), eq(webinarRegistrations.email, email)));
    return row ?? null;
  },

  async insertRegistration(values: {
    webinarId: number;
    name: string;
    email: string;
    organization: string | null;
    language: string;
    remindedAt: Date | null;
  }): Promise<number> {
    const [row] = await db
      .insert(webinarRegistrations)
      .values(values)
      .returning({ id: webinarRegistrations.id });
    return row!.id;
  },

  async registrations(webinarId: number, page?: { pageSize: number; offset: number }) {
    const where = eq(webinarRegistrations.webinarId, webinarId);
    const query = db.select().from(webinarRegistrations).where(where).orderBy(asc(webinarRegistrations.id));
    const [rows, [total]] = await Promise.all([
      page ? query.limit(page.pageSize).offset(page.offset) : query,
      db.select({ value: count() }).from(webinarRegistrations).where(where),
    ]);
    return { count: total?.value ?? 0, rows };
  },

  /** A new date: everyone is reminded again before it. */
  async clearReminders(webinarId: number) {
    await db
      .update(webinarRegistrations)
      .set({ remindedAt: null })
      .where(eq(webinarRegistrations.webinarId, webinarId));
  },

  /**
   * Claims up to `limit` registrations whose webinar starts within the window and that have not been
   * reminded (marks them, so a second worker does not claim them too), with their webinar.
   */
  async claimReminders(now: Date, until: Date, limit: number) {
    const due = await db
      .select({ id: webinarRegistrations.id })
      .from(webinarRegistrations)
      .innerJoin(webinars, eq(webinars.id, webinarRegistrations.webinarId))
      .where(
        and(
          isNull(webinarRegistrations.remindedAt),
          isNull(webinars.cancelledAt),
          gt(webinars.startsAt, now),
          lte(webinars.startsAt, until),
        ),
      )
      .orderBy(asc(webinarRegistrations.id))
      .limit(limit)
      .for('update', { of: webinarRegistrations, skipLocked: true });
    if (due.length === 0) return [];
    const ids = due.map((row) => row.id);
    await db
      .update(webinarRegistrations)
      .set({ remindedAt: now })
      .where(inArray(webinarRegistrations.id, ids));
    return db
      .select({
        registrationId: webinarRegistrations.id,
        name: webinarRegistrations.name,
        email: webinarRegistrations.email,
        language: webinarRegistrations.language,
        webinarId: webinars.id,
        title: webinars.title,
        startsAt: webinars.startsAt,
        link: webinars.link,
      })
      .from(webinarRegistrations)
      .innerJoin(webinars, eq(webinars.id, webinarRegistrations.webinarId))
      .where(inArray(webinarRegistrations.id, ids))
      .orderBy(asc(webinarRegistrations.id));
  },
});
export type WebinarRow = NonNullable<Awaited<ReturnType<ReturnType<typeof webinarsRepository>['find']>>>;
