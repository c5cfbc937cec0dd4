import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath, launchBrowser } from './browser.ts';

/**
 * Issue 17, the marketing pages in Chromium: the footer's About Us and Our Clients lead to real pages
 * (rendered by the server with their title, description and Open Graph meta), the home page's module cards,
 * demo and contact links, the pricing page shows the operator's price after the operator changes it, and
 * the payment success page shows the payment record of an order paid by M-Pesa (the simulator). Screenshots
 * of each page at 1280 and 390 px in English and Amharic.
 */

const SHOTS = new URL('../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });
const MODERATOR = 'moderator@zabuni.example';
const PASSWORD = 'zabuni-demo-2026';

describe.skipIf(!chromiumPath)('The marketing pages in Chromium', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;

  async function live(page: Page, url: string) {
    const response = await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.documentElement.dataset.live === 'true');
    return response;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('serves each page rendered, with its title, description and Open Graph meta', async () => {
    for (const [path, title, heading] of [
      [
        '/',
        'Cloud e-procurement and tender services for Africa · Zabuni',
        'Buy better, with every supplier in view',
      ],
      ['/about', 'About us · Zabuni', 'About us'],
      ['/clients', 'Our clients · Zabuni', 'Our clients'],
      ['/pricing', 'Pricing · Zabuni', 'Pricing'],
    ] as const) {
      const response = await fetch(`${baseUrl}${path}`, { headers: { 'accept-language': 'en' } });
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<title>${title}</title>`);
      expect(html).toContain(`<meta property="og:title" content="${title}" />`);
      expect(html).toMatch(/<meta name="description" content="[^"]{40,}" \/>/);
      expect(html).toContain(`>${heading}</h1>`);
    }
    // Amharic, in Ethiopic script, from the Amharic content file.
    const am = await (await fetch(`${baseUrl}/about?lang=am`)).text();
    expect(am).toContain('<html lang="am"');
    expect(am).toContain('>ስለ እኛ</h1>');
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    for (const path of ['/about', '/clients', '/pricing'])
      expect(sitemap).toContain(`<loc>${baseUrl}${path}</loc>`);
  });

  it('the footer’s About Us and Our Clients lead to their pages; the home page links modules, demo and contact', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    await live(page, `${baseUrl}/`);
    expect(await page.getByTestId('module-sourcing').getAttribute('href')).toBe('/modules/sourcing');
    expect(await page.getByTestId('module-risk-management').getAttribute('href')).toBe(
      '/modules/risk-management',
    );
    expect(await page.getByTestId('hero-demo').getAttribute('href')).toBe('/demo');
    expect(await page.getByTestId('home-contact').getAttribute('href')).toBe('/contact');
    expect(await page.getByTestId('claims').innerText()).toContain('98.6%');
    // The FAQ opens and closes from the keyboard.
    const first = page.getByTestId('faq').locator('summary').first();
    await first.focus();
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('faq').locator('details').first().getAttribute('open')).toBe('');

    const footer = page.locator('footer');
    for (const [name, heading, path] of [
      ['About Us', 'About us', '/about'],
      ['Our Clients', 'Our clients', '/clients'],
    ] as const) {
      await footer.getByRole('link', { name, exact: true }).click();
      await page.waitForURL(`${baseUrl}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      const direct = await fetch(`${baseUrl}${path}`);
      expect(direct.status).toBe(200);
    }
    // The clients the demo marks as shown, with their sector.
    const clients = page.getByTestId('clients');
    expect(await clients.locator('li').count()).toBeGreaterThanOrEqual(12);
    expect(await clients.innerText()).toContain('Harambee Savings Sacco');
    expect(await clients.innerText()).toContain('Sector: Sacco');
    // The advertise page's "See pricing" lands on the pricing page.
    await live(page, `${baseUrl}/advertise`);
    await page
      .getByRole('link', { name: /pricing/i })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'Pricing' }).waitFor();
    await page.close();
  });

  it('shows the operator’s price once the operator has changed it, monthly and annual', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    await live(page, `${baseUrl}/pricing`);
    expect(await page.getByTestId('price-alerts').innerText()).toBe('KES 400.00');
    expect(await page.getByTestId('price-professional').innerText()).toBe('USD 60.00');
    await page.getByTestId('billing-annual').click();
    expect(await page.getByTestId('billing-annual').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('price-alerts').innerText()).toBe('KES 3,000.00');
    expect(await page.getByTestId('price-professional').innerText()).toBe('USD 600.00');
    expect(await page.getByTestId('price-add-on').innerText()).toBe('USD 50.00');
    expect(await page.getByTestId('price-publishing').innerText()).toBe('KES 2,500.00');

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    const desk = await context.newPage();
    await desk.goto(`${baseUrl}/login`);
    const signIn = desk.getByTestId('sign-in-form');
    await signIn.getByLabel('Email or username').fill(MODERATOR);
    await signIn.locator('input[autocomplete="current-password"]').fill(PASSWORD);
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await desk.waitForURL((url) => !url.pathname.startsWith('/login'));
    await desk.goto(`${baseUrl}/moderation/site`, { waitUntil: 'networkidle' });
    const input = desk.getByTestId('price-input-alert_subscription_annual');
    await input.fill('3250.00');
    await desk.getByTestId('price-save-alert_subscription_annual').click();
    await desk.locator('.Toastify__toast').filter({ hasText: 'Price saved.' }).waitFor();
    await desk.screenshot({ path: `${SHOTS}moderation-site-1280-en.png`, fullPage: true });

    await live(page, `${baseUrl}/pricing`);
    await page.getByTestId('billing-annual').click();
    await expect.poll(() => page.getByTestId('price-alerts').innerText()).toBe('KES 3,250.00');
    // The checkout charges it too: the subscription plans answer the new price.
    const plans = (await (await fetch(`${baseUrl}/api/v1/tender-alerts/subscription/plans/`)).json()) as {
      results: Array<{ payment_plan: string; amount: number }>;
    };
    expect(plans.results.find((p) => p.payment_plan === 'Annual')?.amount).toBe(3250);

    // Put the demo price back for the other tests.
    await desk.reload({ waitUntil: 'networkidle' });
    await desk.getByTestId('price-input-alert_subscription_annual').fill('3000.00');
    await desk.getByTestId('price-save-alert_subscription_annual').click();
    await desk.locator('.Toastify__toast').filter({ hasText: 'Price saved.' }).last().waitFor();
    await context.close();
    await page.close();
  });

  it('the payment success page shows the payment record of a paid order; an unknown order is not found', async () => {
    const email = `record-${Date.now().toString(36)}@example.com`;
    const stateOf = async (orderCode: string) =>
      (
        (await (await fetch(`${baseUrl}/api/v1/payments/orders/${orderCode}/record/`)).json()) as {
          payment_state: string;
        }
      ).payment_state;
    const countries = (await (await fetch(`${baseUrl}/api/v1/core/countries/?page_size=100`)).json()) as {
      results: Array<{ id: number; iso2: string }>;
    };
    const categories = (await (
      await fetch(`${baseUrl}/api/v1/core/category-types/?search=constr`)
    ).json()) as {
      results: Array<{ id: number }>;
    };
    const subscribe = async (address: string) => {
      const subscribed = await fetch(`${baseUrl}/api/v1/tender-alerts/subscription/subscribe/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          company_name: 'Mavuno Traders Ltd',
          email: address,
          kra_pin_number: 'A123456789B',
          phone_number: '0712345678',
          first_name: 'Wanjiku',
          last_name: 'Kamau',
          country: countries.results.find((c) => c.iso2 === 'KE')!.id,
          city: 'Nakuru',
          payment_plan: 'Monthly',
          categories: [categories.results[0]!.id],
          marketing: 'Website',
        }),
      });
      expect(subscribed.status).toBe(201);
      return ((await subscribed.json()) as { code: string }).code;
    };
    const code = await subscribe(email);
    const paid = await fetch(`${baseUrl}/api/v1/tender-alerts/subscription/payment/${code}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // The simulator accepts a prompt to a number ending in 0 at once.
      body: JSON.stringify({ payment_type: 'mpesa', phone_number: '0712345670' }),
    });
    expect(paid.status).toBe(200);
    await expect.poll(() => stateOf(code), { timeout: 30_000 }).toBe('paid');

    for (const lang of ['en', 'am']) {
      for (const width of [1280, 390]) {
        const page = await browser.newPage({ viewport: { width, height: 900 }, locale: 'en-GB' });
        await live(page, `${baseUrl}/payment/success?order=${code}&lang=${lang}`);
        const record = page.getByTestId('payment-record');
        await record.waitFor();
        if (lang === 'en') {
          expect(await page.getByTestId('record-transaction').innerText()).toMatch(
            /Transaction ID\s+[A-Z0-9]{10}/,
          );
          expect(await page.getByTestId('record-method').innerText()).toContain(
            'M-Pesa (mobile-money STK push)',
          );
          expect(await page.getByTestId('record-date').innerText()).toMatch(/\d{4} \d{2}:\d{2} [ap]m EAT$/);
          expect(await page.getByTestId('record-total').innerText()).toContain('KES 400.00');
          expect(await page.getByTestId('record-plan').innerText()).toContain('Monthly');
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({
          path: `${SHOTS}payment-success-record-${width}-${lang}.png`,
          fullPage: true,
        });
        await page.close();
      }
    }
    // A failed order (the simulator answers a number ending in 1 with insufficient funds): its record has
    // no transaction ID, and Retry goes back to its checkout.
    const failedCode = await subscribe(`failed-${email}`);
    const retried = await fetch(`${baseUrl}/api/v1/tender-alerts/subscription/payment/${failedCode}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payment_type: 'mpesa', phone_number: '0712345671' }),
    });
    expect(retried.status).toBe(200);
    await expect.poll(() => stateOf(failedCode), { timeout: 30_000 }).toBe('failed');
    const failedPage = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    await live(failedPage, `${baseUrl}/payment/failed?order=${failedCode}`);
    await failedPage.getByTestId('payment-record').waitFor();
    expect(await failedPage.getByTestId('record-transaction').innerText()).toMatch(/—$/);
    expect(await failedPage.getByTestId('record-method').innerText()).toContain('M-Pesa');
    await failedPage.screenshot({ path: `${SHOTS}payment-failed-record-1280-en.png`, fullPage: true });
    await failedPage.getByTestId('retry-payment').click();
    await failedPage.waitForURL(`${baseUrl}/tenders-checkout/${failedCode}`);
    await failedPage.close();

    const page = await browser.newPage({ viewport: { width: 390, height: 900 }, locale: 'en-GB' });
    await live(page, `${baseUrl}/payment/failed?order=not-an-order`);
    await page.getByTestId('payment-record-missing').waitFor();
    expect(await page.getByTestId('payment-record-missing').innerText()).toContain(
      'We could not find this order',
    );
    await page.screenshot({ path: `${SHOTS}payment-failed-unknown-390-en.png`, fullPage: true });
    await page.close();
  });

  it('screenshots: home, about, clients and pricing at 1280 and 390 px in English and Amharic', async () => {
    for (const lang of ['en', 'am']) {
      for (const width of [1280, 390]) {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        // Hydration mismatches and failed requests show as console errors.
        const errors: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') errors.push(message.text());
        });
        page.on('pageerror', (error) => errors.push(error.message));
        for (const [name, path] of [
          ['home', '/'],
          ['about', '/about'],
          ['clients', '/clients'],
          ['pricing', '/pricing'],
        ] as const) {
          await live(page, `${baseUrl}${path}?lang=${lang}`);
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await page.screenshot({ path: `${SHOTS}${name}-${width}-${lang}.png`, fullPage: true });
        }
        expect(errors).toEqual([]);
        await page.close();
      }
    }
  });
});
