import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath, launchBrowser } from './browser.ts';

const SHOTS = new URL('../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

// The demo sign-ins (README): the buyer administers Harambee; Grace (owner) and Daniel (finance) are its
// staff and sit on the committee; Grace decides the results under the workflow this file adds.
const BUYER = 'buyer@zabuni.example';
const GRACE = 'owner@zabuni.example';
const DANIEL = 'finance@zabuni.example';
const DEMO_PASSWORD = 'zabuni-demo-2026';
const HARAMBEE = 'Harambee Savings Sacco';
const SUPPLIER_PASSWORD = 'Prequalify-Supplier-2026!';
/** How long suppliers have to answer: the committee scores once it has passed. */
const ANSWER_WINDOW_MS = 150_000;

/** "2026-11-26T17:05" on Nairobi's clock, `ms` from now, as a datetime field takes it. */
const eatInput = (ms: number) => new Date(Date.now() + ms + 3 * 3_600_000).toISOString().slice(0, 16);

describe.skipIf(!chromiumPath)('Supplier prequalification in Chromium', () => {
  const baseUrl = inject('baseUrl');
  const stamp = Date.now().toString(36).toUpperCase();
  const title = `Office supplies prequalification ${stamp}`;
  const suppliers = {
    amani: { email: `amani-${stamp}@pq.example`.toLowerCase(), name: `Amani Stationers ${stamp} Ltd` },
    baraka: { email: `baraka-${stamp}@pq.example`.toLowerCase(), name: `Baraka Supplies ${stamp} Ltd` },
  };
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const tokens: Record<string, string> = {};
  let buyerWasOn: number | null = null;
  let id = 0;
  let closesAt = 0;

  async function call<T>(who: string, method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        ...(tokens[who] ? { Authorization: `Bearer ${tokens[who]}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }
  const signInApi = async (who: string, email: string, password: string) => {
    tokens[who] = '';
    tokens[who] = (
      await call<{ access: string }>(who, 'POST', '/authentication/token/', { username: email, password })
    ).access;
  };
  const onHarambee = async (who: string) => {
    const me = await call<{
      buyer_company_id: number | null;
      organisations: Array<{ organisation: { id: number; name: string } }>;
    }>(who, 'GET', '/authentication/me/');
    const harambee = me.organisations.find((m) => m.organisation.name === HARAMBEE)!.organisation.id;
    if (me.buyer_company_id !== harambee)
      tokens[who] = (
        await call<{ access: string }>(who, 'POST', '/authentication/switch-buyer/', {
          buyer_company_id: harambee,
        })
      ).access;
    return { was: me.buyer_company_id, harambee };
  };

  /** A signed-in page of its own (each person its own browser context and cookies). */
  async function pageOf(email: string, password: string, next: string, width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-GB' });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login?next=${encodeURIComponent(next)}`);
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel('Email or username').fill(email);
    await form.locator('input[autocomplete="current-password"]').fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === next);
    return page;
  }
  const settled = (page: Page) =>
    page.evaluate(() =>
      // An animation cancelled meanwhile (a page replaced) rejects its promise: it has settled too.
      Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
    );

  beforeAll(async () => {
    await signInApi('buyer', BUYER, DEMO_PASSWORD);
    const { was } = await onHarambee('buyer');
    buyerWasOn = was;
    for (const [who, email] of [
      ['grace', GRACE],
      ['daniel', DANIEL],
    ] as const) {
      await signInApi(who, email, DEMO_PASSWORD);
      await onHarambee(who);
    }
    // The results go through the approval engine: Grace decides Harambee's prequalification results.
    const members = await call<{
      results: Array<{ user_id: number; email: string; organisation: { name: string } }>;
    }>('buyer', 'GET', '/organisations/members/?page_size=100');
    const grace = members.results.find((m) => m.email === GRACE)!.user_id;
    const rules = await call<{ results: Array<{ document_type: string }> }>(
      'buyer',
      'GET',
      '/p2p/approval-workflows/?page_size=100',
    );
    if (!rules.results.some((r) => r.document_type === 'prequalification_result'))
      await call('buyer', 'POST', '/p2p/approval-workflows/', {
        name: 'Prequalification results',
        document_type: 'prequalification_result',
        steps: [{ mode: 'any', approvers: [{ kind: 'user', user_id: grace }] }],
      });
    // Two suppliers on Harambee's list, each with a password chosen from the mail.
    for (const supplier of Object.values(suppliers)) {
      await call('buyer', 'POST', '/p2p/suppliers/', {
        name: supplier.name,
        email: supplier.email,
        first_name: 'Neema',
        last_name: 'Mwangi',
      });
      let token = '';
      for (let tries = 0; !token && tries < 60; tries += 1) {
        const mails = (await (
          await fetch(`${baseUrl}/api/dev/mail?to=${encodeURIComponent(supplier.email)}`)
        ).json()) as { results: Array<{ text: string }> };
        token = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mails.results[0]?.text ?? '')?.[1] ?? '';
        if (!token) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await call('anyone', 'POST', '/authentication/confirm/', {
        token: decodeURIComponent(token),
        password: SUPPLIER_PASSWORD,
        password2: SUPPLIER_PASSWORD,
      });
    }
    browser = await launchBrowser();
  });

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    if (buyerWasOn !== null && tokens.buyer)
      await call('buyer', 'POST', '/authentication/switch-buyer/', { buyer_company_id: buyerWasOn }).catch(
        () => undefined,
      );
  });

  it('lets the buyer write the questionnaire and publish it from the Sourcing menu', async () => {
    const page = await pageOf(BUYER, DEMO_PASSWORD, '/app');
    await page.getByTestId('nav-prequalifications').click();
    await page.waitForURL((url) => url.pathname === '/app/sourcing/prequalifications');
    await page.getByTestId('prequalifications-page').waitFor();
    await page.getByTestId('new-prequalification').click();
    await page.waitForURL((url) => url.pathname === '/app/sourcing/prequalifications/new');

    await page.getByTestId('pq-title').fill(title);
    await page.getByTestId('pq-description').fill('Stationery and office equipment suppliers for 2027.');
    await page.getByTestId('pq-categories').fill('Stationery');
    await page
      .getByRole('option', { name: /Stationery/ })
      .first()
      .click();
    await page.keyboard.press('Escape');
    closesAt = Date.now() + ANSWER_WINDOW_MS;
    // The field takes minutes: the closing is the next whole minute after the window.
    const closing = eatInput(ANSWER_WINDOW_MS + 60_000);
    closesAt = Date.parse(`${closing}:00+03:00`);
    await page.getByTestId('pq-closes').fill(closing);
    await page.getByTestId('pq-committee').click();
    await page.getByRole('option', { name: 'Grace Njeri' }).click();
    await page.getByRole('option', { name: 'Daniel Kiprop' }).click();
    await page.keyboard.press('Escape');

    await page.getByTestId('pq-section-title').fill('Compliance and experience');
    const first = page.getByTestId('pq-question').nth(0);
    await first.getByTestId('pq-question-text').fill('Do you hold a valid tax compliance certificate?');
    await first.getByTestId('pq-question-mandatory').check();
    await page.getByTestId('pq-add-question').click();
    const second = page.getByTestId('pq-question').nth(1);
    await second.getByTestId('pq-question-text').fill('Describe similar contracts of the last three years.');
    await second.getByTestId('pq-question-type').selectOption('text');
    await second.getByTestId('pq-question-weight').fill('2');
    await page.screenshot({ path: `${SHOTS}prequalification-editor-1280-en.png`, fullPage: true });
    await page.getByTestId('pq-save').click();

    await page.waitForURL((url) => /^\/app\/sourcing\/prequalifications\/\d+$/.test(url.pathname));
    id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('pq-publish').click();
    await expect
      .poll(() =>
        page.getByTestId('prequalification-detail').getByTestId('status-badge').first().textContent(),
      )
      .toBe('Published');
    expect(await page.getByTestId('pq-committee-facts').innerText()).toContain('Grace Njeri');
    await page.screenshot({ path: `${SHOTS}prequalification-detail-1280-en.png`, fullPage: true });

    // Each supplier is told by mail, with the way into the portal.
    for (const supplier of Object.values(suppliers)) {
      await expect
        .poll(async () => {
          const mails = (await (
            await fetch(`${baseUrl}/api/dev/mail?to=${encodeURIComponent(supplier.email)}`)
          ).json()) as { results: Array<{ subject: string }> };
          return mails.results.map((m) => m.subject);
        })
        .toContain(`${HARAMBEE} invites you to prequalify: ${title}`);
    }
  });

  it('lets two suppliers answer in the portal: one withdraws and resubmits', async () => {
    for (const [key, supplier] of Object.entries(suppliers)) {
      const page = await pageOf(supplier.email, SUPPLIER_PASSWORD, '/portal/prequalifications');
      const row = page.getByTestId('data-table-row').filter({ hasText: title });
      await row.waitFor();
      await row.getByTestId('portal-pq-title').click();
      await page.waitForURL((url) => url.pathname === `/portal/prequalifications/${id}`);
      const certified = key === 'amani';
      await page
        .getByTestId('answer-q1')
        .getByLabel(certified ? 'Yes' : 'No')
        .check();
      await page
        .getByTestId('answer-q2')
        .fill(
          certified ? 'Stationery for two county governments since 2023.' : 'One school supply contract.',
        );
      await page.getByTestId('portal-pq-save').click();
      await expect
        .poll(() => page.getByTestId('portal-pq-response-status').textContent())
        .toBe('Draft saved');
      await page.getByTestId('portal-pq-submit').click();
      await expect.poll(() => page.getByTestId('portal-pq-response-status').textContent()).toBe('Submitted');
      if (certified) {
        await page.screenshot({ path: `${SHOTS}portal-prequalification-1280-en.png`, fullPage: true });
        await page.getByTestId('portal-pq-withdraw').click();
        await expect
          .poll(() => page.getByTestId('portal-pq-response-status').textContent())
          .toBe('Withdrawn');
        await page.getByTestId('portal-pq-submit').click();
        await expect
          .poll(() => page.getByTestId('portal-pq-response-status').textContent())
          .toBe('Submitted');
      }
    }
  });

  it('closes at its closing time: a late answer is refused', async () => {
    const wait = closesAt - Date.now() + 2_000;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await signInApi('baraka', suppliers.baraka.email, SUPPLIER_PASSWORD);
    const late = await fetch(`${baseUrl}/api/v1/portal/prequalifications/${id}/response/withdraw/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokens.baraka}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { code: string }).code).toBe('prequalification.closed');
  }, 240_000);

  it('has the committee score independently: Daniel sees Grace’s scores only after submitting his own', async () => {
    const score = async (email: string, scores: [number, number], seesBefore: number) => {
      const page = await pageOf(email, DEMO_PASSWORD, `/app/sourcing/prequalifications/${id}/evaluation`);
      await page.getByTestId('evaluation-response').first().waitFor();
      expect(await page.getByTestId('evaluation-other').count()).toBe(seesBefore);
      const inputs = page.getByTestId('evaluation-score');
      await inputs.nth(0).fill(String(scores[0]));
      await inputs.nth(1).fill(String(scores[1]));
      await page.getByTestId('evaluation-submit').click();
      await expect
        .poll(() => page.getByTestId('evaluation-state').innerText())
        .toContain('Your scores are submitted');
      return page;
    };
    // Responses are listed by supplier name: Amani, then Baraka.
    await score(GRACE, [80, 70], 0);
    // Grace has submitted, Daniel has not: he still sees nothing of hers.
    const daniel = await score(DANIEL, [90, 60], 0);
    await expect
      .poll(() => daniel.getByTestId('evaluation-other').allInnerTexts())
      .toEqual(['Grace Njeri: 80', 'Grace Njeri: 70']);
    await daniel.screenshot({ path: `${SHOTS}prequalification-evaluation-1280-en.png`, fullPage: true });
  });

  it('proposes the results; Grace approves one supplier and rejects the other through the workflow', async () => {
    const buyer = await pageOf(BUYER, DEMO_PASSWORD, `/app/sourcing/prequalifications/${id}`);
    await buyer.getByTestId('pq-propose').click();
    const results = buyer.getByTestId('pq-results');
    await results.waitFor();
    // Amani: (1 × 100 + 2 × 85) / 3 = 90.00; Baraka fails the mandatory criterion: (0 + 2 × 65) / 3 = 43.33.
    await expect.poll(() => results.getByTestId('result-score').allInnerTexts()).toEqual(['90.00', '43.33']);

    const grace = await pageOf(GRACE, DEMO_PASSWORD, `/app/sourcing/prequalifications/${id}`);
    const rows = grace.getByTestId('pq-results').getByTestId('data-table-row');
    await rows.first().waitFor();
    await rows.filter({ hasText: suppliers.amani.name }).getByTestId('result-approve').click();
    await grace.getByTestId('decision-confirm').click();
    await expect
      .poll(() => rows.filter({ hasText: suppliers.amani.name }).getByTestId('status-badge').textContent())
      .toBe('Approved');
    await rows.filter({ hasText: suppliers.baraka.name }).getByTestId('result-reject').click();
    await grace.getByTestId('decision-comment').fill('No valid tax compliance certificate.');
    await grace.getByTestId('decision-confirm').click();
    await expect
      .poll(() => rows.filter({ hasText: suppliers.baraka.name }).getByTestId('status-badge').textContent())
      .toBe('Rejected');
    await expect
      .poll(() =>
        grace.getByTestId('prequalification-detail').getByTestId('status-badge').first().textContent(),
      )
      .toBe('Completed');
    await grace.screenshot({ path: `${SHOTS}prequalification-results-1280-en.png`, fullPage: true });

    // Each supplier hears of it: Amani is on the prequalified list, Baraka is told why not.
    const amani = await pageOf(suppliers.amani.email, SUPPLIER_PASSWORD, `/portal/prequalifications/${id}`);
    await expect.poll(() => amani.getByTestId('portal-pq-result').innerText()).toContain('Approved for');
    const regret = (await (
      await fetch(`${baseUrl}/api/dev/mail?to=${encodeURIComponent(suppliers.baraka.email)}`)
    ).json()) as { results: Array<{ subject: string; text: string }> };
    expect(regret.results.find((m) => m.subject.includes('not approved'))?.text).toContain(
      'No valid tax compliance certificate.',
    );
    const list = await pageOf(BUYER, DEMO_PASSWORD, '/app/sourcing/prequalifications/prequalified');
    await expect
      .poll(() => list.getByTestId('prequalified-page').innerText())
      .toContain(suppliers.amani.name);
    expect(await list.getByTestId('prequalified-page').innerText()).not.toContain(suppliers.baraka.name);
  });

  it('fits the window at 1280 and 390 px in English and Amharic', async () => {
    const overflowing: string[] = [];
    const screens = [
      ['buyer', '/app/sourcing/prequalifications', 'prequalifications-page', 'list'],
      ['buyer', '/app/sourcing/prequalifications/new', 'prequalification-editor', 'editor'],
      ['buyer', `/app/sourcing/prequalifications/${id}`, 'pq-results', 'detail'],
      ['grace', `/app/sourcing/prequalifications/${id}/evaluation`, 'evaluation-response', 'evaluation'],
      ['buyer', '/app/sourcing/prequalifications/prequalified', 'prequalified-page', 'prequalified'],
      ['amani', '/portal/prequalifications', 'portal-prequalifications', 'portal-list'],
      ['amani', `/portal/prequalifications/${id}`, 'portal-prequalification', 'portal-answer'],
    ] as const;
    const people = {
      buyer: [BUYER, DEMO_PASSWORD],
      grace: [GRACE, DEMO_PASSWORD],
      amani: [suppliers.amani.email, SUPPLIER_PASSWORD],
    } as const;
    const pages: Record<string, Page> = {};
    for (const [who, [email, password]] of Object.entries(people))
      pages[who] = await pageOf(email, password, who === 'amani' ? '/portal/prequalifications' : '/app');
    for (const language of ['en', 'am'] as const) {
      for (const page of Object.values(pages)) {
        await page.evaluate((lng) => localStorage.setItem('zabuni.language', lng), language);
        await page.context().addCookies([{ name: 'lang', value: language, url: baseUrl }]);
      }
      for (const width of [1280, 390]) {
        for (const [who, url, testId, name] of screens) {
          const page = pages[who]!;
          await page.setViewportSize({ width, height: 900 });
          await page.goto(`${baseUrl}${url}`);
          await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
          await page.getByTestId(testId).first().waitFor();
          await page.evaluate(() => document.fonts.ready);
          await settled(page);
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          if (scrollWidth > width)
            overflowing.push(`${language} ${url} at ${width}px: ${scrollWidth}px wide`);
          await page.screenshot({
            path: `${SHOTS}prequalification-${name}-${width}-${language}.png`,
            fullPage: true,
          });
        }
      }
    }
    expect(overflowing).toEqual([]);
  }, 180_000);
});
