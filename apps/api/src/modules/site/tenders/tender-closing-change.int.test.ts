import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { bearer, createMember, mailsTo, tokenFor } from '../../../../test/identity.ts';
import { multipart } from '../../../../test/multipart.ts';
import { tenders } from '../../../schema/tenders.tables.ts';

/**
 * Issue 16 point 2 (rest): a closed unpaid tender can get a new closing date (then be paid) or be withdrawn
 * (never public, never payable), by its advertiser only; `published` says what the public sees.
 */
let ctx: TestContext;
let token: string;
let otherToken: string;
let buyerToken: string;
let moderatorToken: string;

interface Order {
  tender_alert: { code: string };
  tender_alert_job: { id: number };
}
interface Mine {
  id: number;
  status: string;
  payment_status: number;
  published: unknown;
  can_pay: boolean;
  closing_date: string;
}

async function publish(title: string): Promise<Order> {
  const closing = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const body = multipart({
    tender_title: title,
    tender_closing_date: closing,
    first_name: 'Amina',
    last_name: 'Otieno',
    email: 'amina@change.example',
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

const closeIt = (id: number) =>
  ctx.database.db
    .update(tenders)
    .set({ closingAt: new Date('2026-01-15T09:00:00.000Z') })
    .where(eq(tenders.id, id));

const approve = (id: number) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/tender-alerts/moderation/tenders/${id}/approve/`,
    headers: bearer(moderatorToken),
  });

const post = (url: string, as: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(as), ...(payload ? { payload } : {}) });
const changeDate = (id: number, payload: object, as = token) =>
  post(`/api/v1/tender-alerts/available-tenders/my-published-tenders/${id}/closing-date/`, as, payload);
const withdraw = (id: number, as = token) =>
  post(`/api/v1/tender-alerts/available-tenders/my-published-tenders/${id}/withdraw/`, as);
const pay = (code: string) =>
  post(`/api/v1/tender-alerts/available-tenders/payment/${code}/`, token, {
    payment_type: 'mpesa',
    phone_number: '0708374140',
  });

const mine = async (id: number) =>
  (
    (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/tender-alerts/available-tenders/my-published-tenders/?page_size=50',
        headers: bearer(token),
      })
    ).json() as { results: Mine[] }
  ).results.find((t) => t.id === id)!;

const nextYear = new Date().getUTCFullYear() + 1;

beforeAll(async () => {
  ctx = await createTestContext();
  const member = await createMember(ctx, {
    kind: 'advertiser',
    role: 'advertiser',
    email: 'ads@change.example',
  });
  token = await tokenFor(ctx, member.email, member.password);
  const other = await createMember(ctx, {
    kind: 'advertiser',
    role: 'advertiser',
    email: 'rival@change.example',
  });
  otherToken = await tokenFor(ctx, other.email, other.password);
  const buyer = await createMember(ctx, { kind: 'buyer', role: 'org_admin', email: 'buyer@change.example' });
  buyerToken = await tokenFor(ctx, buyer.email, buyer.password);
  const moderator = await createMember(ctx, {
    kind: 'platform',
    role: 'moderator',
    email: 'mod@change.example',
  });
  moderatorToken = await tokenFor(ctx, moderator.email, moderator.password);
});
afterAll(() => ctx.close());

describe('published says what the public sees', () => {
  it('is false under review, awaiting_payment when approved but unpaid, true once paid', async () => {
    const order = await publish('Supply of awaited pumps');
    const id = order.tender_alert_job.id;
    expect((await mine(id)).published).toBe(false);
    expect((await approve(id)).statusCode).toBe(200);
    expect((await mine(id)).published).toBe('awaiting_payment');
    await ctx.services.tenders.setPaymentState(order.tender_alert.code, 'paid');
    expect((await mine(id)).published).toBe(true);
    // A paid tender keeps its date and cannot be withdrawn here.
    expect((await withdraw(id)).json()).toMatchObject({ code: 'tender.not_changeable' });
  });
});

describe('a closed unpaid tender', () => {
  it('gets a new closing date in EAT, validated on the server, and can be paid again', async () => {
    const order = await publish('Supply of late pumps');
    const id = order.tender_alert_job.id;
    await closeIt(id);
    expect(await mine(id)).toMatchObject({ status: 'closed', can_pay: false });

    const past = await changeDate(id, { tender_closing_date: '2026-01-20', closing_time: '10:00' });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ code: 'tender.closing_in_past' });
    const badTime = await changeDate(id, { tender_closing_date: `${nextYear}-03-01`, closing_time: '25:00' });
    expect(badTime.statusCode).toBe(400);
    const badDay = await changeDate(id, { tender_closing_date: `${nextYear}-02-30` });
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json()).toMatchObject({ code: 'tender.invalid_date' });

    // Others may not: another advertiser gets 404, a buyer 403.
    expect((await changeDate(id, { tender_closing_date: `${nextYear}-03-01` }, otherToken)).statusCode).toBe(
      404,
    );
    expect((await changeDate(id, { tender_closing_date: `${nextYear}-03-01` }, buyerToken)).statusCode).toBe(
      403,
    );

    const changed = await changeDate(id, { tender_closing_date: `${nextYear}-03-01`, closing_time: '10:30' });
    expect(changed.statusCode).toBe(200);
    // 10:30 in Nairobi is 07:30 UTC.
    expect(changed.json()).toMatchObject({
      status: 'open',
      can_pay: true,
      closing_date: `${nextYear}-03-01T07:30:00.000Z`,
    });
    expect((await pay(order.tender_alert.code)).statusCode).toBe(200);
  });

  it('can be withdrawn with the owner only: never public, never payable, not changeable', async () => {
    const order = await publish('Supply of withdrawn pumps');
    const id = order.tender_alert_job.id;
    expect((await approve(id)).statusCode).toBe(200);
    await closeIt(id);

    expect((await withdraw(id, otherToken)).statusCode).toBe(404);
    expect((await withdraw(id, buyerToken)).statusCode).toBe(403);
    const done = await withdraw(id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ published: 'withdrawn', can_pay: false });

    const refused = await pay(order.tender_alert.code);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'tender.withdrawn' });
    const again = await changeDate(id, { tender_closing_date: `${nextYear}-03-01` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'tender.withdrawn' });
    expect((await withdraw(id)).statusCode).toBe(409);

    // Even if a payment arrived somehow, the public never sees it as published.
    const publicDetail = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tender-alerts/available-tenders/${id}/`,
    });
    expect(publicDetail.statusCode).toBe(404);
  });
});

describe('closing times in mails (issue 16 point 6)', () => {
  it('states the closing time in East Africa Time, labelled, on its EAT day, in the received and approved mails', async () => {
    // 21:30 UTC on 1 March is 00:30 on 2 March in Nairobi.
    const body = multipart({
      tender_title: 'Supply of midnight pumps',
      tender_closing_date: `${nextYear}-03-02`,
      closing_date: `${nextYear}-03-01T21:30:00.000Z`,
      first_name: 'Amina',
      last_name: 'Otieno',
      email: 'amina@midnight.example',
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tender-alerts/available-tenders/publish-tender/',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
    });
    expect(response.statusCode, response.body).toBe(201);
    const received = (await mailsTo(ctx, 'amina@midnight.example'))[0]!;
    expect(received.subject).toBe('We received your tender: Supply of midnight pumps');
    expect(received.text).toContain(`It closes on 2 March ${nextYear} at 00:30 EAT.`);

    expect((await approve((response.json() as Order).tender_alert_job.id)).statusCode).toBe(200);
    const approved = (await mailsTo(ctx, 'amina@midnight.example')).find((m) =>
      m.subject.startsWith('Your tender is approved'),
    )!;
    expect(approved.text).toContain(`It closes on 2 March ${nextYear} at 00:30 EAT.`);
  });
});
