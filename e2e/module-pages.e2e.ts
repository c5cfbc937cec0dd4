import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath, launchBrowser } from './browser.ts';

/**
 * Issue 17, the module pages and the demo tour in Chromium: the header's Modules link and the footer's module
 * links lead to real pages (200, rendered by the server with title, description and Open Graph meta, and a
 * heading), a procure-to-pay sub-module shows its screen of the product (loaded, lazily, with size and alt
 * text), a module still being built says so without screenshots, and /demo steps forward and back from the
 * keyboard. Screenshots at 1280 and 390 px in English and Amharic; the header fits in French, Swahili and
 * Portuguese at 1280 px.
 */

const SHOTS = new URL('../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

describe.skipIf(!chromiumPath)('The module pages and the demo tour in Chromium', () => {
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

  it('serves every module and sub-module page rendered, with its meta, and lists them in the sitemap', async () => {
    for (const [path, title, heading] of [
      ['/modules', 'Modules: sourcing, contracts, procure to pay and risk · Zabuni', 'Modules: sourcing'],
      ['/modules/procure-to-pay', 'Procure to Pay · Zabuni', 'Procure to Pay'],
      [
        '/modules/procure-to-pay/matching',
        'Three- and four-way matching · Procure to Pay · Zabuni',
        'Three-',
      ],
      ['/modules/sourcing/rfq', 'Request for quotation · Sourcing · Zabuni', 'Request for quotation'],
      ['/demo', 'Watch Demo: a tour of Zabuni · Zabuni', 'Watch Demo: a tour of Zabuni'],
    ] as const) {
      const response = await fetch(`${baseUrl}${path}`, { headers: { 'accept-language': 'en' } });
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain(`<title>${title}</title>`);
      expect(html, path).toContain(`<meta property="og:title" content="${title}" />`);
      expect(html, path).toMatch(/<meta name="description" content="[^"]{40,}" \/>/);
      expect(html, path).toMatch(new RegExp(`<h1[^>]*>${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    }
    // Amharic, in Ethiopic script, from the Amharic content file.
    const am = await (await fetch(`${baseUrl}/modules/procure-to-pay?lang=am`)).text();
    expect(am).toContain('<html lang="am"');
    expect(am).toContain('>ከግዥ እስከ ክፍያ</h1>');
    // A module that is not in the product yet says so, and shows no screen.
    const rfq = await (await fetch(`${baseUrl}/modules/sourcing/rfq`)).text();
    expect(rfq).toContain('data-testid="module-coming"');
    expect(rfq).not.toContain('/site/screens/');
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    for (const path of [
      '/modules',
      '/modules/sourcing/eauction',
      '/modules/contract-management/expiry-alerts',
      '/modules/procure-to-pay/supplier-portal',
      '/modules/risk-management/outsource-risk',
      '/demo',
    ])
      expect(sitemap).toContain(`<loc>${baseUrl}${path}</loc>`);
  });

  it('the header’s Modules link and the footer’s module links lead to real pages', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    await live(page, `${baseUrl}/`);
    await page.getByTestId('header-nav').getByRole('link', { name: 'Modules' }).click();
    await page.waitForURL(`${baseUrl}/modules`);
    // The page's chunk and content load after the click (the previous page stays until then).
    await expect.poll(() => page.getByTestId('module-list').locator('a').count()).toBe(4);

    const links = page.getByTestId('footer-modules').locator('a');
    expect(await links.count()).toBe(4);
    const targets = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(targets).toEqual([
      '/modules/sourcing',
      '/modules/contract-management',
      '/modules/procure-to-pay',
      '/modules/risk-management',
    ]);
    for (const [index, target] of targets.entries()) {
      const name = (await links.nth(index).innerText()).trim();
      await links.nth(index).click();
      await page.waitForURL(`${baseUrl}${target}`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(name);
      await expect.poll(() => page.title()).toBe(`${name} · Zabuni`);
      // And the page is there when opened directly.
      expect((await fetch(`${baseUrl}${target}`)).status).toBe(200);
    }
    await page.close();
  });

  it('a procure-to-pay sub-module shows its real screen, loaded lazily with its size and alt text', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    await live(page, `${baseUrl}/modules/procure-to-pay/invoice`);
    const image = page.getByTestId('screen-invoices');
    expect(await image.getAttribute('loading')).toBe('lazy');
    expect(Number(await image.getAttribute('width'))).toBeGreaterThan(600);
    expect(Number(await image.getAttribute('height'))).toBeGreaterThan(300);
    expect(await image.getAttribute('alt')).toMatch(/invoices list/i);
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(600);
    expect((await fetch(`${baseUrl}/site/screens/invoices.webp`)).headers.get('content-type')).toBe(
      'image/webp',
    );
    await page.close();
  });

  it('the demo tour steps forward and back from the keyboard, each step with its caption', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    await live(page, `${baseUrl}/demo`);
    const counter = page.getByTestId('demo-counter');
    const title = page.getByTestId('demo-step-title');
    expect(await counter.innerText()).toBe('Step 1 of 11');
    expect(await title.innerText()).toBe('Requisitions');
    expect(await page.getByTestId('demo-caption').innerText()).toContain('raise requisitions');
    expect(await page.getByTestId('demo-previous').isDisabled()).toBe(true);

    await page.getByTestId('demo-tour').focus();
    await page.keyboard.press('ArrowRight');
    expect(await counter.innerText()).toBe('Step 2 of 11');
    expect(await title.innerText()).toBe('A requisition and its budget check');
    await page.keyboard.press('ArrowRight');
    expect(await counter.innerText()).toBe('Step 3 of 11');
    await page.keyboard.press('ArrowLeft');
    expect(await counter.innerText()).toBe('Step 2 of 11');
    // The buttons, reached with Tab and pressed with Enter.
    await page.getByTestId('demo-next').focus();
    await page.keyboard.press('Enter');
    expect(await counter.innerText()).toBe('Step 3 of 11');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    expect(await counter.innerText()).toBe('Step 2 of 11');
    await page.getByTestId('demo-tour').focus();
    await page.keyboard.press('End');
    expect(await counter.innerText()).toBe('Step 11 of 11');
    expect(await title.innerText()).toBe("The supplier's statement");
    expect(await page.getByTestId('demo-next').isDisabled()).toBe(true);
    const shot = page.getByTestId('screen-portal-statement');
    await expect
      .poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(600);
    await page.close();
  });

  it('fits at 1280 and 390 px in English and Amharic, and the header fits in French, Swahili and Portuguese', async () => {
    for (const lang of ['en', 'am']) {
      for (const width of [1280, 390]) {
        for (const [name, path] of [
          ['modules', '/modules'],
          ['procure-to-pay', '/modules/procure-to-pay'],
          ['requisition-and-budget', '/modules/procure-to-pay/requisition-and-budget'],
          ['sourcing-rfq', '/modules/sourcing/rfq'],
          ['demo', '/demo'],
        ] as const) {
          const page = await browser.newPage({ viewport: { width, height: 900 }, locale: 'en-GB' });
          await live(page, `${baseUrl}${path}?lang=${lang}`);
          for (const image of await page.locator('img[data-testid^="screen-"]').all()) {
            await image.scrollIntoViewIfNeeded();
            await expect
              .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
              .toBeGreaterThan(0);
          }
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
            `${path} ${lang} ${width}`,
          ).toBeLessThanOrEqual(width);
          await page.screenshot({ path: `${SHOTS}module-${name}-${width}-${lang}.png`, fullPage: true });
          await page.close();
        }
      }
    }
    for (const lang of ['fr', 'sw', 'pt']) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
      await live(page, `${baseUrl}/modules?lang=${lang}`);
      const nav = page.getByTestId('header-nav');
      expect(await nav.isVisible(), lang).toBe(true);
      expect(await nav.evaluate((element) => element.scrollWidth <= element.clientWidth + 1), lang).toBe(
        true,
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth), lang).toBeLessThanOrEqual(1280);
      await page.screenshot({ path: `${SHOTS}module-header-1280-${lang}.png` });
      await page.close();
    }
  });
});
