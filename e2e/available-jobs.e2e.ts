import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { chromiumPath, launchBrowser } from './browser.ts';

const SHOTS = new URL('../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

/** How React writes text into HTML. */
const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[ch]!,
  );
/** How the server writes the page's <title> and meta (apps/api/src/infra/page-meta.ts). */
const escapeAttribute = (text: string) => escapeHtml(text).replace(/&#x27;/g, '&#39;');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.skipIf(!chromiumPath)('Available jobs page in Chromium', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    page = await context.newPage();
  });

  /** The list arrives rendered by the server; it answers clicks once the browser has hydrated it. */
  const live = () => page.locator('html[data-live="true"]').waitFor({ state: 'attached' });

  async function openJobs(query = '') {
    await page.goto(`${baseUrl}/jobs${query}`);
    await page.getByTestId('job-card').first().waitFor();
    await live();
  }

  const cardTexts = (testId: string) => page.getByTestId('job-list').getByTestId(testId).allInnerTexts();

  it('lists upcoming jobs as cards with company, title, countdown and a Categories link', async () => {
    await openJobs();
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Available jobs');
    const cards = page.getByTestId('job-card');
    expect(await cards.count()).toBe(16);
    const first = cards.first();
    expect(await first.getByTestId('job-company').innerText()).not.toBe('');
    expect(await first.getByTestId('job-title').innerText()).not.toBe('');
    expect(await first.getByRole('button', { name: 'Categories' }).count()).toBe(1);
    for (const text of await cardTexts('countdown')) expect(text).not.toContain('Deadline passed.');
    await page.screenshot({ path: `${SHOTS}jobs-desktop-en.png`, fullPage: true });
  });

  it('shows the instructions link only on jobs that have instructions', async () => {
    await openJobs('?deadline=all');
    const cards = page.getByTestId('job-card');
    const links = await cards.getByRole('button', { name: 'Instructions' }).count();
    expect(links).toBeGreaterThan(0);
    expect(links).toBeLessThan(await cards.count());
  });

  it('filters by country through the picker and by deadline', async () => {
    await openJobs();
    await page.getByTestId('filter-country').click();
    await page.getByTestId('filter-country').fill('Ken');
    const kenyan = page.waitForResponse((r) => /available-jobs\/\?.*country=\d+/.test(r.url()));
    await page.getByRole('option', { name: 'Kenya' }).click();
    await page.waitForURL(/country=\d+/);
    expect((await kenyan).status()).toBe(200);
    await expect.poll(async () => [...new Set(await cardTexts('job-country'))]).toEqual(['Kenya']);
    for (const text of await cardTexts('countdown')) expect(text).not.toContain('Deadline passed.');

    await page.getByTestId('filter-deadline').click();
    const past = page.waitForResponse((r) => /available-jobs\/\?.*deadline=past/.test(r.url()));
    await page.getByRole('option', { name: 'Past' }).click();
    await page.waitForURL(/deadline=past/);
    expect((await past).status()).toBe(200);
    await expect.poll(async () => [...new Set(await cardTexts('countdown'))]).toEqual(['Deadline passed.']);
    expect(new Set(await cardTexts('job-country'))).toEqual(new Set(['Kenya']));
  });

  it('reads the Client and Country pickers 10 at a time as their lists are scrolled to the end', async () => {
    await openJobs();
    const options = () => page.getByRole('listbox').getByRole('option').allInnerTexts();
    /**
     * Scroll the open dropdown to its end until the list stops growing; returns every option read. A page
     * that has not arrived is waited for (up to 5 s of scrolling to the end again) rather than taken for the
     * end of the list: under a loaded CI machine the next page can take more than a second.
     */
    async function scrollToEnd() {
      await expect.poll(async () => (await options()).length).toBeGreaterThan(0);
      for (;;) {
        const before = (await options()).length;
        let grew = false;
        for (const deadline = Date.now() + 5000; !grew && Date.now() < deadline;) {
          // As a hand scrolls: a little above the end, then the end (the list fires on arriving there).
          for (const gap of [40, 0]) {
            await page.getByRole('listbox').evaluate((box, above) => {
              const viewport = box.querySelector('[data-scrollarea-viewport]');
              if (viewport) viewport.scrollTop = viewport.scrollHeight - viewport.clientHeight - above;
            }, gap);
            await page.waitForTimeout(100);
          }
          await page.waitForTimeout(300);
          grew = (await options()).length > before;
        }
        if (!grew) return options();
      }
    }

    await page.getByTestId('filter-client').click();
    // The first page may still be on its way when the list opens (the picker's code loads on first use).
    await expect.poll(async () => (await options()).length).toBe(10);
    const clients = await scrollToEnd();
    expect(clients.length).toBeGreaterThan(20);
    expect(new Set(clients).size).toBe(clients.length);
    await page.keyboard.press('Escape');

    await page.getByTestId('filter-country').click();
    const countries = await scrollToEnd();
    expect(countries).toEqual(expect.arrayContaining(['Uganda', 'Zambia']));
  });

  it('ticks the countdown every second', async () => {
    await openJobs();
    const seconds = page.getByTestId('countdown').first().locator('[data-unit="seconds"]');
    const before = await seconds.innerText();
    await page.waitForFunction(
      (previous) =>
        document.querySelector('[data-testid="countdown"] [data-unit="seconds"]')?.textContent !== previous,
      before,
      { timeout: 3000 },
    );
    expect(await seconds.innerText()).not.toBe(before);
  });

  it('opens the categories of a job', async () => {
    await openJobs();
    await page.getByTestId('job-card').first().getByRole('button', { name: 'Categories' }).click();
    const categories = page.getByTestId('job-categories');
    await categories.waitFor();
    expect((await categories.innerText()).trim()).not.toBe('');
  });

  it('pages through the list in chunks of four page numbers', async () => {
    await openJobs('?deadline=all');
    // The demo's 200 jobs, and whatever sourcing events earlier files published (prequalifications, tenders):
    // the last page and its cards follow the count the page shows.
    const count = Number((await page.getByTestId('job-count').innerText()).replace(/\D/g, ''));
    expect(count).toBeGreaterThanOrEqual(200);
    const pages = Math.ceil(count / 16);
    const chunkStart = Math.floor((pages - 1) / 4) * 4 + 1;
    const nav = page.getByRole('navigation', { name: 'Pages' });
    expect(await nav.getByRole('button', { name: /^\d+$/ }).allInnerTexts()).toEqual(['1', '2', '3', '4']);
    await nav.getByRole('button', { name: 'Last page' }).click();
    await page.waitForURL(new RegExp(`page=${pages}`));
    await expect
      .poll(() => nav.getByRole('button', { name: /^\d+$/ }).allInnerTexts())
      .toEqual(Array.from({ length: pages - chunkStart + 1 }, (_, i) => String(chunkStart + i)));
    await expect.poll(() => page.getByTestId('job-card').count()).toBe(count - (pages - 1) * 16);
  });

  it('switches to Swahili and to Amharic in Ethiopic script', async () => {
    await openJobs();
    const heading = () => page.getByRole('heading', { level: 1 }).innerText();
    await page.getByTestId('language-switcher').selectOption('sw');
    await expect.poll(heading).toBe('Kazi zilizopo');
    expect(await page.getByRole('button', { name: 'Kategoria' }).first().count()).toBe(1);

    await page.getByTestId('language-switcher').selectOption('am');
    await expect.poll(heading).toBe('የሚገኙ ሥራዎች');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('am');
    // The bundled Ethiopic font is loaded and used, so the script renders on any system.
    const fontsLoaded = await page.evaluate(() =>
      ['400', '700'].map((weight) => document.fonts.check(`${weight} 16px "Noto Sans Ethiopic"`, 'ሥራ')),
    );
    expect(fontsLoaded).toEqual([true, true]);
    await page.screenshot({ path: `${SHOTS}jobs-desktop-am.png`, fullPage: true });

    // The choice is remembered on the next visit.
    await page.reload();
    await expect.poll(heading).toBe('የሚገኙ ሥራዎች');
  });

  it('fits a 390 px wide phone screen without horizontal scrolling', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openJobs();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}jobs-mobile-en.png`, fullPage: false });
    await page.getByTestId('language-switcher').selectOption('am');
    await page.getByRole('heading', { level: 1 }).filter({ hasText: 'የሚገኙ ሥራዎች' }).waitFor();
    await page.screenshot({ path: `${SHOTS}jobs-mobile-am.png`, fullPage: false });
  });

  it('leads every footer link to a real page, not a broken one', async () => {
    await page.goto(`${baseUrl}/`);
    await page.locator('footer nav a').first().waitFor();
    const links = await page
      .locator('footer nav a')
      .evaluateAll((anchors) =>
        anchors.map((a) => ({ text: a.textContent ?? '', href: a.getAttribute('href') ?? '' })),
      );
    // SPEC §2's ten links, the four module pages (issue 17) and the public asset sales (issue 21).
    expect(links).toHaveLength(15);
    expect(links.filter((link) => link.href.startsWith('/modules/'))).toHaveLength(4);
    expect(links.filter((link) => link.href === '/asset-sales')).toHaveLength(1);
    for (const link of links) {
      await page.goto(`${baseUrl}${link.href}`);
      const heading = page.locator('main h1, main h3').first();
      await heading.waitFor();
      expect(await heading.innerText(), link.href).not.toBe('');
      expect(await heading.innerText(), link.href).not.toBe('Page not found');
    }
    await page.goto(`${baseUrl}/no-such-page`);
    await expect.poll(() => page.locator('main h3').first().innerText()).toBe('Page not found');
  });

  it('shows the server message in a toast when a request fails', async () => {
    // The first page comes with the HTML: the next one is asked for in the browser.
    await openJobs();
    await page.route('**/api/v1/core/available-jobs/**', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ detail: 'page: A valid integer is required.' }),
      }),
    );
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('button', { name: '2', exact: true })
      .click();
    const toast = page.locator('.Toastify__toast--error');
    await toast.waitFor();
    expect(await toast.innerText()).toContain('page: A valid integer is required.');
  });

  it('explains a network failure in the chosen language', async () => {
    await openJobs('?lang=sw');
    await page.route('**/api/v1/core/available-jobs/**', (route) => route.abort('connectionrefused'));
    await page.getByTestId('filter-deadline').click();
    await page.getByRole('option', { name: 'Zilizopita' }).click();
    const toast = page.locator('.Toastify__toast--error').first();
    await toast.waitFor({ timeout: 15_000 });
    expect(await toast.innerText()).toContain('Hitilafu ya mtandao');
  });
  it('sends a job at /jobs/:id with its title in the HTML and the <title>, and an unknown job as a 404', async () => {
    const list = (await (await fetch(`${baseUrl}/api/v1/core/available-jobs/?page_size=1`)).json()) as {
      results: Array<{ id: number; title: string; company: { company_name: string } }>;
    };
    const job = list.results[0]!;
    const response = await fetch(`${baseUrl}/jobs/${job.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const escaped = escapeHtml(job.title);
    expect(html).toMatch(new RegExp(`data-testid="job-detail-title"[^>]*>${escapeRegExp(escaped)}<`));
    expect(html).toContain(`<title>${escapeAttribute(job.title)} · Zabuni</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escapeAttribute(job.title)} · Zabuni" />`);
    expect(html).toContain('<meta name="description" content="');
    expect(html).toContain(escapeHtml(job.company.company_name));

    const missing = await fetch(`${baseUrl}/jobs/987654321`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Job not found');
  });

  it('opens a job’s own page from its card title, readable at 390 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openJobs();
    const title = page.getByTestId('job-card').first().getByTestId('job-title');
    const text = await title.innerText();
    const href = await title.getAttribute('href');
    expect(href).toMatch(/^\/jobs\/\d+$/);
    await title.click();
    await page.waitForURL(`${baseUrl}${href}`);
    await expect.poll(() => page.getByTestId('job-detail-title').innerText()).toBe(text);
    await expect.poll(() => page.title()).toBe(`${text} · Zabuni`);
    await page.getByTestId('job-advert').waitFor();
    await page.screenshot({ path: `${SHOTS}job-detail-390-en.png`, fullPage: true });
  });
});
