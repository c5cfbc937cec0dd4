import ExcelJS from 'exceljs';
import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, manualClock, type TestContext } from '../../../../test/harness.ts';
import { createMember, mailsTo } from '../../../../test/identity.ts';
import { orders, prices } from '../../../schema/payments.tables.ts';
import { supplierRegistrations } from '../../../schema/supplier-registry.tables.ts';
import { DEMO_PREQUALIFIED_EMAIL, seedDemoPrequalified } from '../../../seed/demo-prequalified.ts';

/** Issue 18, prequalified-supplier lists: through the app, its DPO and Daraja simulators and PostgreSQL. */
let ctx: TestContext;
const clock = manualClock();
let kenya: number;
let uganda: number;
let catA: { id: number; name: string };
let catB: { id: number; name: string };
let catC: { id: number; name: string };

interface Order {
  id: string;
  code: string;
  reference: string;
  amount: number;
  currency: string;
  status: number;
  payment_state: string;
  mpesa_available: boolean;
  company_name: string;
  contact_person: string;
  email: string;
  phone_number: string;
  categories: Array<{
    category: { id: number; name: string };
    supplier_count: number;
    amount: number;
    available: number;
  }>;
  shortfall: boolean;
  directory: { currency: { initials: string }; amount: number };
  delivery: null | {
    expired: boolean;
    expires_at: string;
    downloads: { xlsx: string; csv: string } | null;
    categories: Array<{
      category: string;
      requested: number;
      suppliers: Array<{ name: string; source: string; profile_url: string }>;
    }>;
  };
}

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
let address = 0;
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    remoteAddress: `10.9.${Math.floor(++address / 250)}.${address % 250}`,
  });

const request = (overrides: Record<string, unknown> = {}) => ({
  company_name: 'Umoja Commercial Bank',
  contact_person: 'Grace Njeri',
  phone_number: '+254 712 345 678',
  email: 'Grace.Njeri@Umoja.example',
  country: kenya,
  categories: [
    { category: catA.id, supplier_count: 5 },
    { category: catB.id, supplier_count: 1 },
  ],
  ...overrides,
});

async function created(overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await post('/api/v1/prequalified-suppliers/orders/', request(overrides));
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json() as { id: string; reference: string };
  expect(body.reference).toMatch(/^ZP/);
  return body.id;
}

const order = async (id: string) => {
  const response = await get(`/api/v1/prequalified-suppliers/orders/${encodeURIComponent(id)}/`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Order;
};

/** A supplier organisation whose self-registration has `status` (what an approval makes, without the mails). */
async function registered(
  name: string,
  options: { country?: number; categories?: number[]; status?: 'approved' | 'under_review' } = {},
) {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const member = await createMember(ctx, {
    kind: 'supplier',
    role: 'supplier_admin',
    email: `${slug}@pq.example`,
    organisationName: name,
  });
  await ctx.database.db.insert(supplierRegistrations).values({
    status: options.status ?? 'approved',
    companyName: name,
    taxPin: `P05${String(member.organisationId).padStart(7, '0')}X`,
    pinCheck: 'verified',
    email: `${slug}@pq.example`,
    phone: '+254712345678',
    firstName: 'Private',
    lastName: 'Person',
    countryId: options.country ?? kenya,
    city: 'Nairobi',
    userId: member.userId,
    categoryIds: options.categories ?? [],
    termsVersion: 'test',
    consentedAt: new Date(),
    supplierId: options.status === 'under_review' ? null : member.organisationId,
  });
}

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  const countries = (await get('/api/v1/core/countries/?page_size=100')).json() as {
    results: Array<{ id: number; iso2: string }>;
  };
  kenya = countries.results.find((c) => c.iso2 === 'KE')!.id;
  uganda = countries.results.find((c) => c.iso2 === 'UG')!.id;
  const categories = (await get('/api/v1/prequalified-suppliers/categories/?page_size=3')).json() as {
    results: Array<{ id: number; name: string }>;
  };
  [catA, catB, catC] = categories.results as [typeof catA, typeof catB, typeof catC];
  // Category A in Kenya: three approved suppliers; plus one in Uganda and one still in review (neither counts).
  await registered('Amani Office Supplies', { categories: [catA.id, catB.id] });
  await registered('Baraka Traders', { categories: [catA.id] });
  await registered('Chui Services', { categories: [catA.id] });
  await registered('Daima Uganda', { country: uganda, categories: [catA.id, catB.id] });
  await registered('Elgon Pending', { categories: [catA.id, catB.id], status: 'under_review' });
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/v1/prequalified-suppliers/categories/', () => {
  it('answers results with id and name, searchable and paginated, with the price list’s pricing', async () => {
    const response = await get('/api/v1/prequalified-suppliers/categories/?page_size=5');
    expect(response.statusCode).toBe(200);
    const body = response.json() as {
      count: number;
      next: string | null;
      results: Array<{ id: number; name: string }>;
      pricing: unknown;
    };
    expect(body.results).toHaveLength(5);
    expect(Object.keys(body.results[0]!).sort()).toEqual(['id', 'name']);
    expect(body.count).toBeGreaterThan(400);
    expect(body.next).toContain('page=2');
    expect(body.pricing).toEqual({ currency: 'KES', per_supplier: 500, category_minimum: 2000 });
    const searched = (
      await get(`/api/v1/prequalified-suppliers/categories/?search=${encodeURIComponent(catA.name)}`)
    ).json() as { results: Array<{ id: number }> };
    expect(searched.results.map((c) => c.id)).toContain(catA.id);
    expect((await get('/api/v1/prequalified-suppliers/categories/?page=abc')).statusCode).toBe(400);
  });
});

describe('POST /api/v1/prequalified-suppliers/orders/ validation', () => {
  it('refuses garbage bodies with a 4xx and a code, never a 500', async () => {
    const garbage: unknown[] = [
      'not json at all',
      '[]',
      'null',
      '42',
      '"text"',
      {},
      { categories: 'all of them' },
      request({ categories: null }),
      request({ categories: [null] }),
      request({ categories: [{}] }),
      request({ categories: [{ category: 'x', supplier_count: 'y' }] }),
      request({ categories: [{ category: catA.id, supplier_count: 1e30 }] }),
      request({ categories: [{ category: 99_999_999_999, supplier_count: 1 }] }),
      request({ country: 'Kenya' }),
      request({ country: -1 }),
      request({ email: ['a@b.example'] }),
      request({ company_name: 'Nul\u0000Byte' }),
      request({ phone_number: { number: 1 } }),
    ];
    for (const body of garbage) {
      const response = await post('/api/v1/prequalified-suppliers/orders/', body);
      expect(response.statusCode, `${JSON.stringify(body)} → ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(typeof (response.json() as { code?: unknown }).code).toBe('string');
    }
  });

  it('says which rule was broken, by catalogue code', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ categories: [] }, 'prequalified.categories'],
      [{ categories: [{ category: catA.id, supplier_count: -1 }] }, 'prequalified.count'],
      [{ categories: [{ category: catA.id, supplier_count: 1.5 }] }, 'prequalified.count'],
      [{ categories: [{ category: catA.id, supplier_count: '3' }] }, 'prequalified.count'],
      [{ categories: [{ category: catA.id, supplier_count: 1001 }] }, 'prequalified.count_too_large'],
      [{ categories: [{ category: catA.id }] }, 'prequalified.count'],
      [{ categories: [{ supplier_count: 2 }] }, 'prequalified.category'],
      [{ categories: [{ category: catA.id, supplier_count: 0 }] }, 'prequalified.nothing_ordered'],
      [
        {
          categories: [
            { category: catA.id, supplier_count: 1 },
            { category: catA.id, supplier_count: 2 },
          ],
        },
        'prequalified.duplicate_category',
      ],
      [{ categories: [{ category: 2_000_000_000, supplier_count: 2 }] }, 'prequalified.unknown_category'],
      [{ country: 2_000_000_000 }, 'prequalified.country'],
      [{ email: 'not-an-email' }, 'field.email'],
      [{ phone_number: '12ab' }, 'field.phone'],
      [{ company_name: '  ' }, 'field.required'],
      [{ contact_person: undefined }, 'field.required'],
    ];
    for (const [overrides, code] of cases) {
      const response = await post('/api/v1/prequalified-suppliers/orders/', request(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect((response.json() as { code: string }).code, JSON.stringify(overrides)).toBe(code);
    }
  });
});

describe('the order', () => {
  it('is priced by the server from the price list, whatever amount the client sends', async () => {
    const id = await created({
      amount: 1,
      price: 1,
      directory: { amount: 1 },
      categories: [
        { category: catA.id, supplier_count: 10, amount: 1 },
        { category: catB.id, supplier_count: 2 },
        { category: catC.id, supplier_count: 0 },
      ],
    });
    const body = await order(id);
    // 10 × KES 500 = 5,000; 2 × 500 = 1,000 raised to the minimum of 2,000; a row of 0 costs nothing.
    expect(body.categories.map((row) => row.amount)).toEqual([5000, 2000, 0]);
    expect(body).toMatchObject({
      amount: 7000,
      currency: 'KES',
      directory: { currency: { initials: 'KES' }, amount: 7000 },
      status: 1,
      payment_state: 'pending',
      mpesa_available: true,
    });
    // The price list's new prices apply to new orders only.
    await ctx.database.db
      .update(prices)
      .set({ amountMinor: 100_000 })
      .where(eq(prices.product, 'prequalified_list_per_supplier'));
    expect((await order(id)).amount).toBe(7000);
    const later = await order(await created({ categories: [{ category: catA.id, supplier_count: 10 }] }));
    expect(later.amount).toBe(10_000);
    await ctx.database.db
      .update(prices)
      .set({ amountMinor: 50_000 })
      .where(eq(prices.product, 'prequalified_list_per_supplier'));
  });

  it('opens by its id with personal data masked, and an unknown id is a 404 with a code', async () => {
    const body = await order(await created());
    expect(body.company_name).toBe('U**** C********* B***');
    expect(JSON.stringify(body)).not.toMatch(/Grace|Njeri|Umoja|712 ?345/);
    const missing = await get('/api/v1/prequalified-suppliers/orders/nope/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'prequalified.not_found' });
  });

  it('says before payment when fewer suppliers exist than asked, per category', async () => {
    const short = await order(await created());
    expect(short.categories.map((row) => [row.supplier_count, row.available])).toEqual([
      [5, 3], // three approved in Kenya (not the Ugandan one, not the one in review)
      [1, 1],
    ]);
    expect(short.shortfall).toBe(true);
    const enough = await order(await created({ categories: [{ category: catA.id, supplier_count: 2 }] }));
    expect(enough.categories[0]!.available).toBe(2);
    expect(enough.shortfall).toBe(false);
  });

  it('refuses M-Pesa for an order not in KES (the card page is always offered)', async () => {
    const products = ['prequalified_list_per_supplier', 'prequalified_list_category_minimum'];
    await ctx.database.db.update(prices).set({ currency: 'USD' }).where(inArray(prices.product, products));
    try {
      const id = await created();
      const body = await order(id);
      expect(body).toMatchObject({ currency: 'USD', mpesa_available: false });
      const refused = await post(`/api/v1/prequalified-suppliers/orders/payment/${id}/`, {
        payment_type: 'mpesa',
        phone_number: '254712345670',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'payment.mpesa_kes_only' });
      const card = await post(`/api/v1/prequalified-suppliers/orders/payment/${id}/`, {
        payment_type: 'dpo',
      });
      expect(card.statusCode, card.body).toBe(200);
    } finally {
      await ctx.database.db.update(prices).set({ currency: 'KES' }).where(inArray(prices.product, products));
    }
  });
});

describe('payment and delivery', () => {
  it('pays by card on the DPO simulator and delivers the list: order, mail, XLSX and CSV; links expire', async () => {
    const id = await created({ email: 'buyer@delivery.example' });
    const started = await post(`/api/v1/prequalified-suppliers/orders/payment/${id}/`, {
      payment_type: 'dpo',
      amount: 1,
    });
    expect(started.statusCode, started.body).toBe(200);
    const { data } = started.json() as { data: { url: string } };
    const token = new URL(data.url).searchParams.get('ID')!;
    const paid = await ctx.app.inject({
      method: 'POST',
      url: '/sim/dpo/payv2.php/act',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `ID=${encodeURIComponent(token)}&action=pay`,
    });
    const back = new URL(String(paid.headers.location));
    const returned = await ctx.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(
      returned.headers.location,
      `${returned.statusCode} ${returned.body} ${paid.statusCode} ${paid.body}`,
    ).toBe(`http://zabuni.test/prequalified-suppliers/cart/${id}`);

    const body = await order(id);
    expect(body).toMatchObject({ status: 3, payment_state: 'paid', amount: 4500 });
    const delivery = body.delivery!;
    expect(delivery.expired).toBe(false);
    expect(delivery.categories.map((c) => [c.category, c.requested, c.suppliers.map((s) => s.name)])).toEqual(
      [
        [catA.name, 5, ['Amani Office Supplies', 'Baraka Traders', 'Chui Services']],
        [catB.name, 1, ['Amani Office Supplies']],
      ],
    );
    expect(delivery.categories[0]!.suppliers[0]).toMatchObject({ source: 'registered' });
    expect(JSON.stringify(delivery)).not.toMatch(/Private|Person|@pq\.example|712345678/);

    // The mail: the XLSX as the button, the CSV and the order page as links.
    const [mail] = await mailsTo(ctx, 'buyer@delivery.example').then((mails) =>
      mails.filter((m) => m.subject.includes('prequalified supplier list')),
    );
    expect(mail, 'delivery mail').toBeDefined();
    expect(mail!.text).toContain(delivery.downloads!.csv);
    expect(mail!.html).toContain(delivery.downloads!.xlsx.replaceAll('&', '&amp;'));
    expect(mail!.text).toContain(`/prequalified-suppliers/cart/${id}`);

    const path = (url: string) => url.replace('http://zabuni.test', '');
    const xlsx = await get(path(delivery.downloads!.xlsx));
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toBe(
      `attachment; filename="prequalified-suppliers-${body.reference}.xlsx"`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
    const header = rows.findIndex((row) => row[0] === 'Category' && row[2] === 'Supplier');
    expect(header).toBeGreaterThan(0);
    expect(rows.slice(header + 1).map((row) => [row[0], row[2], row[4]])).toEqual([
      [catA.name, 'Amani Office Supplies', 'Kenya'],
      [catA.name, 'Baraka Traders', 'Kenya'],
      [catA.name, 'Chui Services', 'Kenya'],
      [catB.name, 'Amani Office Supplies', 'Kenya'],
    ]);
    expect(rows.some((row) => row[0] === catA.name && row[1] === '3 of 5 asked')).toBe(true);

    const csv = await get(path(delivery.downloads!.csv));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Category,No.,Supplier,City,Country,Source,Tax PIN verified,Profile');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain('Amani Office Supplies,Nairobi,Kenya,Registered supplier,Yes,');

    // A link whose signature does not match is refused.
    const tampered = await get(path(delivery.downloads!.csv).replace(/signature=[^&]+/, 'signature=forged'));
    expect(tampered.statusCode).toBe(404);
    expect(tampered.json()).toMatchObject({ code: 'prequalified.download_invalid' });
    const longer = delivery.downloads!.csv.replace(
      /expires=(\d+)/,
      (_m, e) => `expires=${Number(e) + 86_400}`,
    );
    expect((await get(path(longer))).json()).toMatchObject({ code: 'prequalified.download_invalid' });

    // Eight days later the links have expired, and the Paid view says so.
    clock.advance(8 * 24 * 60 * 60_000);
    const expired = await get(path(delivery.downloads!.xlsx));
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toMatchObject({ code: 'prequalified.download_expired' });
    const after = await order(id);
    expect(after.delivery).toMatchObject({ expired: true, downloads: null, categories: [] });
    clock.advance(-8 * 24 * 60 * 60_000);
  });

  it('a declined card makes the order failed (status 4: the Error view is reachable), and it can be paid again', async () => {
    const id = await created();
    const started = await post(`/api/v1/prequalified-suppliers/orders/payment/${id}/`, {
      payment_type: 'dpo',
    });
    const token = new URL((started.json() as { data: { url: string } }).data.url).searchParams.get('ID')!;
    const declined = await ctx.app.inject({
      method: 'POST',
      url: '/sim/dpo/payv2.php/act',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `ID=${encodeURIComponent(token)}&action=decline`,
    });
    const back = new URL(String(declined.headers.location));
    await ctx.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    const failed = await order(id);
    expect(failed).toMatchObject({ status: 4, payment_state: 'failed', delivery: null });
    const again = await post(`/api/v1/prequalified-suppliers/orders/payment/${id}/`, { payment_type: 'dpo' });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('refuses a payment type it does not know and a second payment of a paid order', async () => {
    const id = await created();
    const wrong = await post(`/api/v1/prequalified-suppliers/orders/payment/${id}/`, {
      payment_type: 'cash',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'payment.method' });
    const unknown = await post('/api/v1/prequalified-suppliers/orders/payment/nope/', {
      payment_type: 'dpo',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('demo data', () => {
  it('seeds one paid list, delivered and mailed, once', async () => {
    const deps = { config: ctx.config, database: ctx.database, logger: pino({ level: 'silent' }) };
    expect(await seedDemoPrequalified(deps)).toBe(true);
    expect(await seedDemoPrequalified(deps)).toBe(false);
    const paid = await ctx.database.db
      .select({ code: orders.code })
      .from(orders)
      .where(eq(orders.customerEmail, DEMO_PREQUALIFIED_EMAIL));
    expect(paid).toHaveLength(1);
    const body = await order(paid[0]!.code);
    expect(body).toMatchObject({ status: 3, payment_state: 'paid' });
    expect(body.delivery!.categories.map((c) => c.suppliers.length)).toEqual([3, 1]);
    const mails = await mailsTo(ctx, DEMO_PREQUALIFIED_EMAIL);
    expect(mails.some((m) => m.subject.includes('prequalified supplier list'))).toBe(true);
  });
});
