import { mkdirSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath, launchBrowser } from './browser.ts';

const SHOTS = new URL('../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

/**
 * Issue 18: buy the Kenya supplier directory by M-Pesa (the simulator pays a number ending in 0 at once) and
 * open the delivered file; the list, detail, cart and Paid screens at 1280 and 390 px in English and Amharic.
 */
describe.skipIf(!chromiumPath)('Country supplier directories in Chromium', () => {
  const baseUrl = inject('baseUrl');
  const run = Date.now().toString(36);
  const email = `directory-${run}@example.com`;
  let browser: Browser;
  let page: Page;
  let checkoutPath = '';
  let cartPath = '';
  let detailPath = '';

  const newPage = async (width = 1280) =>
    (
      await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-GB', acceptDownloads: true })
    ).newPage();
  const live = (p: Page) => p.locator('html[data-live="true"]').waitFor({ state: 'attached' });

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lists the directories, opens the header menu by country flag, and searches', async () => {
    const response = await page.goto(`${baseUrl}/supplier-directory`);
    expect(response?.status()).toBe(200);
    await live(page);
    const cards = page.getByTestId('directory-card');
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(4);
    expect(await cards.first().innerText()).toContain('Ethiopia Supplier Directory');
    await page.screenshot({ path: `${SHOTS}directory-list-1280-en.png`, fullPage: true });

    // The header's mega-menu: closed, the nav holds its six links; open, the directories by flag.
    expect(await page.getByTestId('header-nav').locator('a').count()).toBe(6);
    await page.getByTestId('header-nav').getByRole('link', { name: 'Supplier Directory' }).hover();
    const panel = page.getByTestId('directory-menu-panel');
    await panel.getByRole('link', { name: 'Kenya' }).waitFor();
    expect(await panel.locator('img').count()).toBeGreaterThanOrEqual(4);
    await page.screenshot({
      path: `${SHOTS}directory-menu-1280-en.png`,
      clip: { x: 0, y: 0, width: 1280, height: 420 },
    });
    await page.mouse.move(640, 800);
    await expect.poll(() => panel.count()).toBe(0);

    await page.getByTestId('directory-search').fill('keny');
    await expect.poll(() => cards.count()).toBe(1);
    expect(page.url()).toContain('search=keny');
    await page.getByTestId('directory-order').selectOption('desc');
    await expect.poll(() => page.url()).toContain('order=desc');
  });

  it('buys the Kenya directory: detail, cart (toast), checkout by M-Pesa, Paid with the file', async () => {
    await page.goto(`${baseUrl}/supplier-directory?search=kenya`);
    await live(page);
    await page.getByTestId('directory-card').getByRole('link', { name: 'Kenya Supplier Directory' }).click();
    await page.getByTestId('directory-name').waitFor();
    detailPath = new URL(page.url()).pathname;
    expect(await page.getByTestId('directory-price').innerText()).toMatch(/5,000\.00/);
    await page.screenshot({ path: `${SHOTS}directory-detail-1280-en.png`, fullPage: true });

    // SPEC §5: name and email required.
    await page.getByTestId('add-to-cart').click();
    await page.getByText('This field is required.').first().waitFor();
    await page.getByLabel('Your name').fill('Wanjiru Kamau');
    await page.getByLabel('Email').fill(email);
    await page.getByTestId('add-to-cart').click();
    const toast = page.locator('.Toastify__toast').filter({ hasText: 'added to cart' }).last();
    await toast.waitFor();
    await page.waitForURL(/\/supplier-directory\/cart\//);
    cartPath = new URL(page.url()).pathname;
    await page.getByTestId('directory-cart').waitFor();
    expect(await page.getByTestId('cart-amount').innerText()).toMatch(/5,000\.00/);
    await page.screenshot({ path: `${SHOTS}directory-cart-1280-en.png`, fullPage: true });

    await page.getByTestId('proceed-checkout').click();
    await page.waitForURL(/\/supplier-directory\/checkout\//);
    checkoutPath = new URL(page.url()).pathname;
    await page.getByTestId('checkout-pending').waitFor();
    await page.getByTestId('payment-tab-mpesa').click();
    // A number ending in 0: the simulator pays at once.
    await page.getByTestId('phone-input-number').fill('0712 345 670');
    await page.getByTestId('pay-mpesa').click();
    await expect
      .poll(() => page.getByTestId('checkout').getAttribute('data-view'), { timeout: 30_000 })
      .toBe('paid');
    expect(await page.getByTestId('paid-next').getAttribute('href')).toBe('/');
    const count = Number((await page.getByTestId('delivery-count').innerText()).match(/\d+/)![0]);
    expect(count).toBeGreaterThanOrEqual(5);
    await page.screenshot({ path: `${SHOTS}directory-paid-1280-en.png`, fullPage: true });

    // Open the delivered file: downloaded by the browser, read as a workbook.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-xlsx').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^zabuni-suppliers-ke-ZD[0-9A-Z]{10}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const names: string[] = [];
    workbook.getWorksheet('Suppliers')!.eachRow((row, number) => {
      if (number > 3) names.push(String(row.getCell(2).value));
    });
    expect(names).toContain('Amani Office Supplies Ltd');
    expect(names).not.toContain('Daima Printers Ltd'); // Uganda's
    expect(names).toHaveLength(count);

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-csv').click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);

    // The links were mailed too.
    const mails = (await (
      await page.request.get(`${baseUrl}/api/dev/mail?to=${encodeURIComponent(email)}`)
    ).json()) as { results: Array<{ subject: string; text: string }> };
    const delivered = mails.results.find((m) => m.subject.includes('is ready'));
    expect(delivered?.text).toContain('/api/v1/supplier-directory/orders/download/');
  });

  it('looks right at 390 px and in Amharic (list, detail, cart, Paid)', async () => {
    const screens: Array<[string, string]> = [
      ['list', '/supplier-directory'],
      ['detail', detailPath],
      ['cart', cartPath],
      ['paid', checkoutPath],
    ];
    for (const [width, language] of [
      [390, 'en'],
      [1280, 'am'],
      [390, 'am'],
    ] as const) {
      const p = await newPage(width);
      for (const [name, path] of screens) {
        await p.goto(`${baseUrl}${path}?lang=${language}`);
        await live(p);
        if (name === 'paid')
          await expect.poll(() => p.getByTestId('checkout').getAttribute('data-view')).toBe('paid');
        else if (name === 'list') await p.getByTestId('directory-card').first().waitFor();
        else if (name === 'detail') await p.getByTestId('directory-name').waitFor();
        else await p.getByTestId('directory-cart').waitFor();
        expect(
          await p.evaluate(() => document.documentElement.scrollWidth),
          `${name} ${width} ${language}`,
        ).toBeLessThanOrEqual(width);
        await p.screenshot({ path: `${SHOTS}directory-${name}-${width}-${language}.png`, fullPage: true });
      }
      await p.close();
    }
  });
  it('lets the operator change a directory’s price at /moderation/directories; the list shows it', async () => {
    const desk = await newPage();
    await desk.goto(`${baseUrl}/login`);
    const signIn = desk.getByTestId('sign-in-form');
    await signIn.getByLabel('Email or username').fill('moderator@zabuni.example');
    await signIn.locator('input[autocomplete="current-password"]').fill('zabuni-demo-2026');
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await desk.waitForURL((url) => !url.pathname.startsWith('/login'));
    await desk.goto(`${baseUrl}/moderation/directories`);
    const rows = desk.getByTestId('admin-directory');
    await expect.poll(() => rows.count()).toBe(4);
    // The Kenya directory bought above counts one paid order.
    expect(await rows.filter({ hasText: 'Kenya' }).innerText()).toMatch(/Paid orders: 1/);
    await desk.screenshot({ path: `${SHOTS}directory-admin-1280-en.png`, fullPage: true });
    await rows.filter({ hasText: 'Uganda' }).getByRole('button', { name: 'Edit' }).click();
    const price = desk.getByLabel('Price');
    await price.fill('45');
    await desk.screenshot({ path: `${SHOTS}directory-admin-edit-1280-en.png`, fullPage: true });
    await desk.getByTestId('save-directory').click();
    await desk.locator('.Toastify__toast').filter({ hasText: 'Directory saved.' }).waitFor();
    await expect.poll(() => rows.filter({ hasText: 'Uganda' }).innerText()).toMatch(/USD 45\.00/);

    // Support sends the Kenya buyer's links again (an expired link's remedy).
    const paidOrder = desk
      .getByTestId('directory-order')
      .filter({ hasText: 'Kenya Supplier Directory' })
      .first();
    await paidOrder.getByTestId('resend-links').click();
    await desk.locator('.Toastify__toast').filter({ hasText: 'New links sent.' }).waitFor();
    await desk.screenshot({ path: `${SHOTS}directory-admin-orders-1280-en.png`, fullPage: true });

    const response = await desk.request.get(
      `${baseUrl}/api/v1/supplier-directory/directories/?search=uganda`,
    );
    expect(((await response.json()) as { results: Array<{ amount: number }> }).results[0]!.amount).toBe(45);
    await desk.close();
  });
});
