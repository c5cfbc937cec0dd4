import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { API_ROOT } from '../../../infra/paths.ts';

/**
 * Exactly once with real worker processes (`src/worker.ts`) and a real SMTP server (a sink in this test that
 * counts what it accepts and answers each mail after 150 ms, so a run takes seconds). A worker killed with
 * SIGKILL in the middle of the week's run, then started again, delivers every digest once; two workers
 * started at the same moment deliver every digest once. Nothing is injected in the code.
 */
const SUBSCRIBERS = 30;
const DAY = 86_400_000;
let sink: SMTPServer;
let smtpPort: number;
const accepted: Array<{ to: string; headers: string }> = [];
const workers: ChildProcess[] = [];
/** Sessions whose client went away: a mail is accepted only when its 250 goes out on a live connection. */
const closed = new Set<string>();
/**
 * While set, the sink answers nobody (mails wait for their 250): the kill lands with mails in the middle of
 * their SMTP transaction, not in the one round trip between a 250 and the worker's COMMIT.
 */
let holding = false;
const held: Array<() => void> = [];
let lastReply = 0;

function startSink(): Promise<void> {
  sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        const reply = () => {
          // Counted once accepted: a connection the killed worker dropped never got its 250.
          if (closed.has(session.id) || session.envelope.rcptTo.length === 0) return callback();
          lastReply = Date.now();
          for (const rcpt of session.envelope.rcptTo)
            accepted.push({
              to: rcpt.address,
              headers: raw.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' '),
            });
          callback();
        };
        setTimeout(() => (holding ? held.push(reply) : reply()), 150);
      });
    },
  });
  return new Promise((resolve) => {
    sink.listen(0, '127.0.0.1', () => {
      smtpPort = (sink.server.address() as AddressInfo).port;
      resolve();
    });
  });
}

async function seed(ctx: TestContext, prefix: string) {
  const db = ctx.database.db;
  const kenya = (await db.execute<{ id: number }>(sql`SELECT id FROM countries WHERE iso2 = 'KE'`)).rows[0]!
    .id;
  const category = (await db.execute<{ id: number }>(sql`SELECT id FROM categories ORDER BY id LIMIT 1`))
    .rows[0]!.id;
  const now = Date.now();
  await db.execute(sql`
    INSERT INTO tenders (title, company, country_id, category_id, job_type, closing_at, review, published_at)
    VALUES ('Crash-test water meters', 'Kenya Power', ${kenya}, ${category}, 'Tender', ${new Date(now + 9 * DAY)}, 'published', ${new Date(now - 60_000)})`);
  await db.execute(sql`
    WITH s AS (
      INSERT INTO subscriptions (email, company_name, first_name, last_name, country_id, city, payment_plan, starts_at, ends_at)
      SELECT ${prefix} || n || '@example.com', 'Acme', 'Sub' || n, 'Test', ${kenya}, 'Nairobi', 'Monthly',
        ${new Date(now - DAY)}, ${new Date(now + 20 * DAY)}
      FROM generate_series(1, ${SUBSCRIBERS}) n
      RETURNING id
    )
    INSERT INTO subscription_categories SELECT id, ${category} FROM s`);
}

function startWorker(ctx: TestContext, dataDir: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(API_ROOT, 'src/worker.ts')], {
    cwd: API_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: ctx.url,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_URL: 'http://zabuni.test',
      JWT_SECRET: 'tender-alert-crash-test-secret-0123456789abcdef',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.on('exit', (code, signal) => {
    if (code && code !== 0) console.error(`worker exited ${code} ${signal ?? ''}\n${output}`);
  });
  workers.push(child);
  return child;
}

async function kill(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

async function until(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const countsFor = (prefix: string) => {
  const counts = new Map<string, number>();
  for (const mail of accepted.filter((m) => m.to.startsWith(prefix)))
    counts.set(mail.to, (counts.get(mail.to) ?? 0) + 1);
  return counts;
};

async function outboxStates(ctx: TestContext) {
  return (
    await ctx.database.db.execute<{ status: string; count: number }>(sql`
      SELECT m.status, count(*)::int AS count FROM tender_alert_digests d JOIN mail_outbox m ON m.id = d.mail_id
      GROUP BY m.status ORDER BY m.status`)
  ).rows;
}

let dataDir: string;
const contexts: TestContext[] = [];
beforeAll(async () => {
  await startSink();
  dataDir = await mkdtemp(path.join(tmpdir(), 'zabuni-alerts-crash-'));
});
afterAll(async () => {
  for (const child of workers) await kill(child, 'SIGKILL');
  await new Promise<void>((resolve) => sink.close(() => resolve()));
  for (const ctx of contexts) await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('weekly digests with real workers and SMTP', () => {
  it('a worker killed in the middle of the run and started again delivers each digest once', async () => {
    const ctx = await createTestContext();
    contexts.push(ctx);
    await seed(ctx, 'crash');
    const first = startWorker(ctx, dataDir);
    await until(() => countsFor('crash').size >= 8, 60_000, 'the first mails');
    // Hold every reply, let the mails already answered be committed, then kill the worker mid-SMTP.
    holding = true;
    await until(() => Date.now() - lastReply > 500, 10_000, 'the last answered mail to be committed');
    await kill(first, 'SIGKILL');
    // The held mails' connections are gone: once the sink has seen them close, their replies count nothing.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    holding = false;
    const inFlight = held.length;
    for (const reply of held.splice(0)) reply();
    const before = countsFor('crash').size;
    expect(before).toBeLessThan(SUBSCRIBERS);
    const second = startWorker(ctx, dataDir);
    await until(() => countsFor('crash').size === SUBSCRIBERS, 90_000, 'every digest');
    // Room for a duplicate to arrive, were there one.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await kill(second, 'SIGTERM');
    const counts = countsFor('crash');
    console.log(
      `killed after ${before} of ${SUBSCRIBERS} digests delivered, ${inFlight} in the middle of SMTP; ` +
        `after the restart: ${counts.size} recipients, ` +
        `${[...counts.values()].reduce((a, b) => a + b, 0)} mails accepted`,
    );
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(counts.size).toBe(SUBSCRIBERS);
    expect(await outboxStates(ctx)).toEqual([{ status: 'sent', count: SUBSCRIBERS }]);
    const mail = accepted.find((m) => m.to.startsWith('crash'))!;
    expect(mail.headers).toMatch(
      /List-Unsubscribe: <http:\/\/zabuni\.test\/api\/v1\/tender-alerts\/unsubscribe\/\d+\.[\w-]+\/>/,
    );
    expect(mail.headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  }, 180_000);

  it('two workers started at once deliver each digest once', async () => {
    const ctx = await createTestContext();
    contexts.push(ctx);
    await seed(ctx, 'pair');
    const a = startWorker(ctx, dataDir);
    const b = startWorker(ctx, dataDir);
    await until(() => countsFor('pair').size === SUBSCRIBERS, 90_000, 'every digest');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await Promise.all([kill(a, 'SIGTERM'), kill(b, 'SIGTERM')]);
    const counts = countsFor('pair');
    console.log(
      `two workers: ${counts.size} recipients, ${[...counts.values()].reduce((x, y) => x + y, 0)} mails accepted`,
    );
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(counts.size).toBe(SUBSCRIBERS);
    expect(await outboxStates(ctx)).toEqual([{ status: 'sent', count: SUBSCRIBERS }]);
  }, 180_000);
});

describe('a failing SMTP server', () => {
  it('leaves the digest queued with its attempt and error, shown to the operator, and tried again', async () => {
    // Nothing listens on port 1: every delivery fails (connection refused).
    const ctx = await createTestContext({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    contexts.push(ctx);
    await seed(ctx, 'down');
    const alerts = ctx.services.tenderAlerts;
    // Without a job queue the mail is delivered inline and the failure reaches the caller; with pg-boss
    // the job fails and the queue retries it with its backoff (30 s, doubling, 6 attempts).
    await expect(alerts.run()).rejects.toThrow();
    const first = (
      await ctx.database.db.execute<{ status: string; attempts: number; last_error: string }>(sql`
        SELECT m.status, m.attempts, m.last_error FROM tender_alert_digests d JOIN mail_outbox m ON m.id = d.mail_id
        ORDER BY m.id LIMIT 1`)
    ).rows[0]!;
    expect(first).toMatchObject({ status: 'queued', attempts: 1 });
    expect(first.last_error).toMatch(/ECONNREFUSED|connect/i);
    const overview = await alerts.overview();
    expect(overview.failures.length).toBeGreaterThan(0);
    expect(overview.failures[0]).toMatchObject({ status: 'queued', attempts: 1 });
    expect(overview.weeks[0]!.failed).toBe(0);
    // The queue's retry runs the batch again: the same mails are tried again (a second attempt recorded),
    // never written twice.
    const ids = (
      await ctx.database.db.execute<{ id: number }>(
        sql`SELECT mail_id AS id FROM tender_alert_digests ORDER BY id`,
      )
    ).rows.map((row) => row.id);
    await expect(ctx.services.mail.deliverBatch(ids)).rejects.toThrow();
    const again = (
      await ctx.database.db.execute<{ mails: number; max: number }>(sql`
        SELECT count(*)::int AS mails, max(m.attempts)::int AS max FROM tender_alert_digests d
        JOIN mail_outbox m ON m.id = d.mail_id`)
    ).rows[0]!;
    expect(again.max).toBe(2);
    expect(again.mails).toBe(SUBSCRIBERS);
  }, 120_000);
});
