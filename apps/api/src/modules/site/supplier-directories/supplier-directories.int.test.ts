import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { bearer, createMember, mailsTo, nextClientAddress, tokenFor } from '../../../../test/identity.ts';
import { supplierRegistrations } from '../../../schema/supplier-registry.tables.ts';

/** Issue 18 country supplier directories, through the app, the M-Pesa simulator and PostgreSQL. */

let ctx: TestContext;
let moderator: string;
let buyer: string;
let kenya: number;
let uganda: number;
let tanzania: number;
let categoryNames: string[];
const directoryIds = { kenya: 0, uganda: 0, tanzania: 0 };

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers, remoteAddress: nextClientAddress() });
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers,
    remoteAddress: nextClientAddress(),
  });

async function registered(name: string, country: number, categoryIds: number[], city = 'Nairobi') {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const member = await createMember(ctx, {
    kind: 'supplier',
    role: 'supplier_admin',
    email: `${slug}@directory.example`,
    organisationName: name,
  });
  await ctx.database.db.insert(supplierRegistrations).values({
    status: 'approved',
    companyName: name,
    taxPin: `P05${String(member.organisationId).padStart(7, '0')}X`,
    pinCheck: 'verified',
    email: `${slug}@directory.example`,
    phone: '+254799999999',
    firstName: 'Private',
    lastName: 'Person',
    countryId: country,
    city,
    userId: member.userId,
    categoryIds,
    termsVersion: 'test',
    consentedAt: new Date(),
    supplierId: member.organisationId,
  });
  return member.organisationId;
}

async function until(check: () => Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const form = (overrides: Record<string, unknown> = {}) => ({
  country: kenya,
  name: 'Kenya Supplier Directory',
  description: '<p>Every <strong>approved</strong> supplier.</p><script>alert(1)</script>',
  features: ['Names and cities', 'Categories'],
  directory_format: 'XLSX and CSV',
  software_requirements: 'Microsoft Excel or LibreOffice',
  os_requirements: 'Windows, macOS or Linux',
  currency: 'kes',
  amount: 5000,
  active: true,
  ...overrides,
});

async function createDirectory(overrides: Record<string, unknown> = {}) {
  const response = await post(
    '/api/v1/supplier-directory/moderation/directories/',
    form(overrides),
    bearer(moderator),
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number };
}

async function order(directory: number, email = 'wanjiru@buyer.example') {
  const response = await post('/api/v1/supplier-directory/orders/', {
    directory,
    name: 'Wanjiru Kamau',
    email,
    marketing: 'Referral',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { reference: string; order_reference: string; detail: string };
}

const retrieve = async (code: string) => {
  const response = await get(`/api/v1/supplier-directory/orders/retrieve/${code}/`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

beforeAll(async () => {
  // A web dist of its own (the shell only), for the sitemap and the detail page's link-preview meta.
  const webDir = path.join(await mkdtemp(path.join(tmpdir(), 'zabuni-web-')), 'dist');
  await mkdir(webDir);
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><title>Zabuni</title></head><body><div id="root"></div></body></html>',
  );
  ctx = await createTestContext({ env: { WEB_DIST_DIR: webDir } });
  const countries = (await get('/api/v1/core/countries/?page_size=300')).json();
  const byIso = (iso: string) =>
    (countries.results as { id: number; iso2: string }[]).find((c) => c.iso2 === iso)!.id;
  kenya = byIso('KE');
  uganda = byIso('UG');
  tanzania = byIso('TZ');
  const categories = (await get('/api/v1/core/category-types/')).json() as {
    results: { id: number; name: string }[];
  };
  const picked = categories.results.slice(0, 2);
  categoryNames = picked.map((c) => c.name);
  const m = await createMember(ctx, { kind: 'platform', role: 'moderator', email: 'desk@zabuni.example' });
  moderator = await tokenFor(ctx, m.email, m.password);
  const b = await createMember(ctx, { kind: 'buyer', role: 'org_admin', email: 'admin@umoja.example' });
  buyer = await tokenFor(ctx, b.email, b.password);

  await registered('Amani Supplies', kenya, [picked[0]!.id, picked[1]!.id]);
  await registered('Baraka Hardware', kenya, [], 'Mombasa');
  await registered('Kampala Traders', uganda, [picked[0]!.id], 'Kampala');

  directoryIds.kenya = (await createDirectory()).id;
  directoryIds.uganda = (
    await createDirectory({ country: uganda, name: 'Uganda Supplier Directory', amount: 40, currency: 'USD' })
  ).id;
  directoryIds.tanzania = (
    await createDirectory({ country: tanzania, name: 'Tanzania Supplier Directory', active: false })
  ).id;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('the public directories', () => {
  it('lists active directories by name, searched, ordered and paged (16 by default)', async () => {
    const list = (await get('/api/v1/supplier-directory/directories/')).json();
    expect(list.count).toBe(2);
    expect(list.results.map((d: { name: string }) => d.name)).toEqual([
      'Kenya Supplier Directory',
      'Uganda Supplier Directory',
    ]);
    expect(list.results[0]).toMatchObject({
      country: { name: 'Kenya', flag: '/flags/ke.svg', iso2: 'KE' },
      currency: { initials: 'KES' },
      amount: 5000,
      features: ['Names and cities', 'Categories'],
      directory_format: 'XLSX and CSV',
      software_requirements: 'Microsoft Excel or LibreOffice',
      os_requirements: 'Windows, macOS or Linux',
    });
    // The description is stored sanitised.
    expect(list.results[0].description).toBe('<p>Every <strong>approved</strong> supplier.</p>');

    const desc = (await get('/api/v1/supplier-directory/directories/?order=desc')).json();
    expect(desc.results.map((d: { name: string }) => d.name)).toEqual([
      'Uganda Supplier Directory',
      'Kenya Supplier Directory',
    ]);
    const search = (await get('/api/v1/supplier-directory/directories/?search=ugan')).json();
    expect(search.count).toBe(1);
    const paged = (await get('/api/v1/supplier-directory/directories/?page_size=1&page=2')).json();
    expect(paged.results).toHaveLength(1);
    expect(paged.results[0].name).toBe('Uganda Supplier Directory');
    expect(paged.previous).toContain('page=1');
    expect(paged.next).toBeNull();
  });

  it('answers one directory with its supplier count; an inactive or unknown one is a 404 with a code', async () => {
    const kenyaDirectory = (
      await get(`/api/v1/supplier-directory/directories/${directoryIds.kenya}/`)
    ).json();
    expect(kenyaDirectory).toMatchObject({ name: 'Kenya Supplier Directory', supplier_count: 2 });
    for (const id of [directoryIds.tanzania, 999_999]) {
      const missing = await get(`/api/v1/supplier-directory/directories/${id}/`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('directory.not_found');
    }
  });

  it('feeds the header menu with the active directories by country', async () => {
    const menu = (await get('/api/v1/supplier-directory/directories/top-nav-directories/')).json();
    expect(menu.results.map((d: { country: { iso2: string } }) => d.country.iso2)).toEqual(['KE', 'UG']);
  });

  it('refuses bad input with 400s, never a 500', async () => {
    for (const url of [
      '/api/v1/supplier-directory/directories/?order=sideways',
      '/api/v1/supplier-directory/directories/?page=0',
      '/api/v1/supplier-directory/directories/?page_size=abc',
      '/api/v1/supplier-directory/directories/abc/',
      '/api/v1/supplier-directory/directories/99999999999/',
    ]) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
    const noEmail = await post('/api/v1/supplier-directory/orders/', {
      directory: directoryIds.kenya,
      name: 'X',
    });
    expect(noEmail.statusCode).toBe(400);
    const badEmail = await post('/api/v1/supplier-directory/orders/', {
      directory: directoryIds.kenya,
      name: 'X',
      email: 'not-an-email',
    });
    expect(badEmail.statusCode).toBe(400);
    const unknown = await post('/api/v1/supplier-directory/orders/', {
      directory: 424242,
      name: 'X',
      email: 'x@example.com',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('directory.not_found');
    const inactive = await post('/api/v1/supplier-directory/orders/', {
      directory: directoryIds.tanzania,
      name: 'X',
      email: 'x@example.com',
    });
    expect(inactive.statusCode).toBe(400);
    const unknownOrder = await get('/api/v1/supplier-directory/orders/retrieve/nope/');
    expect(unknownOrder.statusCode).toBe(404);
    expect(unknownOrder.json().code).toBe('directory.order_not_found');
    const badType = await post('/api/v1/supplier-directory/orders/payment/nope/', { payment_type: 'cash' });
    expect(badType.statusCode).toBe(400);
  });
});

describe('buying a directory', () => {
  it('prices the order from the server (a client amount is ignored) and answers the SPEC toast', async () => {
    const response = await post('/api/v1/supplier-directory/orders/', {
      directory: directoryIds.kenya,
      name: 'Cheapskate',
      email: 'cheap@buyer.example',
      amount: 1,
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created.detail).toBe('Directory added to cart, proceed to make payment!');
    expect(created.order_reference).toMatch(/^ZD[0-9A-Z]{10}$/);
    const cart = await retrieve(created.reference);
    expect(cart).toMatchObject({
      amount: 5000,
      currency: 'KES',
      status: 1,
      payment_state: 'pending',
      mpesa_available: true,
      directory: { id: directoryIds.kenya, name: 'Kenya Supplier Directory', currency: { initials: 'KES' } },
      delivery: null,
    });
    // Opened without signing in: the contact is masked.
    expect(cart.email).not.toBe('cheap@buyer.example');
    // M-Pesa only for KES.
    const usd = await order(directoryIds.uganda);
    expect((await retrieve(usd.reference)).mpesa_available).toBe(false);
    const refused = await post(`/api/v1/supplier-directory/orders/payment/${usd.reference}/`, {
      payment_type: 'mpesa',
      phone_number: '254708374140',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('payment.mpesa_kes_only');
  });

  it('M-Pesa: processing, then paid; the buyer gets the snapshot as XLSX and CSV, by mail and on the order', async () => {
    const email = 'delivery@buyer.example';
    const { reference } = await order(directoryIds.kenya, email);
    const started = await post(`/api/v1/supplier-directory/orders/payment/${reference}/`, {
      payment_type: 'mpesa',
      phone_number: '0708 374 140',
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().detail).toBe('Payment initiated successfully kindly check your phone.');
    await until(async () => (await retrieve(reference)).status === 3);
    const paid = await retrieve(reference);
    expect(paid).toMatchObject({ payment_state: 'paid', status: 3 });
    expect(paid.delivery).toMatchObject({ supplier_count: 2, expired: false });
    const expires = new Date(paid.delivery.expires_at).getTime() - new Date(paid.paid_at).getTime();
    expect(Math.round(expires / 86_400_000)).toBe(7);
    const xlsxUrl = paid.delivery.downloads.find((d: { format: string }) => d.format === 'xlsx')
      .url as string;
    const csvUrl = paid.delivery.downloads.find((d: { format: string }) => d.format === 'csv').url as string;
    const token = /download\/([^/]+)\//.exec(xlsxUrl)![1]!;
    expect(token.length).toBeGreaterThanOrEqual(40);

    // A supplier changed after payment does not change the file bought.
    await ctx.database.db.execute(
      sql`UPDATE organisations SET name = 'Amani Renamed' WHERE name = 'Amani Supplies'`,
    );
    await registered('Late Joiner Ltd', kenya, []);

    const xlsx = await get(xlsxUrl);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toContain('.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Suppliers')!;
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(rows[2]).toEqual([
      'No.',
      'Supplier',
      'City',
      'Country',
      'Categories',
      'Tax PIN verified',
      'Profile',
    ]);
    expect(rows.slice(3).map((r) => r.slice(0, 4))).toEqual([
      ['1', 'Amani Supplies', 'Nairobi', 'Kenya'],
      ['2', 'Baraka Hardware', 'Mombasa', 'Kenya'],
    ]);
    expect(rows[3]![4]).toBe([...categoryNames].sort().join('; '));
    // No personal contacts: the suppliers have not agreed to publish any.
    const everything = JSON.stringify(rows);
    expect(everything).not.toContain('Private');
    expect(everything).not.toContain('@directory.example');
    expect(everything).not.toContain('799999999');
    expect(everything).not.toContain('Kampala');

    const csv = await get(csvUrl);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('No.,Supplier,City,Country,Categories,Tax PIN verified,Profile');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('Amani Supplies,Nairobi,Kenya');
    expect(csv.body).not.toContain('Late Joiner');

    // The mail carries both links (sent once).
    const delivered = (await mailsTo(ctx, email)).filter((m) => m.subject.includes('is ready'));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.text).toContain(xlsxUrl);
    expect(delivered[0]!.text).toContain(csvUrl);

    // A payment attempt on a paid order is refused.
    const again = await post(`/api/v1/supplier-directory/orders/payment/${reference}/`, {
      payment_type: 'mpesa',
      phone_number: '0708 374 140',
    });
    expect(again.statusCode).toBe(409);

    // Invalid token, bad format, then expiry after 7 days: 4xx with codes.
    const invalid = await get('/api/v1/supplier-directory/orders/download/not-a-token/xlsx/');
    expect(invalid.statusCode).toBe(404);
    expect(invalid.json().code).toBe('directory.download_invalid');
    expect((await get(xlsxUrl.replace('/xlsx/', '/pdf/'))).statusCode).toBe(400);
    // Seven days later (the expiry moved to a minute ago).
    await ctx.database.db.execute(
      sql`UPDATE supplier_directory_orders SET download_expires_at = now() - interval '1 minute'
           WHERE download_token = ${token}`,
    );
    const expired = await get(csvUrl);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().code).toBe('directory.download_expired');
    expect((await retrieve(reference)).delivery.expired).toBe(true);

    // Support sends it again: new links to the same snapshot, valid 7 days from now; the old ones stop.
    const list = await get('/api/v1/supplier-directory/orders/?search=delivery%40buyer', bearer(moderator));
    expect(list.statusCode).toBe(200);
    expect(list.json().results).toHaveLength(1);
    expect(list.json().results[0]).toMatchObject({
      reference: paid.reference,
      payment_state: 'paid',
      supplier_count: 2,
    });
    const resent = await post(
      `/api/v1/supplier-directory/moderation/orders/${reference}/resend/`,
      {},
      bearer(moderator),
    );
    expect(resent.statusCode, resent.body).toBe(200);
    const again2 = await retrieve(reference);
    expect(again2.delivery.expired).toBe(false);
    const newCsv = again2.delivery.downloads.find((d: { format: string }) => d.format === 'csv')
      .url as string;
    expect(newCsv).not.toBe(csvUrl);
    const fresh = await get(newCsv);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toContain('Amani Supplies');
    expect(fresh.body).not.toContain('Late Joiner');
    expect((await get(csvUrl)).json().code).toBe('directory.download_invalid');
    await until(
      async () => (await mailsTo(ctx, email)).filter((m) => m.subject.includes('is ready')).length === 2,
    );
  });

  it('card: the hosted page is offered for any currency (its address answered)', async () => {
    const { reference } = await order(directoryIds.uganda, 'card@buyer.example');
    const started = await post(`/api/v1/supplier-directory/orders/payment/${reference}/`, {
      payment_type: 'dpo',
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ detail: 'Payment initiated successfully.' });
    expect(started.json().data.url).toContain('/sim/dpo');
    expect((await retrieve(reference)).payment_state).toBe('processing');
  });

  it('an unpaid order has no delivery, and a failed payment reads failed (Error reachable)', async () => {
    const { reference } = await order(directoryIds.kenya, 'fails@buyer.example');
    const started = await post(`/api/v1/supplier-directory/orders/payment/${reference}/`, {
      payment_type: 'mpesa',
      phone_number: '0708 374 141',
    });
    expect(started.statusCode).toBe(200);
    await until(async () => (await retrieve(reference)).payment_state === 'failed');
    const failed = await retrieve(reference);
    expect(failed).toMatchObject({ status: 4, payment_failure: 'insufficient_funds', delivery: null });
  });
});

describe('the operator’s directories', () => {
  it('refuses everyone but operator staff', async () => {
    for (const headers of [{}, bearer(buyer)]) {
      const orders = await get('/api/v1/supplier-directory/orders/', headers);
      expect([401, 403]).toContain(orders.statusCode);
      const resend = await post('/api/v1/supplier-directory/moderation/orders/nope/resend/', {}, headers);
      expect([401, 403]).toContain(resend.statusCode);
      const list = await get('/api/v1/supplier-directory/moderation/directories/', headers);
      expect([401, 403]).toContain(list.statusCode);
      const create = await post('/api/v1/supplier-directory/moderation/directories/', form(), headers);
      expect([401, 403]).toContain(create.statusCode);
    }
  });

  it('lists every directory with its paid orders, edits a price, refuses a second one per country', async () => {
    const list = (await get('/api/v1/supplier-directory/moderation/directories/', bearer(moderator))).json();
    expect(list.count).toBe(3);
    const kenyaRow = list.results.find((d: { id: number }) => d.id === directoryIds.kenya);
    expect(kenyaRow).toMatchObject({ active: true, paid_orders: 1 });

    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/supplier-directory/moderation/directories/${directoryIds.kenya}/`,
      payload: form({ amount: 6500.5 }),
      headers: bearer(moderator),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().amount).toBe(6500.5);
    const { reference } = await order(directoryIds.kenya, 'later@buyer.example');
    expect((await retrieve(reference)).amount).toBe(6500.5);

    const unpaid = await post(
      `/api/v1/supplier-directory/moderation/orders/${reference}/resend/`,
      {},
      bearer(moderator),
    );
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().code).toBe('directory.not_paid');

    const twice = await post('/api/v1/supplier-directory/moderation/directories/', form(), bearer(moderator));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().code).toBe('directory.country_taken');
    const badPrice = await post(
      '/api/v1/supplier-directory/moderation/directories/',
      form({ country: tanzania, amount: 0.001 }),
      bearer(moderator),
    );
    expect(badPrice.statusCode).toBe(400);
  });
});

describe('the site around the directories', () => {
  it('names a directory in its page’s title and lists the active ones in the sitemap', async () => {
    const detail = await get(`/supplier-directory/${directoryIds.kenya}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain('<title>Kenya Supplier Directory · Supplier Directory · Zabuni</title>');
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain('/supplier-directory</loc>');
    expect(sitemap).toContain(`/supplier-directory/${directoryIds.kenya}</loc>`);
    expect(sitemap).not.toContain(`/supplier-directory/${directoryIds.tanzania}</loc>`);
  });
});

describe('the sample template (SPEC §2)', () => {
  it('is served under /media/templates as XLSX with the directory’s columns', async () => {
    const response = await get('/media/templates/supplier-directory-template.xlsx');
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const header = (workbook.getWorksheet('Suppliers')!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'No.',
      'Supplier',
      'City',
      'Country',
      'Categories',
      'Tax PIN verified',
      'Profile',
    ]);
  });
});
