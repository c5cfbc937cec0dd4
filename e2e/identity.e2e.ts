import { mkdirSync } from 'node:fs';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath, launchBrowser } from './browser.ts';

const SHOTS = new URL('../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

describe.skipIf(!chromiumPath)('Advertiser identity in Chromium', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let page: Page;
  const email = `wanjiku.${Date.now()}@mavuno.example`;
  const username = `wanjiku${Date.now() % 100000}`;
  const password = 'Tender-Season-2026';
  let secret = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' })
    ).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function newestMailTo(address: string) {
    const response = await fetch(`${baseUrl}/api/dev/mail?to=${encodeURIComponent(address)}`);
    const body = (await response.json()) as { results: Array<{ subject: string; text: string }> };
    return body.results[0];
  }

  /** Codes are accepted once per 30-second step: wait for a step the server has not seen yet. */
  async function freshTotp(): Promise<string> {
    const step = 30_000;
    await page.waitForTimeout(step - (Date.now() % step) + 500);
    return generate({ secret });
  }

  it('registers an advertiser and shows the SPEC success message', async () => {
    await page.goto(`${baseUrl}/advertise?tab=register`);
    const form = page.getByTestId('register-form');
    await form.waitFor();
    await form.getByLabel('Company name').fill('Mavuno Traders Ltd');
    await form.getByLabel('Company website').fill('mavuno.example');
    await page.getByTestId('register-country').click();
    await page.getByTestId('register-country').fill('Keny');
    await page.getByRole('option', { name: 'Kenya' }).click();
    await form.getByLabel('Tax PIN').fill('A123456789B');
    await form.getByLabel('First name').fill('Wanjiku');
    await form.getByLabel('Last name').fill('Kamau');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone number').fill('+254712345678');
    await form.getByLabel('Username').fill(username);
    await form.getByLabel(/^Password/).fill(password);
    await form.getByLabel('Confirm password').fill(password);

    // The terms must be accepted first (SPEC §5 message).
    await form.getByRole('button', { name: 'Register' }).click();
    await expect
      .poll(() => form.innerText())
      .toContain('In order to use the product, you need to read and agree to our terms and conditions.');
    await page.getByTestId('register-terms').check();
    await form.getByRole('button', { name: 'Register' }).click();
    const done = page.getByTestId('registration-done');
    await done.waitFor();
    expect(await done.innerText()).toContain('Registration successful');
    expect(await done.innerText()).toContain('Please check your email for an activation link');
  });

  it('activates the account from the mailed link and signs in from the login tab', async () => {
    const mail = await newestMailTo(email);
    expect(mail?.subject).toBe('Activate your Zabuni account');
    const link = /(https?:\/\/\S+\/activate\?token=\S+)/.exec(mail!.text)![1]!;
    await page.goto(link);
    const success = page.getByTestId('activation-success');
    await success.waitFor();
    expect(await success.innerText()).toBe('Account activated. Please login to access your account.');
    await page.screenshot({ path: `${SHOTS}activation-success.png` });

    const form = page.getByTestId('sign-in-form');
    await form.getByLabel('Email or username').fill(username);
    await form.locator('input[autocomplete="current-password"]').fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/my-published-tenders$/);
  });

  it('turns on two-factor verification with an authenticator code and shows recovery codes', async () => {
    await page.goto(`${baseUrl}/account`);
    const section = page.getByTestId('two-factor-section');
    await section.getByRole('button', { name: 'Turn on two-factor verification' }).click();
    secret = (await page.getByTestId('totp-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.screenshot({ path: `${SHOTS}account-two-factor.png`, fullPage: true });
    await page.getByTestId('totp-code').fill(await generate({ secret }));
    await section.getByRole('button', { name: 'Confirm and turn on' }).click();
    const codes = page.getByTestId('recovery-codes');
    await codes.waitFor();
    expect((await codes.innerText()).match(/[a-z0-9]{5}-[a-z0-9]{5}/g)).toHaveLength(10);
    await codes.getByRole('button', { name: 'I have stored them' }).click();
    await page.getByTestId('two-factor-on').waitFor();
  });

  it('signs out, signs in again with a TOTP code, and the advertise page switches its buttons', async () => {
    await page.getByTestId('logout').click();
    await page.waitForURL(/\/advertise$/);
    await page.getByTestId('advertise-signed-out').waitFor();
    expect(await page.getByRole('link', { name: 'Publish Tender' }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}advertise-signed-out.png`, fullPage: true });

    await page.getByRole('tab', { name: 'Login' }).click();
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel('Email or username').fill(email);
    await form.locator('input[autocomplete="current-password"]').fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();

    const twoFactor = page.getByTestId('two-factor-form');
    await twoFactor.waitFor();
    await page.screenshot({ path: `${SHOTS}two-factor-step.png` });
    await twoFactor.getByLabel('Verification code').fill('000000');
    await twoFactor.getByRole('button', { name: 'Verify' }).click();
    await expect
      .poll(() => page.locator('.Toastify__toast--error').first().innerText())
      .toBe('The verification code is invalid or has expired.');

    await twoFactor.getByLabel('Verification code').fill(await freshTotp());
    await twoFactor.getByRole('button', { name: 'Verify' }).click();
    const signedIn = page.getByTestId('advertise-signed-in');
    await signedIn.waitFor();
    expect(await signedIn.getByRole('link', { name: 'Published Tenders' }).count()).toBe(1);
    expect(await signedIn.getByRole('link', { name: 'Publish Tender' }).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}advertise-signed-in.png`, fullPage: true });
  }, 90_000);

  it('ends an expired session with the SPEC toast and goes to the advertise page', async () => {
    // The server-side session is gone (cookies expired or cleared); the page still thinks it is signed in.
    await page.context().clearCookies();
    await page.goto(`${baseUrl}/account`);
    const toast = page.locator('.Toastify__toast--error').first();
    await toast.waitFor();
    expect(await toast.innerText()).toBe('Session timed out. Please login to continue.');
    await page.waitForURL(/\/advertise$/);
    await page.getByTestId('advertise-signed-out').waitFor();
  });
});
