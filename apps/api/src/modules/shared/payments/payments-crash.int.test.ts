import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { derivedSecret } from '../../../infra/crypto.ts';
import { findFreePort } from '../../../infra/embedded-postgres.ts';
import { API_ROOT } from '../../../infra/paths.ts';
import { auditLog } from '../../../schema/audit.tables.ts';
import { mailOutbox } from '../../../schema/mail.tables.ts';
import { subscriptions } from '../../../schema/subscriptions.tables.ts';
import { orders, paymentAttempts, paymentMessages } from '../../../schema/payments.tables.ts';

/**
 * The real server process is killed (SIGKILL) after it stored and acknowledged an M-Pesa callback, while its
 * callback processor was applying it (before the order was marked paid). Started again, its worker's sweep
 * finds the stored callback and the order ends paid, fulfilled and receipted exactly once. The window is
 * held open with a row lock on the attempt, so no fault is injected in the code.
 */
const JWT_SECRET = 'crash-test-secret-that-is-long-enough-0123456789';
let ctx: TestContext;
let dataDir: string;
let port: number;
let base: string;
let server: ChildProcess | null = null;
let output = '';

async function startServer() {
  output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(API_ROOT, 'src/main.ts')], {
    cwd: API_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: ctx.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      JWT_SECRET,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '/nonexistent',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server = child;
  await until(async () => {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`);
    return fetch(`${base}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
  }, 60_000);
}

async function killServer(signal: NodeJS.Signals) {
  const child = server;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
  server = null;
}

async function until(check: () => Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  dataDir = await mkdtemp(path.join(tmpdir(), 'zabuni-crash-'));
  port = await findFreePort();
  base = `http://127.0.0.1:${port}`;
  await startServer();
}, 90_000);
afterAll(async () => {
  await killServer('SIGTERM');
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a crash between storing a callback and marking the order paid', () => {
  it('ends paid exactly once after a restart', { timeout: 120_000 }, async () => {
    const { db } = ctx.database;
    // A subscription order with an M-Pesa prompt waiting on the phone (last digit 9: nobody answers).
    const [country] = await db
      .execute<{ id: number }>(sql`SELECT id FROM countries WHERE iso2 = 'KE'`)
      .then((r) => r.rows);
    const [category] = await db
      .execute<{ id: number }>(sql`SELECT id FROM categories LIMIT 1`)
      .then((r) => r.rows);
    const subscribed = await fetch(`${base}/api/v1/tender-alerts/subscription/subscribe/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        company_name: 'Mombasa Freight Ltd',
        email: 'ops@freight.example',
        first_name: 'Hassan',
        last_name: 'Ali',
        country: country!.id,
        city: 'Mombasa',
        payment_plan: 'Monthly',
        categories: [category!.id],
      }),
    });
    expect(subscribed.status).toBe(201);
    const { code } = (await subscribed.json()) as { code: string };
    const started = await fetch(`${base}/api/v1/tender-alerts/subscription/payment/${code}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payment_type: 'mpesa', phone_number: '254708374149' }),
    });
    expect(started.status).toBe(200);
    const [order] = await db.select().from(orders).where(eq(orders.code, code));
    const [attempt] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order!.id));
    expect(attempt!.checkoutRequestId).toBeTruthy();

    // Hold the attempt's row: the server stores and acknowledges the callback; its processor then waits for
    // this lock to apply it.
    const locker = new pg.Client({ connectionString: ctx.url });
    await locker.connect();
    const lockerPid = ((await locker.query('SELECT pg_backend_pid() AS pid')).rows[0] as { pid: number }).pid;
    await locker.query('BEGIN');
    await locker.query('SELECT id FROM payment_attempts WHERE id = $1 FOR UPDATE', [attempt!.id]);

    const callback = {
      Body: {
        stkCallback: {
          MerchantRequestID: attempt!.merchantRequestId,
          CheckoutRequestID: attempt!.checkoutRequestId,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          CallbackMetadata: {
            Item: [
              { Name: 'Amount', Value: 400 },
              { Name: 'MpesaReceiptNumber', Value: 'TKC4CRASH1' },
              { Name: 'Balance' },
              { Name: 'TransactionDate', Value: 20261122102115 },
              { Name: 'PhoneNumber', Value: 254708374149 },
            ],
          },
        },
      },
    };
    const secret = derivedSecret(JWT_SECRET, 'stk-callback-path');
    const delivery = await fetch(`${base}/api/payments/stk/${secret}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(callback),
    });
    // Acknowledged once stored, before it is applied (the processor is held by the lock).
    expect(delivery.status).toBe(200);
    expect(await delivery.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    const storedCallback = () =>
      db
        .select()
        .from(paymentMessages)
        .where(
          and(
            eq(paymentMessages.kind, 'stk_callback'),
            sql`${paymentMessages.body} -> 'Body' -> 'stkCallback' ->> 'CheckoutRequestID' = ${attempt!.checkoutRequestId}`,
          ),
        );
    expect(await storedCallback()).toHaveLength(1);
    // The processor took it and waits for the attempt's lock: the crash comes in the middle of applying it.
    // Polled on a connection of its own, each time in a new transaction: within the locker's transaction
    // PostgreSQL would show the state and query each backend had at the first poll (only the wait event is
    // read live), so a first poll before the processor sent its statement would never see it waiting.
    await until(async () => {
      const { rows } = await db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND state = 'active' AND wait_event_type = 'Lock'
          AND query LIKE '%payment_attempts%' AND ${lockerPid}::int = ANY(pg_blocking_pids(pid))`);
      return rows[0]!.n > 0;
    });

    await killServer('SIGKILL');
    await locker.query('ROLLBACK');
    await locker.end();

    const [afterCrash] = await db.select().from(orders).where(eq(orders.id, order!.id));
    expect(afterCrash!.paymentState).toBe('processing');
    expect((await storedCallback())[0]!.processedAt).toBeNull();

    // The restarted worker sweeps at once (however recent the stored callback).
    await startServer();
    await until(async () => {
      const [row] = await db.select().from(orders).where(eq(orders.id, order!.id));
      return row!.paymentState === 'paid';
    });
    // And once more, to be sure nothing is applied twice.
    await killServer('SIGTERM');
    await startServer();
    await new Promise((resolve) => setTimeout(resolve, 1500));

    const [paid] = await db.select().from(orders).where(eq(orders.id, order!.id));
    expect(paid!.fulfilledAt).not.toBeNull();
    const [paidAttempt] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attempt!.id));
    expect(paidAttempt).toMatchObject({ status: 'paid', receipt: 'TKC4CRASH1' });
    const receipts = await db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.toAddress, 'ops@freight.example'),
          sql`${mailOutbox.subject} LIKE 'Payment received%'`,
        ),
      );
    expect(receipts).toHaveLength(1);
    const paidEvents = await db.select().from(auditLog).where(eq(auditLog.action, 'subscription.paid'));
    expect(paidEvents).toHaveLength(1);
    const [subscription] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.email, 'ops@freight.example'));
    expect(subscription!.endsAt).not.toBeNull();
    expect((await storedCallback())[0]!.processedAt).not.toBeNull();
  });
});
