import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath, launchBrowser } from './browser.ts';

const SHOTS = new URL('../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

// The demo sign-ins (README): the administrator, and colleagues who are members of both organisations.
const PASSWORD = 'zabuni-demo-2026';
const ADMIN = 'buyer@zabuni.example';
const REQUESTER = 'requester@zabuni.example';
const OWNER = 'owner@zabuni.example';
const FINANCE = 'finance@zabuni.example';
const UMOJA = 'Umoja Commercial Bank';

interface Me {
  buyer_company_id: number | null;
  organisations: Array<{ organisation: { id: number; name: string } }>;
}

/**
 * Issue 6 acceptance, in Umoja Commercial Bank (the demo requisitions live in Harambee): the organisation's
 * administrator sets up a department, its budget and a two-step workflow in the screens; a requester submits
 * a requisition; the budget owner and then finance approve it from their inboxes; the budgets page shows
 * the amount committed.
 */
describe.skipIf(!chromiumPath)('Procure to pay, from set-up to a committed budget, in Chromium', () => {
  const baseUrl = inject('baseUrl');
  const code = `ACC${String(Date.now()).slice(-5)}`;
  const title = `Survey drones ${code}`;
  let browser: Browser;
  const pages: Record<string, Page> = {};
  let number = '';

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const api = <T>(page: Page, path: string, method = 'GET', body?: unknown) =>
    page.evaluate(
      async ({ path, method, body }) => {
        const response = await fetch(`/api/v1${path}`, {
          method,
          headers: {
            Accept: 'application/json',
            'X-Requested-With': 'XMLHttpRequest',
            ...(body ? { 'Content-Type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        });
        return (await response.json()) as unknown;
      },
      { path, method, body },
    ) as Promise<T>;

  /** Signs `email` in, in a browser context of its own, working for Umoja. */
  async function signIn(email: string, next: string) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login?next=${encodeURIComponent(next)}`);
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel('Email or username').fill(email);
    await form.locator('input[autocomplete="current-password"]').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === next);
    const me = await api<Me>(page, '/authentication/me/');
    const umoja = me.organisations.find((m) => m.organisation.name === UMOJA)!.organisation.id;
    if (me.buyer_company_id !== umoja) {
      await api(page, '/authentication/switch-buyer/', 'POST', { buyer_company_id: umoja });
      await page.reload();
    }
    pages[email] = page;
    return page;
  }

  const choose = async (page: Page, scope: Locator, label: string | RegExp, option: string | RegExp) => {
    await scope.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option }).first().click();
  };
  const toast = (page: Page, text: string | RegExp) =>
    page.locator('.Toastify').getByText(text).first().waitFor();

  it('the administrator adds a department whose budget owner is Grace Njeri', async () => {
    const page = await signIn(ADMIN, '/app/p2p/organisation-setup');
    await page.getByTestId('departments-table').getByTestId('data-table-row').first().waitFor();
    await page.getByRole('button', { name: 'Add department' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Code').fill(code);
    await dialog.getByLabel('Name').fill(`Aerial survey ${code}`);
    await choose(page, dialog, 'Budget owner', /Grace Njeri/);
    await dialog.getByRole('button', { name: 'Add department' }).click();
    await toast(page, `Department ${code} added.`);
  });

  it('gives it a budget of KES 1,000,000 that stops requisitions beyond it', async () => {
    const page = pages[ADMIN]!;
    await page.goto(`${baseUrl}/app/p2p/budgets`);
    await page.getByTestId('budget-new').click();
    const dialog = page.getByRole('dialog');
    await choose(page, dialog, 'Department', new RegExp(code));
    await dialog.getByLabel('Amount').fill('1000000');
    await choose(page, dialog, 'Requisitions', 'Stop');
    await dialog.getByRole('button', { name: 'Create budget' }).click();
    await toast(page, 'Budget created.');
    const card = page.getByTestId(`budget-utilisation-${code}`);
    await card.waitFor();
    expect(await card.getByTestId('utilisation-committed').first().innerText()).toContain('KES 0.00');
  });

  it('writes a two-step workflow for it: the budget owner, then finance', async () => {
    const page = pages[ADMIN]!;
    await page.goto(`${baseUrl}/app/p2p/approval-workflows/new`);
    const form = page.getByTestId('workflow-form');
    await form.getByLabel('Name').fill(`Aerial survey ${code}`);
    await form.getByLabel('Priority').fill('1');
    await choose(page, form, 'Departments', new RegExp(code));
    await page.keyboard.press('Escape');
    await choose(page, form.getByTestId('step-1'), 'Approver 1', "The cost centre's budget owner");
    await form.getByTestId('step-add').click();
    await choose(page, form.getByTestId('step-2'), 'Role', /^Finance$/);
    await form.getByRole('button', { name: 'Create workflow' }).click();
    await toast(page, `Workflow “Aerial survey ${code}” created.`);
    const row = page
      .getByTestId('data-table-row')
      .filter({ hasText: `Aerial survey ${code}` })
      .first();
    await row.waitFor();
    await page.screenshot({ path: `${SHOTS}acceptance-workflows-1280-en.png`, fullPage: true });
  });

  it('the requester submits a requisition of KES 300,000 for the department', async () => {
    const page = await signIn(REQUESTER, '/app/p2p/requisitions/new');
    await page.getByTestId('field-title').fill(title);
    await page.getByTestId('field-justification').fill('Mapping the new branch sites.');
    const line = page.getByTestId('requisition-line').first();
    await line.getByTestId('line-description').fill('Survey drone with camera');
    const category = line.getByTestId('line-category');
    await category.click();
    await category.fill('comp');
    await page.getByRole('listbox').getByRole('option').first().click();
    await line.getByTestId('line-department').click();
    await page
      .getByRole('listbox')
      .getByRole('option', { name: new RegExp(`^${code}`) })
      .click();
    await line.getByTestId('line-quantity').fill('2');
    await line.getByTestId('line-unit-price').fill('150000');
    expect(await page.getByTestId('requisition-total').innerText()).toBe('KES 300,000.00');
    await page.getByTestId('save-submit').click();
    await expect
      .poll(() => page.getByTestId('requisition-status').first().getAttribute('data-status'), {
        timeout: 20_000,
      })
      .toBe('submitted');
    number = await page.getByTestId('requisition-number').innerText();
    expect(number).toMatch(/^REQ-\d{4}-\d{5}$/);
    await page.screenshot({ path: `${SHOTS}acceptance-submitted-1280-en.png`, fullPage: true });
  });

  async function approveFromInbox(email: string, step: string) {
    const page = await signIn(email, '/app/p2p/approvals');
    const row = page.getByTestId('data-table-row').filter({ hasText: number });
    await row.waitFor();
    expect(await row.getByTestId('inbox-step').innerText()).toBe(step);
    await row.getByTestId('inbox-approve').click();
    const confirm = page.getByRole('dialog').getByTestId('decision-confirm');
    if (await confirm.isVisible().catch(() => false)) await confirm.click();
    await row.waitFor({ state: 'detached' });
    return page;
  }

  it('the budget owner approves step 1 from the inbox', async () => {
    const page = await approveFromInbox(OWNER, 'Step 1 of 2');
    await page.screenshot({ path: `${SHOTS}acceptance-inbox-owner-1280-en.png`, fullPage: true });
  });

  it('finance approves step 2 from the inbox, and the requisition is approved', async () => {
    await approveFromInbox(FINANCE, 'Step 2 of 2');
    const requester = pages[REQUESTER]!;
    await requester.reload();
    await expect
      .poll(() => requester.getByTestId('requisition-status').first().getAttribute('data-status'))
      .toBe('approved');
  });

  it('the budgets page shows the KES 300,000 committed against the department’s budget', async () => {
    const page = pages[ADMIN]!;
    await page.goto(`${baseUrl}/app/p2p/budgets`);
    const card = page.getByTestId(`budget-utilisation-${code}`);
    await card.waitFor();
    await expect
      .poll(() => card.getByTestId('utilisation-committed').first().innerText())
      .toContain('KES 300,000.00');
    expect(await card.getByTestId('utilisation-available').first().innerText()).toContain('KES 700,000.00');
    await page.screenshot({ path: `${SHOTS}acceptance-budgets-1280-en.png`, fullPage: true });
  });
});
