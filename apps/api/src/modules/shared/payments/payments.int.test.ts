import Fastify, { type FastifyInstance } from 'fastify';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { findFreePort } from '../../../infra/embedded-postgres.ts';
import { createDpoClient } from './dpo/dpo.client.ts';
import { createDarajaClient } from './mpesa/mpesa.client.ts';
import { darajaSimulator } from './mpesa/mpesa.simulator.ts';
import {
  createPaymentsService,
  insertOrder,
  newOrderCode,
  type PaymentsService,
} from './payments.service.ts';
import { orders, paymentAttempts, paymentMessages } from '../../../schema/payments.tables.ts';
import { mailOutbox } from '../../../schema/mail.tables.ts';

const SANDBOX = { consumerKey: 'k', consumerSecret: 's', shortCode: '174379', passkey: 'passkey' };
const SUPPORT = 'support@zabuni.test';

let ctx: TestContext;
let server: FastifyInstance;
let payments: PaymentsService;
const fulfilled: number[] = [];
/** What the fulfilment hook saw of its order and attempts, in its own transaction. */
const seenByFulfil = new Map<
  number,
  { paymentState: string; paidAt: Date | null; fulfilledAt: Date | null; attempts: string[] }
>();
/** Orders whose fulfilment fails (as a crash in the hook would), once. */
const failFulfilmentOnce = new Set<number>();
/** Moves the payments service's clock (not the simulator's) forward, for the reconciliation job. */
let clockOffsetMs = 0;

async function until(check: () => Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function newOrder(amountMinor = 250_000, currency = 'KES') {
  const code = newOrderCode();
  const id = await insertOrder(ctx.database.db, {
    code,
    reference: `ZT${Math.random().toString(36).slice(2, 12).toUpperCase()}`,
    product: 'test_product',
    subjectId: null,
    description: 'Tender advert',
    amountMinor,
    currency,
    customerEmail: 'buyer@example.co.ke',
    customerName: 'Amina Otieno',
  });
  return { id, code };
}
const orderState = async (id: number) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const attemptsOf = (orderId: number) =>
  ctx.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId));

const callback = (
  checkoutRequestId: string,
  resultCode: number,
  meta?: { amount: number; phone: number },
) => ({
  Body: {
    stkCallback: {
      MerchantRequestID: '29115-34620561-1',
      CheckoutRequestID: checkoutRequestId,
      ResultCode: resultCode,
      ResultDesc:
        resultCode === 0 ? 'The service request is processed successfully.' : 'Request cancelled by user.',
      ...(meta
        ? {
            CallbackMetadata: {
              Item: [
                { Name: 'Amount', Value: meta.amount },
                { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' },
                { Name: 'Balance' },
                { Name: 'TransactionDate', Value: 20261122102115 },
                { Name: 'PhoneNumber', Value: meta.phone },
              ],
            },
          }
        : {}),
    },
  },
});

beforeAll(async () => {
  ctx = await createTestContext();
  const port = await findFreePort();
  const base = `http://127.0.0.1:${port}`;
  server = Fastify();
  await server.register(darajaSimulator({ ...SANDBOX, callbackDelayMs: 100 }), { prefix: '/sim/mpesa' });
  server.post('/payments/stk-callback', async (request) => {
    await payments.handleStkCallback(request.body);
    return { ResultCode: 0, ResultDesc: 'Accepted' };
  });
  await server.listen({ port, host: '127.0.0.1' });
  payments = createPaymentsService({
    db: ctx.database.db,
    clock: { now: () => new Date(Date.now() + clockOffsetMs) },
    mpesa: createDarajaClient({
      ...SANDBOX,
      baseUrl: `${base}/sim/mpesa`,
      transactionType: 'CustomerPayBillOnline',
    }),
    stkCallbackUrl: `${base}/payments/stk-callback`,
    products: {
      test_product: {
        fulfil: async (tx, order) => {
          if (failFulfilmentOnce.delete(order.id)) throw new Error('fulfilment failed');
          fulfilled.push(order.id);
          const [row] = await tx.select().from(orders).where(eq(orders.id, order.id));
          const attempts = await tx
            .select({ status: paymentAttempts.status })
            .from(paymentAttempts)
            .where(eq(paymentAttempts.orderId, order.id));
          seenByFulfil.set(order.id, {
            paymentState: row!.paymentState,
            paidAt: row!.paidAt,
            fulfilledAt: row!.fulfilledAt,
            attempts: attempts.map((a) => a.status).sort(),
          });
        },
      },
    },
    pendingExpiryMs: 15 * 60_000,
    dpo: createDpoClient({
      apiUrl: `${base}/sim/dpo/API/v6/`,
      paymentUrl: `${base}/sim/dpo/payv2.php`,
      companyToken: 'TEST-TOKEN',
      serviceType: '3854',
    }),
    dpoReturnUrl: `${base}/return`,
    mail: ctx.services.mail,
    publicUrl: base,
    supportEmail: SUPPORT,
  });
});
afterAll(async () => {
  await server.close();
  await ctx.close();
});

describe('M-Pesa payments', () => {
  it('pays an order through the simulator’s real callback, and fulfils it once', async () => {
    const order = await newOrder();
    const started = await payments.payWithMpesa(order.code, '0708 374 140');
    expect(started.message).toBe('Payment initiated successfully kindly check your phone.');
    expect((await orderState(order.id)).paymentState).toBe('processing');
    await until(async () => (await orderState(order.id)).paymentState === 'paid');
    const [attempt] = await attemptsOf(order.id);
    expect(attempt).toMatchObject({
      status: 'paid',
      phone: '254708374140',
      requestedAmount: '2500',
      resultCode: '0',
    });
    expect(attempt!.receipt).toMatch(/^S[0-9A-F]{9}$/);
    expect(fulfilled.filter((id) => id === order.id)).toHaveLength(1);
    const messages = await ctx.database.db
      .select()
      .from(paymentMessages)
      .where(eq(paymentMessages.attemptId, attempt!.id));
    expect(messages.map((m) => m.kind).sort()).toEqual(['stk_callback', 'stk_push']);
    expect(JSON.stringify(messages)).not.toContain('passkey');
  });

  it('fulfils once when the same success callback arrives twice', async () => {
    const order = await newOrder();
    await payments.payWithMpesa(order.code, '254708374149'); // waits for a person: no automatic callback
    const [attempt] = await attemptsOf(order.id);
    const body = callback(attempt!.checkoutRequestId!, 0, { amount: 2500, phone: 254708374149 });
    await Promise.all([payments.handleStkCallback(body), payments.handleStkCallback(body)]);
    await payments.handleStkCallback(body);
    expect((await orderState(order.id)).paymentState).toBe('paid');
    expect(fulfilled.filter((id) => id === order.id)).toHaveLength(1);
    const [stored] = await ctx.database.db
      .select({ value: count() })
      .from(paymentMessages)
      .where(eq(paymentMessages.attemptId, attempt!.id));
    // The push and the callback, once: an identical copy is acknowledged without being stored again.
    expect(stored!.value).toBe(2);
  });

  it('stores a callback for an unknown CheckoutRequestID and changes nothing', async () => {
    const before = await ctx.database.db
      .select({ value: count() })
      .from(orders)
      .where(eq(orders.paymentState, 'paid'));
    await payments.handleStkCallback(callback('ws_CO_forged', 0, { amount: 2500, phone: 254708374149 }));
    await payments.handleStkCallback({ hello: 'world' });
    const after = await ctx.database.db
      .select({ value: count() })
      .from(orders)
      .where(eq(orders.paymentState, 'paid'));
    expect(after[0]!.value).toBe(before[0]!.value);
    const unknown = await ctx.database.db
      .select()
      .from(paymentMessages)
      .where(eq(paymentMessages.kind, 'stk_callback'));
    // The forged one waits (unapplied) in case its attempt is stored late; the garbage one is done with.
    const forged = unknown.filter((m) => JSON.stringify(m.body).includes('ws_CO_forged'));
    expect(forged).toEqual([expect.objectContaining({ attemptId: null, processedAt: null })]);
    const garbage = unknown.filter((m) => JSON.stringify(m.body).includes('world'));
    expect(garbage).toEqual([expect.objectContaining({ attemptId: null, processedAt: expect.any(Date) })]);
  });

  it('flags a success whose amount or phone differs from the attempt, and does not mark it paid', async () => {
    const order = await newOrder();
    await payments.payWithMpesa(order.code, '254708374149');
    const [attempt] = await attemptsOf(order.id);
    await payments.handleStkCallback(
      callback(attempt!.checkoutRequestId!, 0, { amount: 1, phone: 254708374149 }),
    );
    const [flagged] = await attemptsOf(order.id);
    expect(flagged).toMatchObject({ status: 'flagged', flaggedReason: 'amount 1 differs from 2500' });
    expect((await orderState(order.id)).paymentState).toBe('processing');
    expect(fulfilled).not.toContain(order.id);

    const other = await newOrder();
    await payments.payWithMpesa(other.code, '254708374149');
    const [otherAttempt] = await attemptsOf(other.id);
    await payments.handleStkCallback(
      callback(otherAttempt!.checkoutRequestId!, 0, { amount: 2500, phone: 254700000000 }),
    );
    expect((await attemptsOf(other.id))[0]).toMatchObject({ status: 'flagged' });
    expect((await orderState(other.id)).paymentState).toBe('processing');
  });

  it('starts one attempt for two concurrent pay clicks', async () => {
    const order = await newOrder();
    const [a, b] = await Promise.all([
      payments.payWithMpesa(order.code, '254708374149'),
      payments.payWithMpesa(order.code, '0708374149'),
    ]);
    expect(a.attemptId).toBe(b.attemptId);
    expect(await attemptsOf(order.id)).toHaveLength(1);
  });

  it('fails on a cancelled prompt (1032); a retry starts a new attempt; a late failure of the old one does not undo it', async () => {
    const order = await newOrder();
    await payments.payWithMpesa(order.code, '254708374142'); // the simulator answers 1032
    await until(async () => (await orderState(order.id)).paymentState === 'failed');
    expect((await attemptsOf(order.id))[0]).toMatchObject({ status: 'failed', resultCode: '1032' });

    // Retry with a number that waits; then an older, still-open prompt from another phone answers late.
    await payments.payWithMpesa(order.code, '254708374149');
    const older = (await attemptsOf(order.id)).find((a) => a.phone === '254708374149')!;
    await payments.payWithMpesa(order.code, '254110374149');
    expect(await attemptsOf(order.id)).toHaveLength(3);
    await payments.handleStkCallback(callback(older.checkoutRequestId!, 1032));
    expect((await orderState(order.id)).paymentState).toBe('processing');
    // The newest prompt succeeds: the order is paid.
    const newer = (await attemptsOf(order.id)).find((a) => a.phone === '254110374149')!;
    await payments.handleStkCallback(
      callback(newer.checkoutRequestId!, 0, { amount: 2500, phone: 254110374149 }),
    );
    expect((await orderState(order.id)).paymentState).toBe('paid');
  });

  it('flags an old prompt that succeeds after a newer one paid the order: fulfilled once, refund noted', async () => {
    const order = await newOrder();
    await payments.payWithMpesa(order.code, '254708374149');
    const older = (await attemptsOf(order.id))[0]!;
    await payments.payWithMpesa(order.code, '254110374149'); // another phone: a new attempt
    const newer = (await attemptsOf(order.id)).find((a) => a.id !== older.id)!;
    await payments.handleStkCallback(
      callback(newer.checkoutRequestId!, 0, { amount: 2500, phone: 254110374149 }),
    );
    await payments.handleStkCallback(
      callback(older.checkoutRequestId!, 0, { amount: 2500, phone: 254708374149 }),
    );
    expect((await orderState(order.id)).paymentState).toBe('paid');
    expect(fulfilled.filter((id) => id === order.id)).toHaveLength(1);
    const late = (await attemptsOf(order.id)).find((a) => a.id === older.id)!;
    expect(late).toMatchObject({ status: 'flagged', receipt: 'NLJ7RT61SV' });
    expect(late.flaggedReason).toMatch(/paid twice/);
  });

  it('refuses M-Pesa for other currencies, bad numbers and paid orders with clear messages', async () => {
    const usd = await newOrder(60_000, 'USD');
    await expect(payments.payWithMpesa(usd.code, '254708374140')).rejects.toMatchObject({
      status: 400,
      key: 'payment.mpesa_kes_only',
      fields: {
        payment_type: ['M-Pesa is offered only for orders in Kenya shillings (KES). Please pay by card.'],
      },
    });
    const kes = await newOrder();
    await expect(payments.payWithMpesa(kes.code, '0812 345')).rejects.toMatchObject({
      status: 400,
      key: 'payment.invalid_phone',
      fields: { phone_number: ['Enter a Safaricom number, e.g. 0712 345 678 or 254712345678.'] },
    });
    await ctx.database.db.update(orders).set({ paymentState: 'paid' }).where(eq(orders.id, kes.id));
    await expect(payments.payWithMpesa(kes.code, '254708374140')).rejects.toMatchObject({
      status: 409,
      key: 'payment.already_paid',
    });
    await expect(payments.payWithMpesa('no-such-order', '254708374140')).rejects.toMatchObject({
      status: 404,
      key: 'payment.order_not_found',
    });
  });
});

describe('reconciliation (every minute)', () => {
  it('queries an unanswered prompt from 60 s on: "being processed" stays pending, a silent success is paid', async () => {
    const waiting = await newOrder();
    await payments.payWithMpesa(waiting.code, '254708374149'); // waits for a person, never answers
    const silent = await newOrder();
    await payments.payWithMpesa(silent.code, '254708374145'); // paid, but Daraja never calls back
    await new Promise((resolve) => setTimeout(resolve, 300)); // the simulator settles the silent one

    expect(await payments.reconcile()).toMatchObject({ queried: 0 }); // not yet 60 s old
    clockOffsetMs = 61_000;
    await payments.reconcile();
    expect((await orderState(silent.id)).paymentState).toBe('paid');
    expect((await attemptsOf(silent.id))[0]).toMatchObject({ status: 'paid', resultCode: '0' });
    expect(fulfilled.filter((id) => id === silent.id)).toHaveLength(1);
    expect((await orderState(waiting.id)).paymentState).toBe('processing');
    const [stillWaiting] = await attemptsOf(waiting.id);
    expect(stillWaiting!.resolvedAt).toBeNull();
    expect(stillWaiting!.nextCheckAt!.getTime()).toBeGreaterThan(Date.now() + 61_000);

    // After the expiry the prompt is given up and the order fails (the customer can retry).
    clockOffsetMs = 16 * 60_000;
    await payments.reconcile();
    expect((await attemptsOf(waiting.id))[0]).toMatchObject({ status: 'failed', resultCode: 'expired' });
    expect((await orderState(waiting.id)).paymentState).toBe('failed');
    clockOffsetMs = 0;
  });

  it('the status answer settles an unanswered prompt by STK query once Daraja gave it up, and offers a retry', async () => {
    const waiting = await newOrder();
    await payments.payWithMpesa(waiting.code, '254708374149'); // never answered
    const silent = await newOrder();
    await payments.payWithMpesa(silent.code, '254708374145'); // paid, but Daraja never calls back
    await new Promise((resolve) => setTimeout(resolve, 300));

    const early = await payments.paymentFactsByCode(waiting.code);
    expect(early).toMatchObject({ payment_state: 'processing', can_retry: false });
    const created = (await attemptsOf(waiting.id))[0]!.createdAt.getTime();
    expect(Date.parse(early!.prompt_expires_at!)).toBe(created + 60_000);
    expect(Date.parse(early!.expires_at!)).toBe(created + 15 * 60_000);

    clockOffsetMs = 61_000; // Daraja's prompt timeout has passed; the minute job has not run
    expect(await payments.paymentFactsByCode(silent.code)).toMatchObject({
      payment_state: 'paid',
      can_retry: false,
    });
    expect(fulfilled.filter((id) => id === silent.id)).toHaveLength(1);
    const late = await payments.paymentFactsByCode(waiting.code);
    expect(late).toMatchObject({ payment_state: 'processing', can_retry: true });
    const queries = await ctx.database.db
      .select()
      .from(paymentMessages)
      .where(eq(paymentMessages.attemptId, (await attemptsOf(waiting.id))[0]!.id));
    expect(queries.filter((m) => m.kind === 'stk_query')).toHaveLength(1);
    // Asked again at once: no second query before the next one is due.
    await payments.paymentFactsByCode(waiting.code);
    const again = await ctx.database.db
      .select()
      .from(paymentMessages)
      .where(eq(paymentMessages.attemptId, (await attemptsOf(waiting.id))[0]!.id));
    expect(again.filter((m) => m.kind === 'stk_query')).toHaveLength(1);
    // "Try again" to the same phone after the prompt timed out sends a new prompt (not the old attempt).
    await payments.payWithMpesa(waiting.code, '254708374149');
    expect(await attemptsOf(waiting.id)).toHaveLength(2);
    clockOffsetMs = 0;
  });

  it('applies a callback that was stored when the process died before acting on it, exactly once', async () => {
    const order = await newOrder();
    await payments.payWithMpesa(order.code, '254708374149');
    const [attempt] = await attemptsOf(order.id);
    // What a crash leaves behind: the callback stored (the first thing we do), nothing applied.
    await ctx.database.db.insert(paymentMessages).values({
      provider: 'mpesa',
      kind: 'stk_callback',
      body: callback(attempt!.checkoutRequestId!, 0, { amount: 2500, phone: 254708374149 }),
      createdAt: new Date(Date.now() - 60_000),
    });
    expect((await orderState(order.id)).paymentState).toBe('processing');
    await Promise.all([payments.reconcile(), payments.reconcile()]);
    await payments.reconcile();
    expect((await orderState(order.id)).paymentState).toBe('paid');
    expect(fulfilled.filter((id) => id === order.id)).toHaveLength(1);
  });
});

describe('a callback that arrives before the attempt stored its CheckoutRequestID', () => {
  it('is kept, not lost, and applied once the attempt knows its id', async () => {
    const order = await newOrder();
    await payments.payWithMpesa(order.code, '254708374149');
    const [attempt] = await attemptsOf(order.id);
    // As if the push answer were not stored yet when Daraja's callback came in.
    await ctx.database.db
      .update(paymentAttempts)
      .set({ checkoutRequestId: null })
      .where(eq(paymentAttempts.id, attempt!.id));
    await payments.handleStkCallback(
      callback(attempt!.checkoutRequestId!, 0, { amount: 2500, phone: 254708374149 }),
    );
    expect((await orderState(order.id)).paymentState).toBe('processing');
    await ctx.database.db
      .update(paymentAttempts)
      .set({ checkoutRequestId: attempt!.checkoutRequestId })
      .where(eq(paymentAttempts.id, attempt!.id));
    clockOffsetMs = 60_000;
    await payments.reconcile();
    clockOffsetMs = 0;
    expect((await orderState(order.id)).paymentState).toBe('paid');
  });
});

describe('paying an order and fulfilling it', () => {
  /** Every change of an order row as PostgreSQL saw it: one log row per row version an UPDATE wrote. */
  const orderVersions = async (orderId: number) =>
    (
      await ctx.database.db.execute<{
        old_state: string;
        new_state: string;
        was_fulfilled: boolean;
        is_fulfilled: boolean;
      }>(
        sql`SELECT old_state, new_state, old_fulfilled IS NOT NULL AS was_fulfilled,
                   new_fulfilled IS NOT NULL AS is_fulfilled FROM test_order_versions
            WHERE order_id = ${orderId} ORDER BY id`,
      )
    ).rows;

  beforeAll(async () => {
    await ctx.database.db.execute(sql`
      CREATE TABLE test_order_versions (
        id serial PRIMARY KEY, order_id int, old_state text, new_state text,
        old_fulfilled timestamptz, new_fulfilled timestamptz)`);
    await ctx.database.db.execute(sql`
      CREATE FUNCTION test_log_order_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO test_order_versions (order_id, old_state, new_state, old_fulfilled, new_fulfilled)
        VALUES (NEW.id, OLD.payment_state, NEW.payment_state, OLD.fulfilled_at, NEW.fulfilled_at);
        RETURN NEW;
      END $$`);
    await ctx.database.db.execute(sql`
      CREATE TRIGGER test_log_order_version AFTER UPDATE ON orders
      FOR EACH ROW EXECUTE FUNCTION test_log_order_version()`);
  });

  it('marks paid and fulfilled in one UPDATE, fulfils last and once under duplicate and rival callbacks', async () => {
    const order = await newOrder();
    await payments.payWithMpesa(order.code, '254708374149');
    await payments.payWithMpesa(order.code, '254110374149'); // another phone: a second prompt
    const [first, second] = (await attemptsOf(order.id)).sort((a, b) => a.id - b.id);
    const successOf = (attempt: typeof first, phone: number) =>
      callback(attempt!.checkoutRequestId!, 0, { amount: 2500, phone });
    // Both prompts are paid, and Daraja sends each result three times, all at once.
    await Promise.all(
      [1, 2, 3].flatMap(() => [
        payments.handleStkCallback(successOf(first, 254708374149)),
        payments.handleStkCallback(successOf(second, 254110374149)),
      ]),
    );

    expect(fulfilled.filter((id) => id === order.id)).toHaveLength(1);
    const paid = await orderState(order.id);
    expect(paid.paymentState).toBe('paid');
    expect(paid.fulfilledAt).toEqual(paid.paidAt);
    // Exactly one row version moved the order to paid, and that same version set fulfilled_at: no
    // statement ever wrote "paid but not fulfilled", and nothing wrote fulfilled_at a second time.
    const versions = await orderVersions(order.id);
    const toPaid = versions.filter((v) => v.old_state !== 'paid' && v.new_state === 'paid');
    expect(toPaid).toHaveLength(1);
    expect(toPaid[0]).toMatchObject({ was_fulfilled: false, is_fulfilled: true });
    expect(versions.filter((v) => v.new_state === 'paid' && !v.is_fulfilled)).toEqual([]);
    expect(versions.filter((v) => !v.was_fulfilled && v.is_fulfilled)).toHaveLength(1);
    // The hook ran after the order and its paying attempt were written, in the same transaction (the
    // rival attempt is flagged afterwards, by its own callback).
    expect(seenByFulfil.get(order.id)).toEqual({
      paymentState: 'paid',
      paidAt: paid.paidAt,
      fulfilledAt: paid.paidAt,
      attempts: ['paid', 'pending'],
    });
    const attempts = await attemptsOf(order.id);
    expect(attempts.filter((a) => a.status === 'paid')).toHaveLength(1);
    expect(attempts.find((a) => a.status === 'flagged')!.flaggedReason).toMatch(/paid twice.*refund/);
    const unprocessed = await ctx.database.db.select({ value: count() }).from(paymentMessages)
      .where(sql`${paymentMessages.kind} = 'stk_callback' AND ${paymentMessages.processedAt} IS NULL
                 AND ${paymentMessages.attemptId} IN (${first!.id}, ${second!.id})`);
    expect(unprocessed[0]!.value).toBe(0);
  });

  it('leaves nothing paid when the fulfilment fails: the stored callback is applied again, once', async () => {
    const order = await newOrder();
    await payments.payWithMpesa(order.code, '254708374149');
    const [attempt] = await attemptsOf(order.id);
    failFulfilmentOnce.add(order.id);
    await expect(
      payments.handleStkCallback(
        callback(attempt!.checkoutRequestId!, 0, { amount: 2500, phone: 254708374149 }),
      ),
    ).rejects.toThrow('fulfilment failed');
    const unpaid = await orderState(order.id);
    expect(unpaid).toMatchObject({ paymentState: 'processing', paidAt: null, fulfilledAt: null });
    expect((await attemptsOf(order.id))[0]!.resolvedAt).toBeNull();

    clockOffsetMs = 60_000; // the reconciliation job picks up the stored, unprocessed callback
    await payments.reconcile();
    clockOffsetMs = 0;
    expect(await orderState(order.id)).toMatchObject({ paymentState: 'paid', fulfilledAt: expect.any(Date) });
    expect(fulfilled.filter((id) => id === order.id)).toHaveLength(1);
    expect((await orderVersions(order.id)).filter((v) => v.new_state === 'paid')).toHaveLength(1);
  });
});

describe('a success that arrives after its attempt was closed (the customer was charged)', () => {
  const mailsAbout = async (to: string, reference: string) =>
    (await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to))).filter((m) =>
      m.subject.includes(reference),
    );
  const referenceOf = async (id: number) => (await orderState(id)).reference;

  it('pays the order when the prompt was given up after 15 minutes and paid afterwards, once', async () => {
    const order = await newOrder();
    await payments.payWithMpesa(order.code, '254708374149'); // waits for a person
    const [attempt] = await attemptsOf(order.id);
    clockOffsetMs = 16 * 60_000; // PAYMENT_PENDING_EXPIRY_MINUTES (15) have passed: the job gives up
    await payments.reconcile();
    clockOffsetMs = 0;
    expect((await attemptsOf(order.id))[0]).toMatchObject({ status: 'failed', resultCode: 'expired' });
    expect((await orderState(order.id)).paymentState).toBe('failed');

    // The customer answers the prompt at last: Daraja's success arrives (twice, as it may).
    const success = callback(attempt!.checkoutRequestId!, 0, { amount: 2500, phone: 254708374149 });
    await payments.handleStkCallback(success);
    await payments.handleStkCallback(success);
    const paid = await orderState(order.id);
    expect(paid).toMatchObject({ paymentState: 'paid', fulfilledAt: expect.any(Date) });
    expect(fulfilled.filter((id) => id === order.id)).toHaveLength(1);
    expect((await attemptsOf(order.id))[0]).toMatchObject({
      status: 'paid',
      resultCode: '0',
      receipt: 'NLJ7RT61SV',
    });
    const receipts = await mailsAbout('buyer@example.co.ke', paid.reference);
    expect(receipts.filter((m) => m.subject.startsWith('Payment received:'))).toHaveLength(1);
    expect(await mailsAbout(SUPPORT, paid.reference)).toEqual([]);
  });

  it('pays the order when a failure callback (1032) is followed by the genuine success for the same prompt', async () => {
    const order = await newOrder();
    await payments.payWithMpesa(order.code, '254708374149');
    const [attempt] = await attemptsOf(order.id);
    await payments.handleStkCallback(callback(attempt!.checkoutRequestId!, 1032));
    expect((await orderState(order.id)).paymentState).toBe('failed');
    await payments.handleStkCallback(
      callback(attempt!.checkoutRequestId!, 0, { amount: 2500, phone: 254708374149 }),
    );
    expect((await orderState(order.id)).paymentState).toBe('paid');
    expect(fulfilled.filter((id) => id === order.id)).toHaveLength(1);
    expect((await attemptsOf(order.id))[0]).toMatchObject({ status: 'paid', receipt: 'NLJ7RT61SV' });
    // A late failure after that changes nothing.
    await payments.handleStkCallback(callback(attempt!.checkoutRequestId!, 1032));
    expect((await orderState(order.id)).paymentState).toBe('paid');
    expect((await attemptsOf(order.id))[0]!.status).toBe('paid');
  });

  it('flags a late success for a refund, once, when another attempt paid the order meanwhile; support is mailed once', async () => {
    const order = await newOrder();
    await payments.payWithMpesa(order.code, '254708374149');
    const [first] = await attemptsOf(order.id);
    await payments.handleStkCallback(callback(first!.checkoutRequestId!, 1032)); // "cancelled"
    await payments.payWithMpesa(order.code, '254110374149'); // the customer retries from another phone
    const second = (await attemptsOf(order.id)).find((a) => a.id !== first!.id)!;
    await payments.handleStkCallback(
      callback(second.checkoutRequestId!, 0, { amount: 2500, phone: 254110374149 }),
    );
    expect((await orderState(order.id)).paymentState).toBe('paid');

    // The first prompt was paid after all.
    const late = callback(first!.checkoutRequestId!, 0, { amount: 2500, phone: 254708374149 });
    await payments.handleStkCallback(late);
    await payments.handleStkCallback(late);
    expect(fulfilled.filter((id) => id === order.id)).toHaveLength(1);
    const flagged = (await attemptsOf(order.id)).find((a) => a.id === first!.id)!;
    expect(flagged).toMatchObject({ status: 'flagged', receipt: 'NLJ7RT61SV' });
    expect(flagged.flaggedReason).toMatch(/paid twice.*refund/);
    const reference = await referenceOf(order.id);
    const support = await mailsAbout(SUPPORT, reference);
    expect(support).toHaveLength(1);
    expect(support[0]!.subject).toBe(`Payment received but not applied: ${reference}`);
    expect(support[0]!.textBody).toContain('NLJ7RT61SV');
    expect(support[0]!.textBody).toContain('paid twice');
    // The operator's list shows it.
    expect(await payments.flaggedAttempts()).toContainEqual(
      expect.objectContaining({
        attempt_id: first!.id,
        order_reference: reference,
        receipt: 'NLJ7RT61SV',
        order_payment_state: 'paid',
        reason: expect.stringMatching(/paid twice/),
      }),
    );
  });

  it('flags, never pays, a late success whose amount differs', async () => {
    const order = await newOrder();
    await payments.payWithMpesa(order.code, '254708374149');
    const [attempt] = await attemptsOf(order.id);
    await payments.handleStkCallback(callback(attempt!.checkoutRequestId!, 1032));
    await payments.handleStkCallback(
      callback(attempt!.checkoutRequestId!, 0, { amount: 1, phone: 254708374149 }),
    );
    expect((await orderState(order.id)).paymentState).toBe('failed');
    expect((await attemptsOf(order.id))[0]).toMatchObject({
      status: 'flagged',
      flaggedReason: 'amount 1 differs from 2500',
    });
    expect(fulfilled).not.toContain(order.id);
  });

  it('never takes a ResultCode that is null, empty or not a whole number for a success', async () => {
    const order = await newOrder();
    await payments.payWithMpesa(order.code, '254708374149');
    const [attempt] = await attemptsOf(order.id);
    const meta = { amount: 2500, phone: 254708374149 };
    for (const resultCode of [null, '', false, [], '0x0', ' ']) {
      const body = callback(attempt!.checkoutRequestId!, 0, meta);
      (body.Body.stkCallback as Record<string, unknown>).ResultCode = resultCode;
      await payments.handleStkCallback(body);
    }
    expect((await orderState(order.id)).paymentState).toBe('processing');
    expect((await attemptsOf(order.id))[0]!.resolvedAt).toBeNull();
  });
});
