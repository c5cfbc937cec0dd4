import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { createMember } from '../../../../test/identity.ts';
import { supplierRegistrations } from '../../../schema/supplier-registry.tables.ts';
import { seedDemoSuppliers } from '../../../seed/demo-suppliers.ts';

let ctx: TestContext;
let webDir: string;
let kenya: number;
let uganda: number;
let categoryIds: number[];
const ids: Record<string, number> = {};
let buyerPrivate: number;
let pending: number;

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

/** A supplier organisation whose self-registration has `status` (what an approval makes, without the mails). */
async function registered(
  name: string,
  options: {
    country?: number;
    categories?: number[];
    status?: 'approved' | 'under_review';
    pin?: 'verified' | 'unknown';
  } = {},
) {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const member = await createMember(ctx, {
    kind: 'supplier',
    role: 'supplier_admin',
    email: `${slug}@listing.example`,
    organisationName: name,
  });
  await ctx.database.db.insert(supplierRegistrations).values({
    status: options.status ?? 'approved',
    companyName: name,
    taxPin: `P05${String(member.organisationId).padStart(7, '0')}X`,
    pinCheck: options.pin ?? 'verified',
    email: `${slug}@listing.example`,
    phone: '+254712345678',
    firstName: 'Secret',
    lastName: 'Person',
    countryId: options.country ?? kenya,
    city: 'Nairobi',
    userId: member.userId,
    categoryIds: options.categories ?? [],
    termsVersion: 'test',
    consentedAt: new Date(),
    supplierId: options.status === 'under_review' ? null : member.organisationId,
  });
  return member.organisationId;
}

beforeAll(async () => {
  // A web dist of its own (the shell only), for the sitemap and the profile's link-preview meta.
  webDir = path.join(await mkdtemp(path.join(tmpdir(), 'zabuni-web-')), 'dist');
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
  const categories = (await get('/api/v1/core/category-types/')).json();
  categoryIds = (categories.results as { id: number }[]).slice(0, 2).map((c) => c.id);
  ids.amani = await registered('Amani Supplies', { categories: [categoryIds[0]!] });
  ids.acacia = await registered('Acacia Traders', { country: uganda, categories: [categoryIds[1]!] });
  ids.afya = await registered('Afya Medical', { pin: 'unknown' });
  ids.baraka = await registered('Baraka Hardware');
  ids.zawadi = await registered('zawadi foods');
  ids.digits = await registered('3M East Africa');
  // Not public: a supplier only on a buyer's own list (no registration), and a registration still in review.
  const buyer = await createMember(ctx, { kind: 'buyer', role: 'org_admin', email: 'admin@umoja.example' });
  const supplier = await createMember(ctx, {
    kind: 'supplier',
    role: 'supplier_admin',
    email: 'private@cargo.example',
    organisationName: 'Confidential Cargo',
  });
  buyerPrivate = supplier.organisationId;
  await ctx.database.db.execute(
    sql`INSERT INTO buyer_suppliers (buyer_id, supplier_id) VALUES (${buyer.organisationId}, ${buyerPrivate})`,
  );
  pending = await registered('Cheza Pending', { status: 'under_review' });
});
afterAll(async () => {
  await ctx.close();
  await rm(path.dirname(webDir), { recursive: true, force: true });
});

describe('GET /api/v1/supplier-directory/suppliers/letters/', () => {
  it('lists the letters that have approved suppliers, # for the rest, and no letter of private ones', async () => {
    const response = await get('/api/v1/supplier-directory/suppliers/letters/');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ letters: ['A', 'B', 'Z', '#'] });
  });

  it('applies the country and category filters', async () => {
    expect((await get('/api/v1/supplier-directory/suppliers/letters/?country=ug')).json()).toEqual({
      letters: ['A'],
    });
    expect(
      (await get(`/api/v1/supplier-directory/suppliers/letters/?category=${categoryIds[0]}`)).json(),
    ).toEqual({ letters: ['A'] });
  });
});

describe('GET /api/v1/supplier-directory/suppliers/', () => {
  it('pages one letter in name order by cursor', async () => {
    const first = await get('/api/v1/supplier-directory/suppliers/?letter=A&page_size=2');
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body.results).toEqual([
      { id: ids.acacia, name: 'Acacia Traders', country: { name: 'Uganda', iso2: 'UG' } },
      { id: ids.afya, name: 'Afya Medical', country: { name: 'Kenya', iso2: 'KE' } },
    ]);
    expect(body.next_cursor).toEqual(expect.any(String));
    const second = (
      await get(`/api/v1/supplier-directory/suppliers/?letter=A&page_size=2&cursor=${body.next_cursor}`)
    ).json();
    expect(second.results.map((r: { id: number }) => r.id)).toEqual([ids.amani]);
    expect(second.next_cursor).toBeNull();
  });

  it('files lower-case names under their capital and other first characters under #', async () => {
    expect((await get('/api/v1/supplier-directory/suppliers/?letter=Z')).json().results[0].id).toBe(
      ids.zawadi,
    );
    const other = (await get('/api/v1/supplier-directory/suppliers/?letter=%23')).json();
    expect(other.results.map((r: { name: string }) => r.name)).toEqual(['3M East Africa']);
  });

  it('filters by country and category', async () => {
    const byCountry = (await get('/api/v1/supplier-directory/suppliers/?letter=A&country=KE')).json();
    expect(byCountry.results.map((r: { id: number }) => r.id)).toEqual([ids.afya, ids.amani]);
    const byCategory = (
      await get(`/api/v1/supplier-directory/suppliers/?letter=A&category=${categoryIds[1]}`)
    ).json();
    expect(byCategory.results.map((r: { id: number }) => r.id)).toEqual([ids.acacia]);
  });

  it('never lists a buyer-private supplier or one still in review', async () => {
    const c = (await get('/api/v1/supplier-directory/suppliers/?letter=C')).json();
    expect(c.results).toEqual([]);
    const everything = [] as number[];
    for (const letter of ['A', 'B', 'C', 'Z', '%23']) {
      const page = (await get(`/api/v1/supplier-directory/suppliers/?letter=${letter}&page_size=100`)).json();
      everything.push(...page.results.map((r: { id: number }) => r.id));
    }
    expect(everything).not.toContain(buyerPrivate);
    expect(everything).not.toContain(pending);
  });

  it('refuses a bad cursor and a bad letter with a 400 and a code', async () => {
    const garbage = Buffer.from('["x"]').toString('base64url');
    const response = await get(`/api/v1/supplier-directory/suppliers/?letter=A&cursor=${garbage}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'field.cursor' });
    const letter = await get('/api/v1/supplier-directory/suppliers/?letter=AB');
    expect(letter.statusCode).toBe(400);
    expect(letter.json()).toMatchObject({ code: 'field.choice' });
  });
});

describe('GET /api/v1/supplier-directory/suppliers/{id}/', () => {
  it('shows the public profile without personal data', async () => {
    const response = await get(`/api/v1/supplier-directory/suppliers/${ids.amani}/`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      id: ids.amani,
      name: 'Amani Supplies',
      country: { name: 'Kenya', iso2: 'KE' },
      city: 'Nairobi',
      categories: [{ id: categoryIds[0], name: expect.any(String) }],
      verified: true,
      member_since: expect.any(String),
    });
    expect(response.body).not.toMatch(/@|\+254|Secret|Person|P05/);
    expect((await get(`/api/v1/supplier-directory/suppliers/${ids.afya}/`)).json().verified).toBe(false);
  });

  it('answers 404 for an unknown id, a buyer-private supplier and one in review', async () => {
    for (const id of [999_999, buyerPrivate, pending]) {
      const response = await get(`/api/v1/supplier-directory/suppliers/${id}/`);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({ code: 'supplier.not_found' });
    }
  });
});

describe('the sitemap and link previews', () => {
  it('lists the listing, registration and every approved profile, never a private supplier', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    for (const page of ['/suppliers', '/supplier/register', `/suppliers/show/${ids.amani}`])
      expect(response.body).toContain(`<loc>http://zabuni.test${page}</loc>`);
    expect(response.body).not.toContain(`/suppliers/show/${buyerPrivate}<`);
    expect(response.body).not.toContain(`/suppliers/show/${pending}<`);
  });

  it("gives a profile page the supplier's title and description", async () => {
    const response = await get(`/suppliers/show/${ids.amani}`);
    expect(response.body).toContain('Amani Supplies · Supplier in Nairobi, Kenya · Zabuni');
    expect(response.body).toMatch(
      /og:description" content="Amani Supplies, a verified supplier in Nairobi, Kenya\./,
    );
  });
});

// Last: it adds suppliers the tests above do not expect.
describe('the demo seed', () => {
  it('adds approved self-registered suppliers once, listed with their profiles', async () => {
    expect(await seedDemoSuppliers(ctx.database.db)).toBe(false); // approved ones exist already
    await ctx.database.db.execute(
      sql`UPDATE supplier_registrations SET status = 'rejected' WHERE status = 'approved'`,
    );
    expect(await seedDemoSuppliers(ctx.database.db)).toBe(true);
    expect(await seedDemoSuppliers(ctx.database.db)).toBe(false);
    const letters = (await get('/api/v1/supplier-directory/suppliers/letters/')).json();
    expect(letters.letters).toEqual(expect.arrayContaining(['A', 'B', 'K', 'Z']));
    const k = (await get('/api/v1/supplier-directory/suppliers/?letter=K')).json();
    expect(k.results).toEqual([
      { id: expect.any(Number), name: 'Kilima ICT Solutions', country: { name: 'Kenya', iso2: 'KE' } },
    ]);
    const profile = await get(`/api/v1/supplier-directory/suppliers/${k.results[0].id}/`);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({ city: 'Kisumu', verified: true });
  });
});
