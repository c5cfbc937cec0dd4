import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath, launchBrowser } from './browser.ts';

const SHOTS = new URL('../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });
const MODERATOR = 'moderator@zabuni.example';
const PASSWORD = 'zabuni-demo-2026';

interface DevMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * Issue 19 end to end: a supplier subscribes and pays (M-Pesa simulator, a number ending in 0 pays at
 * once), a moderator publishes a tender in the subscriber's category, the operator sends this week's digests
 * from the tender-alerts page, the digest is in the dev mailbox with the tender, and its unsubscribe link
 * works without signing in (a second run sends nothing more to anyone).
 */
describe.skipIf(!chromiumPath)('Tender-alert digests in Chromium', () => {
  const baseUrl = inject('baseUrl');
  const run = Date.now().toString(36);
  const email = `alerts-${run}@example.com`;
  let browser: Browser;
  let page: Page;
  let operator: Page;
  let category: { id: number; name: string };
  const title = `Supply of solar water pumps ${run}`;

  const mails = async (to: string) =>
    (
      (await (await fetch(`${baseUrl}/api/dev/mail?to=${encodeURIComponent(to)}`)).json()) as {
        results: DevMail[];
      }
    ).results;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' })
    ).newPage();
    operator = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' })
    ).newPage();
    await operator.goto(`${baseUrl}/login`);
    const form = operator.getByTestId('sign-in-form');
    await form.getByLabel('Email or username').fill(MODERATOR);
    await form.locator('input[autocomplete="current-password"]').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await operator.waitForURL((url) => !url.pathname.startsWith('/login'));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('subscribes and pays by M-Pesa', async () => {
    await page.goto(`${baseUrl}/tenders-subscribe?plan=monthly`);
    await page.getByTestId('subscribe-form').waitFor();
    // The form comes alive at the first touch once the page is live (server-rendering.e2e.ts covers typing
    // before the form's code has arrived).
    await page.locator('html[data-live="true"]').waitFor({ state: 'attached' });
    await page.mouse.move(200, 200);
    await page.locator('[data-deferred][data-live="true"]').waitFor({ state: 'attached' });
    await page.getByTestId('field-company').fill('Jua Kali Pumps Ltd');
    await page.getByTestId('field-country').click();
    await page.getByTestId('field-country').fill('Keny');
    await page.getByRole('option', { name: 'Kenya' }).click();
    await page.getByTestId('field-city').fill('Kisumu');
    await page.getByTestId('field-first-name').fill('Achieng');
    await page.getByTestId('field-last-name').fill('Otieno');
    await page.getByTestId('field-email').fill(email);
    await page.getByTestId('field-phone-number').fill('0712 345 600');
    await page.getByTestId('field-categories').click();
    await page.getByTestId('field-categories').fill('solar');
    await page.getByRole('listbox').getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await page.getByTestId('subscribe-submit').click();
    await page.waitForURL(/\/tenders-checkout\/[A-Za-z0-9_-]{22}$/);
    const code = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByTestId('payment-tab-mpesa').click();
    await page.getByTestId('phone-input-number').fill('0712 345 600');
    await page.getByTestId('pay-mpesa').click();
    await expect
      .poll(() => page.getByTestId('checkout').getAttribute('data-view'), { timeout: 30_000 })
      .toBe('paid');
    const order = (await (
      await fetch(`${baseUrl}/api/v1/tender-alerts/subscription/search_subscription_code/?code=${code}`)
    ).json()) as { categories: Array<{ id: number; name: string }> };
    category = order.categories[0]!;
    expect(category).toBeDefined();
  });

  it('a moderator publishes a tender in that category', async () => {
    const created = await operator.evaluate(
      async ({ title, category }) => {
        const countries = (await (await fetch('/api/v1/core/countries/?page_size=100')).json()) as
          Array<{ id: number; iso2: string }> | { results: Array<{ id: number; iso2: string }> };
        const list = Array.isArray(countries) ? countries : countries.results;
        const form = new FormData();
        form.set('tender_title', title);
        form.set('company', 'Lake Basin Water Authority');
        form.set('tender_closing_date', new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10));
        form.set('category', String(category.id));
        form.set('country', String(list.find((c) => c.iso2 === 'KE')!.id));
        form.set('job_type', 'Tender');
        form.set('tender_details', '<p>Solar-powered pumps for twelve boreholes.</p>');
        const response = await fetch('/api/v1/tender-alerts/moderation/tenders/', {
          method: 'POST',
          body: form,
          headers: { 'X-Requested-With': 'XMLHttpRequest' },
        });
        return { status: response.status, body: await response.text() };
      },
      { title, category },
    );
    expect(created.status, created.body).toBe(201);
  });

  it('saves the list\'s filters as a search from "Save this search", and finds it from the account page', async () => {
    await operator.goto(`${baseUrl}/tenders?country=all&search=borehole`);
    await operator.locator('html[data-live="true"]').waitFor({ state: 'attached' });
    await operator.getByTestId('save-search').click();
    await operator.waitForURL(/\/saved-searches\?/);
    // The form starts with the list's filters.
    await expect.poll(() => operator.getByLabel('Words').inputValue()).toBe('borehole');
    const name = `Boreholes ${Date.now()}`;
    await operator.getByLabel('Name').fill(name);
    await operator.getByTestId('saved-save').click();
    const row = operator.getByTestId('saved-list').getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.innerText()).toContain('“borehole”');

    await operator.goto(`${baseUrl}/account`);
    await operator.getByTestId('saved-searches-link').click();
    await operator.waitForURL(/\/saved-searches$/);
    await operator.getByTestId('saved-list').getByRole('row').filter({ hasText: name }).waitFor();
  });

  it("the operator sends this week's digests; the digest holds the tender; a second run sends nothing more", async () => {
    await operator.goto(`${baseUrl}/moderation/tender-alerts`);
    await operator.getByTestId('alerts-schedule').waitFor();
    await operator.getByTestId('alerts-run').click();
    await operator.locator('.Toastify__toast').filter({ hasText: 'digests' }).first().waitFor();
    await operator.screenshot({ path: `${SHOTS}tender-alerts-operator.png`, fullPage: true });
    await expect.poll(async () => (await mails(email)).length, { timeout: 30_000 }).toBeGreaterThan(0);
    const [digest, ...others] = (await mails(email)).filter((m) => m.subject.startsWith('Tender alert'));
    expect(others).toHaveLength(0);
    expect(digest!.text).toContain(title);
    expect(digest!.text).toContain('Buyer: Lake Basin Water Authority');
    expect(digest!.text).toContain(`Category: ${category.name}`);
    expect(digest!.text).toMatch(/Closes: .+ EAT/);

    // Run again: nothing more recorded or written.
    const again = await operator.evaluate(async () => {
      const response = await fetch('/api/v1/tender-alerts/digests/run/', {
        method: 'POST',
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
      });
      return (await response.json()) as { digests: number; written: number };
    });
    expect(again).toMatchObject({ digests: 0, written: 0 });
    expect((await mails(email)).filter((m) => m.subject.startsWith('Tender alert'))).toHaveLength(1);

    // Its unsubscribe link works without signing in.
    const link = /https?:\/\/[^\s]+\/tender-alerts\/unsubscribe\/[\w.-]+/.exec(digest!.text)![0];
    const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await visitor.goto(link.replace(/^https?:\/\/[^/]+/, baseUrl));
    await visitor.getByTestId('alerts-unsubscribe').click();
    await visitor.getByTestId('alerts-unsubscribed').waitFor();
    expect(await visitor.getByTestId('alerts-unsubscribed').innerText()).toContain(
      'No more tender-alert mails',
    );
    await visitor.screenshot({ path: `${SHOTS}tender-alerts-unsubscribed-390.png`, fullPage: true });
    const manage = link.replace('/unsubscribe/', '/manage/').replace(/^https?:\/\/[^/]+/, '');
    const state = (await (await fetch(`${baseUrl}/api/v1${manage}/`)).json()) as { active: boolean };
    expect(state.active).toBe(false);
  });
});
