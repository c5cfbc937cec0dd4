import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../infra/database.ts';
import { categories, countries } from '../../../schema/core.tables.ts';
import { subscriptionCategories, subscriptions } from '../../../schema/subscriptions.tables.ts';
import { users } from '../../../schema/authentication.tables.ts';
import {
  savedSearches,
  tenderAlertDigests,
  tenderAlertProfiles,
  type SavedSearchFilters,
} from '../../../schema/tender-alerts.tables.ts';

export interface ProfileValues {
  language: string;
  keywords: string[];
  sectors: string[];
  jobTypes: string[];
  counties: string[];
  keywordsQuery: string | null;
  countiesQuery: string | null;
}

export interface DigestItemRow {
  digestId: number;
  kind: 'tender' | 'job';
  id: number;
  title: string;
  buyer: string;
  category: string | null;
  closingAt: Date;
}

/** The only SQL of tender alerts' own rows (the set-based matching is in tender-alerts.queries.ts). */
export const tenderAlertsRepository = (db: Executor) => ({
  /** A subscriber with its profile (null when never edited), country and categories. */
  async subscriber(subscriptionId: number) {
    const [row] = await db
      .select({
        subscription: subscriptions,
        profile: tenderAlertProfiles,
        countryName: countries.name,
      })
      .from(subscriptions)
      .innerJoin(countries, eq(countries.id, subscriptions.countryId))
      .leftJoin(tenderAlertProfiles, eq(tenderAlertProfiles.subscriptionId, subscriptions.id))
      .where(eq(subscriptions.id, subscriptionId));
    if (!row) return null;
    const chosen = await db
      .select({ id: categories.id, name: categories.name })
      .from(subscriptionCategories)
      .innerJoin(categories, eq(categories.id, subscriptionCategories.categoryId))
      .where(eq(subscriptionCategories.subscriptionId, subscriptionId))
      .orderBy(categories.name);
    return { ...row, categories: chosen };
  },

  async existingCategoryIds(ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
    return rows.map((row) => row.id);
  },

  async saveProfile(subscriptionId: number, values: ProfileValues, now: Date) {
    await db
      .insert(tenderAlertProfiles)
      .values({ subscriptionId, ...values, updatedAt: now })
      .onConflictDoUpdate({ target: tenderAlertProfiles.subscriptionId, set: { ...values, updatedAt: now } });
  },

  /** The subscription's categories (the subscription form's choice, edited from the manage page). */
  async replaceCategories(subscriptionId: number, categoryIds: number[]) {
    await db.delete(subscriptionCategories).where(eq(subscriptionCategories.subscriptionId, subscriptionId));
    if (categoryIds.length > 0)
      await db
        .insert(subscriptionCategories)
        .values(categoryIds.map((categoryId) => ({ subscriptionId, categoryId })));
  },

  /** Unsubscribes (or subscribes again with `null`); true when the state changed. */
  async setUnsubscribed(subscriptionId: number, at: Date | null, now: Date): Promise<boolean> {
    const rows = await db
      .insert(tenderAlertProfiles)
      .values({ subscriptionId, unsubscribedAt: at, updatedAt: now })
      .onConflictDoUpdate({
        target: tenderAlertProfiles.subscriptionId,
        set: { unsubscribedAt: at, updatedAt: now },
        setWhere:
          at === null
            ? sql`${tenderAlertProfiles.unsubscribedAt} IS NOT NULL`
            : sql`${tenderAlertProfiles.unsubscribedAt} IS NULL`,
      })
      .returning({ id: tenderAlertProfiles.subscriptionId });
    return rows.length > 0;
  },

  /**
   * Takes up to `limit` recorded alert mails not yet written, row-locked FOR UPDATE SKIP LOCKED until the
   * caller's transaction ends: two workers never take the same one, a crash gives them back.
   */
  async claimPending(limit: number) {
    const claimed = await db
      .select({ id: tenderAlertDigests.id })
      .from(tenderAlertDigests)
      .where(eq(tenderAlertDigests.status, 'pending'))
      .orderBy(asc(tenderAlertDigests.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (claimed.length === 0) return [];
    return db
      .select({
        id: tenderAlertDigests.id,
        kind: tenderAlertDigests.kind,
        subscriptionId: tenderAlertDigests.subscriptionId,
        periodStart: tenderAlertDigests.periodStart,
        coversFrom: tenderAlertDigests.coversFrom,
        coversUntil: tenderAlertDigests.coversUntil,
        email: subscriptions.email,
        firstName: subscriptions.firstName,
        endsAt: subscriptions.endsAt,
        language: sql<string>`coalesce(${tenderAlertProfiles.language}, 'en')`,
        unsubscribedAt: tenderAlertProfiles.unsubscribedAt,
      })
      .from(tenderAlertDigests)
      .innerJoin(subscriptions, eq(subscriptions.id, tenderAlertDigests.subscriptionId))
      .leftJoin(tenderAlertProfiles, eq(tenderAlertProfiles.subscriptionId, subscriptions.id))
      .where(
        inArray(
          tenderAlertDigests.id,
          claimed.map((row) => row.id),
        ),
      )
      .orderBy(asc(tenderAlertDigests.id));
  },

  /** What the digests list, with what their mails show (one query for a batch of digests). */
  async items(digestIds: number[]): Promise<DigestItemRow[]> {
    if (digestIds.length === 0) return [];
    const result = await db.execute<{
      digest_id: number;
      kind: 'tender' | 'job';
      id: number;
      title: string;
      buyer: string;
      category: string | null;
      closing_at: string | Date;
    }>(sql`
      SELECT d.id AS digest_id, 'tender' AS kind, t.id, t.title, t.company AS buyer, c.name AS category, t.closing_at
      FROM tender_alert_digests d
      CROSS JOIN LATERAL unnest(d.tender_ids) AS i(id)
      JOIN tenders t ON t.id = i.id
      LEFT JOIN categories c ON c.id = t.category_id
      WHERE d.id = ANY (${sql.param(digestIds)}::int[])
      UNION ALL
      SELECT d.id, 'job', e.id, e.title, o.name,
        (SELECT string_agg(c.name, ', ' ORDER BY c.name) FROM sourcing_event_categories sc
           JOIN categories c ON c.id = sc.category_id WHERE sc.event_id = e.id),
        e.closing_at
      FROM tender_alert_digests d
      CROSS JOIN LATERAL unnest(d.job_ids) AS i(id)
      JOIN sourcing_events e ON e.id = i.id
      JOIN organisations o ON o.id = e.buyer_id
      WHERE d.id = ANY (${sql.param(digestIds)}::int[])`);
    return result.rows.map((row) => ({
      digestId: row.digest_id,
      kind: row.kind,
      id: row.id,
      title: row.title,
      buyer: row.buyer,
      category: row.category,
      closingAt: new Date(row.closing_at),
    }));
  },

  /** The claimed digests are written: each with its mail (none when unsubscribed meanwhile) and counts. */
  async markQueued(
    rows: readonly { id: number; mailId: number | null; tenderCount: number; jobCount: number }[],
    now: Date,
  ) {
    if (rows.length === 0) return;
    await db.execute(sql`
      UPDATE tender_alert_digests d
      SET status = 'queued', mail_id = v.mail_id, tender_count = v.tender_count, job_count = v.job_count,
        queued_at = ${now}
      FROM unnest(${sql.param(rows.map((r) => r.id))}::int[], ${sql.param(rows.map((r) => r.mailId))}::int[],
                  ${sql.param(rows.map((r) => r.tenderCount))}::int[], ${sql.param(rows.map((r) => r.jobCount))}::int[])
        AS v(id, mail_id, tender_count, job_count)
      WHERE d.id = v.id AND d.status = 'pending'`);
  },

  /** Per week (the digest's slot): mails recorded, written, delivered, failed, waiting; empty digests. */
  async weeks(limit: number) {
    const result = await db.execute<{
      period_start: string | Date;
      digests: number;
      empty: number;
      reminders: number;
      delivered: number;
      failed: number;
      waiting: number;
      skipped: number;
    }>(sql`
      WITH weeks AS (
        SELECT DISTINCT period_start FROM tender_alert_digests WHERE kind = 'digest'
        ORDER BY period_start DESC LIMIT ${limit}
      ),
      mails AS (
        SELECT w.period_start, d.kind, d.status AS digest_status, d.mail_id, d.tender_count + d.job_count AS listed,
          m.status AS mail_status
        FROM weeks w
        JOIN tender_alert_digests d ON d.created_at >= w.period_start AND d.created_at < w.period_start + interval '7 days'
          AND (d.kind <> 'digest' OR d.period_start = w.period_start)
        LEFT JOIN mail_outbox m ON m.id = d.mail_id
      )
      SELECT period_start,
        count(*) FILTER (WHERE kind = 'digest')::int AS digests,
        count(*) FILTER (WHERE kind = 'digest' AND digest_status = 'queued' AND listed = 0)::int AS empty,
        count(*) FILTER (WHERE kind <> 'digest')::int AS reminders,
        count(*) FILTER (WHERE mail_status IN ('sent', 'kept'))::int AS delivered,
        count(*) FILTER (WHERE mail_status = 'failed')::int AS failed,
        count(*) FILTER (WHERE digest_status = 'pending' OR mail_status = 'queued')::int AS waiting,
        count(*) FILTER (WHERE digest_status = 'queued' AND mail_id IS NULL)::int AS skipped
      FROM mails GROUP BY period_start ORDER BY period_start DESC`);
    return result.rows.map((row) => ({ ...row, period_start: new Date(row.period_start) }));
  },

  /** Unsubscribes per week, counted from the given instant on. */
  async unsubscribesSince(since: Date) {
    const result = await db.execute<{ unsubscribed: number }>(sql`
      SELECT count(*)::int AS unsubscribed FROM tender_alert_profiles WHERE unsubscribed_at >= ${since}`);
    return result.rows[0]?.unsubscribed ?? 0;
  },

  /** Alert mails whose delivery failed for good or is being retried, newest first, with the SMTP error. */
  async failures(limit: number) {
    const result = await db.execute<{
      digest_id: number;
      kind: string;
      period_start: string | Date;
      email: string;
      mail_status: string;
      attempts: number;
      last_error: string | null;
    }>(sql`
      SELECT d.id AS digest_id, d.kind, d.period_start, m.to_address AS email, m.status AS mail_status,
        m.attempts, m.last_error
      FROM tender_alert_digests d JOIN mail_outbox m ON m.id = d.mail_id
      WHERE m.status = 'failed' OR (m.status = 'queued' AND m.attempts > 0)
      ORDER BY d.id DESC LIMIT ${limit}`);
    return result.rows.map((row) => ({ ...row, period_start: new Date(row.period_start) }));
  },

  /**
   * The categories most subscribers follow (with a running period) that had no tender nor job published
   * in the window: where subscribers get empty digests.
   */
  async categoriesWithoutNotices(from: Date, until: Date, limit: number) {
    // Per category first (479 of them), never per subscriber: the operator's page stays fast at 300,000.
    const result = await db.execute<{ id: number; name: string; subscribers: number }>(sql`
      WITH followed AS (
        SELECT sc.category_id, count(*)::int AS subscribers
        FROM subscription_categories sc
        JOIN subscriptions s ON s.id = sc.subscription_id AND s.starts_at <= ${until} AND s.ends_at > ${until}
        GROUP BY sc.category_id
      ),
      busy AS (
        SELECT category_id FROM tenders
        WHERE is_public AND category_id IS NOT NULL AND published_at >= ${from} AND published_at < ${until}
        UNION
        SELECT ec.category_id FROM sourcing_event_categories ec JOIN sourcing_events e ON e.id = ec.event_id
        WHERE e.is_public AND e.created_at >= ${from} AND e.created_at < ${until}
      )
      SELECT c.id, c.name, f.subscribers
      FROM followed f JOIN categories c ON c.id = f.category_id
      WHERE NOT EXISTS (SELECT 1 FROM busy b WHERE b.category_id = f.category_id)
      ORDER BY f.subscribers DESC, c.name LIMIT ${limit}`);
    return result.rows;
  },

  /** Alert mails in the outbox still queued and never tried (see the service's `resume`). */
  async untriedMails(): Promise<number[]> {
    const result = await db.execute<{ id: number }>(sql`
      SELECT m.id FROM tender_alert_digests d JOIN mail_outbox m ON m.id = d.mail_id
      WHERE d.status = 'queued' AND m.status = 'queued' AND m.attempts = 0 ORDER BY m.id`);
    return result.rows.map((row) => row.id);
  },

  /** How many digests of a week exist (the operator run's answer). */
  async countForSlot(slot: Date) {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(tenderAlertDigests)
      .where(and(eq(tenderAlertDigests.kind, 'digest'), eq(tenderAlertDigests.periodStart, slot)));
    return row?.count ?? 0;
  },

  // Saved searches (signed-in users).
  async savedSearchesOf(userId: number) {
    return db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId))
      .orderBy(asc(savedSearches.name));
  },

  async insertSavedSearch(values: {
    userId: number;
    name: string;
    filters: SavedSearchFilters;
    searchQuery: string | null;
    frequency: 'instant' | 'daily';
    checkedUntil: Date;
  }) {
    // Saving under a name already used replaces that search (its window starts again now).
    const rows = await db
      .insert(savedSearches)
      .values(values)
      .onConflictDoUpdate({
        target: [savedSearches.userId, savedSearches.name],
        set: {
          filters: values.filters,
          searchQuery: values.searchQuery,
          frequency: values.frequency,
          checkedUntil: values.checkedUntil,
          unsubscribedAt: null,
        },
      })
      .returning();
    return rows[0]!;
  },

  /** Deletes the user's own saved search; false when it is not theirs or does not exist. */
  async deleteSavedSearch(userId: number, id: number): Promise<boolean> {
    const rows = await db
      .delete(savedSearches)
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
      .returning({ id: savedSearches.id });
    return rows.length > 0;
  },

  async unsubscribeSavedSearch(id: number, now: Date) {
    const rows = await db
      .update(savedSearches)
      .set({ unsubscribedAt: now })
      .where(eq(savedSearches.id, id))
      .returning({ name: savedSearches.name, unsubscribedAt: savedSearches.unsubscribedAt });
    return rows[0] ?? null;
  },

  /** Recorded saved-search alerts whose mail is not written yet, row-locked FOR UPDATE SKIP LOCKED. */
  async claimSavedAlerts(limit: number) {
    const result = await db.execute<{
      id: number;
      saved_search_id: number;
      name: string;
      frequency: 'instant' | 'daily';
      email: string;
      first_name: string;
      language: string;
      tender_ids: number[];
    }>(sql`
      WITH claimed AS (
        SELECT id FROM saved_search_alerts WHERE mail_id IS NULL ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED
      )
      SELECT a.id, a.saved_search_id, s.name, s.frequency, u.email, u.first_name, u.language, a.tender_ids
      FROM claimed c JOIN saved_search_alerts a ON a.id = c.id
      JOIN saved_searches s ON s.id = a.saved_search_id
      JOIN ${users} u ON u.id = s.user_id
      ORDER BY a.id`);
    return result.rows;
  },

  async tendersForMail(ids: number[]) {
    if (ids.length === 0) return [];
    const result = await db.execute<{
      id: number;
      title: string;
      buyer: string;
      category: string | null;
      closing_at: string | Date;
    }>(sql`
      SELECT t.id, t.title, t.company AS buyer, c.name AS category, t.closing_at
      FROM tenders t LEFT JOIN categories c ON c.id = t.category_id
      WHERE t.id = ANY (${sql.param(ids)}::int[])`);
    return result.rows.map((row) => ({ ...row, closingAt: new Date(row.closing_at) }));
  },

  async setSavedAlertMails(rows: readonly { id: number; mailId: number }[]) {
    if (rows.length === 0) return;
    await db.execute(sql`
      UPDATE saved_search_alerts a SET mail_id = v.mail_id
      FROM unnest(${sql.param(rows.map((r) => r.id))}::int[], ${sql.param(rows.map((r) => r.mailId))}::int[])
        AS v(id, mail_id)
      WHERE a.id = v.id AND a.mail_id IS NULL`);
  },
});
