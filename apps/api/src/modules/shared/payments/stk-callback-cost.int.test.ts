import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { mailsTo } from '../../../../test/identity.ts';
import { categories, countries } from '../../../schema/core.tables.ts';
import { orders, paymentAttempts } from '../../../schema/payments.tables.ts';

/**
 * What one M-Pesa callback costs the database (SPEC: 1,000 callbacks/s, 30 % of them duplicates): the
 * statements sent to PostgreSQL while Daraja's POST is answered, through the real route and the alert
 * subscription product (the bench's path).
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

const callback = (checkoutRequestId: string, resultCode: number) =>
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
                  { Name: 'PhoneNumber', Value: 254708374149 },
                ],
              },
            }
          : {}),
      },
    },
  });

/** A subscription order with a pending M-Pesa attempt (the simulator waits for the customer). */
async function pendingAttempt(email: string) {
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
    remoteAddress: '10.2.0.2',
    payload: { payment_type: 'mpesa', phone_number: '0708 374 149' },
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

describe('the cost of one M-Pesa callback', () => {
  it('a success pays and fulfils in one transaction of few statements; its duplicate costs less', async () => {
    const email = 'cost.payer@nyeri.example';
    const { orderId, checkoutRequestId } = await pendingAttempt(email);
    const first = await statementsDuring(() => post(callback(checkoutRequestId, 0)));
    expect(first.result.statusCode).toBe(200);
    expect(first.result.json()).toEqual(ACK);
    const duplicate = await statementsDuring(() => post(callback(checkoutRequestId, 0)));
    expect(duplicate.result.json()).toEqual(ACK);
    console.log(
      `success: ${first.statements.length} statements\n  ${first.statements.map((s) => s.slice(0, 90)).join('\n  ')}`,
    );
    console.log(
      `duplicate: ${duplicate.statements.length} statements\n  ${duplicate.statements.map((s) => s.slice(0, 90)).join('\n  ')}`,
    );
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ paymentState: 'paid' });
    expect(order!.fulfilledAt).not.toBeNull();
    expect((await mailsTo(ctx, email)).filter((m) => m.subject.startsWith('Payment received:'))).toHaveLength(
      1,
    );
    expect(first.statements.length).toBeLessThanOrEqual(8);
    expect(duplicate.statements.length).toBeLessThanOrEqual(4);
  });

  it('a cancelled prompt (1032) fails the attempt and the order in few statements', async () => {
    const { orderId, checkoutRequestId } = await pendingAttempt('cost.cancel@nyeri.example');
    const cancelled = await statementsDuring(() => post(callback(checkoutRequestId, 1032)));
    expect(cancelled.result.json()).toEqual(ACK);
    console.log(
      `cancelled: ${cancelled.statements.length} statements\n  ${cancelled.statements.map((s) => s.slice(0, 90)).join('\n  ')}`,
    );
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.paymentState).toBe('failed');
    expect(cancelled.statements.length).toBeLessThanOrEqual(4);
  });
});
