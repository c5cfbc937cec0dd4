import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../infra/database.ts';

/**
 * The set-based side of tender alerts: every subscriber's weekly digest is matched and queued by ONE
 * statement (the digests and their items), never a loop per subscriber (issue 19: 300,000 subscribers
 * within a minute). The rules are the domain's `matchesAlert`; the integration tests compare the two.
 *
 * A notice "became public" at `tenders.published_at` (a tender) or `sourcing_events.created_at` (an
 * available job, public from its creation).
 */

const DAY = 86_400_000;

/** Every rule of `matchesAlert` but the window and the category join, for a notice aliased `n`. */
const profileFilters = (kind: 'tender' | 'job'): SQL => sql`
  (cardinality(p.job_types) = 0 OR n.job_type::text = ANY (p.job_types))
  ${kind === 'tender' ? sql`AND (cardinality(p.sectors) = 0 OR n.sector::text = ANY (p.sectors))` : sql``}
  AND (p.keywords_query IS NULL OR n.search_vector @@ to_tsquery('simple', p.keywords_query))
  AND (p.counties_query IS NULL OR n.search_vector @@ to_tsquery('simple', p.counties_query))`;

/**
 * The (subscriber, notice) pairs of the week for the subscribers due a digest (`due`): `tender_pairs` and
 * `job_pairs` (a job in two of a subscriber's categories counted once).
 */
function matchedPairs(slot: Date, runAt: Date, due: SQL): SQL {
  const weekBefore = new Date(slot.getTime() - 7 * DAY);
  // Notices older than the earliest possible window never match: the candidate sets stay one week small.
  return sql`
    candidate_tenders AS (
      SELECT n.id, n.category_id, n.country_id, n.published_at, n.job_type, n.sector, n.search_vector
      FROM tenders n
      WHERE n.is_public AND n.cancelled_at IS NULL
        AND n.published_at >= ${weekBefore} AND n.published_at < ${runAt} AND n.closing_at > ${runAt}
    ),
    candidate_jobs AS (
      SELECT n.id, c.category_id, n.country_id, n.created_at AS published_at, n.job_type, n.search_vector
      FROM sourcing_events n JOIN sourcing_event_categories c ON c.event_id = n.id
      WHERE n.is_public
        AND n.created_at >= ${weekBefore} AND n.created_at < ${runAt} AND n.closing_at > ${runAt}
    ),
    tender_pairs AS (
      SELECT d.key, n.id
      FROM ${due} d
      JOIN subscription_categories sc ON sc.subscription_id = d.subscription_id
      JOIN candidate_tenders n ON n.category_id = sc.category_id AND n.country_id = d.country_id
      JOIN tender_alert_profiles_or_default p ON p.subscription_id = d.subscription_id
      WHERE n.published_at >= d.covers_from AND ${profileFilters('tender')}
    ),
    job_pairs AS (
      SELECT DISTINCT d.key, n.id
      FROM ${due} d
      JOIN subscription_categories sc ON sc.subscription_id = d.subscription_id
      JOIN candidate_jobs n ON n.category_id = sc.category_id AND n.country_id = d.country_id
      JOIN tender_alert_profiles_or_default p ON p.subscription_id = d.subscription_id
      WHERE n.published_at >= d.covers_from AND ${profileFilters('job')}
    )`;
}

/** Subscribers with a running period and not unsubscribed, with their profile (defaults when none). */
function subscribersCte(runAt: Date): SQL {
  return sql`
    tender_alert_profiles_or_default AS (
      SELECT s.id AS subscription_id, s.country_id,
        coalesce(p.job_types, '{}') AS job_types, coalesce(p.sectors, '{}') AS sectors,
        p.keywords_query, p.counties_query
      FROM subscriptions s LEFT JOIN tender_alert_profiles p ON p.subscription_id = s.id
      WHERE s.starts_at <= ${runAt} AND s.ends_at > ${runAt} AND p.unsubscribed_at IS NULL
    )`;
}

/** Where each subscriber's previous digest stopped (only the last two weeks can matter). */
function dueCte(slot: Date): SQL {
  const weekBefore = new Date(slot.getTime() - 7 * DAY);
  return sql`
    previous AS (
      SELECT subscription_id, max(covers_until) AS covers_until
      FROM tender_alert_digests
      WHERE kind = 'digest' AND period_start >= ${new Date(slot.getTime() - 14 * DAY)} AND period_start < ${slot}
      GROUP BY subscription_id
    ),
    due AS (
      SELECT s.subscription_id, s.subscription_id AS key, s.country_id,
        greatest(coalesce(pr.covers_until, ${weekBefore}::timestamptz), ${weekBefore}::timestamptz) AS covers_from
      FROM tender_alert_profiles_or_default s
      LEFT JOIN previous pr ON pr.subscription_id = s.subscription_id
      WHERE NOT EXISTS (
        SELECT 1 FROM tender_alert_digests x
        WHERE x.subscription_id = s.subscription_id AND x.kind = 'digest' AND x.period_start = ${slot}
      )
    )`;
}

export const tenderAlertQueries = (db: Executor) => ({
  /**
   * Records the week's digest of every subscriber due one (unique per subscriber and week: a second run,
   * or a second worker after the first committed, records nothing) with the ids of the tenders and jobs it
   * lists. Run under `lockMatching` so two workers never interleave. Returns how many digests and items.
   */
  async queueWeeklyDigests(slot: Date, runAt: Date): Promise<{ digests: number; items: number }> {
    const result = await db.execute<{ digests: number; items: number }>(sql`
      WITH ${subscribersCte(runAt)}, ${dueCte(slot)}, ${matchedPairs(slot, runAt, sql`due`)},
      tender_lists AS (SELECT key, array_agg(id ORDER BY id) AS ids FROM tender_pairs GROUP BY key),
      job_lists AS (SELECT key, array_agg(id ORDER BY id) AS ids FROM job_pairs GROUP BY key),
      inserted AS (
        INSERT INTO tender_alert_digests (subscription_id, kind, period_start, covers_from, covers_until,
          tender_ids, job_ids, tender_count, job_count, created_at)
        SELECT d.subscription_id, 'digest', ${slot}, d.covers_from, ${runAt},
          coalesce(t.ids, '{}'), coalesce(j.ids, '{}'), coalesce(cardinality(t.ids), 0),
          coalesce(cardinality(j.ids), 0), ${runAt}
        FROM due d
        LEFT JOIN tender_lists t ON t.key = d.subscription_id
        LEFT JOIN job_lists j ON j.key = d.subscription_id
        ON CONFLICT (subscription_id, kind, period_start) DO NOTHING
        RETURNING tender_count + job_count AS listed
      )
      SELECT count(*)::int AS digests, coalesce(sum(listed), 0)::int AS items FROM inserted`);
    return result.rows[0] ?? { digests: 0, items: 0 };
  },

  /**
   * The bare limit the bench prints beside `queueWeeklyDigests`: one join producing the same
   * (subscriber, notice) pairs, written nowhere. Counts them.
   */
  async countMatchedPairs(slot: Date, runAt: Date): Promise<number> {
    const result = await db.execute<{ pairs: number }>(sql`
      WITH ${subscribersCte(runAt)}, ${dueCte(slot)}, ${matchedPairs(slot, runAt, sql`due`)}
      SELECT ((SELECT count(*) FROM tender_pairs) + (SELECT count(*) FROM job_pairs))::int AS pairs`);
    return result.rows[0]?.pairs ?? 0;
  },

  /**
   * Records the renewal reminder due to every subscriber whose period ends within 7 days (the 1-day one
   * in its last day), once per subscriber, kind and period end. Returns how many.
   */
  async queueRenewalReminders(runAt: Date): Promise<number> {
    const result = await db.execute(sql`
      INSERT INTO tender_alert_digests (subscription_id, kind, period_start, created_at)
      SELECT s.id,
        (CASE WHEN s.ends_at <= ${runAt}::timestamptz + interval '1 day' THEN 'renewal_1' ELSE 'renewal_7' END)::tender_alert_mail_kind,
        s.ends_at, ${runAt}
      FROM subscriptions s LEFT JOIN tender_alert_profiles p ON p.subscription_id = s.id
      WHERE s.ends_at > ${runAt} AND s.ends_at <= ${runAt}::timestamptz + interval '7 days'
        AND p.unsubscribed_at IS NULL
      ON CONFLICT (subscription_id, kind, period_start) DO NOTHING`);
    return result.rowCount ?? 0;
  },

  /** One matcher at a time (released at the transaction's end): a second worker waits, then finds nothing due. */
  async lockMatching(): Promise<void> {
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('tender-alerts.match'))`);
    await this.batchMemory();
  },

  /**
   * Sorts and hashes of a week's pairs (millions at seed scale) in memory rather than spilled to disk:
   * for this transaction only.
   */
  async batchMemory(): Promise<void> {
    await db.execute(sql`SET LOCAL work_mem = '256MB'`);
  },

  /**
   * Records the alert of every saved search due one (instant: each run; daily: a day after its last
   * window) listing the public, open tenders that became public in its window and match its filters, and
   * moves every due search's window on. The due searches are taken FOR UPDATE SKIP LOCKED: two workers
   * record each window once (and the unique key backs it). Returns how many alerts were recorded.
   */
  async queueSavedSearchAlerts(runAt: Date): Promise<number> {
    const result = await db.execute<{ alerts: number }>(sql`
      WITH due AS (
        SELECT s.id, s.filters, s.search_query, s.checked_until FROM saved_searches s
        WHERE s.unsubscribed_at IS NULL AND (
          (s.frequency = 'instant' AND s.checked_until < ${runAt}) OR
          (s.frequency = 'daily' AND s.checked_until <= ${runAt}::timestamptz - interval '1 day'))
        ORDER BY s.id
        FOR UPDATE SKIP LOCKED
      ),
      matches AS (
        SELECT d.id, array_agg(t.id ORDER BY t.closing_at DESC, t.id DESC) AS ids
        FROM due d JOIN tenders t ON t.is_public AND t.cancelled_at IS NULL
          AND t.published_at >= d.checked_until AND t.published_at < ${runAt} AND t.closing_at > ${runAt}
          AND (d.filters->>'country' IS NULL OR t.country_id = (d.filters->>'country')::int)
          AND (d.filters->>'category' IS NULL OR t.category_id = (d.filters->>'category')::int)
          AND (d.filters->>'sector' IS NULL OR t.sector::text = d.filters->>'sector')
          AND (d.filters->>'job_type' IS NULL OR t.job_type::text = d.filters->>'job_type')
          AND (d.search_query IS NULL OR t.search_vector @@ to_tsquery('simple', d.search_query))
        GROUP BY d.id
      ),
      inserted AS (
        INSERT INTO saved_search_alerts (saved_search_id, covers_until, tender_ids, created_at)
        SELECT id, ${runAt}, ids, ${runAt} FROM matches
        ON CONFLICT (saved_search_id, covers_until) DO NOTHING
        RETURNING 1
      ),
      moved AS (
        UPDATE saved_searches s SET checked_until = ${runAt} FROM due WHERE s.id = due.id RETURNING 1
      )
      SELECT (SELECT count(*) FROM inserted)::int AS alerts`);
    return result.rows[0]?.alerts ?? 0;
  },
});
