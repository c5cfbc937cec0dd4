import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { darajaTimestamp, mpesaAmount, PLAN_PRODUCTS } from '@zabuni/domain';
import { connectDatabase, type Db } from '../../apps/api/src/infra/database.ts';
import type { Logger } from '../../apps/api/src/infra/logger.ts';
import { createAuditService, startAuditSealer } from '../../apps/api/src/modules/shared/audit/index.ts';
import { auditLog } from '../../apps/api/src/schema/audit.tables.ts';
import { countries } from '../../apps/api/src/schema/core.tables.ts';
import { prices } from '../../apps/api/src/schema/payments.tables.ts';
import { mailOutbox } from '../../apps/api/src/schema/mail.tables.ts';
import {
  FIRST_STK_QUERY_AFTER_MS,
  newOrderCode,
  newOrderReference,
} from '../../apps/api/src/modules/shared/payments/payments.service.ts';
import { orders, paymentAttempts, paymentMessages } from '../../apps/api/src/schema/payments.tables.ts';
import { SUBSCRIPTION_PRODUCT } from '../../apps/api/src/modules/site/subscriptions/subscriptions.service.ts';
import { subscriptionOrders, subscriptions } from '../../apps/api/src/schema/subscriptions.tables.ts';
import { seededRandom } from './tender-text.ts';

/**
 * The `callbacks` scenario (SPEC: 1,000 M-Pesa STK callbacks/s with 30 % duplicates for 30 s). Orders with a
 * pending M-Pesa attempt each are written up front, exactly as a subscription checkout and an accepted STK
 * push leave them; then Daraja's real callback JSON is posted to the callback URL at a fixed arrival rate
 * by an open-loop driver, and the database is checked afterwards.
 */

/** Share of requests that repeat an earlier callback (Daraja retries and duplicates). */
export const DUPLICATE_SHARE = 0.3;
/** Share of distinct callbacks that are a cancelled prompt (ResultCode 1032) rather than a payment. */
export const CANCELLED_SHARE = 0.1;
/** A duplicate repeats one of the last this-many distinct callbacks: retries come soon after. */
const DUPLICATE_WINDOW = 1_000;
const PLAN = 'Monthly' as const;

export interface CallbackPhase {
  /** For each request in sending order: the distinct callback it carries. */
  requests: number[];
  duplicates: number;
}
export interface CallbackPlan {
  /** Per distinct callback: a payment (ResultCode 0) or a cancelled prompt (1032). */
  paid: boolean[];
  phases: CallbackPhase[];
}

/** Requests for each phase (warm-up, measured run); duplicates may repeat callbacks of an earlier phase. */
export function planCallbacks(counts: number[], seed = 20_261_122): CallbackPlan {
  const random = seededRandom(seed);
  const paid: boolean[] = [];
  const phases = counts.map((n) => {
    const requests: number[] = [];
    let duplicates = 0;
    for (let i = 0; i < n; i++) {
      if (paid.length > 0 && random() < DUPLICATE_SHARE) {
        const window = Math.min(paid.length, DUPLICATE_WINDOW);
        requests.push(paid.length - 1 - Math.floor(random() * window));
        duplicates++;
      } else {
        paid.push(random() >= CANCELLED_SHARE);
        requests.push(paid.length - 1);
      }
    }
    return { requests, duplicates };
  });
  return { paid, phases };
}

/** One side's orders (ours or bare), indexed by distinct callback. */
export interface PreparedCallbacks {
  orderIds: number[];
  attemptIds: number[];
  checkoutIds: string[];
  emails: string[];
  references: string[];
  /** The M-Pesa receipt each payment's callback carries ('' for a cancelled prompt). */
  receipts: string[];
  paid: boolean[];
  /** The Daraja callback JSON of each distinct callback. */
  bodies: Buffer[];
  /** Ids before this side's run: what it stores and audits comes after. */
  messagesAfter: number;
  auditAfter: number;
}

/** What the audit sealer did during our side's run. */
export interface AuditSealing {
  /** Entries the sealer linked while the callbacks were answered, and until none was left. */
  sealed: number;
  /** From our side's last answer until every audit entry was sealed. */
  drainedMs: number;
  /** Entries still unsealed when the wait gave up (60 s). */
  unsealed: number;
}

/**
 * The audit sealer, beside our server during its run, as an `npm run worker` process runs it in production
 * (the bench's server runs no worker). `finish()`, after the last answer, waits until every entry is sealed.
 */
export function startAuditSealing(databaseUrl: string, logger: Logger) {
  const database = connectDatabase(databaseUrl, { max: 2, logger });
  const audit = createAuditService({ db: database.db, clock: { now: () => new Date() } });
  let sealed = 0;
  const sealer = startAuditSealer({
    audit: {
      seal: async (options) => {
        const result = await audit.seal(options);
        sealed += result.sealed;
        return result;
      },
    },
    logger,
  });
  return {
    async finish(): Promise<AuditSealing> {
      const start = performance.now();
      let unsealed = 0;
      for (;;) {
        const [row] = await database.db.select({ n: count() }).from(auditLog).where(isNull(auditLog.hash));
        unsealed = row!.n;
        if (unsealed === 0 || performance.now() - start > 60_000) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const drainedMs = performance.now() - start;
      await sealer.stop();
      await database.close();
      return { sealed, drainedMs, unsealed };
    },
  };
}

const CHUNK = 1_000;
const chunks = (n: number) => Array.from({ length: Math.ceil(n / CHUNK) }, (_, c) => c * CHUNK);

/**
 * Writes, for every distinct callback of the plan, what a subscription checkout followed by an accepted
 * STK push leaves behind: a subscriber, its order (processing) and link, and a pending M-Pesa attempt with
 * its CheckoutRequestID. Set-based, in chunks: tens of thousands take seconds, not minutes.
 */
export async function prepareCallbackOrders(
  db: Db,
  plan: CallbackPlan,
  side: string,
): Promise<PreparedCallbacks> {
  const n = plan.paid.length;
  const run = `${side}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  const [kenya] = await db.select({ id: countries.id }).from(countries).where(eq(countries.iso2, 'KE'));
  const [price] = await db.select().from(prices).where(eq(prices.product, PLAN_PRODUCTS[PLAN]));
  if (!kenya || !price) throw new Error('callbacks: reference data (Kenya, subscription prices) is missing');
  const amount = mpesaAmount(price.amountMinor);
  const now = new Date();
  const timestamp = darajaTimestamp(now);
  const receiptPrefix = randomBytes(2).toString('hex').toUpperCase();
  const prepared: PreparedCallbacks = {
    orderIds: [],
    attemptIds: [],
    checkoutIds: [],
    emails: [],
    references: [],
    receipts: [],
    paid: plan.paid,
    bodies: [],
    messagesAfter: 0,
    auditAfter: 0,
  };
  const phoneOf = (i: number) => `2547${String(10_000_000 + (i % 90_000_000)).slice(-8)}`;
  for (const first of chunks(n)) {
    const indexes = Array.from({ length: Math.min(CHUNK, n - first) }, (_, k) => first + k);
    const emails = indexes.map((i) => `bench-${run}-${i}@bench.zabuni.test`);
    const subscribers = await db
      .insert(subscriptions)
      .values(
        indexes.map((i, k) => ({
          email: emails[k]!,
          companyName: 'Bench Supplies Ltd',
          phone: `+${phoneOf(i)}`,
          firstName: 'Bench',
          lastName: `Subscriber ${i}`,
          countryId: kenya.id,
          city: 'Nairobi',
          paymentPlan: PLAN,
        })),
      )
      .returning({ id: subscriptions.id });
    const orderRows = await db
      .insert(orders)
      .values(
        indexes.map((i, k) => ({
          code: newOrderCode(),
          reference: newOrderReference('ZS'),
          product: SUBSCRIPTION_PRODUCT,
          subjectId: subscribers[k]!.id,
          description: `Tender alerts, ${PLAN} plan`,
          amountMinor: price.amountMinor,
          currency: price.currency,
          customerEmail: emails[k]!,
          customerName: `Bench Subscriber ${i}`,
          paymentState: 'processing' as const,
        })),
      )
      .returning({ id: orders.id, reference: orders.reference });
    await db.insert(subscriptionOrders).values(
      orderRows.map((order, k) => ({
        orderId: order.id,
        subscriptionId: subscribers[k]!.id,
        paymentPlan: PLAN,
      })),
    );
    const checkoutIds = indexes.map((i) => `ws_CO_${timestamp}${run.replace(/\W/g, '')}${i}`);
    const attempts = await db
      .insert(paymentAttempts)
      .values(
        indexes.map((i, k) => ({
          orderId: orderRows[k]!.id,
          provider: 'mpesa' as const,
          status: 'pending' as const,
          phone: phoneOf(i),
          requestedAmount: String(amount),
          merchantRequestId: `${29_115 + (i % 1000)}-${34_620_561 + i}-1`,
          checkoutRequestId: checkoutIds[k]!,
          createdAt: now,
          nextCheckAt: new Date(now.getTime() + FIRST_STK_QUERY_AFTER_MS),
        })),
      )
      .returning({ id: paymentAttempts.id });
    indexes.forEach((i, k) => {
      const receipt = plan.paid[i] ? `B${receiptPrefix}${i.toString(36).toUpperCase().padStart(5, '0')}` : '';
      prepared.orderIds.push(orderRows[k]!.id);
      prepared.references.push(orderRows[k]!.reference);
      prepared.attemptIds.push(attempts[k]!.id);
      prepared.checkoutIds.push(checkoutIds[k]!);
      prepared.emails.push(emails[k]!);
      prepared.receipts.push(receipt);
      prepared.bodies.push(
        Buffer.from(
          JSON.stringify(
            stkCallbackBody({
              merchantRequestId: `${29_115 + (i % 1000)}-${34_620_561 + i}-1`,
              checkoutRequestId: checkoutIds[k]!,
              paid: plan.paid[i]!,
              amount,
              receipt,
              timestamp,
              phone: phoneOf(i),
            }),
          ),
        ),
      );
    });
  }
  const [messages] = await db
    .select({ max: sql<number>`coalesce(max(${paymentMessages.id}), 0)::int` })
    .from(paymentMessages);
  const [audit] = await db.select({ max: sql<number>`coalesce(max(${auditLog.id}), 0)::int` }).from(auditLog);
  prepared.messagesAfter = messages!.max;
  prepared.auditAfter = audit!.max;
  return prepared;
}

/** Daraja's callback, as PAYMENT-PROTOCOLS.md shows it: numbers where Daraja sends numbers. */
function stkCallbackBody(c: {
  merchantRequestId: string;
  checkoutRequestId: string;
  paid: boolean;
  amount: number;
  receipt: string;
  timestamp: string;
  phone: string;
}) {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: c.merchantRequestId,
        CheckoutRequestID: c.checkoutRequestId,
        ResultCode: c.paid ? 0 : 1032,
        ResultDesc: c.paid ? 'The service request is processed successfully.' : 'Request cancelled by user.',
        ...(c.paid
          ? {
              CallbackMetadata: {
                Item: [
                  { Name: 'Amount', Value: c.amount },
                  { Name: 'MpesaReceiptNumber', Value: c.receipt },
                  { Name: 'Balance' },
                  { Name: 'TransactionDate', Value: Number(c.timestamp) },
                  { Name: 'PhoneNumber', Value: Number(c.phone) },
                ],
              },
            }
          : {}),
      },
    },
  };
}

export interface DriveFigures {
  targetRate: number;
  requests: number;
  duplicates: number;
  /** From the first scheduled send to the last answer. */
  seconds: number;
  /** Answers per second over those seconds. */
  achievedRate: number;
  /** Latency from each request's SCHEDULED send time: queueing in the driver and the server included. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  non2xx: number;
  /** Connection errors. */
  errors: number;
  /** Still unanswered when the drain limit passed. */
  unfinished: number;
  /** 2xx answers carrying Daraja's `{"ResultCode":0}` acknowledgement. */
  acked: number;
  /** Largest delay between a request's scheduled and actual send: how well the driver kept the rate. */
  maxSendLagMs: number;
}

function percentile(sorted: Float64Array, p: number) {
  return sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Open-loop, fixed arrival rate: request i is due at start + i/rate whatever happened to the earlier
 * ones (autocannon is closed-loop: it waits for an answer before sending the next one, which hides
 * queueing, "coordinated omission"). Keep-alive connections, at most `connections` at once; requests
 * beyond them wait in the driver, and that wait counts in their latency. `ackedUniques` marks each
 * distinct callback at least one of whose requests was acknowledged.
 */
export async function driveCallbacks(options: {
  port: number;
  path: string;
  bodies: Buffer[];
  phase: CallbackPhase;
  rate: number;
  connections: number;
  /** How long to wait for answers once everything is sent. */
  drainMs: number;
  ackedUniques: Uint8Array;
}): Promise<DriveFigures> {
  const { requests } = options.phase;
  const n = requests.length;
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies = new Float64Array(n);
  const settled = new Uint8Array(n);
  let answered = 0;
  let non2xx = 0;
  let errors = 0;
  let acked = 0;
  let lastAnswer = 0;
  let maxSendLagMs = 0;
  let stopped = false;
  const start = performance.now() + 20;

  await new Promise<void>((resolve) => {
    let sent = 0;
    let drainTimer: NodeJS.Timeout | undefined;
    const finish = () => {
      if (stopped) return;
      stopped = true;
      clearTimeout(drainTimer);
      resolve();
    };
    const settle = (i: number, outcome: 'acked' | 'other' | 'non2xx' | 'error') => {
      if (stopped || settled[i]) return;
      settled[i] = 1;
      const now = performance.now();
      latencies[answered] = now - (start + (i * 1000) / options.rate);
      lastAnswer = now;
      answered++;
      if (outcome === 'acked') {
        acked++;
        options.ackedUniques[requests[i]!] = 1;
      } else if (outcome === 'non2xx') non2xx++;
      else if (outcome === 'error') errors++;
      if (answered === n) finish();
    };
    const fire = (i: number) => {
      maxSendLagMs = Math.max(maxSendLagMs, performance.now() - (start + (i * 1000) / options.rate));
      const body = options.bodies[requests[i]!]!;
      const request = http.request(
        {
          agent,
          host: '127.0.0.1',
          port: options.port,
          path: options.path,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': body.length },
        },
        (response) => {
          const parts: Buffer[] = [];
          response.on('data', (part: Buffer) => parts.push(part));
          response.on('error', () => settle(i, 'error'));
          // A connection closed before the whole answer arrived.
          response.on('close', () => {
            if (!response.complete) settle(i, 'error');
          });
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            if (status < 200 || status > 299) return settle(i, 'non2xx');
            let answer: { ResultCode?: unknown } | null = null;
            try {
              answer = JSON.parse(Buffer.concat(parts).toString('utf8')) as { ResultCode?: unknown };
            } catch {
              // not JSON: answered, but not acknowledged
            }
            settle(i, answer?.ResultCode === 0 ? 'acked' : 'other');
          });
        },
      );
      request.on('error', () => settle(i, 'error'));
      request.end(body);
    };
    const tick = () => {
      const due = Math.min(n, Math.floor(((performance.now() - start) * options.rate) / 1000) + 1);
      while (sent < due) fire(sent++);
      if (sent < n) setTimeout(tick, 1);
      else drainTimer = setTimeout(finish, options.drainMs);
    };
    if (n === 0) finish();
    else setTimeout(tick, Math.max(0, start - performance.now()));
  });
  agent.destroy();

  const sorted = latencies.subarray(0, answered).sort();
  const seconds = answered > 0 ? (lastAnswer - start) / 1000 : 0;
  return {
    targetRate: options.rate,
    requests: n,
    duplicates: options.phase.duplicates,
    seconds,
    achievedRate: seconds > 0 ? answered / seconds : 0,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length > 0 ? sorted[sorted.length - 1]! : 0,
    non2xx,
    errors,
    unfinished: n - answered,
    acked,
    maxSendLagMs,
  };
}

/** Our side stores a callback and answers; its processor applies it after: how far behind it ran. */
export interface FulfilmentLag {
  /** Paid orders measured: from their callback's storing (its acknowledgement) to the order's fulfilment. */
  orders: number;
  p50: number;
  p95: number;
  max: number;
  /** From the last answer until no stored callback of the run was left unprocessed. */
  backlogDrainedMs: number;
  /** Stored callbacks still unprocessed when the wait gave up. */
  backlogLeft: number;
}

/**
 * After the last answer: waits (up to `limitMs`) until every callback stored in the run has been applied by
 * the processor, and answers how long that took.
 */
export async function waitForCallbackBacklog(
  db: Db,
  prepared: PreparedCallbacks,
  limitMs = 300_000,
): Promise<{ drainedMs: number; left: number }> {
  const start = performance.now();
  for (;;) {
    // payment_messages_stk_callback_queue_idx: only what is left is read.
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentMessages)
      .where(
        and(
          eq(paymentMessages.kind, 'stk_callback'),
          isNull(paymentMessages.processedAt),
          sql`${paymentMessages.id} > ${prepared.messagesAfter}`,
        ),
      );
    if (row!.n === 0 || performance.now() - start > limitMs)
      return { drainedMs: performance.now() - start, left: row!.n };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Time from a paid callback's storing to its order's fulfilment, over the run's paid orders. */
export async function fulfilmentLag(
  db: Db,
  prepared: PreparedCallbacks,
  backlog: { drainedMs: number; left: number },
): Promise<FulfilmentLag> {
  const { rows } = await db.execute<{ n: number; p50: number; p95: number; max: number }>(sql`
    SELECT count(*)::int AS n,
      coalesce(percentile_disc(0.5) WITHIN GROUP (ORDER BY lag), 0)::float AS p50,
      coalesce(percentile_disc(0.95) WITHIN GROUP (ORDER BY lag), 0)::float AS p95,
      coalesce(max(lag), 0)::float AS max
    FROM (
      SELECT extract(epoch FROM (o.fulfilled_at - m.created_at)) * 1000 AS lag
      FROM ${paymentMessages} m
      JOIN ${paymentAttempts} a ON a.id = m.attempt_id AND a.status = 'paid'
      JOIN ${orders} o ON o.id = a.order_id AND o.fulfilled_at IS NOT NULL
      WHERE m.id > ${prepared.messagesAfter} AND m.kind = 'stk_callback'
        AND o.id = ${anyOf(prepared.orderIds)}
        AND m.body -> 'Body' -> 'stkCallback' ->> 'ResultCode' = '0'
    ) lags`);
  const row = rows[0]!;
  return {
    orders: Number(row.n),
    p50: Number(row.p50),
    p95: Number(row.p95),
    max: Number(row.max),
    backlogDrainedMs: backlog.drainedMs,
    backlogLeft: backlog.left,
  };
}

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

const fmt = (value: number) => value.toLocaleString('en-GB');
/** `ANY($1::int[])`: one array parameter, however many values (drizzle would expand a list). */
const anyOf = (values: number[] | string[]) =>
  sql`ANY(${sql.param(values)}::${sql.raw(typeof values[0] === 'number' ? 'int' : 'text')}[])`;

/**
 * What the database must say after a side's run. `acks` is the number of acknowledged requests (all phases),
 * `lost` the number of the others, and `ackedUniques` which distinct callbacks got through at least once. `fulfilment`: the side ran the
 * products' fulfilment (ours): its audit entries, receipt mails and subscription periods are checked too.
 */
export async function checkCallbacks(
  db: Db,
  prepared: PreparedCallbacks,
  results: {
    acks: number;
    lost: number;
    ackedUniques: Uint8Array;
    duplicates: number;
    /** An identical copy of a stored callback is not stored again (ours; the bare SQL stores every one). */
    deduplicated?: boolean;
  },
  fulfilment: boolean,
  sealing?: AuditSealing,
): Promise<Check[]> {
  const checks: Check[] = [];
  const add = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
  const orderIds = prepared.orderIds;
  const inOrders = sql`${orders.id} = ${anyOf(orderIds)}`;

  const delivered = prepared.paid.map((_, i) => results.ackedUniques[i] === 1);
  const paidDelivered = prepared.paid.filter((paid, i) => paid && delivered[i]).length;
  const cancelledDelivered = prepared.paid.filter((paid, i) => !paid && delivered[i]).length;
  // When requests went unacknowledged, some of them may have been applied all the same (or stored and left
  // for the reconcile job, if the server stopped first): then the counts lie between what was acknowledged
  // and what was sent.
  const complete = results.lost === 0;
  const between = (value: number, low: number, high: number) =>
    complete ? value === low : value >= low && value <= high;
  const lostNote = complete ? '' : ` (${fmt(results.lost)} requests not acknowledged)`;

  const [orderCounts] = await db
    .select({
      fulfilled: sql<number>`count(*) FILTER (WHERE ${orders.fulfilledAt} IS NOT NULL)::int`,
      paid: sql<number>`count(*) FILTER (WHERE ${orders.paymentState} = 'paid')::int`,
      paidUnfulfilled: sql<number>`count(*) FILTER (WHERE ${orders.paymentState} = 'paid' AND ${orders.fulfilledAt} IS NULL)::int`,
      fulfilledUnpaid: sql<number>`count(*) FILTER (WHERE ${orders.paymentState} <> 'paid' AND ${orders.fulfilledAt} IS NOT NULL)::int`,
    })
    .from(orders)
    .where(inOrders);
  const attemptRows = await db
    .select({
      id: paymentAttempts.id,
      orderId: paymentAttempts.orderId,
      status: paymentAttempts.status,
      receipt: paymentAttempts.receipt,
      resolved: sql<boolean>`${paymentAttempts.resolvedAt} IS NOT NULL`,
    })
    .from(paymentAttempts)
    .where(sql`${paymentAttempts.orderId} = ${anyOf(orderIds)}`);
  const paidAttempts = attemptRows.filter((a) => a.status === 'paid');
  const o = orderCounts!;
  add(
    'fulfilled orders = distinct successful attempts',
    o.fulfilled === paidAttempts.length &&
      between(o.fulfilled, paidDelivered, prepared.paid.filter((paid) => paid).length),
    `${fmt(o.fulfilled)} orders fulfilled, ${fmt(paidAttempts.length)} attempts paid, ${fmt(paidDelivered)} distinct successes acknowledged${lostNote}`,
  );

  const indexOfOrder = new Map(orderIds.map((id, i) => [id, i]));
  const receiptsByOrder = new Map<number, string[]>();
  for (const attempt of attemptRows) {
    if (attempt.status !== 'paid' || attempt.receipt === null) continue;
    receiptsByOrder.set(attempt.orderId, [...(receiptsByOrder.get(attempt.orderId) ?? []), attempt.receipt]);
  }
  const paidOrders = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inOrders, eq(orders.paymentState, 'paid')));
  const wrongReceipts = paidOrders.filter((order) => {
    const receipts = receiptsByOrder.get(order.id) ?? [];
    return receipts.length !== 1 || receipts[0] !== prepared.receipts[indexOfOrder.get(order.id)!];
  }).length;
  let receiptDetail = `${fmt(paidOrders.length)} paid orders, ${fmt(wrongReceipts)} without exactly one paid attempt carrying the callback's receipt; ${fmt(o.paidUnfulfilled)} paid but unfulfilled, ${fmt(o.fulfilledUnpaid)} fulfilled but unpaid`;
  let receiptsOk = wrongReceipts === 0 && o.paidUnfulfilled === 0 && o.fulfilledUnpaid === 0;
  if (fulfilment) {
    const mails = await db
      .select({ to: mailOutbox.toAddress, n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(
        and(
          sql`${mailOutbox.toAddress} = ${anyOf(prepared.emails)}`,
          sql`${mailOutbox.subject} LIKE 'Payment received:%'`,
        ),
      )
      .groupBy(mailOutbox.toAddress);
    const mailsTo = new Map(mails.map((m) => [m.to, m.n]));
    const paidIds = new Set(paidOrders.map((order) => order.id));
    const wrongMails = orderIds.filter(
      (id, i) => (mailsTo.get(prepared.emails[i]!) ?? 0) !== (paidIds.has(id) ? 1 : 0),
    ).length;
    receiptsOk &&= wrongMails === 0;
    receiptDetail += `; ${fmt(mails.reduce((sum, m) => sum + m.n, 0))} receipt mails, ${fmt(wrongMails)} orders without exactly one (or an unpaid one with one)`;
  }
  add('each paid order has exactly one receipt', receiptsOk, receiptDetail);

  const [stored] = await db
    .select({
      all: sql<number>`count(*)::int`,
      unprocessed: sql<number>`count(*) FILTER (WHERE ${paymentMessages.processedAt} IS NULL)::int`,
    })
    .from(paymentMessages)
    .where(
      and(
        sql`${paymentMessages.id} > ${prepared.messagesAfter}`,
        eq(paymentMessages.kind, 'stk_callback'),
        sql`${paymentMessages.body} -> 'Body' -> 'stkCallback' ->> 'CheckoutRequestID' = ${anyOf(prepared.checkoutIds)}`,
      ),
    );
  if (results.deduplicated) {
    const distinctAcked = delivered.filter(Boolean).length;
    add(
      'raw messages stored = distinct callbacks acknowledged',
      between(stored!.all, distinctAcked, prepared.paid.length),
      `${fmt(stored!.all)} callbacks stored, ${fmt(distinctAcked)} distinct callbacks acknowledged (${fmt(results.acks)} requests; an identical copy is acknowledged, not stored again)${lostNote}`,
    );
  } else {
    add(
      'raw messages stored = requests acknowledged',
      between(stored!.all, results.acks, results.acks + results.lost),
      `${fmt(stored!.all)} callbacks stored, ${fmt(results.acks)} requests acknowledged${lostNote}`,
    );
  }

  const unresolved = attemptRows.filter((a) => !a.resolved && delivered[indexOfOrder.get(a.orderId)!]).length;
  add(
    'nothing left for the reconcile job',
    unresolved === 0 && between(stored!.unprocessed, 0, results.lost),
    `${fmt(stored!.unprocessed)} stored callbacks unprocessed, ${fmt(unresolved)} attempts with an acknowledged callback unresolved${lostNote}`,
  );

  const flagged = attemptRows.filter((a) => a.status === 'flagged').length;
  let doubleOk = flagged === 0 && results.duplicates > 0;
  let doubleDetail = `${fmt(results.duplicates)} duplicate requests sent, ${fmt(flagged)} attempts flagged`;
  if (fulfilment) {
    const audited = await db
      .select({ reference: sql<string>`${auditLog.detail} ->> 'reference'`, n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(
        and(
          sql`${auditLog.id} > ${prepared.auditAfter}`,
          eq(auditLog.action, 'subscription.paid'),
          sql`${auditLog.detail} ->> 'reference' = ${anyOf(prepared.references)}`,
        ),
      )
      .groupBy(sql`${auditLog.detail} ->> 'reference'`);
    const twice = audited.filter((a) => a.n > 1).length;
    const [extended] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(subscriptionOrders)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionOrders.subscriptionId))
      .where(
        and(
          sql`${subscriptionOrders.orderId} = ${anyOf(orderIds)}`,
          // One monthly period is at most 31 days; a second fulfilment would add another month.
          sql`${subscriptions.endsAt} > ${subscriptions.startsAt} + interval '40 days'`,
        ),
      );
    doubleOk &&= twice === 0 && audited.length === o.fulfilled && extended!.n === 0;
    doubleDetail += `; ${fmt(audited.length)} orders audited as paid (${fmt(twice)} more than once), ${fmt(extended!.n)} subscriptions extended beyond one period`;
  }
  add('duplicates did not double-fulfil', doubleOk, doubleDetail);

  if (fulfilment && sealing) {
    // The chain as `npm run audit:verify` checks it (every entry of every run so far, in chain order).
    const verified = await createAuditService({ db, clock: { now: () => new Date() } }).verify();
    add(
      'audit entries sealed into an intact chain',
      sealing.unsealed === 0 && verified.firstBreak === null && verified.unsealed === 0,
      `${fmt(sealing.sealed)} entries sealed during the run, none left ${(sealing.drainedMs / 1000).toFixed(1)} s after the last answer${sealing.unsealed ? ` (${fmt(sealing.unsealed)} still unsealed)` : ''}; chain of ${fmt(verified.entries)} entries ${verified.firstBreak ? `BROKEN at ${verified.firstBreak.id} (${verified.firstBreak.reason})` : 'verifies'}`,
    );
  }

  const cancelledWrong = attemptRows.filter((a) => {
    const i = indexOfOrder.get(a.orderId)!;
    return !prepared.paid[i] && delivered[i] && a.status !== 'failed';
  }).length;
  const [failedOrders] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(inOrders, eq(orders.paymentState, 'failed')));
  add(
    'cancelled prompts (1032) failed, not paid',
    cancelledWrong === 0 &&
      between(failedOrders!.n, cancelledDelivered, prepared.paid.filter((paid) => !paid).length),
    `${fmt(cancelledDelivered)} cancellations acknowledged, ${fmt(failedOrders!.n)} orders failed, ${fmt(cancelledWrong)} attempts not failed${lostNote}`,
  );
  return checks;
}
