import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { mailsTo } from '../../../../test/identity.ts';
import { categories, countries } from '../../../schema/core.tables.ts';
import { auditLog } from '../../../schema/audit.tables.ts';
import { orders, paymentAttempts, paymentMessages } from '../../../schema/payments.tables.ts';
import { subscriptionOrders, subscriptions } from '../../../schema/subscriptions.tables.ts';

/**
 * What one M-Pesa callback costs the database (SPEC: 1,000 callbacks/s, 30 % of them duplicates): the
 * statements sent to PostgreSQL while Daraja's POST is answered, and then by the callback processor that
 * applies it off the request path, through the real route and the alert subscription product (the bench's
 * path).
 */
let ctx: TestContext;
let kenya: number;
let categoryIds: number[];
const ACK = { ResultCode: 0, ResultDesc: 'Accepted' };

/** Statements sent to PostgreSQL (every pooled client's query) while `work` runs. */
async function statementsDuring<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    statements.push(typeof first === 'string' ? first : (first?.text ?? '?'));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    return { result: await work(), statements };
  } finally {
    pg.Client.prototype.query = original;
  }
}

const callback = (checkoutRequestId: string, resultCode: number, phone = 254708374149) =>
  JSON.stringify({
    Body: {
      stkCallback: {
        MerchantRequestID: '29115-34620561-1',
        CheckoutRequestID: checkoutRequestId,
        ResultCode: resultCode,
        ResultDesc:
          resultCode === 0 ? 'The service request is processed successfully.' : 'Request cancelled by user',
        ...(resultCode === 0
          ? {
              CallbackMetadata: {
                Item: [
                  { Name: 'Amount', Value: 3000 },
                  { Name: 'MpesaReceiptNumber', Value: 'TCOST12345' },
                  { Name: 'TransactionDate', Value: 20261122102115 },
                  { Name: 'PhoneNumber', Value: phone },
                ],
              },
            }
          : {}),
      },
    },
  });

/** A subscription order with a pending M-Pesa attempt (the simulator waits for the customer). */
async function pendingAttempt(email: string, phone = '0708 374 149', ip = '10.2.0.2') {
  const subscribed = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/tender-alerts/subscription/subscribe/',
    remoteAddress: '10.2.0.1',
    payload: {
      company_name: 'Callback Costs Ltd',
      email,
      first_name: 'Wanjiku',
      last_name: 'Kamau',
      country: kenya,
      city: 'Nyeri',
      payment_plan: 'Annual',
      categories: categoryIds,
    },
  });
  expect(subscribed.statusCode, subscribed.body).toBe(201);
  const { code } = subscribed.json() as { code: string };
  const paid = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/tender-alerts/subscription/payment/${code}/`,
    remoteAddress: ip,
    payload: { payment_type: 'mpesa', phone_number: phone },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const [order] = await ctx.database.db.select().from(orders).where(eq(orders.code, code));
  const [attempt] = await ctx.database.db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, order!.id));
  return { orderId: order!.id, checkoutRequestId: attempt!.checkoutRequestId! };
}

const post = (body: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/payments/stk/${ctx.services.stkCallbackSecret}`,
    headers: { 'content-type': 'application/json' },
    payload: body,
  });

beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx.database;
  [{ id: kenya }] = (await db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.iso2, 'KE'))) as [{ id: number }];
  categoryIds = (await db.select({ id: categories.id }).from(categories).limit(1)).map((c) => c.id);
});
afterAll(() => ctx.close());

/**
 * Daraja's POST, with the processor held back (the route wakes it right after its answer): what the request
 * costs; then the processor's run, measured apart.
 */
async function requestThenProcessor(body: string) {
  const { payments } = ctx.services;
  const wake = payments.wakeStkProcessor;
  payments.wakeStkProcessor = () => {};
  try {
    const request = await statementsDuring(() => post(body));
    const processor = await statementsDuring(() => payments.processStkCallbacks());
    return { answer: request.result, request: request.statements, processor: processor.statements };
  } finally {
    payments.wakeStkProcessor = wake;
  }
}

const show = (name: string, statements: string[]) =>
  console.log(
    `${name}: ${statements.length} statements\n  ${statements.map((s) => s.replace(/\s+/g, ' ').slice(0, 90)).join('\n  ')}`,
  );

describe('the cost of one M-Pesa callback', () => {
  it('the request stores it in ONE statement; the processor pays and fulfils it in one transaction of few statements; a duplicate is not stored again', async () => {
    const email = 'cost.payer@nyeri.example';
    const { orderId, checkoutRequestId } = await pendingAttempt(email);
    const first = await requestThenProcessor(callback(checkoutRequestId, 0));
    expect(first.answer.statusCode).toBe(200);
    expect(first.answer.json()).toEqual(ACK);
    const duplicate = await requestThenProcessor(callback(checkoutRequestId, 0));
    expect(duplicate.answer.statusCode).toBe(200);
    expect(duplicate.answer.json()).toEqual(ACK);
    show('success, request', first.request);
    show('success, processor', first.processor);
    show('duplicate, request', duplicate.request);
    show('duplicate, processor', duplicate.processor);
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ paymentState: 'paid' });
    expect(order!.fulfilledAt).not.toBeNull();
    expect((await mailsTo(ctx, email)).filter((m) => m.subject.startsWith('Payment received:'))).toHaveLength(
      1,
    );
    expect(first.request).toHaveLength(1);
    expect(first.request[0]).toMatch(/^insert into "payment_messages".*on conflict/is);
    // BEGIN, the batch taken, the result applied, the receipt, the subscription's period and its audit
    // entry, COMMIT.
    expect(first.processor.length).toBeLessThanOrEqual(8);
    expect(duplicate.request).toHaveLength(1);
    // Not stored again: the processor finds nothing to take.
    expect(duplicate.processor.length).toBeLessThanOrEqual(3);
  });

  it('a cancelled prompt (1032): one statement in the request, and the processor fails the attempt and the order in few', async () => {
    const { orderId, checkoutRequestId } = await pendingAttempt('cost.cancel@nyeri.example');
    const cancelled = await requestThenProcessor(callback(checkoutRequestId, 1032));
    expect(cancelled.answer.json()).toEqual(ACK);
    show('cancelled, request', cancelled.request);
    show('cancelled, processor', cancelled.processor);
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.paymentState).toBe('failed');
    expect(cancelled.request).toHaveLength(1);
    expect(cancelled.processor.length).toBeLessThanOrEqual(4);
  });

  it('under load the processor takes stored callbacks in batches: BEGIN and COMMIT once for many', async () => {
    const pending = [];
    // Prompts nobody answers (last digit 9), each to its own phone (a phone gets few prompts).
    const phones = Array.from({ length: 10 }, (_, i) => `2547110000${i}9`);
    for (const [i, phone] of phones.entries())
      pending.push({
        ...(await pendingAttempt(`cost.batch${i}@nyeri.example`, phone, `10.2.1.${i}`)),
        phone: Number(phone),
      });
    const { payments } = ctx.services;
    const wake = payments.wakeStkProcessor;
    payments.wakeStkProcessor = () => {};
    let processor: string[];
    try {
      for (const { checkoutRequestId, phone } of pending) {
        expect((await post(callback(checkoutRequestId, 0, phone))).json()).toEqual(ACK);
      }
      processor = (await statementsDuring(() => payments.processStkCallbacks())).statements;
    } finally {
      payments.wakeStkProcessor = wake;
    }
    console.log(`10 successes stored, then one processor run: ${processor.length} statements`);
    const paid = await ctx.database.db.select().from(orders).where(eq(orders.paymentState, 'paid'));
    for (const { orderId } of pending) expect(paid.map((o) => o.id)).toContain(orderId);
    expect(processor.filter((s) => /^begin/i.test(s))).toHaveLength(1);
    // Set-based: BEGIN, the batch taken, the results applied, the receipts, the subscribers locked, their
    // periods, the audit entries, COMMIT, whatever the batch's size (it was about 5 per success).
    expect(processor.length).toBeLessThanOrEqual(10);
  });

  it('a batch with duplicates and a mix of paid and failed: each order paid or failed once, the odd ones by the general path', async () => {
    const { payments, audit } = ctx.services;
    const { db } = ctx.database;
    const at = async (name: string, i: number) => ({
      ...(await pendingAttempt(`mix.${name}@nyeri.example`, `2547120000${i}9`, `10.2.2.${i}`)),
      phone: Number(`2547120000${i}9`),
      email: `mix.${name}@nyeri.example`,
    });
    const paidOnce = await at('paid', 1);
    const cancelled = await at('cancelled', 2);
    const paidThenCancel = await at('paid.then.cancel', 3);
    const cancelThenPaid = await at('cancel.then.paid', 4);
    const wrongAmount = await at('wrong.amount', 5);
    const stored: Array<number | null> = [];
    const store = async (body: string) => stored.push(await payments.recordStkCallback(JSON.parse(body)));
    const paid = (a: { checkoutRequestId: string; phone: number }) =>
      callback(a.checkoutRequestId, 0, a.phone);
    await store(paid(paidOnce));
    await store(callback(cancelled.checkoutRequestId, 1032, cancelled.phone));
    await store(paid(paidOnce)); // an identical copy: not stored again
    await store(paid(paidThenCancel));
    await store(callback(cancelThenPaid.checkoutRequestId, 1032, cancelThenPaid.phone));
    await store(paid(paidOnce).replace('29115-34620561-1', '29115-34620561-2')); // the same result, resent
    await store(callback(paidThenCancel.checkoutRequestId, 1032, paidThenCancel.phone)); // too late: ignored
    await store(paid(cancelThenPaid)); // the customer paid after all: pays
    await store(paid(wrongAmount).replace('"Value":3000', '"Value":2999')); // flagged, not paid
    await store(paid({ checkoutRequestId: 'ws_CO_unknown_yet', phone: 254712000069 })); // waits for its attempt
    expect(stored.filter((id) => id === null)).toHaveLength(1);

    const processor = (await statementsDuring(() => payments.processStkCallbacks())).statements;
    show('a mixed batch of 9 stored callbacks', processor);
    // One transaction applies the batch set-based (not rolled back to one at a time); the two the set
    // statement cannot apply (an amount that differs, an unknown CheckoutRequestID) go the general path after.
    const batchTransaction = processor.slice(0, processor.findIndex((s) => /^commit/i.test(s)) + 1);
    expect(batchTransaction.filter((s) => /WITH input AS/.test(s))).toHaveLength(1);
    expect(batchTransaction.filter((s) => /^rollback/i.test(s))).toHaveLength(0);
    expect(batchTransaction.filter((s) => /^\s*insert into "audit_log"/i.test(s)).length).toBeLessThanOrEqual(
      2,
    );
    const orderOf = async (id: number) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
    for (const a of [paidOnce, paidThenCancel, cancelThenPaid]) {
      const order = await orderOf(a.orderId);
      expect(order, a.email).toMatchObject({ paymentState: 'paid' });
      expect(order.fulfilledAt).not.toBeNull();
      const receipts = (await mailsTo(ctx, a.email)).filter((m) => m.subject.startsWith('Payment received:'));
      expect(receipts, a.email).toHaveLength(1);
      const audits = await db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(
          sql`${auditLog.action} = 'subscription.paid' AND ${auditLog.detail} ->> 'reference' = ${order.reference}`,
        );
      expect(audits, a.email).toHaveLength(1);
      const [link] = await db
        .select()
        .from(subscriptionOrders)
        .where(eq(subscriptionOrders.orderId, a.orderId));
      const [subscriber] = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, link!.subscriptionId));
      expect(link!.periodEndsAt).not.toBeNull();
      expect(subscriber!.endsAt).toEqual(link!.periodEndsAt);
    }
    const attemptOf = async (orderId: number) =>
      (await db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId)))[0]!;
    expect(await attemptOf(paidThenCancel.orderId)).toMatchObject({ status: 'paid', resultCode: '0' });
    expect(await attemptOf(cancelThenPaid.orderId)).toMatchObject({ status: 'paid', receipt: 'TCOST12345' });
    expect((await orderOf(cancelled.orderId)).paymentState).toBe('failed');
    expect(await attemptOf(cancelled.orderId)).toMatchObject({ status: 'failed', resultCode: '1032' });
    expect((await orderOf(wrongAmount.orderId)).paymentState).not.toBe('paid');
    expect(await attemptOf(wrongAmount.orderId)).toMatchObject({ status: 'flagged' });
    const unprocessed = await db
      .select({ id: paymentMessages.id, body: paymentMessages.body })
      .from(paymentMessages)
      .where(sql`${paymentMessages.kind} = 'stk_callback' AND ${paymentMessages.processedAt} IS NULL`);
    expect(unprocessed.map((m) => JSON.stringify(m.body))).toEqual([
      expect.stringContaining('ws_CO_unknown_yet'),
    ]);
    const verified = await audit.verify();
    expect(verified.firstBreak).toBeNull();
    expect(verified.unsealed).toBe(0);
  });
});
