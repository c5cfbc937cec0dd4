import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath, launchBrowser } from './browser.ts';

const SHOTS = new URL('../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

// The demo sign-ins (README): the buyer administers Harambee; Grace (owner) and Daniel (finance) sit on the
// opening committee with the demo opening passphrase.
const BUYER = 'buyer@zabuni.example';
const GRACE = 'owner@zabuni.example';
const DANIEL = 'finance@zabuni.example';
const DEMO_PASSWORD = 'zabuni-demo-2026';
const OPENING_PASSPHRASE = 'zabuni-demo-opening';
const HARAMBEE = 'Harambee Savings Sacco';
const SUPPLIER_PASSWORD = 'Rfq-Supplier-2026!';
/** How long the suppliers have to quote in their browsers. */
const QUOTE_WINDOW_MS = 180_000;
/** A small PDF the buyer attaches for the suppliers, and one a supplier seals inside its quote. */
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);
const SPECIFICATION = {
  name: 'Desk specification.pdf',
  mimeType: 'application/pdf',
  buffer: pdf('desk spec'),
};
const CATALOGUE = { name: 'Jua catalogue.pdf', mimeType: 'application/pdf', buffer: pdf('jua catalogue') };

describe.skipIf(!chromiumPath)('Sealed RFQ in Chromium (issue 20)', () => {
  const baseUrl = inject('baseUrl');
  const stamp = Date.now().toString(36).toUpperCase();
  const title = `Branch furniture ${stamp}`;
  const suppliers = {
    jua: { email: `jua-${stamp}@rfq.example`.toLowerCase(), name: `Jua Furniture ${stamp} Ltd` },
    mvua: { email: `mvua-${stamp}@rfq.example`.toLowerCase(), name: `Mvua Interiors ${stamp} Ltd` },
    upepo: { email: `upepo-${stamp}@rfq.example`.toLowerCase(), name: `Upepo Office ${stamp} Ltd` },
  };
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const tokens: Record<string, string> = {};
  const ids: Record<string, number> = {};
  let buyerWasOn: number | null = null;
  let rfqId = 0;
  let closesAt = 0;

  async function call<T>(who: string, method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        ...(tokens[who] ? { Authorization: `Bearer ${tokens[who]}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }
  const signInApi = async (who: string, email: string, password: string) => {
    tokens[who] = '';
    tokens[who] = (
      await call<{ access: string }>(who, 'POST', '/authentication/token/', { username: email, password })
    ).access;
  };
  const onHarambee = async (who: string) => {
    const me = await call<{
      buyer_company_id: number | null;
      organisations: Array<{ organisation: { id: number; name: string } }>;
    }>(who, 'GET', '/authentication/me/');
    const harambee = me.organisations.find((m) => m.organisation.name === HARAMBEE)!.organisation.id;
    if (me.buyer_company_id !== harambee)
      tokens[who] = (
        await call<{ access: string }>(who, 'POST', '/authentication/switch-buyer/', {
          buyer_company_id: harambee,
        })
      ).access;
    return { was: me.buyer_company_id, harambee };
  };

  /** A signed-in page of its own (each person their own browser context), in English or Amharic. */
  async function pageOf(
    email: string,
    password: string,
    next: string,
    width = 1280,
    lang = 'en',
  ): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-GB' });
    if (lang !== 'en') await context.addCookies([{ name: 'lang', value: lang, url: baseUrl }]);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login?next=${encodeURIComponent(next)}`);
    const form = page.getByTestId('sign-in-form');
    await form.locator('input[autocomplete="username"], input[name="username"]').first().fill(email);
    await form.locator('input[autocomplete="current-password"]').fill(password);
    await form.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === next);
    return page;
  }
  /** Screenshots of a buyer page at 1280 and 390 px, in English and Amharic. */
  async function shots(name: string, path: string, ready: string) {
    for (const lang of ['en', 'am']) {
      for (const width of [1280, 390]) {
        const page = await pageOf(BUYER, DEMO_PASSWORD, path, width, lang);
        await page.getByTestId(ready).first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: `${SHOTS}rfq-${name}-${width}-${lang}.png`, fullPage: true });
        await page.context().close();
      }
    }
  }

  beforeAll(async () => {
    await signInApi('buyer', BUYER, DEMO_PASSWORD);
    const { was } = await onHarambee('buyer');
    buyerWasOn = was;
    for (const [who, email] of [
      ['grace', GRACE],
      ['daniel', DANIEL],
    ] as const) {
      await signInApi(who, email, DEMO_PASSWORD);
      await onHarambee(who);
      const key = await call<{ has_key: boolean }>(who, 'GET', '/sourcing/opening-key/');
      if (!key.has_key) await call(who, 'PUT', '/sourcing/opening-key/', { passphrase: OPENING_PASSPHRASE });
    }
    const members = await call<{ results: Array<{ user_id: number; email: string }> }>(
      'buyer',
      'GET',
      '/organisations/members/?page_size=100',
    );
    ids.grace = members.results.find((m) => m.email === GRACE)!.user_id;
    ids.daniel = members.results.find((m) => m.email === DANIEL)!.user_id;
    // Three suppliers on Harambee's list, each with a password chosen from the mail.
    for (const [key, supplier] of Object.entries(suppliers)) {
      ids[key] = (
        await call<{ id: number }>('buyer', 'POST', '/p2p/suppliers/', {
          name: supplier.name,
          email: supplier.email,
          first_name: 'Neema',
          last_name: 'Mwangi',
        })
      ).id;
      let token = '';
      for (let tries = 0; !token && tries < 60; tries += 1) {
        const mails = (await (
          await fetch(`${baseUrl}/api/dev/mail?to=${encodeURIComponent(supplier.email)}`)
        ).json()) as { results: Array<{ text: string }> };
        token = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mails.results[0]?.text ?? '')?.[1] ?? '';
        if (!token) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await call('anyone', 'POST', '/authentication/confirm/', {
        token: decodeURIComponent(token),
        password: SUPPLIER_PASSWORD,
        password2: SUPPLIER_PASSWORD,
      });
    }
    const departments = await call<{ results: Array<{ id: number; code: string }> }>(
      'buyer',
      'GET',
      '/p2p/departments/?page_size=100',
    );
    const categories = await call<{ results: Array<{ id: number }> }>(
      'buyer',
      'GET',
      '/core/category-types/',
    );
    closesAt = Date.now() + QUOTE_WINDOW_MS;
    // The draft is raised here; publishing, quoting, opening and the award happen in the browsers.
    rfqId = (
      await call<{ id: number }>('buyer', 'POST', '/sourcing/rfqs/', {
        title,
        closing_at: new Date(closesAt).toISOString(),
        department_id: departments.results.find((d) => d.code === 'OPS')?.id ?? departments.results[0]!.id,
        terms: 'Delivery to the Nakuru branch.',
        committee: [ids.grace, ids.daniel],
        quorum: 2,
        suppliers: [ids.jua, ids.mvua, ids.upepo],
        lines: [
          {
            description: 'Office desk',
            category_id: categories.results[0]?.id ?? 1,
            quantity: '10',
            unit: 'each',
            estimated_unit_price: '20000.00',
          },
          {
            description: 'Office chair',
            category_id: categories.results[0]?.id ?? 1,
            quantity: '10',
            unit: 'each',
            estimated_unit_price: '12000.00',
          },
        ],
      })
    ).id;
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    if (buyerWasOn !== null && tokens.buyer)
      await call('buyer', 'POST', '/authentication/switch-buyer/', { buyer_company_id: buyerWasOn }).catch(
        () => undefined,
      );
  });

  it('publishes the RFQ from the Sourcing menu: the three suppliers are told', async () => {
    const page = await pageOf(BUYER, DEMO_PASSWORD, '/app');
    await page.getByTestId('nav-rfqs').click();
    await page.waitForURL((url) => url.pathname === '/app/sourcing/rfqs');
    await page.getByTestId('rfq-link').filter({ hasText: /RFQ-/ }).first().waitFor();
    await page.goto(`${baseUrl}/app/sourcing/rfqs/${rfqId}`);
    // The draft's document for the suppliers, uploaded through the documents section.
    await page.getByTestId('rfq-documents').locator('input[type="file"]').setInputFiles(SPECIFICATION);
    await expect
      .poll(() => page.getByTestId('rfq-document-link').allInnerTexts())
      .toEqual([SPECIFICATION.name]);
    await page.screenshot({ path: `${SHOTS}rfq-detail-draft-documents-1280-en.png`, fullPage: true });
    await page.getByTestId('rfq-publish').click();
    await expect
      .poll(async () => (await page.getByTestId('rfq-status').first().innerText()).toLowerCase())
      .toBe('open for quotes');
    for (const supplier of Object.values(suppliers)) {
      await expect
        .poll(async () => {
          const mails = (await (
            await fetch(`${baseUrl}/api/dev/mail?to=${encodeURIComponent(supplier.email)}`)
          ).json()) as { results: Array<{ subject: string }> };
          return mails.results.some((m) => m.subject.startsWith('Request for quotations RFQ-'));
        })
        .toBe(true);
    }
    // An addendum (a note, the lines and closing unchanged) while published: listed on the detail.
    await page.getByTestId('rfq-addendum-note').fill('Desks must be delivered assembled.');
    await page.getByTestId('rfq-addendum-submit').click();
    await expect.poll(() => page.getByTestId('rfq-addendum').count()).toBe(1);
    expect(await page.getByTestId('rfq-addendum').innerText()).toContain('delivered assembled');
    await shots('detail-published', `/app/sourcing/rfqs/${rfqId}`, 'rfq-addendum-form');
  }, 120_000);

  it('lets two suppliers seal quotes with receipts and one decline, in the portal', async () => {
    const quotes: Array<[keyof typeof suppliers, [string, string] | null]> = [
      ['jua', ['18500.00', '12500.00']],
      ['mvua', ['19900.00', '11450.00']],
      ['upepo', null],
    ];
    for (const [key, prices] of quotes) {
      // Mvua quotes on a phone in Amharic.
      const [width, lang] = key === 'mvua' ? [390, 'am'] : [1280, 'en'];
      const page = await pageOf(suppliers[key].email, SUPPLIER_PASSWORD, '/portal/rfqs', width, lang);
      await page.getByTestId('portal-rfq-link').filter({ hasText: /RFQ-/ }).first().click();
      await page.waitForURL((url) => url.pathname === `/portal/rfqs/${rfqId}`);
      // The buyer's document and the addendum are there; the document downloads byte for byte.
      await page.getByTestId('portal-rfq-addendum').first().waitFor();
      expect(await page.getByTestId('portal-rfq-addenda').innerText()).toContain('delivered assembled');
      const link = page.getByTestId('portal-rfq-document-link');
      expect(await link.allInnerTexts()).toEqual([SPECIFICATION.name]);
      if (key === 'jua') {
        const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
        expect(download.suggestedFilename()).toBe(SPECIFICATION.name);
        expect(readFileSync((await download.path())!).equals(SPECIFICATION.buffer)).toBe(true);
        // Jua seals its catalogue inside the quote.
        await page.getByTestId('quote-form').locator('input[type="file"]').setInputFiles(CATALOGUE);
      }
      if (prices) {
        await page.getByTestId('quote-price').nth(0).fill(prices[0]);
        await page.getByTestId('quote-price').nth(1).fill(prices[1]);
        await page.getByTestId('quote-delivery').fill('14');
      } else {
        await page.getByTestId('quote-decline-all').check();
      }
      if (key !== 'upepo')
        await page.screenshot({ path: `${SHOTS}rfq-portal-quote-${width}-${lang}.png`, fullPage: true });
      await page.getByTestId('quote-submit').click();
      await page.getByTestId('quote-receipt').waitFor();
      expect(await page.getByTestId('receipt-sha').innerText()).toMatch(/^[0-9a-f]{64}$/);
      await page.getByTestId('receipt-verify-button').click();
      await page.getByTestId('receipt-valid').waitFor();
      expect(await page.getByTestId('receipt-document').allInnerTexts()).toEqual(
        key === 'jua' ? [CATALOGUE.name] : [],
      );
      if (key !== 'upepo')
        await page.screenshot({ path: `${SHOTS}rfq-portal-receipt-${width}-${lang}.png`, fullPage: true });
    }
    // The buyer sees who submitted and when, never a price.
    const page = await pageOf(BUYER, DEMO_PASSWORD, `/app/sourcing/rfqs/${rfqId}`);
    await page.getByTestId('rfq-sealed-note').waitFor();
    const text = await page.locator('body').innerText();
    for (const price of ['18,500', '18500', '12,500', '19,900', '11,450']) expect(text).not.toContain(price);
    expect(await page.getByTestId('rfq-submitted-count').innerText()).toContain('3 of 3');
    await shots('detail-sealed', `/app/sourcing/rfqs/${rfqId}`, 'rfq-sealed-note');
  }, 180_000);

  it('opens only when both committee members have confirmed', async () => {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, closesAt - Date.now() + 1_000)));
    const grace = await pageOf(GRACE, DEMO_PASSWORD, `/app/sourcing/rfqs/${rfqId}`);
    await grace.getByTestId('opening-passphrase').fill(OPENING_PASSPHRASE);
    await grace.screenshot({ path: `${SHOTS}rfq-opening-1280-en.png`, fullPage: true });
    await grace.getByTestId('opening-confirm').click();
    await expect
      .poll(async () => (await grace.getByTestId('rfq-status').first().innerText()).toLowerCase())
      .toBe('closed, sealed');
    await grace.getByTestId('rfq-sealed-note').waitFor();
    const daniel = await pageOf(DANIEL, DEMO_PASSWORD, `/app/sourcing/rfqs/${rfqId}`);
    await daniel.getByTestId('opening-passphrase').fill(OPENING_PASSPHRASE);
    await daniel.getByTestId('opening-confirm').click();
    await expect
      .poll(async () => (await daniel.getByTestId('rfq-status').first().innerText()).toLowerCase())
      .toBe('opened');
  }, 180_000);

  it('compares with the lowest per line marked, and a split award makes two purchase orders', async () => {
    const page = await pageOf(BUYER, DEMO_PASSWORD, `/app/sourcing/rfqs/${rfqId}/comparison`);
    const lines = page.getByTestId('comparison-line');
    await lines.first().waitFor();
    // Desks: Jua's 18,500 is lowest; chairs: Mvua's 11,450.
    await expect
      .poll(() => lines.nth(0).locator('[data-lowest="true"]').innerText())
      .toContain(suppliers.jua.name);
    await expect
      .poll(() => lines.nth(1).locator('[data-lowest="true"]').innerText())
      .toContain(suppliers.mvua.name);
    expect(await page.getByTestId('comparison-overall').innerText()).toContain(suppliers.jua.name);
    await page.screenshot({ path: `${SHOTS}rfq-comparison-1280-en.png`, fullPage: true });
    // The award starts at the lowest of each line: desks to Jua, chairs to Mvua.
    await page.getByTestId('award-submit').click();
    await page.waitForURL((url) => url.pathname === `/app/sourcing/rfqs/${rfqId}`);
    await expect.poll(() => page.getByTestId('rfq-award-order').count()).toBe(2);
    const orders = await page.getByTestId('rfq-award-order').allInnerTexts();
    expect(new Set(orders).size).toBe(2);
    // Jua's catalogue was sealed inside its quote: the opened quote carries it.
    const opened = await call<{
      quotes: Array<{ supplier: { id: number }; documents: Array<{ file_name: string }> }>;
    }>('buyer', 'GET', `/sourcing/rfqs/${rfqId}/`);
    expect(opened.quotes!.find((q) => q.supplier.id === ids.jua)!.documents.map((d) => d.file_name)).toEqual([
      CATALOGUE.name,
    ]);
    await shots('comparison', `/app/sourcing/rfqs/${rfqId}/comparison`, 'comparison-line');
    await shots('detail-awarded', `/app/sourcing/rfqs/${rfqId}`, 'rfq-award');
  }, 180_000);

  it('raises a draft in the form: lines, suppliers and the committee of two', async () => {
    const page = await pageOf(BUYER, DEMO_PASSWORD, '/app/sourcing/rfqs');
    await page.getByTestId('new-rfq').click();
    await page.waitForURL((url) => url.pathname === '/app/sourcing/rfqs/new');
    await page.getByTestId('rfq-title').fill(`Printer paper ${stamp}`);
    await page
      .getByTestId('rfq-closing')
      .fill(new Date(Date.now() + 3 * 3_600_000 + 86_400_000).toISOString().slice(0, 16));
    await page.getByTestId('rfq-department').click();
    await page.getByRole('option', { name: /Branch Operations/ }).click();
    const line = page.getByTestId('rfq-line').first();
    await line.getByTestId('line-description').fill('A4 paper, 80 gsm, ream');
    const category = line.getByTestId('line-category');
    await category.click();
    await category.fill('stationery');
    await page.getByRole('listbox').getByRole('option').first().click();
    await line.getByTestId('line-quantity').fill('200');
    await line.getByTestId('line-unit-price').fill('650');
    await page.getByTestId('rfq-suppliers').click();
    await page.getByRole('option', { name: suppliers.jua.name }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('rfq-committee').click();
    await page.getByRole('option', { name: 'Grace Njeri' }).click();
    await page.getByRole('option', { name: 'Daniel Kiprop' }).click();
    await page.keyboard.press('Escape');
    await page.screenshot({ path: `${SHOTS}rfq-form-1280-en.png`, fullPage: true });
    await page.getByTestId('rfq-save').click();
    await page.waitForURL((url) => /^\/app\/sourcing\/rfqs\/\d+$/.test(url.pathname));
    expect((await page.getByTestId('rfq-status').first().innerText()).toLowerCase()).toBe('draft');
    expect(await page.getByTestId('rfq-committee-member').count()).toBe(2);
    await shots('form', '/app/sourcing/rfqs/new', 'rfq-form-page');
  }, 180_000);

  it('shows the saving in the savings report', async () => {
    const page = await pageOf(BUYER, DEMO_PASSWORD, '/app/sourcing/savings');
    // Estimate 320,000.00; awarded 185,000.00 + 114,500.00 = 299,500.00: 20,500.00 saved.
    await expect
      .poll(async () => (await page.getByTestId('savings-by-rfq').innerText()).includes('20,500.00'))
      .toBe(true);
    await shots('savings', '/app/sourcing/savings', 'savings-by-rfq');
    await shots('list', '/app/sourcing/rfqs', 'rfqs-table');
    await shots('passphrase', '/app/sourcing/opening-passphrase', 'opening-passphrase-page');
    // The awarded invitation in the portal: the buyer's document, the addendum and the outcome.
    for (const lang of ['en', 'am'])
      for (const width of [1280, 390]) {
        const portal = await pageOf(
          suppliers.jua.email,
          SUPPLIER_PASSWORD,
          `/portal/rfqs/${rfqId}`,
          width,
          lang,
        );
        await portal.getByTestId('portal-rfq-documents').waitFor();
        await portal.getByTestId('portal-rfq-outcome').waitFor();
        await portal.screenshot({ path: `${SHOTS}rfq-portal-awarded-${width}-${lang}.png`, fullPage: true });
        await portal.context().close();
      }
  }, 180_000);
});
