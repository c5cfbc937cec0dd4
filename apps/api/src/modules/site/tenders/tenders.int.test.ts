import { readdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, fixedClock, type TestContext } from '../../../../test/harness.ts';
import { bearer, createMember, mailsTo, tokenFor } from '../../../../test/identity.ts';
import { multipart, sampleFiles, type UploadFile } from '../../../../test/multipart.ts';
import { categories, countries } from '../../../schema/core.tables.ts';
import { tenders } from '../../../schema/tenders.tables.ts';

const NOW = '2026-11-22T09:00:00.000Z';
const inDays = (days: number) => new Date(Date.parse(NOW) + days * 86_400_000);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

let ctx: TestContext;
let advertiser: { token: string; organisationId: number; email: string };
let otherAdvertiser: { token: string; organisationId: number };
let moderatorToken: string;
const ids = { kenya: 0, uganda: 0, roads: 0, laptops: 0 };

interface Page<T> {
  count: number;
  results: T[];
}
interface TenderBody {
  id: number;
  title: string;
  published_by: number | null;
  status: string;
  company: string;
  sector: string | null;
  job_type: string;
  category: { id: number; name: string } | null;
  country: { id: number; iso2: string };
}
interface DetailBody extends TenderBody {
  content: string;
  attachments: Array<{ id: number; name: string; content_type: string; size: number; url: string }>;
}
interface OrderBody {
  tender_alert: {
    code: string;
    currency: string;
    amount: number;
    reference: string;
    payment_status: number;
    contact_name: string;
    email: string;
    phone_number: string | null;
  };
  tender_alert_job: { id: number; title: string; closing_date: string };
}

async function get<T>(url: string, token?: string) {
  const response = await ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
  return { status: response.statusCode, body: (isJson ? response.json() : null) as T, response };
}

async function send(
  method: 'POST' | 'PUT',
  url: string,
  token: string | null,
  fields: Record<string, string>,
  files: UploadFile[] = [],
) {
  const body = multipart(fields, files);
  const response = await ctx.app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

const publishFields = (overrides: Record<string, string> = {}) => ({
  tender_title: 'Supply and delivery of solar water pumps',
  tender_closing_date: isoDay(inDays(20)),
  raw_closing_date: '',
  sector: 'NGO',
  job_type: 'Tender',
  first_name: 'Amina',
  last_name: 'Otieno',
  email: 'amina@pumps.example',
  phone_number: '+254 712 345 678',
  tender_details: '<p>Borehole pumps for <strong>Turkana</strong> county.</p>',
  ...overrides,
});

const publish = (token: string | null, fields = publishFields(), files: UploadFile[] = []) =>
  send('POST', '/api/v1/tender-alerts/available-tenders/publish-tender/', token, fields, files);

async function publicIds(query = '') {
  const { status, body } = await get<Page<TenderBody>>(
    `/api/v1/tender-alerts/available-tenders/?page_size=100${query}`,
  );
  expect(status).toBe(200);
  return body.results.map((t) => t.id);
}

/** Tenders the operator's editors posted: already public, written straight to the table. */
async function editorTender(values: {
  title: string;
  country: number;
  category?: number;
  sector?: 'Private' | 'NGO' | 'Public' | 'Parastatal' | 'Sacco';
  jobType?: 'Tender' | 'Request For Quotation' | 'Supplier Prequalification';
  closingDays: number;
  content?: string;
}) {
  const [row] = await ctx.database.db
    .insert(tenders)
    .values({
      title: values.title,
      company: 'Kenya Rural Roads Authority',
      content: values.content ?? '',
      countryId: values.country,
      categoryId: values.category ?? null,
      sector: values.sector ?? 'Public',
      jobType: values.jobType ?? 'Tender',
      closingAt: inDays(values.closingDays),
      review: 'published',
      publishedAt: new Date(NOW),
    })
    .returning({ id: tenders.id });
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestContext({ clock: fixedClock(NOW) });
  const db = ctx.database.db;
  const countryRows = await db.select({ id: countries.id, iso2: countries.iso2 }).from(countries);
  ids.kenya = countryRows.find((c) => c.iso2 === 'KE')!.id;
  ids.uganda = countryRows.find((c) => c.iso2 === 'UG')!.id;
  const categoryRows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .limit(2);
  ids.roads = categoryRows[0]!.id;
  ids.laptops = categoryRows[1]!.id;

  const a = await createMember(ctx, { kind: 'advertiser', role: 'advertiser', email: 'ads@pumps.example' });
  advertiser = {
    token: await tokenFor(ctx, a.email, a.password),
    organisationId: a.organisationId,
    email: a.email,
  };
  const b = await createMember(ctx, { kind: 'advertiser', role: 'advertiser', email: 'ads@rival.example' });
  otherAdvertiser = { token: await tokenFor(ctx, b.email, b.password), organisationId: b.organisationId };
  const m = await createMember(ctx, { kind: 'platform', role: 'moderator', email: 'editor@zabuni.example' });
  moderatorToken = await tokenFor(ctx, m.email, m.password);
});
afterAll(() => ctx.close());

describe('GET /tender-alerts/available-tenders/ filters', () => {
  const t: Record<string, number> = {};
  beforeAll(async () => {
    t.keRoadsPublic = await editorTender({
      title: 'Rehabilitation of Kisumu feeder roads',
      country: ids.kenya,
      category: ids.roads,
      sector: 'Public',
      closingDays: 5,
    });
    t.keRoadsNgoRfq = await editorTender({
      title: 'Gravelling of access roads',
      country: ids.kenya,
      category: ids.roads,
      sector: 'NGO',
      jobType: 'Request For Quotation',
      closingDays: 9,
    });
    t.keLaptops = await editorTender({
      title: 'Supply of laptops',
      country: ids.kenya,
      category: ids.laptops,
      sector: 'Public',
      closingDays: 12,
      content: '<p>Ruggedised <em>notebooks</em> for field staff</p>',
    });
    t.keRoadsPast = await editorTender({
      title: 'Periodic maintenance of roads',
      country: ids.kenya,
      category: ids.roads,
      sector: 'Public',
      closingDays: -3,
    });
    t.ugRoads = await editorTender({
      title: 'Kampala roads resealing',
      country: ids.uganda,
      category: ids.roads,
      sector: 'Public',
      closingDays: 7,
    });
  });

  it('combines country, category, sector, job type, deadline and search', async () => {
    const all = Object.values(t);
    expect((await publicIds()).sort()).toEqual(all.sort());
    expect((await publicIds(`&country=${ids.kenya}`)).sort()).toEqual(
      [t.keRoadsPublic, t.keRoadsNgoRfq, t.keLaptops, t.keRoadsPast].sort(),
    );
    expect((await publicIds(`&country=${ids.kenya}&category=${ids.roads}&deadline=upcoming`)).sort()).toEqual(
      [t.keRoadsPublic, t.keRoadsNgoRfq].sort(),
    );
    expect(await publicIds(`&country=${ids.kenya}&category=${ids.roads}&deadline=past`)).toEqual([
      t.keRoadsPast,
    ]);
    expect(await publicIds(`&country=${ids.kenya}&sector=NGO`)).toEqual([t.keRoadsNgoRfq]);
    expect(await publicIds(`&job_type=Request%20For%20Quotation`)).toEqual([t.keRoadsNgoRfq]);
    expect(
      await publicIds(
        `&country=${ids.kenya}&category=${ids.roads}&sector=Public&job_type=Tender&deadline=upcoming&search=kisumu`,
      ),
    ).toEqual([t.keRoadsPublic]);
    // Full text covers the title, the company ("Kenya Rural Roads Authority" posted all of them) and
    // the details' words (not their HTML tags).
    expect((await publicIds(`&search=roads&deadline=upcoming`)).sort()).toEqual(
      [t.keRoadsPublic, t.keRoadsNgoRfq, t.keLaptops, t.ugRoads].sort(),
    );
    expect((await publicIds(`&search=road%20resealing`)).sort()).toEqual([t.ugRoads]);
    const counted = await get<Page<TenderBody>>(
      '/api/v1/tender-alerts/available-tenders/?search=roads&page_size=2',
    );
    expect(counted.body.count).toBe(5);
    expect(counted.body.results).toHaveLength(2);
    expect(await publicIds(`&search=notebo`)).toEqual([t.keLaptops]);
    expect(await publicIds(`&search=em`)).toEqual([]);
    expect(await publicIds(`&search=rural%20authority&country=${ids.uganda}`)).toEqual([t.ugRoads]);
  });

  it('lists upcoming tenders soonest-closing first with the SPEC list fields', async () => {
    const { body } = await get<Page<TenderBody>>(
      `/api/v1/tender-alerts/available-tenders/?country=${ids.kenya}&deadline=upcoming&page_size=16`,
    );
    expect(body.results.map((r) => r.id)).toEqual([t.keRoadsPublic, t.keRoadsNgoRfq, t.keLaptops]);
    expect(body.results[0]).toMatchObject({
      title: 'Rehabilitation of Kisumu feeder roads',
      sector: 'Public',
      category: { id: ids.roads, name: expect.any(String) },
      status: 'open',
      published_by: null,
      company: 'Kenya Rural Roads Authority',
      closing_date: inDays(5).toISOString(),
      job_type: 'Tender',
      country: { id: ids.kenya, iso2: 'KE', name: 'Kenya' },
    });
    const past = await get<Page<TenderBody>>(`/api/v1/tender-alerts/available-tenders/?deadline=past`);
    expect(past.body.results[0]).toMatchObject({ id: t.keRoadsPast, status: 'closed' });
  });

  it('answers 400 with field messages for bad filters', async () => {
    const bad = await get<Record<string, string[]>>(
      '/api/v1/tender-alerts/available-tenders/?sector=Church&job_type=x&deadline=soon&country=abc',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.sector).toEqual(['Select a valid sector.']);
    expect(bad.body.job_type).toEqual(['Select a valid job type.']);
    expect(bad.body.deadline).toEqual(['Select a valid choice: upcoming or past.']);
    expect(bad.body.country).toEqual(['A valid integer is required.']);
  });
});

describe('publishing, review and payment', () => {
  it('refuses an anonymous publish with 401', async () => {
    const { status, body } = await publish(null);
    expect(status).toBe(401);
    expect(body.detail).toBe('Authentication credentials were not provided.');
  });

  it('refuses a publish by an account that is not an advertiser (403)', async () => {
    const { status } = await publish(moderatorToken);
    expect(status).toBe(403);
  });

  it('checks the required fields and the closing date', async () => {
    const missing = await publish(
      advertiser.token,
      publishFields({ tender_title: ' ', first_name: '', email: 'nope' }),
    );
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      tender_title: ['This field is required.'],
      first_name: ['This field is required.'],
      email: ['Enter a valid email address.'],
    });
    const past = await publish(advertiser.token, publishFields({ tender_closing_date: isoDay(inDays(-1)) }));
    expect(past.status).toBe(400);
    expect(past.body.tender_closing_date).toEqual(['The closing date must be in the future.']);
    const notADate = await publish(advertiser.token, publishFields({ tender_closing_date: '31-12-2026' }));
    expect(notADate.body.tender_closing_date).toEqual(['Enter a valid date in the format YYYY-MM-DD.']);
    const mismatch = await publish(
      advertiser.token,
      publishFields({
        tender_closing_date: isoDay(inDays(20)),
        closing_date: `${isoDay(inDays(21))}T10:00:00+03:00`,
      }),
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.closing_date).toBeDefined();
  });

  it('refuses a file named .pdf whose content is an executable, and keeps nothing', async () => {
    const before = await ctx.database.db.select({ id: tenders.id }).from(tenders);
    const { status, body } = await publish(advertiser.token, publishFields(), [
      { name: 'notice.pdf', bytes: sampleFiles.pdf() },
      { name: 'invoice.pdf', bytes: sampleFiles.exe(), type: 'application/pdf' },
    ]);
    expect(status).toBe(400);
    expect(body.tender_documents).toEqual([
      expect.stringContaining('“invoice.pdf” is not what its name says'),
    ]);
    expect(body.detail).toEqual(expect.stringContaining('invoice.pdf'));
    const after = await ctx.database.db.select({ id: tenders.id }).from(tenders);
    expect(after).toHaveLength(before.length);
    const stored = await readdir(`${ctx.dataDir}/files`, { recursive: true }).catch(() => []);
    expect(stored.filter((f) => !f.endsWith('/') && /[A-Za-z0-9_-]{20,}$/.test(f))).toEqual([]);
  });

  it('refuses more than 10 files and files over 20 MB with a clear 400', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      name: `part-${i}.pdf`,
      bytes: sampleFiles.pdf(),
    }));
    const tooMany = await publish(advertiser.token, publishFields(), eleven);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.tender_documents).toEqual(['Attach at most 10 files.']);
    const big = Buffer.concat([sampleFiles.pdf(), Buffer.alloc(20 * 1024 * 1024)]);
    const tooBig = await publish(advertiser.token, publishFields(), [{ name: 'drawings.pdf', bytes: big }]);
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.tender_documents).toEqual([
      expect.stringContaining('“drawings.pdf” is larger than 20 MB'),
    ]);
  });

  it('publishes under review with payment pending, sanitises the details, and shows only after approval AND payment', async () => {
    const created = await publish(
      advertiser.token,
      publishFields({
        tender_title: 'Supply of hospital beds',
        tender_details:
          '<p onclick="x()">Fifty beds<script>alert(1)</script></p><img src=x onerror=alert(2)>',
        category: String(ids.laptops),
      }),
      [
        { name: 'Bid document.pdf', bytes: sampleFiles.pdf('bid') },
        { name: 'site-photo.png', bytes: sampleFiles.png() },
      ],
    );
    expect(created.status).toBe(201);
    const order = created.body as unknown as OrderBody;
    expect(order.tender_alert).toMatchObject({
      code: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      currency: 'KES',
      amount: 2500,
      reference: expect.stringMatching(/^ZT[0-9A-Z]{10}$/),
      payment_status: 2,
      contact_name: 'Amina Otieno',
      email: 'amina@pumps.example',
      phone_number: '+254712345678',
    });
    expect(order.tender_alert_job).toMatchObject({
      title: 'Supply of hospital beds',
      closing_date: expect.any(String),
    });
    const id = order.tender_alert_job.id;
    const code = order.tender_alert.code;
    expect((await mailsTo(ctx, 'amina@pumps.example'))[0]?.subject).toBe(
      'We received your tender: Supply of hospital beds',
    );

    // Under review: not public, 404 on the detail, documents hidden from the public.
    expect(await publicIds()).not.toContain(id);
    expect((await get(`/api/v1/tender-alerts/available-tenders/${id}/`)).status).toBe(404);
    const mine = await get<Page<{ id: number; published: unknown; payment_status: number; code: string }>>(
      '/api/v1/tender-alerts/available-tenders/my-published-tenders/?search=beds',
      advertiser.token,
    );
    expect(mine.body.results).toEqual([
      expect.objectContaining({ id, published: false, payment_status: 2, code }),
    ]);

    // The moderator previews it (with its documents) and approves: still unpaid, so still not public.
    const preview = await get<DetailBody & { review: string }>(
      `/api/v1/tender-alerts/moderation/tenders/${id}/`,
      moderatorToken,
    );
    expect(preview.body.review).toBe('under_review');
    expect(preview.body.content).toBe('<p>Fifty beds</p>');
    const hiddenDoc = preview.body.attachments[0]!;
    expect((await get(hiddenDoc.url)).status).toBe(404);
    expect((await get(hiddenDoc.url, advertiser.token)).status).toBe(200);
    expect((await get(hiddenDoc.url, otherAdvertiser.token)).status).toBe(404);

    const approved = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/tender-alerts/moderation/tenders/${id}/approve/`,
      headers: bearer(moderatorToken),
    });
    expect(approved.statusCode).toBe(200);
    expect((await mailsTo(ctx, 'amina@pumps.example'))[0]?.subject).toBe(
      'Your tender is approved: Supply of hospital beds',
    );
    expect(await publicIds()).not.toContain(id);

    // Paid (the payments module calls this): now it is public, marked as an advertiser's tender.
    await ctx.services.tenders.setPaymentState(code, 'paid');
    expect(await publicIds()).toContain(id);
    const detail = await get<DetailBody>(`/api/v1/tender-alerts/available-tenders/${id}/`);
    expect(detail.status).toBe(200);
    expect(detail.body.published_by).toEqual(expect.any(Number));
    expect(detail.body.company).toBe('ads@pumps.example org');
    expect(detail.body.content).toBe('<p>Fifty beds</p>');
    expect(detail.body.content).not.toMatch(/script|onclick|onerror|<img/);
    expect(detail.body.attachments.map((a) => [a.name, a.content_type, a.size])).toEqual([
      ['Bid document.pdf', 'application/pdf', sampleFiles.pdf('bid').length],
      ['site-photo.png', 'image/png', sampleFiles.png().length],
    ]);

    const download = await ctx.app.inject({ method: 'GET', url: detail.body.attachments[0]!.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Bid document.pdf"; filename*=UTF-8''Bid%20document.pdf`,
    );
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(sampleFiles.pdf('bid'))).toBe(true);

    const paid = await get<OrderBody>(
      `/api/v1/tender-alerts/available-tenders/my-published-tender/?code=${code}`,
      advertiser.token,
    );
    expect(paid.body.tender_alert.payment_status).toBe(1);
  });

  it('lets no advertiser read another one’s order or list', async () => {
    const created = await publish(advertiser.token, publishFields({ tender_title: 'Private order' }));
    const code = (created.body as unknown as OrderBody).tender_alert.code;
    const own = await get<OrderBody>(
      `/api/v1/tender-alerts/available-tenders/my-published-tender/?code=${code}`,
      advertiser.token,
    );
    expect(own.status).toBe(200);
    const foreign = await get<{ detail: string }>(
      `/api/v1/tender-alerts/available-tenders/my-published-tender/?code=${code}`,
      otherAdvertiser.token,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('No published-tender order with this code belongs to your account.');
    const theirs = await get<Page<unknown>>(
      '/api/v1/tender-alerts/available-tenders/my-published-tenders/',
      otherAdvertiser.token,
    );
    expect(theirs.body.count).toBe(0);
    expect(
      (await get('/api/v1/tender-alerts/available-tenders/my-published-tender/?code=' + code)).status,
    ).toBe(401);
  });

  it('rejects with a reason: the advertiser is mailed, sees Rejected with the reason, and the public never sees it', async () => {
    const created = await publish(advertiser.token, publishFields({ tender_title: 'Duplicate advert' }));
    const { code } = (created.body as unknown as OrderBody).tender_alert;
    const id = (created.body as unknown as OrderBody).tender_alert_job.id;
    await ctx.services.tenders.setPaymentState(code, 'paid');

    const noReason = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/tender-alerts/moderation/tenders/${id}/reject/`,
      headers: bearer(moderatorToken),
      payload: { reason: '' },
    });
    expect(noReason.statusCode).toBe(400);
    const byAdvertiser = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/tender-alerts/moderation/tenders/${id}/reject/`,
      headers: bearer(advertiser.token),
      payload: { reason: 'I reject myself' },
    });
    expect(byAdvertiser.statusCode).toBe(403);

    const rejected = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/tender-alerts/moderation/tenders/${id}/reject/`,
      headers: bearer(moderatorToken),
      payload: { reason: 'The same tender is already on the bulletin.' },
    });
    expect(rejected.statusCode).toBe(200);
    const mail = (await mailsTo(ctx, 'amina@pumps.example'))[0]!;
    expect(mail.subject).toBe('Your tender was not approved: Duplicate advert');
    expect(mail.text).toContain('Reason: The same tender is already on the bulletin.');
    expect(await publicIds()).not.toContain(id);
    expect((await get(`/api/v1/tender-alerts/available-tenders/${id}/`)).status).toBe(404);
    const mine = await get<Page<{ id: number; published: unknown; rejection_reason: string }>>(
      '/api/v1/tender-alerts/available-tenders/my-published-tenders/?search=duplicate',
      advertiser.token,
    );
    expect(mine.body.results[0]).toMatchObject({
      id,
      published: 'rejected',
      rejection_reason: 'The same tender is already on the bulletin.',
    });
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/tender-alerts/moderation/tenders/${id}/approve/`,
      headers: bearer(moderatorToken),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: 'Only a tender under review can be approved or rejected.',
      code: 'tender.not_under_review',
    });
  });

  it('lists the review queue for moderators only', async () => {
    const queue = await get<Page<{ review: string; email: string }>>(
      '/api/v1/tender-alerts/moderation/tenders/',
      moderatorToken,
    );
    expect(queue.status).toBe(200);
    expect(queue.body.results.every((t) => t.review === 'under_review')).toBe(true);
    expect((await get('/api/v1/tender-alerts/moderation/tenders/', advertiser.token)).status).toBe(403);
    expect((await get('/api/v1/tender-alerts/moderation/tenders/')).status).toBe(401);
  });
});

describe('editors', () => {
  it('post a tender that is public at once, and edit it (fields and documents)', async () => {
    const created = await send(
      'POST',
      '/api/v1/tender-alerts/moderation/tenders/',
      moderatorToken,
      {
        ...publishFields({ tender_title: 'Construction of a dispensary' }),
        company: 'County Government of Kitui',
        country: String(ids.kenya),
      },
      [{ name: 'BoQ.pdf', bytes: sampleFiles.pdf('boq') }],
    );
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(created.body).toMatchObject({
      review: 'published',
      published_by: null,
      company: 'County Government of Kitui',
      code: null,
    });
    expect(await publicIds()).toContain(id);

    const attachment = (created.body.attachments as Array<{ id: number }>)[0]!;
    const edited = await send(
      'PUT',
      `/api/v1/tender-alerts/moderation/tenders/${id}/`,
      moderatorToken,
      {
        ...publishFields({ tender_title: 'Construction of a dispensary (amended)' }),
        company: 'County Government of Kitui',
        remove_attachments: String(attachment.id),
      },
      [{ name: 'Addendum 1.pdf', bytes: sampleFiles.pdf('addendum') }],
    );
    expect(edited.status).toBe(200);
    expect(edited.body.title).toBe('Construction of a dispensary (amended)');
    expect((edited.body.attachments as Array<{ name: string }>).map((a) => a.name)).toEqual([
      'Addendum 1.pdf',
    ]);

    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/tender-alerts/moderation/tenders/${id}/cancel/`,
      headers: bearer(moderatorToken),
    });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    const [row] = await ctx.database.db
      .select({ cancelledAt: tenders.cancelledAt })
      .from(tenders)
      .where(eq(tenders.id, id));
    expect(row?.cancelledAt).not.toBeNull();
  });
});
