import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { bearer, createMember, mailsTo, tokenFor } from '../../../../test/identity.ts';
import { multipart } from '../../../../test/multipart.ts';

/** SPEC §7 `POST /tender-alerts/available-tenders/payment/{code}/` through the app and its Daraja simulator. */
let ctx: TestContext;
let token: string;
let otherToken: string;

interface Order {
  tender_alert: { code: string; reference: string; payment_status: number; amount: number; currency: string };
  tender_alert_job: { id: number };
}

async function publish(title: string): Promise<Order> {
  const closing = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const body = multipart({
    tender_title: title,
    tender_closing_date: closing,
    first_name: 'Amina',
    last_name: 'Otieno',
    email: 'amina@pumps.example',
  });
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/tender-alerts/available-tenders/publish-tender/',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as Order;
}

const pay = (code: string, payload: Record<string, unknown>, as = token) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/tender-alerts/available-tenders/payment/${code}/`,
    headers: bearer(as),
    payload,
  });

const order = async (code: string) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tender-alerts/available-tenders/my-published-tender/?code=${code}`,
      headers: bearer(token),
    })
  ).json() as Order;

async function until(check: () => Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  const a = await createMember(ctx, { kind: 'advertiser', role: 'advertiser', email: 'ads@pumps.example' });
  token = await tokenFor(ctx, a.email, a.password);
  const b = await createMember(ctx, { kind: 'advertiser', role: 'advertiser', email: 'ads@rival.example' });
  otherToken = await tokenFor(ctx, b.email, b.password);
});
afterAll(() => ctx.close());

describe('paying a publishing order with M-Pesa', () => {
  it('goes Pending → Processing → Paid through the simulator and its callback', async () => {
    const created = await publish('Supply of solar pumps');
    const { code } = created.tender_alert;
    expect(created.tender_alert.payment_status).toBe(2);
    const started = await pay(code, { payment_type: 'mpesa', phone_number: '0708 374 140' });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ detail: 'Payment initiated successfully kindly check your phone.' });
    expect((await order(code)).tender_alert.payment_status).toBe(3);
    await until(async () => (await order(code)).tender_alert.payment_status === 1);
    // The receipt (SPEC §9 payment record) is mailed once.
    const receipts = (await mailsTo(ctx, 'amina@pumps.example')).filter((m) =>
      m.subject.startsWith(`Payment received: ${created.tender_alert.reference}`),
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('Tender advert: Supply of solar pumps');
    expect(receipts[0]!.text).toContain('Payment method: M-Pesa');
    expect(receipts[0]!.text).toContain('Total: KES 2,500.00');
    expect(receipts[0]!.text).toMatch(/Transaction ID: S[0-9A-F]{9}/);
    // Paying again is refused: the order is paid.
    expect((await pay(code, { payment_type: 'mpesa', phone_number: '0708374140' })).statusCode).toBe(409);
  });

  it('shows Error (4) when the customer cancels on the phone (1032), and lets them retry', async () => {
    const { code } = (await publish('Supply of office desks')).tender_alert;
    expect((await pay(code, { payment_type: 'mpesa', phone_number: '254708374142' })).statusCode).toBe(200);
    await until(async () => (await order(code)).tender_alert.payment_status === 4);
    expect((await pay(code, { payment_type: 'mpesa', phone_number: '254708374140' })).statusCode).toBe(200);
    await until(async () => (await order(code)).tender_alert.payment_status === 1);
  });

  it('answers clear 4xx for bad input and for someone else’s order', async () => {
    const { code } = (await publish('Supply of chairs')).tender_alert;
    const badPhone = await pay(code, { payment_type: 'mpesa', phone_number: '12345' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json()).toMatchObject({
      phone_number: ['Enter a Safaricom number, e.g. 0712 345 678 or 254712345678.'],
    });
    const noPhone = await pay(code, { payment_type: 'mpesa' });
    expect(noPhone.json()).toMatchObject({ phone_number: ['This field is required.'] });
    const badType = await pay(code, { payment_type: 'cash' });
    expect(badType.statusCode).toBe(400);
    expect(
      (await pay(code, { payment_type: 'mpesa', phone_number: '254708374140' }, otherToken)).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/v1/tender-alerts/available-tenders/payment/${code}/`,
          payload: { payment_type: 'mpesa', phone_number: '254708374140' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('ignores callbacks posted to a wrong path', async () => {
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/stk/guessed-secret',
      payload: { Body: { stkCallback: { CheckoutRequestID: 'ws_CO_1', ResultCode: 0 } } },
    });
    expect(forged.statusCode).toBe(404);
  });

  it('pays by card on DPO’s hosted page; the return verifies with DPO and never believes the browser', async () => {
    const { code } = (await publish('Supply of generators')).tender_alert;
    const started = await pay(code, { payment_type: 'dpo' });
    expect(started.statusCode).toBe(200);
    const { detail, data } = started.json() as { detail: string; data: { url: string } };
    expect(detail).toBe('Payment initiated successfully.');
    expect(data.url).toMatch(/^http:\/\/zabuni\.test\/sim\/dpo\/payv2\.php\?ID=/);
    const token = new URL(data.url).searchParams.get('ID')!;
    expect((await order(code)).tender_alert.payment_status).toBe(3);

    // A forged return (the browser claims success before paying) changes nothing.
    const forged = await ctx.app.inject({
      method: 'GET',
      url: `/api/payments/card/return?TransactionToken=${token}&CCDapproval=123456&TransID=x&CompanyRef=x`,
    });
    expect(forged.statusCode).toBe(303);
    expect(forged.headers.location).toBe(`http://zabuni.test/publish-tender-checkout/${code}`);
    expect((await order(code)).tender_alert.payment_status).toBe(3);

    // The customer pays on the hosted page and is sent back with DPO's query parameters.
    const page = await ctx.app.inject({ method: 'GET', url: `/sim/dpo/payv2.php?ID=${token}` });
    expect(page.body).toContain('2500.00');
    const paid = await ctx.app.inject({
      method: 'POST',
      url: '/sim/dpo/payv2.php/act',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `ID=${encodeURIComponent(token)}&action=pay`,
    });
    expect(paid.statusCode).toBe(303);
    const back = new URL(String(paid.headers.location));
    expect(back.pathname).toBe('/api/payments/card/return');
    for (const name of ['TransID', 'CCDapproval', 'PnrID', 'TransactionToken', 'CompanyRef']) {
      expect(back.searchParams.get(name)).toBeTruthy();
    }
    const returned = await ctx.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(returned.headers.location).toBe(`http://zabuni.test/publish-tender-checkout/${code}`);
    expect((await order(code)).tender_alert.payment_status).toBe(1);
  });

  it('a return from the hosted page without paying (Abandon) fails the attempt at once; a new one may start', async () => {
    const { code } = (await publish('Supply of office chairs')).tender_alert;
    const started = (await pay(code, { payment_type: 'dpo' })).json() as { data: { url: string } };
    const token = new URL(started.data.url).searchParams.get('ID')!;
    const left = await ctx.app.inject({
      method: 'POST',
      url: '/sim/dpo/payv2.php/act',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `ID=${encodeURIComponent(token)}&action=abandon`,
    });
    expect(left.statusCode).toBe(303);
    const back = new URL(String(left.headers.location));
    expect(back.pathname).toBe('/api/payments/card/back');
    const returned = await ctx.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(returned.statusCode).toBe(303);
    expect(returned.headers.location).toBe(`http://zabuni.test/publish-tender-checkout/${code}`);
    expect((await order(code)).tender_alert).toMatchObject({
      payment_status: 4,
      payment_state: 'failed',
      payment_failure: 'cancelled',
      can_retry: true,
    });
    // The abandoned token can no longer take money.
    const late = await ctx.app.inject({
      method: 'POST',
      url: '/sim/dpo/payv2.php/act',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `ID=${encodeURIComponent(token)}&action=pay`,
    });
    expect(late.statusCode).not.toBe(303);
    expect((await pay(code, { payment_type: 'dpo' })).statusCode).toBe(200);
  });

  it('verifies one card token from many places at once (return, push, job) without a deadlock, paid once', async () => {
    const { code } = (await publish('Supply of water tanks')).tender_alert;
    const started = (await pay(code, { payment_type: 'dpo' })).json() as { data: { url: string } };
    const token = new URL(started.data.url).searchParams.get('ID')!;
    await ctx.app.inject({
      method: 'POST',
      url: '/sim/dpo/payv2.php/act',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `ID=${encodeURIComponent(token)}&action=pay`,
    });
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => ctx.services.payments.verifyDpo(token)),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect((await order(code)).tender_alert.payment_status).toBe(1);
    await until(async () =>
      (await mailsTo(ctx, 'amina@pumps.example')).some((m) => m.text.includes('water tanks')),
    );
    const receipts = (await mailsTo(ctx, 'amina@pumps.example')).filter(
      (m) => m.subject.startsWith('Payment received') && m.text.includes('water tanks'),
    );
    expect(receipts).toHaveLength(1);
  });

  it('cancels the older card token when the customer starts again', async () => {
    const { code } = (await publish('Supply of tyres')).tender_alert;
    const first = (await pay(code, { payment_type: 'dpo' })).json() as { data: { url: string } };
    const second = (await pay(code, { payment_type: 'dpo' })).json() as { data: { url: string } };
    const oldToken = new URL(first.data.url).searchParams.get('ID')!;
    expect(new URL(second.data.url).searchParams.get('ID')).not.toBe(oldToken);
    const oldPage = await ctx.app.inject({
      method: 'POST',
      url: '/sim/dpo/payv2.php/act',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `ID=${encodeURIComponent(oldToken)}&action=pay`,
    });
    expect(oldPage.statusCode).toBe(409); // cancelled at DPO: it cannot be paid any more
  });
});

describe('starting payments of a publishing order is rate-limited', () => {
  const start = (code: string, payload: Record<string, unknown>, ip: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/tender-alerts/available-tenders/payment/${code}/`,
      headers: bearer(token),
      payload,
      remoteAddress: ip,
    });

  it('per order: five starts in 10 minutes, then 429 with a clear message, from any address', async () => {
    const { code } = (await publish('Supply of fencing posts')).tender_alert;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (await start(code, { payment_type: 'mpesa', phone_number: '0708 374 149' }, '10.8.0.1')).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await start(code, { payment_type: 'dpo' }, '10.8.0.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'payment.too_many_for_order',
      detail: 'Too many payment attempts for this order. Please wait 10 minutes and try again.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another order of the same advertiser is not held back by it.
    const other = (await publish('Supply of gate hinges')).tender_alert.code;
    expect((await start(other, { payment_type: 'dpo' }, '10.8.0.1')).statusCode).toBe(200);
  });

  it('per phone: 25 pushes to one phone across orders get five prompts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      const { code } = (await publish(`Supply of item ${i}`)).tender_alert;
      statuses.push(
        (await start(code, { payment_type: 'mpesa', phone_number: '0722 000 119' }, `10.9.${i}.1`))
          .statusCode,
      );
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
  });
});
