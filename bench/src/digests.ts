import type { AddressInfo } from 'node:net';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { pino } from 'pino';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { digestSlot } from '@zabuni/domain';
import { loadConfig } from '../../apps/api/src/config.ts';
import { connectDatabase } from '../../apps/api/src/infra/database.ts';
import { startEmbeddedPostgres } from '../../apps/api/src/infra/embedded-postgres.ts';
import { runMigrations } from '../../apps/api/src/infra/migrate.ts';
import { createJobQueue } from '../../apps/api/src/infra/queue.ts';
import { createMailService } from '../../apps/api/src/modules/shared/mail/index.ts';
import {
  createTenderAlertsService,
  tenderAlertQueries,
} from '../../apps/api/src/modules/site/tender-alerts/index.ts';
import { seedReferenceData } from '../../apps/api/src/seed/reference/seed-reference.ts';
import { generateBenchTenders } from './generate.ts';

/**
 * `npm run bench:digests` (issue 19): the weekly tender-alert digest at the scale the product claims.
 *
 * Data (generated once in `.data/bench-alerts`, or in BENCH_DATABASE_URL): the bench's 100,000 bulletin
 * tenders (`generateBenchTenders`), 100,000 available jobs of 200 buyers, and BENCH_SUBSCRIBERS (300,000)
 * subscribers over the 479 categories: 1 to 4 categories each, 55 % in Kenya, 95 % with a running period,
 * one in ten with keywords, one in twenty with sectors, job types or (in Kenya) a county.
 *
 * Measured, each on empty digest tables:
 * 1. bare: the one SQL join producing the (subscriber, notice) pairs of the week, counted, nothing written;
 * 2. ours: matching and queueing every subscriber's digest — the job's own statement, recording one digest
 *    per subscriber and the notices each lists (goal < 60 s);
 * 3. rendering: BENCH_DIGEST_RENDER (10,000) digests rendered and written into the mail outbox (mails/s);
 * 4. sending: BENCH_DIGEST_SEND (2,000) of those mails delivered through the outbox to a local SMTP sink
 *    (smtp-server on 127.0.0.1, accepting at once), 4 at a time as the batch job does (mails/s).
 * Exit code 0 when every step ran and queued = due; 1 otherwise.
 */
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 300_000);
const RENDER = Number(process.env.BENCH_DIGEST_RENDER ?? 10_000);
const SEND = Number(process.env.BENCH_DIGEST_SEND ?? 2_000);
const root = path.resolve(import.meta.dirname, '../..');
const logger = pino({ level: 'warn' });
const DAY = 86_400_000;

const embedded = process.env.BENCH_DATABASE_URL
  ? null
  : await startEmbeddedPostgres({
      dataDir: path.join(root, '.data/bench-alerts'),
      databaseName: 'zabuni_bench',
      logger,
    });
const databaseUrl = process.env.BENCH_DATABASE_URL ?? embedded!.url;
const database = connectDatabase(databaseUrl, { max: 6, logger });
const { db } = database;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
let exitCode = 0;

try {
  await runMigrations(database);
  await seedReferenceData(database.db);
  let started = performance.now();
  if (await generateBenchTenders(db))
    console.log(`generated 100,000 tenders in ${seconds(performance.now() - started)}`);

  const [{ n: jobs }] = (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM sourcing_events`))
    .rows as [{ n: number }];
  if (jobs < 100_000) {
    started = performance.now();
    await db.execute(sql`SELECT setseed(0.19)`);
    await db.execute(sql`
      INSERT INTO organisations (kind, name, country_iso2)
      SELECT 'buyer', 'Bench alerts buyer ' || n, 'KE' FROM generate_series(1, 200) n`);
    await db.execute(sql`
      WITH buyers AS (SELECT array_agg(id) AS ids FROM organisations WHERE name LIKE 'Bench alerts buyer %'),
      countries_ AS (SELECT array_agg(id ORDER BY id) AS ids FROM countries),
      ke AS (SELECT id FROM countries WHERE iso2 = 'KE'),
      events AS (
        INSERT INTO sourcing_events (buyer_id, title, job_type, country_id, closing_at, created_at)
        SELECT b.ids[1 + (n % 200)],
          (ARRAY['Supply of', 'Provision of', 'Construction of', 'Consultancy for'])[1 + n % 4] || ' ' ||
          (ARRAY['water meters', 'office furniture', 'ICT equipment', 'road works', 'cleaning services', 'solar panels'])[1 + (n / 4) % 6],
          (ARRAY['Tender', 'Request For Quotation', 'Supplier Prequalification'])[1 + n % 3]::job_type,
          CASE WHEN random() < 0.5 THEN (SELECT id FROM ke) ELSE c.ids[1 + floor(random() * cardinality(c.ids))::int] END,
          now() + (random() * 120 - 60) * interval '1 day',
          now() - random() * interval '365 days'
        FROM generate_series(1, 100000) n, buyers b, countries_ c
        RETURNING id
      )
      INSERT INTO sourcing_event_categories (event_id, category_id)
      SELECT e.id, (SELECT id FROM categories ORDER BY id OFFSET (e.id * 7919) % 479 LIMIT 1) FROM events e`);
    console.log(`generated 100,000 available jobs in ${seconds(performance.now() - started)}`);
  }

  const [{ n: subscribers }] = (
    await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM subscriptions`)
  ).rows as [{ n: number }];
  if (subscribers < SUBSCRIBERS) {
    started = performance.now();
    await db.execute(
      sql`TRUNCATE tender_alert_digests, tender_alert_profiles, subscription_categories, subscriptions RESTART IDENTITY CASCADE`,
    );
    await db.execute(sql`SELECT setseed(0.2026)`);
    await db.execute(sql`
      WITH countries_ AS (SELECT array_agg(id ORDER BY id) AS ids FROM countries),
      ke AS (SELECT id FROM countries WHERE iso2 = 'KE')
      INSERT INTO subscriptions (email, company_name, first_name, last_name, country_id, city, payment_plan, starts_at, ends_at)
      SELECT 'subscriber' || n || '@bench.example', 'Company ' || n, 'First' || n, 'Last', 
        CASE WHEN random() < 0.55 THEN (SELECT id FROM ke) ELSE c.ids[1 + floor(random() * cardinality(c.ids))::int] END,
        'Nairobi', (CASE WHEN n % 4 = 0 THEN 'Annual' ELSE 'Monthly' END)::payment_plan,
        now() - random() * interval '300 days',
        CASE WHEN random() < 0.95 THEN now() + (1 + random() * 360) * interval '1 day' ELSE now() - random() * interval '60 days' END
      FROM generate_series(1, ${SUBSCRIBERS}) n, countries_ c`);
    // 1 to 4 categories each, popular ones more often (a skewed pick over the 479).
    await db.execute(sql`
      WITH cats AS (SELECT array_agg(id ORDER BY id) AS ids FROM categories)
      INSERT INTO subscription_categories (subscription_id, category_id)
      SELECT DISTINCT s.id, c.ids[1 + floor(power(random(), 1.6) * cardinality(c.ids))::int]
      FROM subscriptions s CROSS JOIN cats c CROSS JOIN LATERAL generate_series(1, 1 + (s.id * 31) % 4) k`);
    await db.execute(sql`
      INSERT INTO tender_alert_profiles (subscription_id, language, keywords, keywords_query, sectors, job_types, counties, counties_query)
      SELECT s.id, (ARRAY['en', 'en', 'en', 'sw', 'fr', 'pt', 'am'])[1 + s.id % 7],
        CASE WHEN s.id % 10 = 0 THEN ARRAY['supply'] ELSE '{}' END,
        CASE WHEN s.id % 10 = 0 THEN '(supply:*)' END,
        CASE WHEN s.id % 20 = 1 THEN ARRAY['NGO', 'Public'] ELSE '{}' END,
        CASE WHEN s.id % 20 = 2 THEN ARRAY['Tender'] ELSE '{}' END,
        CASE WHEN s.id % 20 = 3 THEN ARRAY['Nairobi'] ELSE '{}' END,
        CASE WHEN s.id % 20 = 3 THEN '(nairobi:*)' END
      FROM subscriptions s WHERE s.id % 3 = 0 OR s.id % 10 = 0 OR s.id % 20 IN (1, 2, 3)`);
    console.log(
      `generated ${SUBSCRIBERS.toLocaleString('en-GB')} subscribers in ${seconds(performance.now() - started)}`,
    );
  }
  await db.execute(sql`ANALYZE`);

  const config = loadConfig({
    PUBLIC_URL: 'https://tenders.example.co.ke',
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: path.join(root, '.data/bench-alerts-files'),
    JWT_SECRET: 'bench-alerts-secret-0123456789abcdefghijklmnop',
  });
  const now = new Date();
  const slot = digestSlot(now, config.tenderAlertDigest);
  const facts = (
    await db.execute<{ due: number; categories: number; tenders: number; jobs: number }>(sql`
      SELECT (SELECT count(*) FROM subscriptions s LEFT JOIN tender_alert_profiles p ON p.subscription_id = s.id
              WHERE s.starts_at <= ${now} AND s.ends_at > ${now} AND p.unsubscribed_at IS NULL)::int AS due,
        (SELECT count(*) FROM subscription_categories)::int AS categories,
        (SELECT count(*) FROM tenders WHERE is_public AND published_at >= ${new Date(slot.getTime() - 7 * DAY)} AND published_at < ${now} AND closing_at > ${now})::int AS tenders,
        (SELECT count(*) FROM sourcing_events WHERE is_public AND created_at >= ${new Date(slot.getTime() - 7 * DAY)} AND created_at < ${now} AND closing_at > ${now})::int AS jobs`)
  ).rows[0]!;
  console.log(
    `\ndigest scenario: ${SUBSCRIBERS.toLocaleString('en-GB')} subscribers (${facts.due.toLocaleString('en-GB')} with a running period), ${facts.categories.toLocaleString('en-GB')} subscriber categories over 479; ` +
      `window ${new Date(slot.getTime() - 7 * DAY).toISOString()} to now: ${facts.tenders.toLocaleString('en-GB')} open tenders, ${facts.jobs.toLocaleString('en-GB')} open jobs published`,
  );

  const reset = () => db.execute(sql`TRUNCATE tender_alert_digests RESTART IDENTITY`);
  await reset();
  started = performance.now();
  // The same memory for sorts and hashes as the job's transaction.
  const pairs = await db.transaction(async (tx) => {
    const queries = tenderAlertQueries(tx);
    await queries.batchMemory();
    return queries.countMatchedPairs(slot, now);
  });
  const bareMs = performance.now() - started;
  console.log(
    `bare limit, one join producing the pairs (counted):  ${seconds(bareMs)}  ${pairs.toLocaleString('en-GB')} (subscriber, notice) pairs`,
  );

  await reset();
  started = performance.now();
  const queued = await db.transaction(async (tx) => {
    const queries = tenderAlertQueries(tx);
    await queries.lockMatching();
    return queries.queueWeeklyDigests(slot, now);
  });
  const oursMs = performance.now() - started;
  console.log(
    `ours, match and queue every weekly digest:           ${seconds(oursMs)}  ${queued.digests.toLocaleString('en-GB')} digests, ${queued.items.toLocaleString('en-GB')} items  (goal < 60 s; ${(oursMs / bareMs).toFixed(1)} × the bare join)`,
  );
  if (queued.digests !== facts.due || queued.items !== pairs) {
    console.log(`  MISMATCH: due ${facts.due}, pairs ${pairs}`);
    exitCode = 1;
  }
  const empty = (
    await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM tender_alert_digests d WHERE d.tender_count + d.job_count = 0`,
    )
  ).rows[0]!.n;
  console.log(`  of which empty weeks ("no new tenders" mail): ${empty.toLocaleString('en-GB')}`);

  // Rendering into the outbox (no SMTP: mails kept).
  const queue = createJobQueue();
  const service = (transport: Transporter | null) => {
    const mail = createMailService({ db, transport, from: config.mailFrom, queue, logger });
    return {
      mail,
      alerts: createTenderAlertsService({
        db,
        clock: { now: () => now },
        mail,
        publicUrl: config.publicUrl,
        linkSecret: 'bench',
        schedule: config.tenderAlertDigest,
        renewalOrder: () => Promise.reject(new Error('not in the bench')),
        logger,
      }),
    };
  };
  await db.execute(sql`DELETE FROM mail_outbox WHERE to_address LIKE '%@bench.example'`);
  started = performance.now();
  const written = await service(null).alerts.writePending(RENDER);
  const renderMs = performance.now() - started;
  console.log(
    `rendering into the outbox: ${written.toLocaleString('en-GB')} mails in ${seconds(renderMs)}, ${Math.round(written / (renderMs / 1000)).toLocaleString('en-GB')} mails/s`,
  );

  // The operator's overview over the week just recorded (sends per week, failures, categories without notices).
  started = performance.now();
  const overview = await service(null).alerts.overview();
  console.log(
    `operator overview over ${queued.digests.toLocaleString('en-GB')} recorded digests: ${seconds(performance.now() - started)} (${overview.weeks.length} week(s), ${overview.categories_without_notices.length} quiet categories listed)`,
  );

  // Sending through the outbox to a local SMTP sink.
  let received = 0;
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', () => resolve()));
  const port = (sink.server.address() as AddressInfo).port;
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: 4,
  });
  const ids = (
    await db.execute<{ id: number }>(
      sql`SELECT id FROM mail_outbox WHERE to_address LIKE '%@bench.example' ORDER BY id LIMIT ${SEND}`,
    )
  ).rows.map((row) => row.id);
  await db.execute(sql`UPDATE mail_outbox SET status = 'queued' WHERE id = ANY (${sql.param(ids)}::int[])`);
  const { mail } = service(transport);
  started = performance.now();
  for (let at = 0; at < ids.length; at += 100) await mail.deliverBatch(ids.slice(at, at + 100));
  const sendMs = performance.now() - started;
  console.log(
    `sending to a local SMTP sink (pooled, 4 at a time): ${received.toLocaleString('en-GB')} mails in ${seconds(sendMs)}, ${Math.round(received / (sendMs / 1000)).toLocaleString('en-GB')} mails/s`,
  );
  transport.close();
  await new Promise<void>((resolve) => sink.close(() => resolve()));
  if (received !== ids.length) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await database.close();
  await embedded?.stop();
}
process.exit(exitCode);
