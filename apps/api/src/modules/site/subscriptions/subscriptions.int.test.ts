import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { mailsTo } from '../../../../test/identity.ts';
import { countries, categories } from '../../../schema/core.tables.ts';
import { subscriptionCategories, subscriptions } from '../../../schema/subscriptions.tables.ts';

/** SPEC §7 tender-alert subscriptions, through the app, its Daraja and DPO simulators and PostgreSQL. */
let ctx: TestContext;
let kenya: number;
let categoryIds: number[];

interface Order {
  code: string;
  currency: string;
  amount: number;
  tax: number;
  reference: string;
  payment_plan: string;
  payment_status: number;
  payment_state: string;
  payment_failure: string | null;
  mpesa_available: boolean;
  receipt: string | null;
  paid_at: string | null;
  supplier: { company_name: string; contact_name: string; email: string; phone_number: string | null };
  categories: Array<{ id: number; name: string }>;
  country: { id: number; name: string };
  period: { starts_at: string; ends_at: string } | null;
}

const form = (overrides: Record<string, unknown> = {}) => ({
  company_name: 'Wanjiru Builders Ltd',
  email: 'Jane.Wanjiru@Builders.example',
  kra_pin_number: 'p051234567x',
  phone_number: '+254 712 345 678',
  first_name: 'Jane',
  last_name: 'Wanjiru',
  country: kenya,
  city: 'Nakuru',
  payment_plan: 'Annual',
  categories: categoryIds,
  marketing: 'Referral',
  ...overrides,
});

const subscribe = (payload: Record<string, unknown>, ip = '10.0.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/tender-alerts/subscription/subscribe/',
    payload,
    remoteAddress: ip,
  });

const getOrder = async (code: string) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/tender-alerts/subscription/search_subscription_code/?code=${encodeURIComponent(code)}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as Order;
};

const pay = (code: string, payload: Record<string, unknown>, ip?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/tender-alerts/subscription/payment/${encodeURIComponent(code)}/`,
    payload,
    ...(ip ? { remoteAddress: ip } : {}),
  });

const searchByEmail = (email: string, ip = '10.0.0.2') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/tender-alerts/subscription/search_subscription/?email=${encodeURIComponent(email)}`,
    remoteAddress: ip,
  });

async function until(check: () => Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function subscribed(overrides: Record<string, unknown> = {}, ip?: string): Promise<string> {
  const response = await subscribe(form(overrides), ip);
  expect(response.statusCode).toBe(201);
  return (response.json() as { code: string }).code;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx.database;
  [{ id: kenya }] = (await db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.iso2, 'KE'))) as [{ id: number }];
  categoryIds = (await db.select({ id: categories.id }).from(categories).limit(2)).map((c) => c.id);
});
afterAll(() => ctx.close());

describe('subscribing to tender alerts', () => {
  it('lists the plans on sale at the price list’s prices (SPEC §9: Monthly KES 400, Annual KES 3000)', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/tender-alerts/subscription/plans/',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      results: [
        { payment_plan: 'Monthly', currency: 'KES', amount: 400, tax: 0 },
        { payment_plan: 'Annual', currency: 'KES', amount: 3000, tax: 0 },
      ],
    });
  });

  it('refuses an incomplete form with SPEC’s messages and stores nothing', async () => {
    const noCountry = await subscribe(form({ country: undefined }));
    expect(noCountry.statusCode).toBe(400);
    expect(noCountry.json()).toMatchObject({ country: ['Please select country!'] });
    const noCategories = await subscribe(form({ categories: [] }));
    expect(noCategories.statusCode).toBe(400);
    expect(noCategories.json()).toMatchObject({
      categories: ['Please select categories for your alert notifications!'],
    });
    const missing = await subscribe(form({ company_name: '', city: ' ', first_name: undefined }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      company_name: ['This field is required.'],
      city: ['This field is required.'],
      first_name: ['This field is required.'],
    });
    const badPlan = await subscribe(form({ payment_plan: 'Weekly', email: 'not-an-email' }));
    expect(badPlan.json()).toMatchObject({
      payment_plan: ['Please select a subscription plan.'],
      email: ['Enter a valid email address.'],
    });
    const unknownCategory = await subscribe(form({ categories: [2_000_000_000] }));
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json()).toMatchObject({
      categories: ['One of the selected categories does not exist.'],
    });
    const unknownCountry = await subscribe(form({ country: 2_000_000_000 }));
    expect(unknownCountry.json()).toMatchObject({ country: ['Please select country!'] });
    expect(await ctx.database.db.select().from(subscriptions)).toHaveLength(0);
  });

  it('creates the order (Annual, KES 3,000, taxes 0) with personal data masked, and mails the checkout link', async () => {
    const response = await subscribe(form());
    expect(response.statusCode).toBe(201);
    const created = response.json() as { code: string; reference: string; detail: string };
    expect(created.detail).toBe('Subscription details submitted successfully, proceed to make payment!');
    expect(created.code.length).toBeGreaterThanOrEqual(20);
    expect(created.reference).toMatch(/^ZS[0-9A-Z]{10}$/);

    const order = await getOrder(created.code);
    expect(order).toMatchObject({
      code: created.code,
      currency: 'KES',
      amount: 3000,
      tax: 0,
      payment_plan: 'Annual',
      payment_status: 2,
      payment_state: 'pending',
      payment_failure: null,
      mpesa_available: true,
      period: null,
      supplier: {
        company_name: 'W****** B******* L**',
        contact_name: 'J*** W***',
        email: 'j***@builders.example',
        phone_number: '+2547******78',
      },
      country: { id: kenya, name: 'Kenya', iso2: 'KE' },
    });
    expect(order.categories.map((c) => c.id).sort()).toEqual([...categoryIds].sort());
    // The full address and number never appear on a page that opens without login.
    const raw = JSON.stringify(order);
    expect(raw).not.toContain('jane.wanjiru');
    expect(raw).not.toContain('712345678');
    expect(raw).not.toContain('Wanjiru Builders');

    const mails = await mailsTo(ctx, 'jane.wanjiru@builders.example');
    const received = mails.find((m) => m.subject === `Your tender-alert subscription: ${created.reference}`);
    expect(received?.text).toContain(`http://zabuni.test/tenders-checkout/${created.code}`);
    expect(received?.text).toContain('KES 3,000.00');

    // The alert engine's record: contact, country, categories (KRA PIN normalised).
    const [row] = await ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.email, 'jane.wanjiru@builders.example'));
    expect(row).toMatchObject({ kraPin: 'P051234567X', city: 'Nakuru', countryId: kenya, endsAt: null });
    const chosen = await ctx.database.db
      .select()
      .from(subscriptionCategories)
      .where(eq(subscriptionCategories.subscriptionId, row!.id));
    expect(chosen).toHaveLength(categoryIds.length);
  });

  it('finds a previous subscription by email: its unpaid order, masked; 404 for an unknown email', async () => {
    const code = await subscribed({ email: 'otieno@pumps.example', payment_plan: 'Monthly' });
    const found = await searchByEmail('OTIENO@pumps.example');
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ supplier: { email: 'o***@pumps.example' }, code });
    const unknown = await searchByEmail('nobody@pumps.example');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ detail: 'No subscription was found for this email.' });
    expect((await searchByEmail('not-an-email')).statusCode).toBe(400);
  });

  it('rate-limits the email lookup', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      statuses.push((await searchByEmail('someone-else@pumps.example', '10.9.9.9')).statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('answers 404 for an unknown code and for another product’s order', async () => {
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/tender-alerts/subscription/search_subscription_code/?code=nope',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ detail: 'No subscription order with this code.' });
    expect((await pay('nope', { payment_type: 'mpesa', phone_number: '254708374140' })).statusCode).toBe(404);
    const missingCode = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/tender-alerts/subscription/search_subscription_code/',
    });
    expect(missingCode.statusCode).toBe(400);
  });
});

describe('paying a subscription', () => {
  it('M-Pesa: Processing, then Paid with a year’s period, receipt mailed once; renewing extends it', async () => {
    const email = 'akinyi@traders.example';
    const code = await subscribed({ email });
    const started = await pay(code, { payment_type: 'mpesa', phone_number: '0708 374 140' });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ detail: 'Payment initiated successfully kindly check your phone.' });
    expect((await getOrder(code)).payment_state).toBe('processing');
    await until(async () => (await getOrder(code)).payment_status === 1);

    const paid = await getOrder(code);
    expect(paid).toMatchObject({ payment_state: 'paid', payment_failure: null });
    expect(paid.receipt).toMatch(/^[A-Z0-9]{10}$/);
    const start = new Date(paid.period!.starts_at);
    const end = new Date(paid.period!.ends_at);
    expect(end.getUTCFullYear() - start.getUTCFullYear()).toBe(1);
    expect(end.getUTCMonth()).toBe(start.getUTCMonth());
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tender-alerts/subscription/retrieve/${code}/`,
    });
    expect(status.json()).toEqual({ code, payment_status: 1, payment_state: 'paid' });

    const receipts = (await mailsTo(ctx, email)).filter((m) => m.subject.startsWith('Payment received'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('Tender alerts, Annual plan');
    expect(receipts[0]!.text).toContain(paid.receipt!);
    expect(receipts[0]!.text).toContain('KES 3,000.00');

    // Paying a paid order again is refused.
    expect((await pay(code, { payment_type: 'mpesa', phone_number: '254708374140' })).statusCode).toBe(409);

    // "Proceed with previous subscription details": a renewal order, whose payment extends the period.
    const again = (await searchByEmail(email)).json() as { code: string };
    expect(again.code).not.toBe(code);
    expect((await getOrder(again.code)).payment_state).toBe('pending');
    expect((await pay(again.code, { payment_type: 'mpesa', phone_number: '254708374140' })).statusCode).toBe(
      200,
    );
    await until(async () => (await getOrder(again.code)).payment_status === 1);
    const renewed = await getOrder(again.code);
    expect(renewed.period!.starts_at).toBe(paid.period!.ends_at);
    const [row] = await ctx.database.db.select().from(subscriptions).where(eq(subscriptions.email, email));
    expect(row!.startsAt!.toISOString()).toBe(paid.period!.starts_at);
    expect(row!.endsAt!.toISOString()).toBe(renewed.period!.ends_at);
  });

  it('shows why it failed (cancelled on the phone, 1032) and lets the customer retry', async () => {
    const code = await subscribed({ email: 'kamau@fleet.example', payment_plan: 'Monthly' });
    expect((await getOrder(code)).amount).toBe(400);
    expect((await pay(code, { payment_type: 'mpesa', phone_number: '254708374142' })).statusCode).toBe(200);
    await until(async () => (await getOrder(code)).payment_state === 'failed');
    expect(await getOrder(code)).toMatchObject({ payment_status: 4, payment_failure: 'cancelled' });
    expect((await pay(code, { payment_type: 'mpesa', phone_number: '254708374140' })).statusCode).toBe(200);
    await until(async () => (await getOrder(code)).payment_status === 1);
    const paid = await getOrder(code);
    const months =
      (new Date(paid.period!.ends_at).getUTCFullYear() - new Date(paid.period!.starts_at).getUTCFullYear()) *
        12 +
      new Date(paid.period!.ends_at).getUTCMonth() -
      new Date(paid.period!.starts_at).getUTCMonth();
    expect(months).toBe(1);
  });

  it('refuses bad payment input with clear messages', async () => {
    const code = await subscribed({ email: 'chebet@farm.example' });
    const noPhone = await pay(code, { payment_type: 'mpesa' });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json()).toMatchObject({ phone_number: ['This field is required.'] });
    const badPhone = await pay(code, { payment_type: 'mpesa', phone_number: '0800 000' });
    expect(badPhone.json()).toMatchObject({
      phone_number: ['Enter a Safaricom number, e.g. 0712 345 678 or 254712345678.'],
    });
    expect((await pay(code, { payment_type: 'cheque' })).statusCode).toBe(400);
    expect((await getOrder(code)).payment_state).toBe('pending');
  });

  it('card: the hosted page pays, the return is verified with DPO, and the order is paid', async () => {
    const code = await subscribed({ email: 'njeri@clinic.example', payment_plan: 'Monthly' });
    const started = await pay(code, { payment_type: 'dpo' });
    expect(started.statusCode).toBe(200);
    const { detail, data } = started.json() as { detail: string; data: { url: string } };
    expect(detail).toBe('Payment initiated successfully.');
    const token = new URL(data.url).searchParams.get('ID')!;
    const paid = await ctx.app.inject({
      method: 'POST',
      url: '/sim/dpo/payv2.php/act',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `ID=${encodeURIComponent(token)}&action=pay`,
    });
    const back = new URL(String(paid.headers.location));
    const returned = await ctx.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(returned.headers.location).toBe(`http://zabuni.test/tenders-checkout/${code}`);
    const order = await getOrder(code);
    expect(order).toMatchObject({ payment_status: 1, payment_state: 'paid' });
    expect(order.period).not.toBeNull();
  });
});

describe('the order page opened by its code', () => {
  it('masks the company name like the contact data, on every answer that opens by code', async () => {
    const code = await subscribed({
      email: 'mask@savannah.example',
      company_name: 'Savannah Office Supplies',
    });
    const order = await getOrder(code);
    expect(order.supplier.company_name).toBe('S******* O***** S*******');
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tender-alerts/subscription/retrieve/${code}/`,
    });
    expect(status.statusCode).toBe(200);
    const search = await searchByEmail('mask@savannah.example', '10.0.5.5');
    expect(JSON.stringify(order)).not.toContain('Savannah'); // (category names may say "Office Supplies")
    for (const body of [JSON.stringify(order.supplier), status.body, search.body]) {
      expect(body).not.toMatch(/Savannah|Office|Supplies/);
    }
    // The subscriber's own record keeps the name as typed.
    const [row] = await ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.email, 'mask@savannah.example'));
    expect(row!.companyName).toBe('Savannah Office Supplies');
  });
});

describe('the subscription’s tax PIN', () => {
  it('is checked like the registration’s: the KRA format in Kenya, with the field named', async () => {
    for (const pin of ['hello', 'P05123456', 'X051234567Q', 'P0512345678', '<script>']) {
      const response = await subscribe(form({ email: 'pin@kra.example', kra_pin_number: pin }), '10.0.6.6');
      expect(response.statusCode, pin).toBe(400);
      expect(response.json()).toMatchObject({
        kra_pin_number: ['Enter a valid KRA PIN, e.g. A123456789B.'],
        detail: 'kra_pin_number: Enter a valid KRA PIN, e.g. A123456789B.',
      });
    }
    const none = await ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.email, 'pin@kra.example'));
    expect(none).toEqual([]);
  });

  it('is stored normalised (upper case, no spaces); it stays optional', async () => {
    await subscribed({ email: 'pin.ok@kra.example', kra_pin_number: ' a 051 234 567 q ' });
    await subscribed({ email: 'pin.none@kra.example', kra_pin_number: '' });
    const rows = await ctx.database.db.select().from(subscriptions);
    expect(rows.find((r) => r.email === 'pin.ok@kra.example')!.kraPin).toBe('A051234567Q');
    expect(rows.find((r) => r.email === 'pin.none@kra.example')!.kraPin).toBeNull();
  });

  it('outside Kenya, a plausible tax number is accepted and anything else refused', async () => {
    const [uganda] = await ctx.database.db
      .select({ id: countries.id })
      .from(countries)
      .where(eq(countries.iso2, 'UG'));
    const bad = await subscribe(
      form({ email: 'pin@ura.example', country: uganda!.id, kra_pin_number: '!!' }),
      '10.0.6.6',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ kra_pin_number: ['Enter a valid tax identification number.'] });
    await subscribed({ email: 'pin@ura.example', country: uganda!.id, kra_pin_number: '10003 45678' });
    const [row] = await ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.email, 'pin@ura.example'));
    expect(row!.kraPin).toBe('1000345678');
  });
});

describe('starting payments is rate-limited (each M-Pesa try rings a phone)', () => {
  const limited = (detail: string) => expect.objectContaining({ detail });

  it('per order: five starts in 10 minutes, then 429', async () => {
    const code = await subscribed({ email: 'rate.order@limits.example' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (await pay(code, { payment_type: 'mpesa', phone_number: '0708 374 149' }, '10.3.0.1')).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await pay(code, { payment_type: 'dpo' }, '10.3.0.2'); // another address, same order
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(
      limited('Too many payment attempts for this order. Please wait 10 minutes and try again.'),
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('per phone: 25 pushes to one phone in a row, across orders, get five prompts', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof pay>> | null = null;
    for (let i = 0; i < 25; i += 1) {
      const code = await subscribed({ email: `rate.phone.${i}@limits.example` }, `10.4.${i}.1`);
      last = await pay(code, { payment_type: 'mpesa', phone_number: '0711 222 339' }, `10.4.${i}.2`);
      statuses.push(last.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    expect(last!.json()).toEqual(
      limited('Too many payment prompts were sent to this phone. Please wait 10 minutes and try again.'),
    );
  });

  it('per address: twenty starts an hour, then 429', async () => {
    const statuses: number[] = [];
    for (let order = 0; order < 5; order += 1) {
      const code = await subscribed({ email: `rate.ip.${order}@limits.example` }, `10.5.${order}.1`);
      for (let i = 0; i < 5; i += 1) {
        const phone = `07083741${order}9`;
        statuses.push(
          (await pay(code, { payment_type: 'mpesa', phone_number: phone }, '10.5.9.9')).statusCode,
        );
      }
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429, 429]);
    const code = await subscribed({ email: 'rate.ip.last@limits.example' }, '10.5.8.1');
    const refused = await pay(code, { payment_type: 'dpo' }, '10.5.9.9');
    expect(refused.json()).toEqual(
      limited('Too many payment attempts from your network. Please wait an hour and try again.'),
    );
  });
});
