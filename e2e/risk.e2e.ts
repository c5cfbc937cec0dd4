import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath, launchBrowser } from './browser.ts';
import { workForHarambee } from './harambee.ts';

/**
 * Issue 23 in Chromium, on the demo data: the risk officer records a supplier risk, rates it before and
 * after controls and treats it; the heat map counts it in its cell; a financial questionnaire is sent to the
 * supplier, who answers it in the portal (without seeing the buyer's score of it); the score appears on
 * the supplier's risk profile. Screens are photographed in English and Amharic at 1280 and 390 px.
 */

const SHOTS = new URL('../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

const BUYER = 'buyer@zabuni.example';
const SUPPLIER = 'supplier@zabuni.example';
const SUPPLIER_NAME = 'Savannah Office Supplies Ltd';
const PASSWORD = 'zabuni-demo-2026';

describe.skipIf(!chromiumPath)('Risk management in Chromium', () => {
  const baseUrl = inject('baseUrl');
  const title = `Sole stationery supplier ${Date.now().toString(36)}`;
  const tokens: Record<string, string> = {};
  let browser: Browser;
  let riskId = 0;
  let questionnaireId = 0;
  let supplierId = 0;
  let buyerId = 0;

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
    expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
    return (await response.json()) as T;
  }
  const context = async (width: number, language = 'en'): Promise<BrowserContext> => {
    const created = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-GB' });
    if (language !== 'en') await created.addCookies([{ name: 'lang', value: language, url: baseUrl }]);
    return created;
  };
  const signIn = async (page: Page, email: string, next: string) => {
    await page.goto(`${baseUrl}/login?next=${encodeURIComponent(next)}`);
    const form = page.getByTestId('sign-in-form');
    await form.locator('input[autocomplete="username"]').first().fill(email);
    await form.locator('input[autocomplete="current-password"]').fill(PASSWORD);
    await form.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === next, { timeout: 30_000 });
  };
  const pick = async (page: Page, testId: string, option: string | RegExp) => {
    await page.getByTestId(testId).click();
    await page.getByRole('option', { name: option }).first().click();
  };
  const heatCount = async (page: Page, likelihood: number, impact: number) =>
    Number(await page.getByTestId(`heat-inherent-${likelihood}-${impact}`).getAttribute('data-count'));

  beforeAll(async () => {
    browser = await launchBrowser();
    for (const [who, email] of [
      ['buyer', BUYER],
      ['supplier', SUPPLIER],
    ] as const) {
      tokens[who] = (
        await call<{ access: string }>(who, 'POST', '/authentication/token/', {
          username: email,
          password: PASSWORD,
        })
      ).access;
      tokens[who] = await workForHarambee(baseUrl, tokens[who]!);
    }
    const overview = await call<{ results: Array<{ supplier: { id: number; name: string } }> }>(
      'buyer',
      'GET',
      '/risk/financial/',
    );
    supplierId = overview.results.find((r) => r.supplier.name === SUPPLIER_NAME)!.supplier.id;
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('records and treats a supplier risk, and the heat map counts it', async () => {
    const page = await (await context(1280)).newPage();
    await signIn(page, BUYER, '/app/risk/dashboard');
    await page.getByTestId('heat-map-inherent').waitFor();
    const before = await heatCount(page, 5, 3);

    await page.goto(`${baseUrl}/app/risk/register/new`);
    await page.getByTestId('risk-title').fill(title);
    await pick(page, 'risk-category', /Supply chain/);
    await pick(page, 'risk-supplier', SUPPLIER_NAME);
    await pick(page, 'inherent-likelihood', '5');
    await pick(page, 'inherent-impact', '3');
    await page.getByTestId('add-residual').click();
    await pick(page, 'residual-likelihood', '3');
    await pick(page, 'residual-impact', '3');
    await page.getByTestId('risk-save').click();
    await page.waitForURL(/\/app\/risk\/register\/\d+$/, { timeout: 15_000 });
    riskId = Number(/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
    await expect.poll(() => page.getByTestId('residual-score').textContent()).toContain('9');

    await page.getByTestId('treatment-action').fill('Qualify a second stationery supplier');
    await page.getByTestId('treatment-due').fill('2027-01-31');
    await page.getByTestId('treatment-add').click();
    await expect
      .poll(() => page.getByTestId('treatments').textContent(), { timeout: 15_000 })
      .toContain('Qualify a second stationery supplier');
    await page.screenshot({ path: `${SHOTS}risk-detail-en-1280.png`, fullPage: true });

    const saved = await call<{
      inherent: { score: number };
      residual: { score: number };
      treatments: unknown[];
    }>('buyer', 'GET', `/risk/risks/${riskId}/`);
    expect(saved).toMatchObject({ inherent: { score: 15 }, residual: { score: 9 } });
    expect(saved.treatments).toHaveLength(1);

    await page.goto(`${baseUrl}/app/risk/dashboard`);
    await page.getByTestId('heat-map-inherent').waitFor();
    await expect.poll(() => heatCount(page, 5, 3)).toBe(before + 1);
    const cell = page.getByTestId('heat-inherent-5-3');
    // Not colour alone: the cell says its count and score, and names them for screen readers.
    expect(await cell.getAttribute('aria-label')).toMatch(/Likelihood 5, impact 3: score 15, High/);
    await page.screenshot({ path: `${SHOTS}risk-dashboard-en-1280.png`, fullPage: true });
  });

  it('sends a financial questionnaire; the supplier answers it in the portal and the score reaches only the buyer’s profile', async () => {
    const buyer = await (await context(1280)).newPage();
    await signIn(buyer, BUYER, '/app/risk/financial');
    await pick(buyer, 'questionnaire-supplier', SUPPLIER_NAME);
    await buyer.getByTestId('questionnaire-send').click();
    await expect
      .poll(async () => {
        const sent = await call<{
          results: Array<{
            id: number;
            kind: string;
            status: string;
            supplier: { id: number };
            buyer: { id: number };
          }>;
        }>('buyer', 'GET', '/risk/questionnaires/');
        const mine = sent.results.find(
          (q) => q.kind === 'financial' && q.status === 'sent' && q.supplier.id === supplierId,
        );
        questionnaireId = mine?.id ?? 0;
        buyerId = mine?.buyer.id ?? 0;
        return questionnaireId;
      })
      .toBeGreaterThan(0);
    // The supplier works for several demo buyers: it picks this one, as its buyer switcher does.
    await call('supplier', 'POST', '/authentication/switch-buyer/', { buyer_company_id: buyerId });

    const supplier = await (await context(1280)).newPage();
    await signIn(supplier, SUPPLIER, '/portal/risk/questionnaires');
    await supplier.getByTestId('portal-risk-questionnaire').first().waitFor();
    await supplier.screenshot({ path: `${SHOTS}portal-risk-list-en-1280.png`, fullPage: true });
    await supplier.goto(`${baseUrl}/portal/risk/questionnaires/${questionnaireId}`);
    const figures: Record<string, string> = {
      current_assets: '6000000',
      inventory: '1000000',
      current_liabilities: '3000000',
      total_assets: '15000000',
      total_liabilities: '6000000',
      equity: '9000000',
      revenue: '40000000',
      net_income: '4400000',
    };
    for (const [name, value] of Object.entries(figures))
      await supplier.getByTestId(`figure-${name}`).fill(value);
    await supplier.screenshot({ path: `${SHOTS}portal-risk-form-en-1280.png`, fullPage: true });
    await supplier.getByTestId('portal-risk-submit').click();
    // The supplier sees that its answers are in, never the buyer's score of them.
    await supplier.getByTestId('portal-risk-answered').waitFor({ timeout: 15_000 });
    expect(await supplier.getByTestId('portal-risk-score').count()).toBe(0);
    await supplier.screenshot({ path: `${SHOTS}portal-risk-answered-en-1280.png`, fullPage: true });

    await buyer.goto(`${baseUrl}/app/risk/suppliers/${supplierId}`);
    const financial = buyer.getByTestId('profile-financial');
    await financial.waitFor();
    // Current 2.0 → 100, quick 1.67 → 100, D/E 0.67 → 80, debt ratio 0.4 → 100, margin 0.11 → 100, ROA 0.29 → 100.
    await expect.poll(() => financial.textContent()).toContain('96');
    await buyer.screenshot({ path: `${SHOTS}risk-profile-en-1280.png`, fullPage: true });
  });

  it('shows the screens in English and Amharic at 1280 and 390 px', async () => {
    for (const language of ['en', 'am']) {
      for (const width of [1280, 390]) {
        const page = await (await context(width, language)).newPage();
        await signIn(page, BUYER, '/app/risk/dashboard');
        await page.getByTestId('heat-map-residual').waitFor();
        await page.screenshot({ path: `${SHOTS}risk-dashboard-${language}-${width}.png`, fullPage: true });
        for (const [path, testId, name] of [
          [`/app/risk/register/${riskId}`, 'treatments', 'detail'],
          ['/app/risk/register', 'risk-row-title', 'register'],
          ['/app/risk/outsourcing', 'risk-outsourcing', 'outsourcing'],
          ['/app/risk/continuity', 'critical-service', 'continuity'],
          ['/app/risk/financial', 'questionnaire-form', 'financial'],
          [`/app/risk/suppliers/${supplierId}`, 'profile-financial', 'profile'],
          ['/app/risk/settings', 'risk-settings-save', 'settings'],
        ] as const) {
          await page.goto(`${baseUrl}${path}`);
          await page.getByTestId(testId).first().waitFor();
          await page.screenshot({ path: `${SHOTS}risk-${name}-${language}-${width}.png`, fullPage: true });
        }
        const portal = await (await context(width, language)).newPage();
        await signIn(portal, SUPPLIER, `/portal/risk/questionnaires/${questionnaireId}`);
        await portal.getByTestId('portal-risk-answered').waitFor();
        await portal.screenshot({ path: `${SHOTS}portal-risk-${language}-${width}.png`, fullPage: true });
      }
    }
  });
});
