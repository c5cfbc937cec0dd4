import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, manualClock, type TestContext } from '../../../../test/harness.ts';
import { bearer, createMember, mailsTo, tokenFor } from '../../../../test/identity.ts';
import { auditLog } from '../../../schema/audit.tables.ts';
import { categories, countries } from '../../../schema/core.tables.ts';
import { subscriptions } from '../../../schema/subscriptions.tables.ts';
import { orders, paymentAttempts, paymentMessages } from '../../../schema/payments.tables.ts';

/**
 * Daraja's callbacks through the real route (`/api/payments/stk/<secret>`), the app, its simulator and
 * PostgreSQL: late successes still pay (or are flagged for a refund), and whatever arrives at the path,
 * however malformed, is stored, acknowledged with Daraja's body, and never answered with a 5xx.
 */
let ctx: TestContext;
const clock = manualClock();
const ACK = { ResultCode: 0, ResultDesc: 'Accepted' };
let kenya: number;
let categoryIds: number[];

const callbackPath = () => `/api/payments/stk/${ctx.services.stkCallbackSecret}`;
/** The route answers once the callback is stored; the processor applies it right after: wait for it. */
const applied = () => ctx.services.payments.processStkCallbacks();

const post = (payload: string | Buffer | undefined, contentType: string | null = 'application/json') =>
  ctx.app.inject({
    method: 'POST',
    url: callbackPath(),
    ...(contentType ? { headers: { 'content-type': contentType } } : {}),
    ...(payload === undefined ? {} : { payload }),
  });

const success = (checkoutRequestId: string, amount: number, phone: number) => ({
  Body: {
    stkCallback: {
      MerchantRequestID: '29115-34620561-1',
      CheckoutRequestID: checkoutRequestId,
      ResultCode: 0,
      ResultDesc: 'The service request is processed successfully.',
      CallbackMetadata: {
        Item: [
          { Name: 'Amount', Value: amount },
          { Name: 'MpesaReceiptNumber', Value: 'TLATE12345' },
          { Name: 'Balance' },
          { Name: 'TransactionDate', Value: 20261122102115 },
          { Name: 'PhoneNumber', Value: phone },
        ],
      },
    },
  },
});

async function subscribe(email: string): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/tender-alerts/subscription/subscribe/',
    remoteAddress: '10.1.0.1',
    payload: {
      company_name: 'Late Payers Ltd',
      email,
      first_name: 'Wanjiku',
      last_name: 'Kamau',
      country: kenya,
      city: 'Nyeri',
      payment_plan: 'Annual',
      categories: categoryIds,
    },
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { code: string }).code;
}

const pay = (code: string, phone: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/tender-alerts/subscription/payment/${code}/`,
    remoteAddress: '10.1.0.2',
    payload: { payment_type: 'mpesa', phone_number: phone },
  });

async function attemptsOf(code: string) {
  const [order] = await ctx.database.db.select().from(orders).where(eq(orders.code, code));
  return ctx.database.db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, order!.id))
    .orderBy(paymentAttempts.id);
}
const orderOf = async (code: string) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.code, code)))[0]!;

async function until(check: () => Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  const { db } = ctx.database;
  [{ id: kenya }] = (await db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.iso2, 'KE'))) as [{ id: number }];
  categoryIds = (await db.select({ id: categories.id }).from(categories).limit(1)).map((c) => c.id);
});
afterAll(() => ctx.close());

describe('a success that arrives after its attempt was closed', () => {
  it('given up after 15 minutes, then paid: the subscription starts, receipt and audit once', async () => {
    const email = 'late.payer@nyeri.example';
    const code = await subscribe(email);
    expect((await pay(code, '0708 374 149')).statusCode).toBe(200); // waits for the customer
    const [attempt] = await attemptsOf(code);
    clock.advance(16 * 60_000); // PAYMENT_PENDING_EXPIRY_MINUTES = 15
    await ctx.services.payments.reconcile();
    expect((await attemptsOf(code))[0]).toMatchObject({ status: 'failed', resultCode: 'expired' });
    expect((await orderOf(code)).paymentState).toBe('failed');

    const body = JSON.stringify(success(attempt!.checkoutRequestId!, 3000, 254708374149));
    for (let time = 0; time < 2; time += 1) {
      const answer = await post(body);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(ACK);
    }
    await applied();
    const order = await orderOf(code);
    expect(order.paymentState).toBe('paid');
    const [subscriber] = await ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.email, email));
    expect(subscriber!.endsAt).not.toBeNull();
    const receipts = (await mailsTo(ctx, email)).filter((m) => m.subject.startsWith('Payment received:'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('TLATE12345');
    const audits = await ctx.database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.action, 'subscription.paid'))
      .orderBy(desc(auditLog.id));
    expect(audits.filter((a) => JSON.stringify(a.detail).includes(order.reference))).toHaveLength(1);
  });

  it('a failure callback (1032) then the genuine success for the same prompt pays the order', async () => {
    const code = await subscribe('cancelled.then.paid@nyeri.example');
    expect((await pay(code, '0708 374 142')).statusCode).toBe(200); // the simulator answers 1032
    await until(async () => (await orderOf(code)).paymentState === 'failed');
    const [attempt] = await attemptsOf(code);
    expect(attempt).toMatchObject({ status: 'failed', resultCode: '1032' });
    const answer = await post(JSON.stringify(success(attempt!.checkoutRequestId!, 3000, 254708374142)));
    expect(answer.json()).toEqual(ACK);
    await applied();
    expect((await orderOf(code)).paymentState).toBe('paid');
    expect((await attemptsOf(code))[0]).toMatchObject({ status: 'paid', receipt: 'TLATE12345' });
  });

  it('a late success after another attempt paid is flagged for a refund: support mailed once, listed for the operator', async () => {
    const code = await subscribe('paid.twice@nyeri.example');
    expect((await pay(code, '0708 374 142')).statusCode).toBe(200); // 1032
    await until(async () => (await orderOf(code)).paymentState === 'failed');
    expect((await pay(code, '0708 374 140')).statusCode).toBe(200); // paid
    await until(async () => (await orderOf(code)).paymentState === 'paid');
    const [first] = await attemptsOf(code);
    const body = JSON.stringify(success(first!.checkoutRequestId!, 3000, 254708374142));
    expect((await post(body)).json()).toEqual(ACK);
    expect((await post(body)).json()).toEqual(ACK);
    await applied();
    expect((await attemptsOf(code))[0]).toMatchObject({ status: 'flagged', receipt: 'TLATE12345' });
    const { reference } = await orderOf(code);
    const support = (await mailsTo(ctx, 'support@zabuni.africa')).filter((m) =>
      m.subject.includes(reference),
    );
    expect(support).toHaveLength(1);
    expect(support[0]!.text).toContain('paid twice');
    // The operator's list of money to refund shows it, to platform staff only.
    const moderator = await createMember(ctx, {
      kind: 'platform',
      role: 'moderator',
      email: 'finance.desk@zabuni.example',
    });
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/payments/flagged/',
      headers: bearer(await tokenFor(ctx, moderator.email, moderator.password)),
    });
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { results: unknown[] }).results).toContainEqual(
      expect.objectContaining({
        order_reference: reference,
        receipt: 'TLATE12345',
        phone: '254708374142',
        order_payment_state: 'paid',
        reason: expect.stringMatching(/^paid twice/),
      }),
    );
    const advertiser = await createMember(ctx, {
      kind: 'advertiser',
      role: 'advertiser',
      email: 'ads@late.example',
    });
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/payments/flagged/',
      headers: bearer(await tokenFor(ctx, advertiser.email, advertiser.password)),
    });
    expect(refused.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/payments/flagged/' })).statusCode).toBe(401);
    const paidAudits = await ctx.database.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.action, 'subscription.paid'));
    expect(paidAudits.filter((a) => JSON.stringify(a.detail).includes(reference))).toHaveLength(1);
  });
});

describe('malformed callbacks', () => {
  it('are stored, acknowledged with Daraja’s body and never answered with a 5xx (nor do they pay anything)', async () => {
    const code = await subscribe('target@nyeri.example');
    expect((await pay(code, '0708 374 149')).statusCode).toBe(200); // an open prompt to aim at
    const [attempt] = await attemptsOf(code);
    const id = attempt!.checkoutRequestId!;
    const other = 'ws_CO_not_one_of_ours';
    const realSuccess = JSON.stringify(success(id, 3000, 254708374149));
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const tries: Array<[string, string | Buffer, (string | null)?]> = [
      ['missing Body', JSON.stringify({ stkCallback: { CheckoutRequestID: id, ResultCode: 0 } })],
      ['ResultCode null', realSuccess.replace('"ResultCode":0', '"ResultCode":null')],
      ['ResultCode empty', realSuccess.replace('"ResultCode":0', '"ResultCode":""')],
      ['ResultCode a list', realSuccess.replace('"ResultCode":0', '"ResultCode":[]')],
      ['Body null', JSON.stringify({ Body: null })],
      ['Body.stkCallback null', JSON.stringify({ Body: { stkCallback: null } })],
      ['stkCallback a string', JSON.stringify({ Body: { stkCallback: 'paid' } })],
      [
        'CallbackMetadata of wrong types',
        JSON.stringify({
          Body: {
            stkCallback: {
              CheckoutRequestID: other,
              ResultCode: '0',
              CallbackMetadata: { Item: { Name: 'Amount', Value: 3000 } },
            },
          },
        }),
        undefined!,
      ],
      [
        'items of wrong types',
        JSON.stringify({
          Body: {
            stkCallback: {
              CheckoutRequestID: other,
              ResultCode: 0,
              CallbackMetadata: {
                Item: [null, 7, { Name: 'Amount', Value: [3000] }, { Name: 'PhoneNumber', Value: {} }],
              },
            },
          },
        }),
        undefined!,
      ],
      ['not JSON', '{"Body": {"stkCallback": '],
      ['plain text', 'hello', 'text/plain'],
      ['no content type', 'ResultCode=0', null],
      ['empty JSON body', ''],
      ['JSON null', 'null'],
      ['JSON array', '[1,2,3]'],
      [
        'huge numbers',
        `{"Body":{"stkCallback":{"CheckoutRequestID":"${id}","ResultCode":1e999,"CallbackMetadata":{"Item":[{"Name":"Amount","Value":1e400},{"Name":"PhoneNumber","Value":123456789012345678901234567890}]}}}}`,
        undefined!,
      ],
      [
        'NUL characters',
        JSON.stringify({
          Body: { stkCallback: { CheckoutRequestID: `${id}\u0000`, ResultCode: 0, ResultDesc: 'a\u0000b' } },
        }),
        undefined!,
      ],
      ['raw NUL bytes, not JSON', Buffer.from([0x7b, 0x00, 0x00, 0x7d])],
      [
        'lone surrogate',
        '{"Body":{"stkCallback":{"ResultDesc":"\\ud800","CheckoutRequestID":"x","ResultCode":1}}}',
      ],
      ['nested 5,000 deep', deep],
    ];
    const before = await ctx.database.db
      .select({ value: count() })
      .from(paymentMessages)
      .where(eq(paymentMessages.kind, 'stk_callback'));
    const answers: string[] = [];
    for (const [name, payload, type] of tries) {
      const answer = await post(payload, type === undefined ? 'application/json' : type);
      answers.push(`${name}: ${answer.statusCode} ${answer.body}`);
    }
    expect(answers).toEqual(tries.map(([name]) => `${name}: 200 ${JSON.stringify(ACK)}`));
    const after = await ctx.database.db
      .select({ value: count() })
      .from(paymentMessages)
      .where(eq(paymentMessages.kind, 'stk_callback'));
    expect(after[0]!.value - before[0]!.value).toBe(tries.length);
    await applied();
    // Nothing of that paid or failed the order, nor closed its prompt.
    expect((await orderOf(code)).paymentState).toBe('processing');
    expect((await attemptsOf(code))[0]!.resolvedAt).toBeNull();
  });

  it('still answers 404 on any other path', async () => {
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/stk/not-the-secret',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(answer.statusCode).toBe(404);
  });
});
