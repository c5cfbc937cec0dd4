import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath, launchBrowser } from './browser.ts';

/**
 * Issue 18, supplier self-registration in Chromium: the live KRA PIN lookup (verified, already registered,
 * malformed), the form to "Registration Completed", the activation mail, automatic approval, and sign-in.
 */

const SHOTS = new URL('../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

interface DevMail {
  to: string;
  subject: string;
  text: string;
}

describe.skipIf(!chromiumPath)('Supplier self-registration in Chromium', () => {
  const baseUrl = inject('baseUrl');
  const stamp = Date.now().toString(36);
  // A well-formed PIN the simulator verifies (its last digit is not 0), unique per run.
  const pin = `P${String(Date.now()).slice(-8)}1K`;
  let browser: Browser;

  async function mailsTo(to: string): Promise<DevMail[]> {
    const response = await fetch(`${baseUrl}/api/dev/mail?to=${encodeURIComponent(to)}`);
    return ((await response.json()) as { results: DevMail[] }).results;
  }
  async function live(page: Page, url: string) {
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.documentElement.dataset.live === 'true');
    // A deferred form (the registration form) comes alive at the visitor's first touch: touched and waited
    // for here, so that typing never races its code (typing before it arrives: server-rendering.e2e.ts).
    if ((await page.locator('[data-deferred]').count()) > 0) {
      await page.mouse.move(150, 150);
      await page.mouse.move(200, 200);
      await page.locator('[data-deferred][data-live="true"]').first().waitFor({ state: 'attached' });
    }
  }

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('refuses a malformed PIN with the catalogue message', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    await live(page, `${baseUrl}/supplier/register`);
    expect(await page.title()).toBe('Register as a supplier · Zabuni');
    await page.getByTestId('field-tax-pin').fill('X12');
    await page.getByTestId('join-now').click();
    await expect
      .poll(() => page.getByText('Enter a valid KRA PIN: a letter, 9 digits and a letter').count())
      .toBeGreaterThan(0);
    await page.close();
  });

  it('registers with a verified PIN, activates by mail, is approved and signs in; the PIN is then taken', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    await live(page, `${baseUrl}/supplier/register`);
    const email = `supplier-${stamp}@example.org`;
    await page.getByTestId('field-company').fill('Browser Supplies Ltd');
    await page.getByTestId('field-tax-pin').fill(pin);
    await page.getByTestId('pin-answer').waitFor();
    expect(await page.getByTestId('pin-answer').textContent()).toContain('PIN verified: registered to');
    await page.getByTestId('field-email').fill(email);
    await page.getByTestId('field-phone').fill('+254712345678');
    await page.getByTestId('field-country').click();
    await page.getByTestId('field-country').fill('Kenya');
    await page.getByRole('option', { name: 'Kenya' }).click();
    await page.getByTestId('field-city').fill('Nairobi');
    await page.getByTestId('field-first-name').fill('Grace');
    await page.getByTestId('field-last-name').fill('Achieng');
    await page.getByTestId('field-username').fill(`grace-${stamp}`);
    await page.getByTestId('field-password').fill('browser password 1');
    await page.getByTestId('field-categories').click();
    await page.getByTestId('field-categories').fill('constr');
    await page.getByRole('listbox').getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await page.getByTestId('field-terms').check();
    await page.getByTestId('join-now').click();
    const success = page.getByTestId('registration-success');
    await success.waitFor();
    expect(await success.textContent()).toContain('Registration Completed');
    await page.screenshot({ path: `${SHOTS}supplier-register-success-1280.png` });

    const [activation] = await mailsTo(email);
    const link = /https?:\/\/\S+\/activate\?token=\S+/.exec(activation!.text)?.[0];
    expect(link).toBeDefined();
    await live(page, link!.replace(/^https?:\/\/[^/]+/, baseUrl));
    await expect
      .poll(async () => (await mailsTo(email))[0]?.subject)
      .toBe('Browser Supplies Ltd is approved as a supplier on Zabuni');
    const signIn = await fetch(`${baseUrl}/api/v1/authentication/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: `grace-${stamp}`, password: 'browser password 1' }),
    });
    expect(signIn.status).toBe(200);

    // The same PIN is now already registered: the form blocks.
    await live(page, `${baseUrl}/supplier/register`);
    await page.getByTestId('field-tax-pin').fill(pin);
    await page.getByTestId('pin-registered').waitFor();
    expect(await page.getByTestId('pin-registered').textContent()).toContain(
      'This company is already registered on Zabuni.',
    );
    expect(await page.getByTestId('join-now').isDisabled()).toBe(true);
    await page.close();
  });
});
