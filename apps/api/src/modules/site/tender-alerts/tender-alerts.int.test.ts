import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { digestSlot, matchesAlert, type AlertCandidate, type AlertProfile } from '@zabuni/domain';
import { createTestContext, manualClock, type TestContext } from '../../../../test/harness.ts';
import { bearer, createMember, tokenFor } from '../../../../test/identity.ts';
import { seedDemoTenderAlerts } from '../../../seed/demo-tender-alerts.ts';

/**
 * Issue 19: matching rules (the SQL against the domain's rules), the weekly digest and the empty week,
 * renewal reminders, one-click unsubscribe and the manage link, and the operator's run, twice.
 * The clock: Thursday 26 November 2026, 10:00 EAT; the week's slot is Monday 23 November, 07:00 EAT.
 */
const clock = manualClock(new Date('2026-11-26T07:00:00Z'));
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let ctx: TestContext;
let operator: string;
let kenya: number;
let uganda: number;
let cats: { id: number; name: string }[];
let buyerOrg: number;

const db = () => ctx.database.db;
const silent = pino({ level: 'silent' });
const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await db().execute<T>(query)).rows;

async function subscriber(options: {
  email: string;
  country?: number;
  categories: number[];
  endsIn?: number;
  startsAgo?: number;
  language?: string;
  profile?: { keywords?: string[]; sectors?: string[]; jobTypes?: string[]; counties?: string[] };
}) {
  const now = clock.now().getTime();
  const [row] = await rows<{ id: number }>(sql`
    INSERT INTO subscriptions (email, company_name, first_name, last_name, country_id, city, payment_plan, starts_at, ends_at)
    VALUES (${options.email}, 'Acme', ${options.email.split('@')[0]}, 'Test', ${options.country ?? kenya}, 'Nairobi',
      'Monthly', ${new Date(now - (options.startsAgo ?? 10 * DAY))}, ${new Date(now + (options.endsIn ?? 30 * DAY))})
    RETURNING id`);
  const id = row!.id;
  for (const category of options.categories)
    await db().execute(sql`INSERT INTO subscription_categories VALUES (${id}, ${category})`);
  if (options.language || options.profile) {
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/tender-alerts/manage/${ctx.services.tenderAlerts.tokenFor(id)}/`,
      payload: {
        ...(options.language ? { language: options.language } : {}),
        ...(options.profile?.keywords ? { keywords: options.profile.keywords } : {}),
        ...(options.profile?.sectors ? { sectors: options.profile.sectors } : {}),
        ...(options.profile?.jobTypes ? { job_types: options.profile.jobTypes } : {}),
        ...(options.profile?.counties ? { counties: options.profile.counties } : {}),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  return id;
}

async function tender(options: {
  title: string;
  category: number | null;
  country?: number;
  publishedAgo: number;
  closesIn: number;
  sector?: string;
  jobType?: string;
  content?: string;
  company?: string;
}) {
  const now = clock.now().getTime();
  const [row] = await rows<{ id: number }>(sql`
    INSERT INTO tenders (title, content, company, country_id, category_id, sector, job_type, closing_at, review, published_at)
    VALUES (${options.title}, ${options.content ?? ''}, ${options.company ?? 'Kenya Power'}, ${options.country ?? kenya},
      ${options.category}, ${options.sector ?? 'Public'}, ${options.jobType ?? 'Tender'},
      ${new Date(now + options.closesIn)}, 'published', ${new Date(now - options.publishedAgo)})
    RETURNING id`);
  return row!.id;
}

async function job(options: {
  title: string;
  categories: number[];
  createdAgo: number;
  closesIn: number;
  country?: number;
}) {
  const now = clock.now().getTime();
  const [row] = await rows<{ id: number }>(sql`
    INSERT INTO sourcing_events (buyer_id, title, job_type, country_id, closing_at, created_at)
    VALUES (${buyerOrg}, ${options.title}, 'Request For Quotation', ${options.country ?? kenya},
      ${new Date(now + options.closesIn)}, ${new Date(now - options.createdAgo)})
    RETURNING id`);
  for (const category of options.categories)
    await db().execute(sql`INSERT INTO sourcing_event_categories VALUES (${row!.id}, ${category})`);
  return row!.id;
}

const run = () =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/tender-alerts/digests/run/', headers: bearer(operator) });

async function mailsOf(email: string) {
  return rows<{
    subject: string;
    text_body: string;
    html_body: string;
    headers: Record<string, string> | null;
  }>(
    sql`SELECT subject, text_body, html_body, headers FROM mail_outbox WHERE to_address = ${email} ORDER BY id`,
  );
}

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  const m = await createMember(ctx, {
    kind: 'platform',
    role: 'moderator',
    email: 'alerts-op@zabuni.example',
  });
  operator = await tokenFor(ctx, m.email, m.password);
  kenya = (await rows<{ id: number }>(sql`SELECT id FROM countries WHERE iso2 = 'KE'`))[0]!.id;
  uganda = (await rows<{ id: number }>(sql`SELECT id FROM countries WHERE iso2 = 'UG'`))[0]!.id;
  cats = await rows<{ id: number; name: string }>(sql`SELECT id, name FROM categories ORDER BY id LIMIT 6`);
  const buyer = await createMember(ctx, {
    kind: 'buyer',
    role: 'org_admin',
    email: 'alerts-buyer@zabuni.example',
    organisationName: 'Umoja Water Board',
  });
  buyerOrg = buyer.organisationId;
});
afterAll(() => ctx?.close());

beforeEach(async () => {
  await db().execute(sql`DELETE FROM tender_alert_digests`);
});

describe('the weekly digest', () => {
  it('lists the matching tenders and jobs (title, buyer, category, EAT closing, link), latest closing first; the second run sends nothing more', async () => {
    const id = await subscriber({ email: 'wanjiru@example.com', categories: [cats[0]!.id, cats[1]!.id] });
    const soon = await tender({
      title: 'Supply of water meters',
      category: cats[0]!.id,
      publishedAgo: 2 * DAY,
      closesIn: 5 * DAY,
    });
    const later = await tender({
      title: 'Borehole drilling',
      category: cats[1]!.id,
      publishedAgo: 1 * DAY,
      closesIn: 20 * DAY,
      company: 'Athi Water',
    });
    const rfq = await job({
      title: 'Pipes and fittings RFQ',
      categories: [cats[1]!.id],
      createdAgo: HOUR,
      closesIn: 10 * DAY,
    });
    // Not listed: another category, another country, published before the week, closed, not public.
    await tender({ title: 'Office chairs', category: cats[2]!.id, publishedAgo: DAY, closesIn: 5 * DAY });
    await tender({
      title: 'Uganda meters',
      category: cats[0]!.id,
      country: uganda,
      publishedAgo: DAY,
      closesIn: 5 * DAY,
    });
    await tender({ title: 'Old meters', category: cats[0]!.id, publishedAgo: 12 * DAY, closesIn: 5 * DAY });
    await tender({ title: 'Closed meters', category: cats[0]!.id, publishedAgo: DAY, closesIn: -HOUR });

    const first = await run();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ slot: '2026-11-23T04:00:00.000Z', written: expect.any(Number) });
    expect(first.json().digests).toBeGreaterThanOrEqual(1);

    const [mail, ...more] = await mailsOf('wanjiru@example.com');
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Tender alert, week of 23 November 2026: 3 new in your categories');
    const text = mail!.text_body;
    // Latest closing first: borehole (20 days), the RFQ (10), the meters (5).
    const order = ['Borehole drilling', 'Pipes and fittings RFQ', 'Supply of water meters'].map((t) =>
      text.indexOf(t),
    );
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain('Buyer: Athi Water');
    expect(text).toContain(`Category: ${cats[1]!.name}`);
    expect(text).toContain('Buyer: Umoja Water Board');
    expect(text).toMatch(/Closes: \d{1,2} December 2026 at \d\d:\d\d EAT/);
    expect(text).toContain(`http://zabuni.test/tenders/show/${later}`);
    expect(text).toContain(`http://zabuni.test/tenders/show/${soon}`);
    expect(text).toContain(`http://zabuni.test/jobs/${rfq}`);
    for (const excluded of ['Office chairs', 'Uganda meters', 'Old meters', 'Closed meters'])
      expect(text).not.toContain(excluded);
    const token = ctx.services.tenderAlerts.tokenFor(id);
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<http://zabuni.test/api/v1/tender-alerts/unsubscribe/${token}/>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(text).toContain(`http://zabuni.test/tender-alerts/unsubscribe/${token}`);
    expect(text).toContain(`http://zabuni.test/tender-alerts/manage/${token}`);

    const second = await run();
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ digests: 0, reminders: 0, written: 0 });
    expect(await mailsOf('wanjiru@example.com')).toHaveLength(1);
  });

  it('sends a short "no new tenders" mail for an empty week, in the subscriber\'s language', async () => {
    await subscriber({ email: 'empty@example.com', categories: [cats[5]!.id] });
    await subscriber({ email: 'tupu@example.com', categories: [cats[5]!.id], language: 'sw' });
    expect((await run()).statusCode).toBe(200);
    const [english] = await mailsOf('empty@example.com');
    expect(english!.subject).toBe('Tender alert, week of 23 November 2026: no new tenders');
    expect(english!.text_body).toContain('No new tenders in your categories this week.');
    const [swahili] = await mailsOf('tupu@example.com');
    expect(swahili!.subject).toBe('Tahadhari ya zabuni, wiki ya 23 Novemba 2026: hakuna zabuni mpya');
    expect(swahili!.html_body).toContain('lang="sw"');
  });

  it('is not sent to a subscriber whose period has ended or not started, nor to an unsubscribed one', async () => {
    await subscriber({
      email: 'ended@example.com',
      categories: [cats[0]!.id],
      startsAgo: 40 * DAY,
      endsIn: -DAY,
    });
    const gone = await subscriber({ email: 'gone@example.com', categories: [cats[0]!.id] });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/tender-alerts/unsubscribe/${ctx.services.tenderAlerts.tokenFor(gone)}/`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ email: 'g***@example.com' });
    expect((await run()).statusCode).toBe(200);
    expect(await mailsOf('ended@example.com')).toHaveLength(0);
    expect(await mailsOf('gone@example.com')).toHaveLength(0);
  });
});

describe('matching rules', () => {
  it('the one SQL statement finds exactly the pairs the domain rules find', async () => {
    const window = { from: new Date(digestSlot(clock.now()).getTime() - 7 * DAY), until: clock.now() };
    const profiles: Array<{ id: number; profile: AlertProfile }> = [];
    const variants: Array<Partial<AlertProfile> & { country?: number }> = [
      {},
      { keywords: ['water'] },
      { keywords: ['road works', 'bridge'] },
      { sectors: ['NGO'] },
      { jobTypes: ['Request For Quotation'] },
      { counties: ['Kisumu'] },
      { sectors: ['Public'], keywords: ['supply'] },
      { country: uganda },
    ];
    for (const [index, variant] of variants.entries()) {
      const categoryIds = [cats[index % 3]!.id, cats[3]!.id];
      const id = await subscriber({
        email: `rules${index}@example.com`,
        categories: categoryIds,
        country: variant.country ?? kenya,
        profile: {
          keywords: [...(variant.keywords ?? [])],
          sectors: [...(variant.sectors ?? [])],
          jobTypes: [...(variant.jobTypes ?? [])],
          counties: [...(variant.counties ?? [])],
        },
      });
      profiles.push({
        id,
        profile: {
          countryId: variant.country ?? kenya,
          categoryIds,
          keywords: variant.keywords ?? [],
          sectors: variant.sectors ?? [],
          jobTypes: variant.jobTypes ?? [],
          counties: [...(variant.counties ?? [])],
        },
      });
    }
    const titles = [
      'Water supply to Kisumu County',
      'Road works and bridge repair',
      'Supply of stationery',
      'Solar panels for schools',
      'Bridge design consultancy',
    ];
    const sectors = ['NGO', 'Public', 'Private'];
    const jobTypes = ['Tender', 'Request For Quotation', 'Supplier Prequalification'];
    const candidates: Array<{ kind: 'tender' | 'job'; id: number; item: AlertCandidate }> = [];
    const now = clock.now().getTime();
    for (let i = 0; i < 40; i += 1) {
      const title = titles[i % titles.length]!;
      const category = cats[i % 5]!.id;
      const country = i % 7 === 0 ? uganda : kenya;
      const publishedAgo = [HOUR, 2 * DAY, 6 * DAY, 9 * DAY][i % 4]!;
      const closesIn = i % 6 === 0 ? -HOUR : 10 * DAY + i * HOUR;
      if (i % 4 === 3) {
        const id = await job({
          title,
          categories: [category, cats[(i + 1) % 5]!.id],
          createdAgo: publishedAgo,
          closesIn,
          country,
        });
        candidates.push({
          kind: 'job',
          id,
          item: {
            kind: 'job',
            countryId: country,
            categoryIds: [category, cats[(i + 1) % 5]!.id],
            sector: null,
            jobType: 'Request For Quotation',
            text: title,
            publishedAt: new Date(now - publishedAgo),
            closingAt: new Date(now + closesIn),
          },
        });
      } else {
        const sector = sectors[i % 3]!;
        const jobType = jobTypes[i % 3]!;
        const id = await tender({
          title,
          category,
          country,
          publishedAgo,
          closesIn,
          sector,
          jobType,
          company: 'Buyer',
        });
        candidates.push({
          kind: 'tender',
          id,
          item: {
            kind: 'tender',
            countryId: country,
            categoryIds: [category],
            sector,
            jobType,
            text: `${title} Buyer`,
            publishedAt: new Date(now - publishedAgo),
            closingAt: new Date(now + closesIn),
          },
        });
      }
    }
    await ctx.services.tenderAlerts.run();
    const found = await rows<{ subscription_id: number; item_kind: string; item_id: number }>(sql`
      SELECT d.subscription_id, 'tender' AS item_kind, i.id AS item_id
      FROM tender_alert_digests d CROSS JOIN LATERAL unnest(d.tender_ids) AS i(id)
      WHERE d.subscription_id = ANY (${sql.param(profiles.map((p) => p.id))}::int[])
      UNION ALL
      SELECT d.subscription_id, 'job', i.id
      FROM tender_alert_digests d CROSS JOIN LATERAL unnest(d.job_ids) AS i(id)
      WHERE d.subscription_id = ANY (${sql.param(profiles.map((p) => p.id))}::int[])`);
    const actual = found.map((r) => `${r.subscription_id}:${r.item_kind}:${r.item_id}`).sort();
    const expected = profiles
      .flatMap(({ id, profile }) =>
        candidates.filter((c) => matchesAlert(profile, c.item, window)).map((c) => `${id}:${c.kind}:${c.id}`),
      )
      .sort();
    // Earlier tests' notices may match too; compare on this test's notices only.
    const mine = new Set(candidates.map((c) => `${c.kind}:${c.id}`));
    expect(actual.filter((pair) => mine.has(pair.split(':').slice(1).join(':')))).toEqual(expected);
    expect(expected.length).toBeGreaterThan(10);
  });
});

describe('renewal reminders', () => {
  it('go out 7 days and 1 day before the end, once each, with a link to renew through the checkout', async () => {
    const id = await subscriber({ email: 'renew@example.com', categories: [cats[0]!.id], endsIn: 6 * DAY });
    await ctx.services.tenderAlerts.run();
    const first = (await mailsOf('renew@example.com')).filter((m) => m.subject.includes('alerts end'));
    expect(first.map((m) => m.subject)).toEqual(['Your tender alerts end in 7 days']);
    const token = ctx.services.tenderAlerts.tokenFor(id);
    expect(first[0]!.text_body).toContain(
      `Renew my subscription: http://zabuni.test/tender-alerts/manage/${token}?renew=1`,
    );
    await ctx.services.tenderAlerts.run();
    clock.advance(5 * DAY + 2 * HOUR);
    try {
      await ctx.services.tenderAlerts.run();
      await ctx.services.tenderAlerts.run();
      const reminders = (await mailsOf('renew@example.com')).filter((m) => m.subject.includes('alerts end'));
      expect(reminders.map((m) => m.subject)).toEqual([
        'Your tender alerts end in 7 days',
        'Your tender alerts end tomorrow',
      ]);
      // Renewing goes through the existing checkout: an order for the same subscriber.
      const renewal = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/tender-alerts/manage/${token}/renew/`,
      });
      expect(renewal.statusCode, renewal.body).toBe(200);
      const checkout = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/tender-alerts/subscription/search_subscription_code/?code=${renewal.json().code}`,
      });
      expect(checkout.statusCode, checkout.body).toBe(200);
    } finally {
      clock.advance(-(5 * DAY + 2 * HOUR));
    }
  });
});

describe('manage and unsubscribe links', () => {
  it('refuse a forged or altered token, with no sign-in needed for a good one', async () => {
    const id = await subscriber({ email: 'links@example.com', categories: [cats[0]!.id] });
    const token = ctx.services.tenderAlerts.tokenFor(id);
    const forged = `${id + 1}.${token.split('.')[1]}`;
    for (const bad of [forged, `${id}.${'A'.repeat(32)}`]) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/tender-alerts/manage/${bad}/` });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('tender_alert.link_invalid');
      const unsubscribe = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/tender-alerts/unsubscribe/${bad}/`,
      });
      expect(unsubscribe.statusCode).toBe(404);
    }
    const view = await ctx.app.inject({ method: 'GET', url: `/api/v1/tender-alerts/manage/${token}/` });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      email: 'l***@example.com',
      active: true,
      language: 'en',
      categories: [{ id: cats[0]!.id }],
    });
  });

  it('change categories, language and filters; unsubscribe and subscribe again', async () => {
    const id = await subscriber({ email: 'edit@example.com', categories: [cats[0]!.id] });
    const url = `/api/v1/tender-alerts/manage/${ctx.services.tenderAlerts.tokenFor(id)}/`;
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url,
      payload: {
        categories: [cats[1]!.id, cats[2]!.id],
        language: 'am',
        keywords: [' Water ', 'water'],
        counties: ['kisumu'],
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ language: 'am', keywords: ['water'], counties: ['Kisumu'] });
    expect(
      changed
        .json()
        .categories.map((c: { id: number }) => c.id)
        .sort(),
    ).toEqual([cats[1]!.id, cats[2]!.id].sort());
    const wrong = await ctx.app.inject({ method: 'PATCH', url, payload: { counties: ['Atlantis'] } });
    expect(wrong.statusCode).toBe(400);
    const none = await ctx.app.inject({ method: 'PATCH', url, payload: { categories: [] } });
    expect(none.statusCode).toBe(400);
    const off = await ctx.app.inject({ method: 'PATCH', url, payload: { subscribed: false } });
    expect(off.json()).toMatchObject({ active: false, unsubscribed_at: expect.any(String) });
    const on = await ctx.app.inject({ method: 'PATCH', url, payload: { subscribed: true } });
    expect(on.json()).toMatchObject({ active: true, unsubscribed_at: null });
  });
});

describe('operator view', () => {
  it('counts the week, and is for operator staff only', async () => {
    await subscriber({ email: 'stats@example.com', categories: [cats[4]!.id] });
    await run();
    const view = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/tender-alerts/digests/',
      headers: bearer(operator),
    });
    expect(view.statusCode, view.body).toBe(200);
    const week = view.json().weeks[0];
    expect(week).toMatchObject({ period_start: '2026-11-23T04:00:00.000Z' });
    expect(week.digests).toBeGreaterThan(0);
    expect(week.delivered).toBe(week.digests + week.reminders);
    expect(view.json().categories_without_notices.length).toBeGreaterThan(0);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/v1/tender-alerts/digests/run/' })).statusCode,
    ).toBe(401);
  });
});

describe('demo data', () => {
  it('records the last two weeks of digests for three demo subscribers, once', async () => {
    await tender({ title: 'Demo meters', category: cats[0]!.id, publishedAgo: 9 * DAY, closesIn: 30 * DAY });
    const deps = { config: ctx.config, database: ctx.database, logger: silent };
    expect(await seedDemoTenderAlerts(deps)).toBe(true);
    expect(await seedDemoTenderAlerts(deps)).toBe(false);
    const weeks = await rows<{ period_start: Date; n: number }>(sql`
      SELECT period_start, count(*)::int AS n FROM tender_alert_digests d JOIN subscriptions s ON s.id = d.subscription_id
      WHERE s.email LIKE '%@alerts.zabuni.example' GROUP BY period_start ORDER BY period_start`);
    expect(weeks.map((w) => w.n)).toEqual([3, 3]);
    const kept = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM mail_outbox WHERE to_address LIKE '%@alerts.zabuni.example' AND status = 'kept'`);
    expect(kept[0]!.n).toBe(6);
  });
});
