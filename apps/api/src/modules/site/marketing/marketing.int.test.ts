import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { bearer, createMember, tokenFor } from '../../../../test/identity.ts';
import { multipart } from '../../../../test/multipart.ts';
import { DEFAULT_SITE_CONTENT_DIR } from '../../../infra/paths.ts';
import { auditLog } from '../../../schema/audit.tables.ts';
import { organisations } from '../../../schema/organisations.tables.ts';
import { orders, paymentAttempts } from '../../../schema/payments.tables.ts';

/** Issue 17: the marketing pages' content, clients, price list and payment record. */
let ctx: TestContext;
let contentDir: string;
let moderator: string;
let advertiser: string;
let otherAdvertiser: string;
let buyerAdmin: string;

const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

beforeAll(async () => {
  // A copy of the shipped content, so a test can edit a file as the operator would.
  contentDir = await mkdtemp(path.join(tmpdir(), 'zabuni-content-'));
  for (const language of ['en', 'fr', 'sw', 'pt', 'am']) {
    await writeFile(
      path.join(contentDir, `${language}.json`),
      await readFile(path.join(DEFAULT_SITE_CONTENT_DIR, `${language}.json`)),
    );
  }
  ctx = await createTestContext({ env: { SITE_CONTENT_DIR: contentDir } });
  const m = await createMember(ctx, { kind: 'platform', role: 'moderator', email: 'site@zabuni.example' });
  moderator = await tokenFor(ctx, m.email, m.password);
  const a = await createMember(ctx, { kind: 'advertiser', role: 'advertiser', email: 'ads@one.example' });
  advertiser = await tokenFor(ctx, a.email, a.password);
  const b = await createMember(ctx, { kind: 'advertiser', role: 'advertiser', email: 'ads@two.example' });
  otherAdvertiser = await tokenFor(ctx, b.email, b.password);
  const c = await createMember(ctx, {
    kind: 'buyer',
    role: 'org_admin',
    email: 'admin@umoja.example',
    organisationName: 'Umoja Bank',
  });
  buyerAdmin = await tokenFor(ctx, c.email, c.password);
});
afterAll(() => ctx.close());

describe('site content', () => {
  it('answers each page in the language asked for, all five languages valid', async () => {
    for (const language of ['en', 'fr', 'sw', 'pt', 'am']) {
      for (const page of ['home', 'about', 'clients', 'pricing']) {
        const response = await get(`/api/v1/core/site-content/${page}/?lang=${language}`);
        expect(response.statusCode, `${page} ${language}: ${response.body}`).toBe(200);
        expect(response.json()).toMatchObject({ page, language });
      }
    }
    const home = (await get('/api/v1/core/site-content/home/?lang=am')).json();
    expect(home.content.modules.items.map((m: { slug: string }) => m.slug)).toEqual([
      'sourcing',
      'contract-management',
      'procure-to-pay',
      'risk-management',
    ]);
    expect(home.content.hero.title).toMatch(/[\u1200-\u137F]/);
    const about = (await get('/api/v1/core/site-content/about/')).json();
    expect(about.language).toBe('en');
    expect(about.content.values.items.map((v: { name: string }) => v.name)).toEqual([
      'Integrity',
      'Innovation',
      'Customer Focus',
      'Security',
      'Efficiency',
      'Compliance',
    ]);
  });

  it('serves the operator’s edit at once, and English when a language’s page is broken', async () => {
    const file = path.join(contentDir, 'fr.json');
    const original = await readFile(file, 'utf8');
    const edited = JSON.parse(original);
    edited.pricing.intro = 'Des prix simples, modifiés par l’opérateur.';
    delete edited.about.mission;
    await writeFile(file, JSON.stringify(edited));
    // A later modification time than the cached one.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await writeFile(file, JSON.stringify(edited));
    const pricing = (await get('/api/v1/core/site-content/pricing/?lang=fr')).json();
    expect(pricing).toMatchObject({
      language: 'fr',
      content: { intro: 'Des prix simples, modifiés par l’opérateur.' },
    });
    const about = (await get('/api/v1/core/site-content/about/?lang=fr')).json();
    expect(about.language).toBe('en');
    expect(about.content.mission.title).toBe('Our mission');
    await writeFile(file, original);
  });

  it('refuses an unknown page or language with 400', async () => {
    expect((await get('/api/v1/core/site-content/secrets/')).statusCode).toBe(400);
    expect((await get('/api/v1/core/site-content/home/?lang=de')).statusCode).toBe(400);
  });
});

describe('clients shown by the operator', () => {
  it('lists only the buyers marked shown; the operator marks one and sets its sector', async () => {
    const [umoja] = await ctx.database.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.name, 'Umoja Bank'));
    expect((await get('/api/v1/core/clients/')).json()).toEqual({ results: [] });

    const buyers = await get('/api/v1/core/moderation/buyers/?search=umoj', moderator);
    expect(buyers.statusCode).toBe(200);
    expect(buyers.json().results).toEqual([
      { id: umoja!.id, company_name: 'Umoja Bank', logo_url: null, sector: null, shown_as_client: false },
    ]);

    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/core/moderation/buyers/${umoja!.id}/`,
      headers: bearer(moderator),
      payload: { shown_as_client: true, sector: 'Private' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ shown_as_client: true, sector: 'Private' });
    expect((await get('/api/v1/core/clients/')).json()).toEqual({
      results: [{ id: umoja!.id, company_name: 'Umoja Bank', logo_url: null, sector: 'Private' }],
    });
    const audited = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'client_listing.changed'));
    expect(audited).toHaveLength(1);
  });

  it('refuses a supplier or advertiser id (404), a bad sector and an empty change (400), and non-operators', async () => {
    const [advertiserOrg] = await ctx.database.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.kind, 'advertiser'))
      .limit(1);
    const patch = (id: number, payload: object, token = moderator) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/v1/core/moderation/buyers/${id}/`,
        headers: bearer(token),
        payload,
      });
    const notBuyer = await patch(advertiserOrg!.id, { shown_as_client: true });
    expect(notBuyer.statusCode).toBe(404);
    expect(notBuyer.json().code).toBe('organisation.not_found');
    expect((await patch(advertiserOrg!.id, { sector: 'Bank' })).statusCode).toBe(400);
    expect((await patch(advertiserOrg!.id, {})).statusCode).toBe(400);
    expect((await patch(advertiserOrg!.id, { shown_as_client: true }, buyerAdmin)).statusCode).toBe(403);
    expect((await get('/api/v1/core/moderation/buyers/')).statusCode).toBe(401);
    expect((await get('/api/v1/core/moderation/buyers/', advertiser)).statusCode).toBe(403);
  });
});

describe('the price list', () => {
  it('lists every product on sale, Professional and the Africa Directory (Kenya) add-on included', async () => {
    const response = await get('/api/v1/core/prices/');
    expect(response.statusCode).toBe(200);
    const byProduct = Object.fromEntries(
      response
        .json()
        .results.map((p: { product: string; currency: string; amount_minor: number }) => [
          p.product,
          `${p.currency} ${p.amount_minor}`,
        ]),
    );
    expect(byProduct).toEqual({
      africa_directory_ke: 'USD 5000',
      alert_subscription_annual: 'KES 300000',
      alert_subscription_monthly: 'KES 40000',
      // Issue 18: the prequalified-supplier lists' price rule (per supplier, with a minimum per category).
      prequalified_list_category_minimum: 'KES 200000',
      prequalified_list_per_supplier: 'KES 50000',
      professional_plan_annual: 'USD 60000',
      professional_plan_monthly: 'USD 6000',
      tender_publishing: 'KES 250000',
    });
  });

  it('the operator changes a price (audited); new orders charge it; others may not', async () => {
    const put = (product: string, payload: object, token = moderator) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/core/moderation/prices/${product}/`,
        headers: bearer(token),
        payload,
      });
    const changed = await put('alert_subscription_monthly', { amount_minor: 45_000 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      product: 'alert_subscription_monthly',
      currency: 'KES',
      amount_minor: 45_000,
    });
    const listed = (await get('/api/v1/core/prices/')).json().results;
    expect(
      listed.find((p: { product: string }) => p.product === 'alert_subscription_monthly').amount_minor,
    ).toBe(45_000);
    const plans = (await get('/api/v1/tender-alerts/subscription/plans/')).json().results;
    expect(plans.find((p: { payment_plan: string }) => p.payment_plan === 'Monthly').amount).toBe(450);
    const [entry] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'price.changed'));
    expect(entry!.detail).toMatchObject({
      product: 'alert_subscription_monthly',
      from_minor: 40_000,
      to_minor: 45_000,
    });

    expect((await put('alert_subscription_monthly', { amount_minor: 0 })).statusCode).toBe(400);
    expect((await put('alert_subscription_monthly', { amount_minor: 12.5 })).statusCode).toBe(400);
    expect((await put('free_lunch', { amount_minor: 100 })).statusCode).toBe(400);
    expect((await put('tender_publishing', { amount_minor: 100 }, advertiser)).statusCode).toBe(403);
    expect((await put('tender_publishing', { amount_minor: 100 }, buyerAdmin)).statusCode).toBe(403);
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: '/api/v1/core/moderation/prices/tender_publishing/',
          payload: { amount_minor: 100 },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('the payment record of an order', () => {
  async function publish(token: string) {
    const closing = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const body = multipart({
      tender_title: 'Supply of water pumps',
      tender_closing_date: closing,
      first_name: 'Amina',
      last_name: 'Otieno',
      email: 'amina@one.example',
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tender-alerts/available-tenders/publish-tender/',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
    });
    expect(response.statusCode).toBe(201);
    return (response.json() as { tender_alert: { code: string } }).tender_alert.code;
  }

  it('shows the paid order’s record to its owner only; anyone else gets 404', async () => {
    const code = await publish(advertiser);
    const db = ctx.database.db;
    const [order] = await db.select().from(orders).where(eq(orders.code, code));
    const paidAt = new Date('2026-11-20T09:30:00.000Z');
    await db.insert(paymentAttempts).values({
      orderId: order!.id,
      provider: 'mpesa',
      status: 'paid',
      phone: '254708374140',
      requestedAmount: '2500',
      receipt: 'SKL4XYZ123',
      resolvedAt: paidAt,
    });
    await db.update(orders).set({ paymentState: 'paid', paidAt }).where(eq(orders.id, order!.id));

    const mine = await get(`/api/v1/payments/orders/${code}/record/`, advertiser);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual({
      reference: order!.reference,
      payment_state: 'paid',
      transaction_id: 'SKL4XYZ123',
      method: 'mpesa',
      date: '2026-11-20T09:30:00.000Z',
      currency: 'KES',
      total_minor: 250_000,
      product: 'tender_publishing',
      plan: 'Tender advert: Supply of water pumps',
      add_on: null,
      checkout_path: `/publish-tender-checkout/${code}`,
    });
    for (const token of [otherAdvertiser, buyerAdmin, moderator, undefined]) {
      const refused = await get(`/api/v1/payments/orders/${code}/record/`, token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe('payment.order_not_found');
    }
    expect((await get('/api/v1/payments/orders/no-such-order/record/', advertiser)).statusCode).toBe(404);
  });

  it('a failed tender-alert order opens by its code, with no transaction ID', async () => {
    const subscribed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tender-alerts/subscription/subscribe/',
      payload: {
        company_name: 'Kilima Traders',
        email: 'kilima@traders.example',
        kra_pin_number: 'A123456789B',
        phone_number: '0712345678',
        first_name: 'Juma',
        last_name: 'Kariuki',
        country: 1,
        city: 'Nairobi',
        payment_plan: 'Annual',
        categories: [1],
        marketing: 'Website',
      },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    const { code } = subscribed.json() as { code: string };
    const db = ctx.database.db;
    const [order] = await db.select().from(orders).where(eq(orders.code, code));
    await db.insert(paymentAttempts).values({
      orderId: order!.id,
      provider: 'dpo',
      status: 'failed',
      requestedAmount: '3000.00',
      resultCode: '904',
      resolvedAt: new Date('2026-11-21T12:00:00.000Z'),
    });
    await db.update(orders).set({ paymentState: 'failed' }).where(eq(orders.id, order!.id));
    const record = await get(`/api/v1/payments/orders/${code}/record/`);
    expect(record.statusCode, record.body).toBe(200);
    expect(record.json()).toMatchObject({
      payment_state: 'failed',
      transaction_id: null,
      method: 'dpo',
      date: '2026-11-21T12:00:00.000Z',
      currency: 'KES',
      total_minor: 300_000,
      product: 'alert_subscription',
      checkout_path: `/tenders-checkout/${code}`,
    });
  });
});

describe('sitemap.xml', () => {
  it('lists the home, about, clients and pricing pages', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    const locs = [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    for (const page of ['/', '/about', '/clients', '/pricing'])
      expect(locs).toContain(`http://zabuni.test${page}`);
  });
});
