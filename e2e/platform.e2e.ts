import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath, launchBrowser } from './browser.ts';

const SHOTS = new URL('../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

// The demo sign-ins seeded with the demo data (README).
const BUYER = 'buyer@zabuni.example';
const ADVERTISER = 'advertiser@zabuni.example';
const PASSWORD = 'zabuni-demo-2026';
const HARAMBEE = 'Harambee Savings Sacco';
const UMOJA = 'Umoja Commercial Bank';

interface Me {
  buyer_company_id: number | null;
  organisations: Array<{ organisation: { id: number; name: string; kind: string }; roles: string[] }>;
}

describe.skipIf(!chromiumPath)('Platform shell in Chromium', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    // The server remembers each user's buyer, and other files switch the demo buyer to Umoja: start this
    // story from Harambee, whatever an earlier file left.
    const api = async <T>(path: string, init: RequestInit = {}, token?: string): Promise<T> => {
      const response = await fetch(`${baseUrl}/api/v1${path}`, {
        ...init,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    const { access } = await api<{ access: string }>('/authentication/token/', {
      method: 'POST',
      body: JSON.stringify({ username: BUYER, password: PASSWORD }),
    });
    const who = await api<Me>('/authentication/me/', {}, access);
    const harambee = who.organisations.find((m) => m.organisation.name === HARAMBEE)!.organisation.id;
    if (who.buyer_company_id !== harambee) {
      await api(
        '/authentication/switch-buyer/',
        {
          method: 'POST',
          body: JSON.stringify({ buyer_company_id: harambee }),
        },
        access,
      );
    }
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The header's organisation on wide screens, the menu's on phones: whichever is shown. */
  const visible = (testId: string) => page.getByTestId(testId).filter({ visible: true });
  const path = () => new URL(page.url()).pathname;
  const me = () =>
    page.evaluate(async () => {
      const response = await fetch('/api/v1/authentication/me/', { headers: { Accept: 'application/json' } });
      return (await response.json()) as Me;
    });
  /** The session's access token (an httpOnly cookie: the browser sends it, scripts cannot read it). */
  const accessClaims = async () => {
    const cookie = (await context.cookies()).find((c) => c.name === 'zabuni_access')!;
    return JSON.parse(Buffer.from(cookie.value.split('.')[1]!, 'base64url').toString()) as {
      buyer_company_id: number | null;
    };
  };
  /** Menus and the phone navigation slide or fade in: let them finish before a screenshot. */
  const settled = () =>
    page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
  const signIn = async (target: Page, email: string) => {
    const form = target.getByTestId('sign-in-form');
    await form.getByLabel('Email or username').fill(email);
    await form.locator('input[autocomplete="current-password"]').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign in' }).click();
  };

  it('sends a visitor from /app to sign in and back; the demo buyer sees their organisation and roles', async () => {
    await page.goto(`${baseUrl}/app`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/app');
    await signIn(page, BUYER);
    await page.waitForURL((url) => url.pathname === '/app');

    const greeting = page.getByTestId('home-greeting');
    await greeting.waitFor();
    expect(await greeting.innerText()).toBe('Welcome, Amina');
    expect(await visible('current-organisation').innerText()).toBe(HARAMBEE);
    expect(await page.getByTestId('home-organisation').innerText()).toBe(HARAMBEE);
    const roles = await page.getByTestId('home-roles').innerText();
    for (const role of ['Organisation administrator', 'Requester', 'Approver']) expect(roles).toContain(role);
    expect(await page.locator('[data-testid^="module-tile-"]').allInnerTexts()).toEqual([
      expect.stringContaining('Sourcing'),
      expect.stringContaining('Contracts'),
      expect.stringContaining('Procure to Pay'),
      expect.stringContaining('Risk'),
    ]);
    const status = (key: string) =>
      page.getByTestId(`module-tile-${key}`).getByTestId('module-status').innerText();
    expect(await status('sourcing')).toBe('Coming in this release');
    expect(await status('p2p')).toBe('Coming in this release');
  });

  it('switches to the other organisation on the same page; the session token now speaks for it', async () => {
    const before = await me();
    const umoja = before.organisations.find((m) => m.organisation.name === UMOJA)!.organisation.id;
    expect(before.organisations.map((m) => m.organisation.name)).toEqual([HARAMBEE, UMOJA]);
    expect(before.buyer_company_id).not.toBe(umoja);
    expect((await accessClaims()).buyer_company_id).toBe(before.buyer_company_id);

    await visible('organisation-switcher').click();
    const options = page.getByTestId('organisation-option');
    await options.first().waitFor();
    expect((await options.allInnerTexts()).map((text) => text.replace('✓', '').trim())).toEqual([
      HARAMBEE,
      UMOJA,
    ]);
    await settled();
    await page.screenshot({ path: `${SHOTS}platform-switcher-1280-en.png` });
    await options.filter({ hasText: UMOJA }).click();

    await expect.poll(() => visible('current-organisation').innerText()).toBe(UMOJA);
    await expect.poll(() => page.getByTestId('home-organisation').innerText()).toBe(UMOJA);
    await expect.poll(() => page.getByTestId('home-roles').innerText()).toBe('Organisation administrator');
    expect(path()).toBe('/app');
    expect((await me()).buyer_company_id).toBe(umoja);
    expect((await accessClaims()).buyer_company_id).toBe(umoja);

    // The choice holds across a reload (the server remembers it).
    await page.reload();
    await expect.poll(() => page.getByTestId('home-organisation').innerText()).toBe(UMOJA);
  });

  it('opens Procure to Pay → Requisitions, and Sourcing → Prequalifications', async () => {
    await page.getByTestId('nav-requisitions').click();
    await page.waitForURL((url) => url.pathname === '/app/p2p/requisitions');
    await page.getByTestId('new-requisition').waitFor();
    await page.getByTestId('requisitions-table').waitFor();
    expect(await page.title()).toBe('Requisitions · Zabuni');

    await page.getByTestId('nav-prequalifications').click();
    await page.waitForURL((url) => url.pathname === '/app/sourcing/prequalifications');
    await page.getByTestId('prequalifications-page').waitFor();
    expect(await page.title()).toBe('Prequalifications · Zabuni');
  });

  it('fits the window at 1280 and 390 px in English and Amharic, the navigation behind a burger on phones', async () => {
    const overflowing: string[] = [];
    const pages = [
      ['home', '/app', 'home-greeting'],
      ['requisitions', '/app/p2p/requisitions', 'requisitions-table'],
      ['sourcing', '/app/sourcing/prequalifications', 'prequalifications-page'],
    ] as const;
    for (const language of ['en', 'am'] as const) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        for (const [name, url, testId] of pages) {
          await page.goto(`${baseUrl}${url}`);
          if (language === 'am' && name === 'home' && width === 1280) {
            await page.getByTestId('language-switcher').selectOption('am');
            await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('am');
          }
          await page.getByTestId(testId).waitFor();
          await page.evaluate(() => document.fonts.ready);
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          if (scrollWidth > width)
            overflowing.push(`${language} ${url} at ${width}px: ${scrollWidth}px wide`);
          await page.screenshot({
            path: `${SHOTS}platform-${name}-${width}-${language}.png`,
            fullPage: true,
          });
        }
        if (width === 390) {
          expect(await page.getByTestId('nav-requisitions').isVisible()).toBe(false);
          await page.getByTestId('platform-burger').click();
          await page.getByTestId('nav-requisitions').waitFor({ state: 'visible' });
          expect(await visible('current-organisation').innerText()).toBe(UMOJA);
          await settled();
          await page.screenshot({ path: `${SHOTS}platform-menu-390-${language}.png` });
          // Choosing a screen closes the menu.
          await page.getByTestId('nav-budgets').click();
          await page.waitForURL((url) => url.pathname === '/app/p2p/budgets');
          await page.getByTestId('nav-requisitions').waitFor({ state: 'hidden' });
        }
      }
    }
    expect(overflowing).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByTestId('language-switcher').selectOption('en');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
  });

  it('shows the user in the user menu and signs out from it', async () => {
    await page.goto(`${baseUrl}/app`);
    await page.getByTestId('home-greeting').waitFor();
    await page.getByTestId('user-menu').click();
    expect(await page.getByTestId('user-menu-name').innerText()).toBe('Amina Wafula');
    expect(await page.getByTestId('user-menu-email').innerText()).toBe(BUYER);
    expect(await page.getByTestId('user-menu-account').getAttribute('href')).toBe('/account');
    expect(await page.getByTestId('user-menu-public-site').getAttribute('href')).toBe('/');
    await settled();
    await page.screenshot({ path: `${SHOTS}platform-user-menu-1280-en.png` });
    await page.getByTestId('user-menu-sign-out').click();
    await page.waitForURL((url) => url.pathname === '/advertise');
    expect((await context.cookies()).some((c) => c.name === 'zabuni_access')).toBe(false);
    await page.goto(`${baseUrl}/app`);
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('tells a signed-in user of no buying organisation what the platform is for, with the way back', async () => {
    const other = await (await browser.newContext({ viewport: { width: 390, height: 800 } })).newPage();
    await other.goto(`${baseUrl}/login?next=/app`);
    await signIn(other, ADVERTISER);
    await other.waitForURL((url) => url.pathname === '/app');
    const empty = other.getByTestId('platform-empty');
    await empty.waitFor();
    expect(await empty.innerText()).toContain('The platform is for buying organisations');
    expect(await other.getByTestId('platform-burger').count()).toBe(0);
    expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await other.screenshot({ path: `${SHOTS}platform-empty-390-en.png`, fullPage: true });
    await other.getByTestId('platform-empty-public-site').click();
    await other.waitForURL((url) => url.pathname === '/');
  });
});
