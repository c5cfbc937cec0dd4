import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import {
  bearer,
  createMember,
  linkToken,
  login,
  mailsTo,
  nextClientAddress,
  tokenFor,
} from '../../../../test/identity.ts';

/** Issue 18, data protection: a registered supplier sees, corrects, exports and asks to erase its data. */
let ctx: TestContext;
let moderator: string;
let kenya: number;
let categoryIds: number[];
let admin: string;
let colleague: string;
let supplierId: number;

const form = {
  company_name: 'Amani Supplies Ltd',
  kra_tax_pin: 'P051234567X',
  primary_email: 'wanjiru@amani.example',
  primary_phone: '+254 712 345 678',
  first_name: 'Jane',
  last_name: 'Wanjiru',
  city: 'Nairobi',
  username: 'amani',
  password: 'correct horse battery',
  terms: true,
};

const call = (method: 'GET' | 'PATCH' | 'POST', url: string, token?: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload ? { payload } : {}),
    remoteAddress: nextClientAddress(),
  });

const listing = async () =>
  (await call('GET', '/api/v1/supplier-directory/suppliers/?letter=A')).json() as {
    results: { id: number; name: string }[];
  };

beforeAll(async () => {
  ctx = await createTestContext();
  const m = await createMember(ctx, { kind: 'platform', role: 'moderator', email: 'desk@zabuni.example' });
  moderator = await tokenFor(ctx, m.email, m.password);
  const countries = (await call('GET', '/api/v1/core/countries/?page_size=300')).json();
  kenya = (countries.results as { id: number; iso2: string }[]).find((c) => c.iso2 === 'KE')!.id;
  const categories = (await call('GET', '/api/v1/core/category-types/')).json();
  categoryIds = (categories.results as { id: number }[]).slice(0, 3).map((c) => c.id);

  const registered = await call('POST', '/api/v1/supplier-directory/country-directory-supplier/', undefined, {
    ...form,
    country: kenya,
    categories: categoryIds.slice(0, 2),
  });
  expect(registered.statusCode, registered.body).toBe(201);
  const [mail] = await mailsTo(ctx, form.primary_email);
  const token = linkToken(mail!.text, '/activate');
  const activated = await call(
    'GET',
    `/api/v1/authentication/verify_email?token=${encodeURIComponent(token)}`,
  );
  expect(activated.statusCode, activated.body).toBe(200);
  admin = await tokenFor(ctx, 'amani', form.password);
  const mine = await call('GET', '/api/v1/portal/my-data/', admin);
  expect(mine.statusCode, mine.body).toBe(200);
  supplierId = mine.json().supplier_id;
  const c = await createMember(ctx, {
    kind: 'supplier',
    role: 'supplier_user',
    email: 'clerk@amani.example',
    organisationId: supplierId,
  });
  colleague = await tokenFor(ctx, c.email, c.password);
});
afterAll(() => ctx.close());

describe('GET /api/v1/portal/my-data/', () => {
  it('shows the registration with the consent and the version of the terms agreed to', async () => {
    const response = await call('GET', '/api/v1/portal/my-data/', admin);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'approved',
      company_name: 'Amani Supplies Ltd',
      kra_tax_pin: 'P051234567X',
      email: 'wanjiru@amani.example',
      first_name: 'Jane',
      last_name: 'Wanjiru',
      phone: '+254712345678',
      country: { iso2: 'KE' },
      city: 'Nairobi',
      consent: { terms_version: '2026-11-01', consented_at: expect.any(String) },
      can_change: true,
      erasure: null,
    });
    expect(response.json().categories.map((c: { id: number }) => c.id)).toEqual(categoryIds.slice(0, 2));
    // A colleague sees it too, but may not change it.
    const seen = await call('GET', '/api/v1/portal/my-data/', colleague);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().can_change).toBe(false);
  });

  it('is refused to the signed-out, to buyers, and to a supplier that did not register itself', async () => {
    expect((await call('GET', '/api/v1/portal/my-data/')).statusCode).toBe(401);
    const b = await createMember(ctx, { kind: 'buyer', role: 'org_admin', email: 'admin@umoja.example' });
    expect(
      (await call('GET', '/api/v1/portal/my-data/', await tokenFor(ctx, b.email, b.password))).statusCode,
    ).toBe(403);
    const s = await createMember(ctx, {
      kind: 'supplier',
      role: 'supplier_admin',
      email: 'boss@added.example',
    });
    const other = await call('GET', '/api/v1/portal/my-data/', await tokenFor(ctx, s.email, s.password));
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('supplier_data.not_registered');
  });
});

describe('PATCH /api/v1/portal/my-data/', () => {
  it('corrects company, contact, city and categories; the public profile and the (cached) listing follow', async () => {
    // The listing's answer is shared for a few seconds: a correction must show at once all the same.
    const before = (await listing()).results.find((r) => r.id === supplierId);
    expect(before?.name).toBe('Amani Supplies Ltd');
    const response = await call('PATCH', '/api/v1/portal/my-data/', admin, {
      company_name: 'Amani Supplies & Logistics Ltd',
      first_name: 'Janet',
      phone: '+254 722 000 111',
      city: 'Mombasa',
      categories: [categoryIds[2]],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      company_name: 'Amani Supplies & Logistics Ltd',
      first_name: 'Janet',
      last_name: 'Wanjiru',
      phone: '+254722000111',
      city: 'Mombasa',
      categories: [{ id: categoryIds[2] }],
    });
    const profile = await call('GET', `/api/v1/supplier-directory/suppliers/${supplierId}/`);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({ name: 'Amani Supplies & Logistics Ltd', city: 'Mombasa' });
    const after = (await listing()).results.find((r) => r.id === supplierId);
    expect(after?.name).toBe('Amani Supplies & Logistics Ltd');
  });

  it('validates: empty fields, a bad phone, unknown categories; a colleague may not correct', async () => {
    const empty = await call('PATCH', '/api/v1/portal/my-data/', admin, { company_name: ' ', phone: 'abc' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors ?? empty.json()).join(' ')).toMatch(/company_name|phone/);
    const none = await call('PATCH', '/api/v1/portal/my-data/', admin, { categories: [] });
    expect(none.statusCode).toBe(400);
    const unknown = await call('PATCH', '/api/v1/portal/my-data/', admin, { categories: [999999] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('registry.categories');
    const clerk = await call('PATCH', '/api/v1/portal/my-data/', colleague, { city: 'Kisumu' });
    expect(clerk.statusCode).toBe(403);
    const after = await call('GET', '/api/v1/portal/my-data/', admin);
    expect(after.json().city).toBe('Mombasa');
  });
});

describe('GET /api/v1/portal/my-data/export/', () => {
  it('downloads everything held about the supplier and its users as JSON, with no secrets', async () => {
    const response = await call('GET', '/api/v1/portal/my-data/export/', colleague);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="zabuni-supplier-data-/);
    const data = response.json();
    expect(data.registration).toMatchObject({
      kra_tax_pin: 'P051234567X',
      email: 'wanjiru@amani.example',
      first_name: 'Janet',
      consent: { terms_version: '2026-11-01' },
    });
    expect(data.supplier).toMatchObject({ id: supplierId, name: 'Amani Supplies & Logistics Ltd' });
    expect(data.users.map((u: { email: string }) => u.email).sort()).toEqual([
      'clerk@amani.example',
      'wanjiru@amani.example',
    ]);
    expect(data.users.find((u: { username: string }) => u.username === 'amani').roles).toEqual([
      'supplier_admin',
    ]);
    expect(response.body).not.toMatch(/password|argon|totp_secret/i);
  });
});

describe('erasure', () => {
  it('is asked by the administrator, shown to the operator, carried out; the profile leaves the listing', async () => {
    expect((await listing()).results.map((r) => r.id)).toContain(supplierId);
    const clerk = await call('POST', '/api/v1/portal/my-data/erasure/', colleague, {});
    expect(clerk.statusCode).toBe(403);

    const asked = await call('POST', '/api/v1/portal/my-data/erasure/', admin, { reason: 'Closing down' });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().erasure).toMatchObject({ status: 'requested', reason: 'Closing down' });
    const again = await call('POST', '/api/v1/portal/my-data/erasure/', admin, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('supplier_data.erasure_pending');

    const queue = await call(
      'GET',
      '/api/v1/supplier-directory/moderation/erasure-requests/?status=requested',
      moderator,
    );
    expect(queue.statusCode, queue.body).toBe(200);
    const request = queue.json().results.find((r: { supplier_id: number }) => r.supplier_id === supplierId);
    expect(request).toMatchObject({ status: 'requested', company_name: 'Amani Supplies & Logistics Ltd' });
    // Not the supplier's to carry out.
    expect(
      (
        await call(
          'POST',
          `/api/v1/supplier-directory/moderation/erasure-requests/${request.id}/carry-out/`,
          admin,
        )
      ).statusCode,
    ).toBe(403);

    const done = await call(
      'POST',
      `/api/v1/supplier-directory/moderation/erasure-requests/${request.id}/carry-out/`,
      moderator,
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'carried_out', carried_out_at: expect.any(String) });
    expect(done.json().kept).toEqual(
      expect.arrayContaining(['supplier_data.kept_documents', 'supplier_data.kept_paid_orders']),
    );
    const twice = await call(
      'POST',
      `/api/v1/supplier-directory/moderation/erasure-requests/${request.id}/carry-out/`,
      moderator,
    );
    expect(twice.statusCode).toBe(409);

    // Off the listing, profile gone, no sign-in; the registration holds no personal data, consent kept.
    expect((await listing()).results.map((r) => r.id)).not.toContain(supplierId);
    expect((await call('GET', `/api/v1/supplier-directory/suppliers/${supplierId}/`)).statusCode).toBe(404);
    expect((await login(ctx, 'amani', form.password)).status).not.toBe(200);
    expect((await login(ctx, 'clerk@amani.example', 'correct horse battery')).status).not.toBe(200);
    expect((await call('GET', '/api/v1/portal/my-data/', admin)).statusCode).toBe(401);
    const registrations = await call(
      'GET',
      '/api/v1/supplier-directory/moderation/registrations/',
      moderator,
    );
    const row = registrations
      .json()
      .results.find((r: { supplier_id: number }) => r.supplier_id === supplierId);
    expect(row).toMatchObject({
      status: 'erased',
      first_name: 'Erased',
      phone: '',
      kra_tax_pin: 'P051234567X',
      terms_version: '2026-11-01',
    });
    expect(row.email).not.toContain('amani');
    const { rows } = await ctx.database.pool.query(
      `SELECT email, first_name, phone, is_active FROM users WHERE email LIKE '%amani%' OR username = 'amani'`,
    );
    expect(rows).toEqual([]);
  });
});
