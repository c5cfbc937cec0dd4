import { sql } from 'drizzle-orm';
import { digestSlot } from '@zabuni/domain';
import type { AppDeps } from '../app.ts';
import { derivedSecret } from '../infra/crypto.ts';
import { createJobQueue } from '../infra/queue.ts';
import { createMailService } from '../modules/shared/mail/index.ts';
import { createTenderAlertsService, tenderAlertQueries } from '../modules/site/tender-alerts/index.ts';

const DAY = 86_400_000;
const DOMAIN = '@alerts.zabuni.example';

/**
 * Issue 19 demo: three tender-alert subscribers (English, Kiswahili whose period ends within a week, Amharic
 * following a quiet category) and their digests of the two weeks before this one, recorded and written to
 * the dev mailbox, so the operator's tender-alerts page is not empty. This week's digests and the renewal
 * reminder are left to the running app's job (or the operator's "send now"). Once, while none exists.
 */
export async function seedDemoTenderAlerts(deps: AppDeps): Promise<boolean> {
  const { db } = deps.database;
  const now = new Date();
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7231019)`);
    const existing = await tx.execute(
      sql`SELECT 1 FROM subscriptions WHERE email LIKE ${`%${DOMAIN}`} LIMIT 1`,
    );
    if (existing.rows.length > 0) return false;
    const kenya = (await tx.execute<{ id: number }>(sql`SELECT id FROM countries WHERE iso2 = 'KE'`)).rows[0];
    if (!kenya) return false;
    // The categories with the most Kenyan tenders of the last three weeks (the demo's digests list some).
    const busy = (
      await tx.execute<{ id: number }>(sql`
        SELECT category_id AS id FROM tenders
        WHERE is_public AND country_id = ${kenya.id} AND category_id IS NOT NULL
          AND published_at >= ${new Date(now.getTime() - 21 * DAY)}
        GROUP BY category_id ORDER BY count(*) DESC, category_id LIMIT 3`)
    ).rows.map((row) => row.id);
    const quiet = (
      await tx.execute<{ id: number }>(sql`
        SELECT c.id FROM categories c
        WHERE NOT EXISTS (SELECT 1 FROM tenders t WHERE t.category_id = c.id) ORDER BY c.id LIMIT 1`)
    ).rows.map((row) => row.id);
    const people: Array<[string, string, string, number, number[]]> = [
      ['amina', 'Amina', 'en', 40, busy.slice(0, 2)],
      ['juma', 'Juma', 'sw', 5, busy.slice(1, 3)],
      ['selam', 'Selam', 'am', 60, quiet],
    ];
    for (const [local, first, language, endsIn, categoryIds] of people) {
      const [row] = (
        await tx.execute<{ id: number }>(sql`
          INSERT INTO subscriptions (email, company_name, first_name, last_name, country_id, city, payment_plan, starts_at, ends_at)
          VALUES (${local + DOMAIN}, ${`${first} Traders Ltd`}, ${first}, 'Demo', ${kenya.id}, 'Nairobi', 'Monthly',
            ${new Date(now.getTime() - 25 * DAY)}, ${new Date(now.getTime() + endsIn * DAY)})
          RETURNING id`)
      ).rows;
      for (const categoryId of categoryIds)
        await tx.execute(sql`INSERT INTO subscription_categories VALUES (${row!.id}, ${categoryId})`);
      await tx.execute(
        sql`INSERT INTO tender_alert_profiles (subscription_id, language) VALUES (${row!.id}, ${language})`,
      );
    }
    const slot = digestSlot(now, deps.config.tenderAlertDigest);
    const queries = tenderAlertQueries(tx);
    for (const weeksBack of [2, 1]) {
      const past = new Date(slot.getTime() - weeksBack * 7 * DAY);
      await queries.queueWeeklyDigests(past, new Date(past.getTime() + 5 * 60_000));
    }
    return true;
  });
  if (!seeded) return false;
  // Written like the job writes them (kept for the dev mailbox without SMTP, else delivered).
  const queue = createJobQueue();
  const mail = createMailService({
    db,
    transport: null,
    from: deps.config.mailFrom,
    queue,
    logger: deps.logger,
  });
  const alerts = createTenderAlertsService({
    db,
    clock: { now: () => new Date() },
    mail,
    publicUrl: deps.config.publicUrl,
    linkSecret: derivedSecret(deps.config.jwtSecret, 'tender-alert-links'),
    schedule: deps.config.tenderAlertDigest,
    renewalOrder: () => Promise.reject(new Error('not in the seed')),
    logger: deps.logger,
  });
  await alerts.writePending();
  return true;
}
