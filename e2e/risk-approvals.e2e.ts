import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath, launchBrowser } from './browser.ts';
import { workForHarambee } from './harambee.ts';

/**
 * Issue 23 in Chromium, on the demo data: the supplier risk profile is an input to approval rules. Harambee's
 * demo rule sends purchase orders to a supplier in the high risk band or above to a risk officer. Amina (buyer
 * and risk officer) sees a supplier's score and band on its risk profile, raises an order to it, and the order
 * lands in Grace's (the other risk officer's) approvals inbox at the risk officer step; an order to a supplier
 * below the band goes to its budget owner instead.
 */

const SHOTS = new URL('../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

const BUYER = 'buyer@zabuni.example';
const OWNER = 'owner@zabuni.example';
const PASSWORD = 'zabuni-demo-2026';

interface Order {
  id: number;
  number: string;
  status: string;
}

describe.skipIf(!chromiumPath)('A high-risk supplier’s order asks the risk officer, in Chromium', () => {
  const baseUrl = inject('baseUrl');
  const tokens: Record<string, string> = {};
  let browser: Browser;
  let risky = { id: 0, name: '' };
  let quiet = { id: 0, name: '' };

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
  const suppliers = async () =>
    (
      await call<{
        suppliers: Array<{ supplier: { id: number; name: string }; score: number; band: string }>;
      }>('buyer', 'GET', '/risk/dashboard/')
    ).suppliers;
  const submittedOrder = async (supplierId: number) => {
    const departments = await call<{ results: Array<{ id: number; code: string }> }>(
      'buyer',
      'GET',
      '/p2p/departments/',
    );
    const categories = await call<{ results: Array<{ id: number }> }>(
      'buyer',
      'GET',
      '/core/category-types/',
    );
    const department = departments.results.find((d) => d.code === 'FIN') ?? departments.results[0]!;
    const order = await call<Order>('buyer', 'POST', '/p2p/purchase-orders/', {
      supplier_id: supplierId,
      justification: 'Replacement toner for the head office printers',
      delivery_address: 'Harambee House, Nairobi',
      lines: [
        {
          description: 'Toner cartridge',
          category_id: categories.results[0]!.id,
          department_id: department.id,
          quantity: '1',
          unit_price: '1500',
        },
      ],
    });
    await call('buyer', 'POST', `/p2p/purchase-orders/${order.id}/submit/`, {});
    return call<Order>('buyer', 'GET', `/p2p/purchase-orders/${order.id}/`);
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    for (const [who, email] of [
      ['buyer', BUYER],
      ['owner', OWNER],
    ] as const) {
      tokens[who] = (
        await call<{ access: string }>(who, 'POST', '/authentication/token/', {
          username: email,
          password: PASSWORD,
        })
      ).access;
      tokens[who] = await workForHarambee(baseUrl, tokens[who]!);
    }
    // The riskiest listed supplier; made high-risk with an unmitigated risk at the top of the matrix if it
    // is not already. The least risky one is below the band.
    const listed = await suppliers();
    const top = listed[0]!;
    if (top.band !== 'high' && top.band !== 'critical') {
      await call('buyer', 'POST', '/risk/risks/', {
        title: 'Sole supplier of printer consumables',
        category: 'operational',
        cause: 'No second supplier qualified',
        effect: 'Branches cannot print statements',
        supplier_id: top.supplier.id,
        inherent: { likelihood: 5, impact: 5 },
      });
    }
    risky = top.supplier;
    const after = await suppliers();
    expect(['high', 'critical']).toContain(after.find((s) => s.supplier.id === risky.id)!.band);
    quiet = after.filter((s) => s.band === 'low' || s.band === 'medium').at(-1)!.supplier;
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the supplier’s score, then its order waits for the risk officer and another supplier’s does not', async () => {
    const amina = await (await context(1280)).newPage();
    await signIn(amina, BUYER, `/app/risk/suppliers/${risky.id}`);
    const score = amina.getByTestId('profile-score');
    await score.waitFor();
    expect(Number(await score.textContent())).toBeGreaterThanOrEqual(50);
    await amina.screenshot({ path: `${SHOTS}risk-approval-profile-en-1280.png`, fullPage: true });

    const order = await submittedOrder(risky.id);
    const other = await submittedOrder(quiet.id);
    expect(order.status).toBe('pending_approval');

    const grace = await (await context(1280)).newPage();
    await signIn(grace, OWNER, '/app/p2p/approvals');
    const row = grace.getByRole('row').filter({ hasText: order.number });
    await row.waitFor({ timeout: 15_000 });
    // The step waiting for Grace is the rule's: a risk officer.
    await expect.poll(() => row.textContent()).toMatch(/Risk officer/i);
    const otherRow = grace.getByRole('row').filter({ hasText: other.number });
    await otherRow.waitFor({ timeout: 15_000 });
    expect(await otherRow.textContent()).not.toMatch(/Risk officer/i);
    await grace.screenshot({ path: `${SHOTS}risk-approval-inbox-en-1280.png`, fullPage: true });

    // Through the API too: the high-risk supplier's order is routed by the demo's risk rule, the other is not.
    const inbox = await call<{ results: Array<{ id: number; document_type: string; route: string[] }> }>(
      'owner',
      'GET',
      '/approvals/inbox/?page_size=100',
    );
    const routed = inbox.results.find((i) => i.document_type === 'purchase_order' && i.id === order.id)!;
    expect(routed.route.join(' ')).toMatch(/Risk officer/);
    const plain = inbox.results.find((i) => i.document_type === 'purchase_order' && i.id === other.id);
    expect(plain?.route.join(' ') ?? '').not.toMatch(/Risk officer/);
  });
  it('shows the rule’s supplier risk condition in the workflow editor and its preview, at 1280 and 390 px', async () => {
    const rules = await call<{
      results: Array<{ id: number; name: string; min_supplier_risk_band: string | null }>;
    }>('buyer', 'GET', '/p2p/approval-workflows/?document_type=purchase_order');
    const rule = rules.results.find((r) => r.min_supplier_risk_band === 'high')!;
    expect(rule.name).toBe('Orders to high-risk suppliers: risk officer');
    for (const width of [1280, 390]) {
      const page = await (await context(width)).newPage();
      await signIn(page, BUYER, `/app/p2p/approval-workflows/${rule.id}`);
      const band = page.getByTestId('workflow-supplier-risk-band');
      await band.waitFor();
      expect(await band.inputValue()).toBe('High or above');
      await page.getByTestId('preview-document-type').click();
      await page.getByRole('option', { name: 'Purchase order' }).first().click();
      await page.getByTestId('preview-amount').fill('1500');
      await page.getByTestId('preview-supplier-risk-band').click();
      await page.getByRole('option', { name: 'Critical' }).first().click();
      await page.getByTestId('preview-run').click();
      await expect
        .poll(() => page.getByTestId('workflow-preview-rule').textContent())
        .toContain('Orders to high-risk suppliers');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${SHOTS}risk-approval-rule-en-${width}.png`, fullPage: true });
    }
    for (const width of [1280, 390]) {
      const page = await (await context(width, 'am')).newPage();
      await signIn(page, BUYER, `/app/p2p/approval-workflows/${rule.id}`);
      const band = page.getByTestId('workflow-supplier-risk-band');
      await band.waitFor();
      expect(await band.inputValue()).toBe('ከፍተኛ ወይም ከዚያ በላይ');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${SHOTS}risk-approval-rule-am-${width}.png`, fullPage: true });
    }
  });
});
