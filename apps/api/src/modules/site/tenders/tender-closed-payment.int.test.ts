import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { bearer, createMember, tokenFor } from '../../../../test/identity.ts';
import { multipart } from '../../../../test/multipart.ts';
import { orders, paymentAttempts } from '../../../schema/payments.tables.ts';
import { tenders } from '../../../schema/tenders.tables.ts';

/** Issue 16 point 2: a tender whose closing date has passed can no longer be paid for (409), nor offered. */
let ctx: TestContext;
let token: string;

interface Order {
  tender_alert: { code: string; payment_status: number };
  tender_alert_job: { id: number };
}

async function publish(title: string): Promise<Order> {
  const closing = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const body = multipart({
    tender_title: title,
    tender_closing_date: closing,
    first_name: 'Amina',
    last_name: 'Otieno',
    email: 'amina@closed.example',
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

const pay = (code: string, payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/tender-alerts/available-tenders/payment/${code}/`,
    headers: bearer(token),
    payload,
  });

const mine = async () =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/tender-alerts/available-tenders/my-published-tenders/?page_size=50',
      headers: bearer(token),
    })
  ).json() as { results: Array<{ code: string; status: string; payment_status: number; can_pay: boolean }> };

beforeAll(async () => {
  ctx = await createTestContext();
  const member = await createMember(ctx, {
    kind: 'advertiser',
    role: 'advertiser',
    email: 'ads@closed.example',
  });
  token = await tokenFor(ctx, member.email, member.password);
});
afterAll(() => ctx.close());

describe('paying for a tender that has closed', () => {
  it('refuses M-Pesa and card with 409 tender.closed_unpaid, stores nothing, and stops offering payment', async () => {
    const { code, payment_status } = (await publish('Supply of closed pumps')).tender_alert;
    expect(payment_status).toBe(2);
    const db = ctx.database.db;
    // The closing date passes while the order is still unpaid.
    await db
      .update(tenders)
      .set({ closingAt: new Date('2026-01-15T09:00:00.000Z') })
      .where(eq(tenders.code, code));
    const [before] = await db.select().from(orders).where(eq(orders.code, code));

    for (const payload of [{ payment_type: 'mpesa', phone_number: '0708374140' }, { payment_type: 'dpo' }]) {
      const refused = await pay(code, payload);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'tender.closed_unpaid',
        detail:
          'This tender closed on 2026-01-15; it can no longer be paid for. Change its closing date or withdraw it.',
      });
    }

    const [after] = await db.select().from(orders).where(eq(orders.code, code));
    expect(after).toEqual(before);
    expect(after!.paymentState).toBe('pending');
    expect(await db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, before!.id))).toEqual(
      [],
    );

    const listed = (await mine()).results.find((t) => t.code === code)!;
    expect(listed).toMatchObject({ status: 'closed', payment_status: 2, can_pay: false });
  });

  it('still starts a payment for a tender that is open, and offers it', async () => {
    const { code } = (await publish('Supply of open pumps')).tender_alert;
    expect((await mine()).results.find((t) => t.code === code)).toMatchObject({
      status: 'open',
      can_pay: true,
    });
    const started = await pay(code, { payment_type: 'mpesa', phone_number: '0708374140' });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ detail: 'Payment initiated successfully kindly check your phone.' });
  });
});
