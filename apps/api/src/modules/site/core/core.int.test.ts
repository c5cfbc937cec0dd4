import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, fixedClock, type TestContext } from '../../../../test/harness.ts';
import { seedDemoData } from '../../../seed/demo.ts';
import { seedReferenceData } from '../../../seed/reference/seed-reference.ts';
import { organisations } from '../../../schema/organisations.tables.ts';
import { sourcingEvents } from '../../../schema/sourcing.tables.ts';
import { categories, countries } from '../../../schema/core.tables.ts';

const NOW = '2026-11-21T09:00:00.000Z';
let ctx: TestContext;

interface PageBody<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
interface JobBody {
  id: number;
  title: string;
  closing_date: string;
  instructions: string | null;
  advert: string | null;
  company: { company_name: string; company_website: string | null; public_company_logo_url: string | null };
  country: { name: string; flag: string };
}

async function get<T>(url: string) {
  const response = await ctx.app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.json() as T };
}

beforeAll(async () => {
  ctx = await createTestContext({ clock: fixedClock(NOW) });
  expect(await seedDemoData(ctx.database.db, { now: new Date(NOW) })).toBe(true);
});
afterAll(() => ctx.close());

async function kenyaId() {
  const [kenya] = await ctx.database.db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.iso2, 'KE'));
  return kenya!.id;
}

describe('GET /api/v1/core/countries/', () => {
  it('lists the 54 African countries, ten at a time, with id, name and flag', async () => {
    const { status, body } = await get<PageBody<{ id: number; name: string; flag: string }>>(
      '/api/v1/core/countries/?page=1&page_size=10',
    );
    expect(status).toBe(200);
    expect(body.count).toBe(54);
    expect(body.results).toHaveLength(10);
    for (const country of body.results) {
      expect(country).toMatchObject({
        id: expect.any(Number),
        name: expect.any(String),
        flag: expect.stringMatching(/^\/flags\/[a-z]{2}\.svg$/),
      });
    }
    expect(body.previous).toBeNull();
    expect(body.next).toBe('http://zabuni.test/api/v1/core/countries/?page=2&page_size=10');
  });

  it('finds Kenya by the start of its name and treats LIKE wildcards literally', async () => {
    const ken = await get<PageBody<{ name: string; iso2: string; dial_code: string; currency: string }>>(
      '/api/v1/core/countries/?search=ken',
    );
    expect(ken.body.results.map((c) => c.name)).toEqual(['Kenya']);
    expect(ken.body.results[0]).toMatchObject({ iso2: 'KE', dial_code: '+254', currency: 'KES' });
    const wildcard = await get<PageBody<unknown>>('/api/v1/core/countries/?search=%25');
    expect(wildcard.body.count).toBe(0);
  });

  it('answers the last page with a previous link and no next link', async () => {
    const { body } = await get<PageBody<unknown>>('/api/v1/core/countries/?page=6&page_size=10');
    expect(body.results).toHaveLength(4);
    expect(body.next).toBeNull();
    expect(body.previous).toBe('http://zabuni.test/api/v1/core/countries/?page=5&page_size=10');
  });

  it('caps page_size at 100 and rejects a malformed page with a field message', async () => {
    const capped = await get<PageBody<unknown>>('/api/v1/core/countries/?page_size=5000');
    expect(capped.status).toBe(200);
    expect(capped.body.results).toHaveLength(54);
    const bad = await get<Record<string, unknown>>('/api/v1/core/countries/?page=first');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      page: ['A valid integer is required.'],
      detail: 'page: A valid integer is required.',
      code: 'field.integer',
      field: 'page',
    });
  });

  it('accepts the path without its trailing slash', async () => {
    expect((await get('/api/v1/core/countries?page_size=1')).status).toBe(200);
  });
});

describe('GET /api/v1/core/countries/available-jobs/', () => {
  it('lists only countries that have published jobs', async () => {
    const { body } = await get<PageBody<{ id: number; name: string }>>(
      '/api/v1/core/countries/available-jobs/?page_size=100',
    );
    const expected = await ctx.database.db
      .selectDistinct({ id: sourcingEvents.countryId })
      .from(sourcingEvents)
      .where(eq(sourcingEvents.isPublic, true));
    expect(body.count).toBe(expected.length);
    expect(body.count).toBeGreaterThan(3);
    expect(body.count).toBeLessThan(54);
    expect(body.results.map((c) => c.name)).toContain('Kenya');
  });
});

describe('GET /api/v1/core/buyers/', () => {
  it('pages buying organisations and finds them by any word prefix', async () => {
    const all = await get<PageBody<{ id: number; company_name: string }>>(
      '/api/v1/core/buyers/?page_size=10',
    );
    expect(all.body.count).toBe(50);
    expect(all.body.results).toHaveLength(10);
    const names = all.body.results.map((b) => b.company_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    const found = await get<PageBody<{ company_name: string }>>('/api/v1/core/buyers/?search=umo%20comm');
    expect(found.body.results.map((b) => b.company_name)).toEqual(['Umoja Commercial Bank']);
  });

  it('does not list suppliers or advertisers as buyers', async () => {
    await ctx.database.db.insert(organisations).values({ kind: 'supplier', name: 'Umoja Hardware Supplies' });
    const { body } = await get<PageBody<{ company_name: string }>>('/api/v1/core/buyers/?search=umoja');
    expect(body.results.map((b) => b.company_name)).toEqual(['Umoja Commercial Bank']);
  });
});

describe('GET /api/v1/core/category-types/', () => {
  it('serves the 400+ seeded categories with their group', async () => {
    const { body } = await get<PageBody<{ id: number; name: string; flag: string; group: string }>>(
      '/api/v1/core/category-types/?page_size=10&search=stationery',
    );
    expect(body.count).toBeGreaterThan(0);
    for (const category of body.results) expect(category.name.toLowerCase()).toContain('stationery');
    const total = await get<PageBody<unknown>>('/api/v1/core/category-types/?page_size=1');
    expect(total.body.count).toBeGreaterThanOrEqual(400);
  });
});

describe('GET /api/v1/core/available-jobs/', () => {
  it('answers the SPEC fields for each job', async () => {
    const { status, body } = await get<PageBody<JobBody>>('/api/v1/core/available-jobs/?page_size=16');
    expect(status).toBe(200);
    expect(body.count).toBe(200);
    expect(body.results).toHaveLength(16);
    expect(Object.keys(body.results[0]!).sort()).toEqual(
      ['advert', 'closing_date', 'company', 'country', 'id', 'instructions', 'job_type', 'title'].sort(),
    );
    expect(Object.keys(body.results[0]!.company).sort()).toEqual(
      ['company_name', 'company_website', 'public_company_logo_url'].sort(),
    );
    expect(Object.keys(body.results[0]!.country).sort()).toEqual(['flag', 'iso2', 'name']);
  });

  it('filters by country and upcoming deadline: only Kenyan jobs closing after now', async () => {
    const kenya = await kenyaId();
    const { body } = await get<PageBody<JobBody>>(
      `/api/v1/core/available-jobs/?page_size=100&country=${kenya}&deadline=upcoming`,
    );
    expect(body.count).toBeGreaterThan(0);
    for (const job of body.results) {
      expect(job.country.name).toBe('Kenya');
      expect(new Date(job.closing_date).getTime()).toBeGreaterThan(new Date(NOW).getTime());
    }
    const closing = body.results.map((j) => j.closing_date);
    expect(closing).toEqual([...closing].sort());
  });

  it('keeps only closed jobs for deadline=past, most recently closed first', async () => {
    const { body } = await get<PageBody<JobBody>>('/api/v1/core/available-jobs/?page_size=100&deadline=past');
    expect(body.count).toBeGreaterThan(0);
    for (const job of body.results)
      expect(new Date(job.closing_date).getTime()).toBeLessThanOrEqual(new Date(NOW).getTime());
    const closing = body.results.map((j) => j.closing_date);
    expect(closing).toEqual([...closing].sort().reverse());
    const upcoming = await get<PageBody<JobBody>>(
      '/api/v1/core/available-jobs/?page_size=1&deadline=upcoming',
    );
    expect(upcoming.body.count + body.count).toBe(200);
  });

  it('filters by client', async () => {
    const buyers = await get<PageBody<{ id: number; company_name: string }>>(
      '/api/v1/core/buyers/?search=taifa',
    );
    const taifa = buyers.body.results[0]!;
    const { body } = await get<PageBody<JobBody>>(
      `/api/v1/core/available-jobs/?page_size=100&client=${taifa.id}`,
    );
    expect(body.count).toBeGreaterThan(0);
    for (const job of body.results) expect(job.company.company_name).toBe(taifa.company_name);
  });

  it('searches titles, adverts and buyer names by word prefix', async () => {
    const byTitle = await get<PageBody<JobBody>>(
      '/api/v1/core/available-jobs/?page_size=100&search=stationer',
    );
    for (const job of byTitle.body.results)
      expect(`${job.title} ${job.advert}`.toLowerCase()).toContain('stationer');
    const byBuyer = await get<PageBody<JobBody>>(
      '/api/v1/core/available-jobs/?page_size=100&search=Taifa%20Pension',
    );
    expect(byBuyer.body.count).toBeGreaterThan(0);
    for (const job of byBuyer.body.results)
      expect(`${job.company.company_name} ${job.advert}`).toContain('Taifa Pension');
    const nothing = await get<PageBody<JobBody>>('/api/v1/core/available-jobs/?search=zzqxv');
    expect(nothing.body).toEqual({
      count: 0,
      count_capped: false,
      next: null,
      next_cursor: null,
      previous: null,
      results: [],
    });
    const symbols = await get<PageBody<JobBody>>("/api/v1/core/available-jobs/?search=%26%7C!()':*");
    expect(symbols.status).toBe(200);
    expect(symbols.body.count).toBe(200);
  });

  it('pages through the whole list without repeating a job', async () => {
    const seen = new Set<number>();
    let url: string | null = '/api/v1/core/available-jobs/?page_size=64&deadline=upcoming';
    while (url) {
      const { body }: { body: PageBody<JobBody> } = await get<PageBody<JobBody>>(
        url.replace('http://zabuni.test', ''),
      );
      for (const job of body.results) {
        expect(seen.has(job.id)).toBe(false);
        seen.add(job.id);
      }
      url = body.next;
    }
    const upcoming = await get<PageBody<JobBody>>(
      '/api/v1/core/available-jobs/?page_size=1&deadline=upcoming',
    );
    expect(seen.size).toBe(upcoming.body.count);
  });

  it('hides jobs that are not public', async () => {
    const [hidden] = await ctx.database.db
      .update(sourcingEvents)
      .set({ isPublic: false, title: 'Confidential internal RFQ' })
      .where(eq(sourcingEvents.id, sql`(SELECT min(id) FROM sourcing_events)`))
      .returning({ id: sourcingEvents.id });
    const { body } = await get<PageBody<JobBody>>('/api/v1/core/available-jobs/?search=confidential');
    expect(body.count).toBe(0);
    expect((await get(`/api/v1/core/available-jobs/${hidden!.id}/`)).status).toBe(404);
    await ctx.database.db
      .update(sourcingEvents)
      .set({ isPublic: true })
      .where(eq(sourcingEvents.id, hidden!.id));
  });

  it.each([
    ['page=0', 'page'],
    ['page_size=-3', 'page_size'],
    ['country=kenya', 'country'],
    ['client=1.5', 'client'],
    ['deadline=tomorrow', 'deadline'],
  ])('rejects %s with a 400 naming the field', async (query, field) => {
    const { status, body } = await get<Record<string, string[] | string>>(
      `/api/v1/core/available-jobs/?${query}`,
    );
    expect(status).toBe(400);
    expect(body[field]).toEqual([expect.any(String)]);
    expect(body.detail).toMatch(new RegExp(`^${field}: `));
  });
});

describe('GET /api/v1/core/available-jobs/{id}/', () => {
  it('answers one job with its categories', async () => {
    const list = await get<PageBody<JobBody>>('/api/v1/core/available-jobs/?page_size=1');
    const job = list.body.results[0]!;
    const { status, body } = await get<JobBody & { categories: Array<{ id: number; name: string }> }>(
      `/api/v1/core/available-jobs/${job.id}/`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: job.id, title: job.title });
    expect(body.categories.length).toBeGreaterThanOrEqual(1);
  });

  it('answers 404 with a detail for an unknown job and 400 for a malformed id', async () => {
    const missing = await get<{ detail: string; code: string }>('/api/v1/core/available-jobs/987654/');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('job.not_found');
    expect(missing.body.detail).toBe('This job does not exist or is no longer published.');
    expect((await get('/api/v1/core/available-jobs/abc/')).status).toBe(400);
  });
});

describe('option lists and site settings', () => {
  it('serves the SPEC §3 option lists in their order', async () => {
    const { body } = await get<Record<string, string[]>>('/api/v1/core/options/');
    expect(body.sectors).toEqual(['Private', 'NGO', 'Public', 'Parastatal', 'Sacco']);
    expect(body.job_types).toEqual(['Supplier Prequalification', 'Tender', 'Request For Quotation']);
    expect(body.deadline_filters).toEqual(['upcoming', 'past']);
    expect(body.marketing_sources).toHaveLength(6);
    expect(body.webinar_modules).toHaveLength(4);
  });

  it('serves the tender-portal link and support contacts', async () => {
    const { body } = await get<Record<string, string>>('/api/v1/core/site/');
    expect(body).toEqual({
      tender_portal_url: 'http://zabuni.test/portal',
      support_email: 'support@zabuni.africa',
      support_phone: expect.any(String),
    });
  });
});

describe('seeding', () => {
  it('reference data can run again without duplicating anything', async () => {
    const before = await ctx.database.db.select({ value: count() }).from(categories);
    await seedReferenceData(ctx.database.db);
    const after = await ctx.database.db.select({ value: count() }).from(categories);
    expect(after[0]!.value).toBe(before[0]!.value);
    const countryCount = await ctx.database.db.select({ value: count() }).from(countries);
    expect(countryCount[0]!.value).toBe(54);
  });

  it('demo data is added only to a database without buyers', async () => {
    expect(await seedDemoData(ctx.database.db, { now: new Date(NOW) })).toBe(false);
    const jobs = await ctx.database.db.select({ value: count() }).from(sourcingEvents);
    expect(jobs[0]!.value).toBe(200);
  });
});
