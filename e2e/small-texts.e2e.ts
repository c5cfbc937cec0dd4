import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath, launchBrowser } from './browser.ts';

const SHOTS = new URL('../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

/** Emoji (pictographs, dingbats, symbols, the emoji presentation selector): they need an emoji font. */
const EMOJI = /[\u{1F000}-\u{1FAFF}\u{2600}-\u{27BF}\u{2B00}-\u{2BFF}]|\u{FE0F}/u;

/** Issue 16 point 7: the small texts people hit first. */
describe.skipIf(!chromiumPath)('Small texts in Chromium', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const newPage = async (width = 1280, language?: string): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'en-GB' });
    if (language) {
      await context.addInitScript((code) => localStorage.setItem('zabuni.language', code), language);
    }
    contexts.push(context);
    return context.newPage();
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('serves /terms and /privacy rendered on the server, in the asked language, with their heading', async () => {
    for (const [path, heading] of [
      ['/terms', 'Terms and conditions'],
      ['/privacy', 'Privacy policy'],
    ] as const) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      expect(html).toContain(`<title>${heading}`);
    }
    const privacy = await (await fetch(`${baseUrl}/privacy?lang=sw`)).text();
    expect(privacy).toMatch(/<h1[^>]*>Sera ya faragha<\/h1>/);
    expect(privacy).toContain('Sheria ya Ulinzi wa Data ya 2019');
  });

  it('links the terms and the privacy policy from the registration form that asks to accept them', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl}/advertise?tab=register`);
    await page.getByTestId('register-terms').waitFor();
    const form = page.getByTestId('register-form');
    expect(await form.getByRole('link', { name: 'terms and conditions' }).getAttribute('href')).toBe(
      '/terms',
    );
    expect(await form.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/privacy');
    await page.goto(`${baseUrl}/terms`);
    await page.getByRole('heading', { level: 1, name: 'Terms and conditions' }).waitFor();
    await page.screenshot({ path: `${SHOTS}terms-1280.png`, fullPage: true });
  });

  it('says only that a reused activation link was used', async () => {
    const stamp = Date.now();
    const countries = (await (await fetch(`${baseUrl}/api/v1/core/countries/?search=Kenya`)).json()) as {
      results: Array<{ id: number; iso2: string }>;
    };
    const kenya = countries.results.find((c) => c.iso2 === 'KE')!.id;
    const email = `reuse.${stamp}@mavuno.example`;
    const registered = await fetch(`${baseUrl}/api/v1/authentication/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Reuse Traders Ltd',
        company_website: 'reuse.example',
        tax_pin: 'A123456789B',
        country: kenya,
        first_name: 'Achieng',
        last_name: 'Otieno',
        contact_person_email: email,
        contact_person_phone_number: '+254712345678',
        username: `reuse${stamp % 1_000_000}`,
        password: 'Tender-Season-2026',
        password2: 'Tender-Season-2026',
        terms: true,
      }),
    });
    expect(registered.status, await registered.clone().text()).toBe(201);
    const mails = (await (await fetch(`${baseUrl}/api/dev/mail?to=${encodeURIComponent(email)}`)).json()) as {
      results: Array<{ text: string }>;
    };
    const link = /(https?:\/\/\S+\/activate\?token=\S+)/.exec(mails.results[0]!.text)![1]!;

    const page = await newPage();
    await page.goto(link);
    await page.getByTestId('activation-success').waitFor();
    await page.goto(link);
    const used = page.getByTestId('activation-used');
    await used.waitFor();
    expect(await used.innerText()).toBe(
      'This activation link has already been used. Please login to access your account.',
    );
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(/expired/i);
    expect(await page.getByTestId('activation-error').count()).toBe(0);
    await page.getByTestId('sign-in-form').waitFor();
    await page.screenshot({ path: `${SHOTS}activation-used.png` });
  });

  it('keeps the header’s six links visible on one line at 1280 px in French, Kiswahili and Portuguese', async () => {
    // Modules (issue 17), Available Jobs, Tenders, Supplier Directory, Advertise Tender, Webinars.
    const LINKS = 6;
    const problems: string[] = [];
    for (const language of ['fr', 'sw', 'pt', 'en', 'am']) {
      const page = await newPage(1280, language);
      await page.goto(`${baseUrl}/tenders`);
      await page.getByTestId('tender-card').first().waitFor();
      const nav = page.getByTestId('header-nav');
      const boxes = await nav.locator('a').evaluateAll((links) =>
        links.map((link) => {
          const box = link.getBoundingClientRect();
          return { text: link.textContent, top: box.top, height: box.height, visible: box.width > 0 };
        }),
      );
      if (boxes.length !== LINKS || boxes.some((box) => !box.visible)) {
        problems.push(`${language}: ${boxes.filter((b) => b.visible).length} of ${LINKS} links visible`);
      } else if (new Set(boxes.map((box) => Math.round(box.top))).size !== 1 || boxes[0]!.height > 40) {
        problems.push(`${language}: links not on one line ${JSON.stringify(boxes)}`);
      }
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > 1280) problems.push(`${language}: page ${scrollWidth}px wide`);
      await page.screenshot({
        path: `${SHOTS}header-${language}-1280.png`,
        clip: { x: 0, y: 0, width: 1280, height: 80 },
      });
    }
    // Signed in, the account's links take the sign-in link's place: still one line, no sideways scroll.
    for (const language of ['fr', 'sw', 'pt']) {
      const page = await newPage(1280, language);
      await page.goto(`${baseUrl}/login`);
      const form = page.getByTestId('sign-in-form');
      await form.locator('input').first().fill('advertiser@zabuni.example');
      await form.locator('input[autocomplete="current-password"]').fill('zabuni-demo-2026');
      await form.locator('button[type=submit]').click();
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await page.goto(`${baseUrl}/tenders`);
      await page.getByTestId('account-links').waitFor();
      const visible = await page
        .getByTestId('header-nav')
        .locator('a')
        .evaluateAll((links) => links.filter((link) => link.getBoundingClientRect().width > 0).length);
      if (visible !== LINKS) problems.push(`${language} signed in: ${visible} of ${LINKS} links visible`);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      if (scrollWidth > 1280) problems.push(`${language} signed in: page ${scrollWidth}px wide`);
      await page.screenshot({
        path: `${SHOTS}header-${language}-1280-signed-in.png`,
        clip: { x: 0, y: 0, width: 1280, height: 80 },
      });
    }
    expect(problems).toEqual([]);
  });

  it('renders no emoji: icons are drawn, not taken from an emoji font', async () => {
    const found: string[] = [];
    const page = await newPage();
    for (const path of [
      '/',
      '/tenders',
      '/tenders?search=qqqzzzxxx',
      '/jobs',
      '/jobs?search=qqqzzzxxx',
      '/about',
      '/no-such-page',
      '/account',
      '/terms',
    ]) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
      const text = await page.evaluate(() => document.body.innerText);
      const match = EMOJI.exec(text);
      if (match) found.push(`${path}: ${match[0]}`);
    }
    expect(found).toEqual([]);
  });
});
