import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath, launchBrowser } from './browser.ts';

const SHOTS = new URL('../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

interface TenderRow {
  id: number;
  title: string;
  company: string;
}

/** How React writes text into HTML. */
const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[ch]!,
  );

/**
 * Issue 15: public pages arrive rendered by the server (what a crawler, a link preview or a slow phone sees
 * before any script runs), then the browser hydrates them: no request for the first paint, no hydration
 * error, and the page answers clicks.
 */
describe.skipIf(!chromiumPath)('Public pages rendered on the server', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let firstPage: TenderRow[] = [];

  /** The tender list's default: Kenya, upcoming, page 1 of 16 (as the page asks the API). */
  async function defaultTenders(page = 1): Promise<TenderRow[]> {
    const countries = (await (
      await fetch(`${baseUrl}/api/v1/core/countries/?page=1&page_size=100`)
    ).json()) as {
      results: Array<{ id: number; iso2: string }>;
    };
    const kenya = countries.results.find((c) => c.iso2 === 'KE')!.id;
    const list = (await (
      await fetch(
        `${baseUrl}/api/v1/tender-alerts/available-tenders/?page=${page}&page_size=16&country=${kenya}&deadline=upcoming`,
      )
    ).json()) as { results: TenderRow[] };
    return list.results;
  }

  /** Opens a page in a phone-sized window, recording console errors and the API requests it makes. */
  async function open(path: string) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-GB' });
    const page = await context.newPage();
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => {
      if (request.url().includes('/api/')) requests.push(request.url());
    });
    const response = await page.goto(`${baseUrl}${path}`);
    // Set by an effect once React has hydrated the server's HTML.
    await page.locator('html[data-live="true"]').waitFor({ state: 'attached' });
    return { page, errors, requests, status: response?.status(), close: () => context.close() };
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    firstPage = await defaultTenders();
    expect(firstPage.length).toBe(16);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends the tender list with its tenders in the HTML itself', async () => {
    const response = await fetch(`${baseUrl}/tenders`);
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const tender of firstPage) expect(html).toContain(escapeHtml(tender.title));
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('<title>Open tenders · Zabuni</title>');
    expect(html).toContain('<meta property="og:title" content="Open tenders · Zabuni" />');
    // The answers the page was rendered with travel with it, as data (no inline script runs).
    expect(html).toMatch(/<script type="application\/json" id="zabuni-ssr">\{"language":"en"/);
  });

  it('sends a tender with its title, company and text, and an unknown tender as a 404 page', async () => {
    const tender = firstPage[0]!;
    const response = await fetch(`${baseUrl}/tenders/show/${tender.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(
      new RegExp(
        `data-testid="tender-title"[^>]*>${escapeHtml(tender.title).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}<`,
      ),
    );
    expect(html).toContain(escapeHtml(tender.company));
    expect(html).toContain('data-testid="tender-content"');

    const missing = await fetch(`${baseUrl}/tenders/show/987654321`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Tender not found');
    const unknown = await fetch(`${baseUrl}/no-such-page`);
    expect(unknown.status).toBe(404);
    // A known route drawing its not-found state (an unknown module) is a 404 too, not a 200.
    const module = await fetch(`${baseUrl}/modules/no-such-module`);
    expect(module.status).toBe(404);
    expect(await module.text()).toContain('Page not found');
    expect((await fetch(`${baseUrl}/modules/procure-to-pay`)).status).toBe(200);
  });

  it('renders in the language chosen with the switcher (cookie), else the browser’s', async () => {
    const chosen = await (await fetch(`${baseUrl}/tenders`, { headers: { cookie: 'lang=sw' } })).text();
    expect(chosen).toContain('<html lang="sw"');
    expect(chosen).toContain('Zabuni zilizo wazi');
    const browserLanguage = await (
      await fetch(`${baseUrl}/tenders`, { headers: { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' } })
    ).text();
    expect(browserLanguage).toContain('<html lang="fr"');
  });

  it('leaves pages for signed-in users and password forms to the browser', async () => {
    for (const path of ['/account', '/login', '/advertise?tab=login', '/app', '/portal']) {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).not.toContain('zabuni-ssr');
    }
  });

  it('hydrates the tender list without a request or an error, and its pagination works', async () => {
    const { page, errors, requests, close } = await open('/tenders');
    expect(requests).toEqual([]);
    const titles = page.getByTestId('tender-list').getByTestId('tender-title');
    expect(await titles.allInnerTexts()).toEqual(firstPage.map((t) => t.title));
    await page.screenshot({ path: `${SHOTS}ssr-tenders-phone.png` });

    const second = await defaultTenders(2);
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: '2', exact: true })
      .click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => titles.first().innerText()).toBe(second[0]!.title);
    expect(errors).toEqual([]);
    await close();
  });

  it('paints before its scripts download, and brings the filters to life at the first touch', async () => {
    const response = await fetch(`${baseUrl}/tenders`);
    const html = await response.text();
    // The HTML fetches no script by itself: its one inline script, allowed by its hash, asks for them.
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).not.toMatch(/<link[^>]+modulepreload/);
    const boot =
      /<script data-entry="(\/assets\/index-[^"]+\.js)" data-preload="([^"]*)">([^<]+)<\/script>/.exec(html);
    expect(boot).not.toBeNull();
    expect(boot![2]).toMatch(/\/assets\/AvailableTendersPage-[^ ]+\.js/);
    const hash = createHash('sha256').update(boot![3]!).digest('base64');
    expect(response.headers.get('content-security-policy')).toContain(`script-src 'self' 'sha256-${hash}'`);

    const { page, errors, close } = await open('/tenders');
    const loaded = () =>
      page.evaluate(() => {
        const resources = performance.getEntriesByType('resource');
        return {
          fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
          entry: resources.find((r) => /\/assets\/index-[^/]+\.js$/.test(r.name))?.startTime ?? Number.NaN,
          filters: resources.some((r) => /\/assets\/TenderFiltersBar-[^/]+\.js$/.test(r.name)),
        };
      });
    const before = await loaded();
    expect(before.entry).toBeGreaterThan(before.fcp);
    // Live, the page still shows the filters the server drew, before their code is there.
    expect(before.filters).toBe(false);
    const search = page.locator('[data-deferred] input').first();
    expect(await search.isVisible()).toBe(true);
    await page.mouse.move(200, 300);
    await page.mouse.wheel(0, 200);
    await expect.poll(async () => (await loaded()).filters).toBe(true);
    await page.locator('[data-deferred][data-live="true"]').waitFor({ state: 'attached' });
    expect(await search.isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('hydrates the lists in every language without an error (the server wrote noon as "0:24 PM" in sw and fr)', async () => {
    for (const language of ['sw', 'fr', 'pt', 'am']) {
      for (const path of ['/jobs', '/tenders']) {
        const { page, errors, close } = await open(`${path}?lang=${language}`);
        // Hydrated, not redrawn: the filters the server drew are still there before any touch.
        expect(await page.locator('[data-deferred] input').count(), `${path} ${language}`).toBeGreaterThan(0);
        expect(errors, `${path} ${language}`).toEqual([]);
        await close();
      }
    }
  });

  it('keeps what was typed and pressed in a deferred form before its code arrived', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The form's code is held back until the visitor has typed and pressed on the server's HTML.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/SubscriptionForm-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl}/tenders-subscribe?plan=monthly`);
    await page.locator('html[data-live="true"]').waitFor({ state: 'attached' });
    await page.getByTestId('field-company').fill('Early Bird Traders');
    await page.getByTestId('field-country').click();
    await page.getByTestId('field-country').fill('Keny');
    expect(await page.locator('[data-deferred][data-live="true"]').count()).toBe(0);
    release();
    await page.locator('[data-deferred][data-live="true"]').waitFor({ state: 'attached' });
    // The press on the picker opened its list, and the text typed then searched it.
    await page.getByRole('option', { name: 'Kenya' }).click();
    expect(await page.getByTestId('field-country').inputValue()).toBe('Kenya');
    expect(await page.getByTestId('field-company').inputValue()).toBe('Early Bird Traders');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hydrates a tender without a request or an error, and its links navigate in the page', async () => {
    const tender = firstPage[1]!;
    const { page, errors, requests, close } = await open(`/tenders/show/${tender.id}`);
    expect(requests).toEqual([]);
    expect(await page.getByTestId('tender-title').innerText()).toBe(tender.title);
    await page.screenshot({ path: `${SHOTS}ssr-tender-phone.png` });
    await page.getByRole('link', { name: /All tenders/ }).click();
    await page.waitForURL(/\/tenders$/);
    await page.getByTestId('tender-card').first().waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('hydrates the other public pages without an error', async () => {
    for (const path of ['/', '/jobs', '/advertise', '/tenders-subscribe', '/login', '/about']) {
      const { errors, status, close } = await open(path);
      expect({ path, status, errors }).toEqual({ path, status: 200, errors: [] });
      await close();
    }
  });
});
