import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath, launchBrowser } from './browser.ts';

const SHOTS = new URL('../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

// The demo sign-in (README): administrator, requester and approver in Harambee Savings Sacco.
const BUYER = 'buyer@zabuni.example';
const PASSWORD = 'zabuni-demo-2026';
const APPROVER_PASSWORD = 'Kahawa-Tamu-2026!';

interface Answer<T> {
  status: number;
  body: T;
}

/** An API call from inside a signed-in page: its cookies and the X-Requested-With header, as the app sends. */
function api<T = Record<string, unknown>>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer<T>> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(`/api/v1${path}`, {
        method,
        headers: {
          Accept: 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  ) as Promise<Answer<T>>;
}

async function created<T>(answer: Promise<Answer<T>>, what: string): Promise<T> {
  const { status, body } = await answer;
  if (status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

describe.skipIf(!chromiumPath)('Requisitions and approvals in Chromium', () => {
  const baseUrl = inject('baseUrl');
  const stamp = Date.now().toString(36).toUpperCase();
  const departmentCode = `E2E-${stamp}`;
  const approverEmail = `approver-${stamp.toLowerCase()}@harambee.example`;
  let browser: Browser;
  let buyerContext: BrowserContext;
  let approverContext: BrowserContext;
  let buyer: Page;
  let approver: Page;
  let number = '';
  let requisitionPath = '';

  const signIn = async (page: Page, email: string, password: string) => {
    await page.goto(`${baseUrl}/login?next=/app`);
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel('Email or username').fill(email);
    await form.locator('input[autocomplete="current-password"]').fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/app');
  };

  /** Mantine's options (not the language switcher's native ones). */
  const option = (page: Page, name?: string | RegExp) =>
    page.getByRole('listbox').getByRole('option', name === undefined ? undefined : { name });

  beforeAll(async () => {
    browser = await launchBrowser();
    buyerContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    buyer = await buyerContext.newPage();
    await signIn(buyer, BUYER, PASSWORD);

    // The organisation's set-up, through the API as its administrator (the demo buyer): an approver of
    // our own, a department with a budget that stops requisitions over it, and a workflow sending this
    // department's requisitions to that approver. Everything is named for this run, so it affects no other test.
    const me = await created(api<{ buyer_company_id: number }>(buyer, 'GET', '/authentication/me/'), 'me');
    const organisationId = me.buyer_company_id;
    await created(
      api(buyer, 'POST', '/organisations/members/invite/', {
        email: approverEmail,
        first_name: 'Baraka',
        last_name: 'Otieno',
        organisation_id: organisationId,
        roles: ['approver'],
      }),
      'invite',
    );
    // The invitation is mailed by the worker: wait for it (expect.poll works in tests only).
    let token = '';
    for (let tries = 0; !token && tries < 60; tries += 1) {
      const mails = (await (
        await fetch(`${baseUrl}/api/dev/mail?to=${encodeURIComponent(approverEmail)}`)
      ).json()) as { results: Array<{ text: string }> };
      token = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mails.results[0]?.text ?? '')?.[1] ?? '';
      if (!token) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(token).not.toBe('');
    const confirmed = await fetch(`${baseUrl}/api/v1/authentication/confirm/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({
        token: decodeURIComponent(token),
        password: APPROVER_PASSWORD,
        password2: APPROVER_PASSWORD,
      }),
    });
    expect(confirmed.status).toBe(200);
    const members = await created(
      api<{ results: Array<{ user_id: number; email: string }> }>(
        buyer,
        'GET',
        '/organisations/members/?page_size=100',
      ),
      'members',
    );
    const approverId = members.results.find((m) => m.email === approverEmail)!.user_id;

    const department = await created(
      api<{ id: number }>(buyer, 'POST', '/p2p/departments/', {
        code: departmentCode,
        name: `Field research ${stamp}`,
      }),
      'department',
    );
    const today = new Date();
    const years = await created(
      api<{ results: Array<{ id: number; starts_on: string; ends_on: string; status: string }> }>(
        buyer,
        'GET',
        '/p2p/fiscal-years/?page_size=100',
      ),
      'fiscal years',
    );
    let year = years.results.find(
      (y) => y.status !== 'closed' && y.starts_on <= isoDay(today) && y.ends_on >= isoDay(today),
    );
    year ??= await created(
      api<{ id: number; starts_on: string; ends_on: string; status: string }>(
        buyer,
        'POST',
        '/p2p/fiscal-years/',
        {
          name: `FY E2E ${stamp}`,
          starts_on: isoDay(new Date(today.getTime() - 30 * 86_400_000)),
          ends_on: isoDay(new Date(today.getTime() + 300 * 86_400_000)),
        },
      ),
      'fiscal year',
    );
    await created(
      api(buyer, 'POST', '/p2p/budgets/', {
        name: `Field research ${stamp}`,
        fiscal_year_id: year.id,
        department_id: department.id,
        amount: '50000.00',
        controls: { requisition: 'stop', purchase_order: 'stop', invoice: 'warn' },
      }),
      'budget',
    );
    await created(
      api(buyer, 'POST', '/p2p/approval-workflows/', {
        name: `Field research ${stamp}`,
        document_type: 'requisition',
        priority: 0,
        department_ids: [department.id],
        steps: [{ mode: 'any', approvers: [{ kind: 'user', user_id: approverId }] }],
      }),
      'workflow',
    );

    approverContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    approver = await approverContext.newPage();
    await signIn(approver, approverEmail, APPROVER_PASSWORD);
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Fills line `index` of the editor: the category is the first whose name has "comp" in it. */
  async function fillLine(index: number, description: string, quantity: string, price: string) {
    const line = buyer.getByTestId('requisition-line').nth(index);
    await line.getByTestId('line-description').fill(description);
    const category = line.getByTestId('line-category');
    await category.click();
    await category.fill('comp');
    await option(buyer).first().waitFor();
    await option(buyer).first().click();
    await line.getByTestId('line-department').click();
    await option(buyer, new RegExp(`^${departmentCode}`)).click();
    await line.getByTestId('line-quantity').fill(quantity);
    await line.getByTestId('line-unit-price').fill(price);
  }

  it('creates a requisition with two lines and live exact totals, saves it, attaches a quote and submits it', async () => {
    await buyer.goto(`${baseUrl}/app/p2p/requisitions`);
    await buyer.getByTestId('new-requisition').click();
    await buyer.waitForURL((url) => url.pathname === '/app/p2p/requisitions/new');
    await buyer.getByTestId('attachments-after-save').waitFor();

    await buyer.getByTestId('field-title').fill(`Soil sampling kits ${stamp}`);
    await buyer.getByTestId('field-justification').fill('The long rains start next month.');
    await fillLine(0, 'Sampling kit', '2', '1250.50');
    expect(await buyer.getByTestId('line-amount').first().innerText()).toBe('KES 2,501.00');
    await buyer.getByTestId('add-line').click();
    // 0.5 × 999.99 = 499.995: rounded half up once, as the server does (a float would give 499.99).
    await fillLine(1, 'Cool box', '0.5', '999.99');
    expect(await buyer.getByTestId('line-amount').nth(1).innerText()).toBe('KES 500.00');
    expect(await buyer.getByTestId('requisition-total').innerText()).toBe('KES 3,001.00');

    // The budget indicator asks the server once the lines are complete.
    const check = buyer.getByTestId('budget-check').filter({ hasText: `Field research ${stamp}` });
    await expect.poll(() => check.getAttribute('data-outcome'), { timeout: 10_000 }).toBe('within');
    expect(await check.getByTestId('budget-requested').innerText()).toBe('KES 3,001.00');

    await buyer.getByTestId('save-draft').click();
    await buyer.waitForURL((url) => /^\/app\/p2p\/requisitions\/\d+\/edit$/.test(url.pathname));
    requisitionPath = new URL(buyer.url()).pathname.replace(/\/edit$/, '');
    const saved = buyer.getByText(/REQ-\d{4}-\d{5} saved as a draft\./);
    await saved.waitFor();
    number = /REQ-\d{4}-\d{5}/.exec(await saved.innerText())![0];
    await expect.poll(() => buyer.title()).toBe(`Edit ${number} · Zabuni`);
    expect(await buyer.getByTestId('requisition-line').count()).toBe(2);
    expect(await buyer.getByTestId('requisition-total').innerText()).toBe('KES 3,001.00');

    const chooser = buyer.waitForEvent('filechooser');
    await buyer.getByTestId('attachment-upload').click();
    await (
      await chooser
    ).setFiles({
      name: 'quotation.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await buyer.getByTestId('attachment').filter({ hasText: 'quotation.pdf' }).waitFor();

    await buyer.getByTestId('save-submit').click();
    await buyer.waitForURL((url) => url.pathname === requisitionPath);
    await expect
      .poll(() => buyer.getByTestId('requisition-status').first().getAttribute('data-status'))
      .toBe('submitted');
    expect(await buyer.getByTestId('requisition-number').innerText()).toBe(number);
    expect(await buyer.getByTestId('requisition-total').innerText()).toBe('KES 3,001.00');
    const step = buyer.getByTestId('approval-step').first();
    expect(await step.getAttribute('data-state')).toBe('current');
    expect(await step.innerText()).toContain('Baraka Otieno');
    expect(await buyer.getByTestId('lines-table').getByTestId('line-row').count()).toBe(2);
    await buyer.screenshot({ path: `${SHOTS}requisition-detail-1280-en.png`, fullPage: true });
  });

  it('lists it as submitted, with the filters kept in the address across a reload', async () => {
    await buyer.goto(`${baseUrl}/app/p2p/requisitions`);
    await buyer.getByTestId('requisitions-mine').click({ force: true });
    await buyer.getByTestId('requisitions-status-filter').click();
    await option(buyer, 'Submitted').click();
    await buyer.getByTestId('requisitions-search').fill(stamp);
    await expect.poll(() => new URL(buyer.url()).searchParams.get('search')).toBe(stamp);
    const url = new URL(buyer.url());
    expect(url.searchParams.get('status')).toBe('submitted');
    expect(url.searchParams.get('mine')).toBe('true');
    const row = buyer.getByTestId('data-table-row').filter({ hasText: number });
    await expect.poll(() => buyer.getByTestId('data-table-row').count()).toBe(1);
    expect(await row.getByTestId('requisition-status').first().getAttribute('data-status')).toBe('submitted');
    expect(await row.innerText()).toContain('KES 3,001.00');

    await buyer.reload();
    await buyer.getByTestId('data-table-row').filter({ hasText: number }).waitFor();
    expect(await buyer.getByTestId('requisitions-search').inputValue()).toBe(stamp);
    await buyer.getByTestId('data-table-row').filter({ hasText: number }).click();
    await buyer.waitForURL((u) => u.pathname === requisitionPath);
  });

  it('the approver returns it from the inbox with a comment; the requester sees why, edits it and resubmits', async () => {
    await approver.goto(`${baseUrl}/app/p2p/approvals`);
    const row = approver.getByTestId('data-table-row').filter({ hasText: number });
    await row.waitFor();
    expect(await row.getByTestId('inbox-step').innerText()).toBe('Step 1 of 1');
    await row.getByTestId('inbox-more').click();
    await approver.getByTestId('inbox-return').click();
    const modal = approver.getByRole('dialog');
    await modal.getByTestId('decision-confirm').click();
    await modal.getByText('Required: tell the requester why.').waitFor();
    await modal.getByText('Say why in a comment.').waitFor();
    await modal.getByTestId('decision-comment').fill('Please add a second quotation.');
    await modal.getByTestId('decision-confirm').click();
    await approver.getByText(`You returned ${number} to the requester.`).waitFor();
    await row.waitFor({ state: 'detached' });

    await buyer.goto(`${baseUrl}${requisitionPath}`);
    await buyer.getByTestId('returned-comment').waitFor();
    expect(await buyer.getByTestId('returned-comment').innerText()).toContain(
      'Please add a second quotation.',
    );
    await buyer.getByTestId('action-edit').click();
    await buyer.waitForURL((url) => url.pathname === `${requisitionPath}/edit`);
    await buyer.getByTestId('line-quantity').first().fill('3');
    expect(await buyer.getByTestId('requisition-total').innerText()).toBe('KES 4,251.50');
    await buyer.getByTestId('save-submit').click();
    await buyer.waitForURL((url) => url.pathname === requisitionPath);
    await expect
      .poll(() => buyer.getByTestId('requisition-status').first().getAttribute('data-status'))
      .toBe('submitted');
  });

  it('the approver approves it with the other small items selected in the inbox', async () => {
    await approver.goto(`${baseUrl}/app/p2p/approvals`);
    const row = approver.getByTestId('data-table-row').filter({ hasText: number });
    await row.waitFor();
    await row.getByRole('checkbox').check();
    await approver.getByTestId('bulk-approve').click();
    const modal = approver.getByRole('dialog');
    expect(await modal.getByTestId('bulk-list').innerText()).toContain(number);
    await modal.getByTestId('bulk-confirm').click();
    const result = modal.getByTestId('bulk-result').filter({ hasText: number });
    await result.waitFor();
    expect(await result.getAttribute('data-ok')).toBe('true');
    await modal.getByTestId('bulk-close').click();
    await row.waitFor({ state: 'detached' });

    await buyer.goto(`${baseUrl}${requisitionPath}`);
    await expect
      .poll(() => buyer.getByTestId('requisition-status').first().getAttribute('data-status'))
      .toBe('approved');
    const timeline = buyer.getByTestId('timeline-entry');
    await timeline.first().waitFor();
    const actions = await timeline.evaluateAll((items) =>
      items.map((item) => item.getAttribute('data-action')),
    );
    expect(actions).toEqual([
      'requisition.created',
      'requisition.attachment_added',
      'requisition.submitted',
      'requisition.returned',
      'requisition.updated',
      'requisition.submitted',
      'requisition.approved',
    ]);
    expect(await timeline.nth(3).innerText()).toContain('Please add a second quotation.');
    expect(await buyer.getByTestId('action-edit').count()).toBe(0);
  });

  it('will not submit over a budget that stops requisitions, and names the budget', async () => {
    await buyer.goto(`${baseUrl}/app/p2p/requisitions/new`);
    await buyer.getByTestId('field-title').fill(`Drilling rig ${stamp}`);
    await fillLine(0, 'Drilling rig', '1', '60000');
    const check = buyer.getByTestId('budget-check').filter({ hasText: `Field research ${stamp}` });
    await expect.poll(() => check.getAttribute('data-outcome'), { timeout: 10_000 }).toBe('over_stop');
    // 50,000 less the approved 4,251.50 leaves 45,748.50: 14,251.50 short.
    expect(await check.getByTestId('budget-shortfall').innerText()).toBe('KES 14,251.50');
    expect(await buyer.getByTestId('submit-blocked').innerText()).toContain(`Field research ${stamp}`);
    expect(await buyer.getByTestId('save-submit').isDisabled()).toBe(true);
    await buyer.screenshot({ path: `${SHOTS}requisition-form-over-budget-1280-en.png`, fullPage: true });
  });

  it('tells an approver whose requisition changed meanwhile, and shows it as it now is', async () => {
    const draft = await created(
      api<{ id: number; number: string }>(buyer, 'POST', '/p2p/requisitions/', {
        title: `Rain gauges ${stamp}`,
        lines: [
          {
            description: 'Rain gauge',
            category_id: (
              await created(
                api<{ results: Array<{ id: number }> }>(buyer, 'GET', '/core/category-types/?search=comp'),
                'categories',
              )
            ).results[0]!.id,
            department_id: (
              await created(
                api<{ results: Array<{ id: number; code: string }> }>(
                  buyer,
                  'GET',
                  '/p2p/departments/?page_size=100',
                ),
                'departments',
              )
            ).results.find((d) => d.code === departmentCode)!.id,
            quantity: '4',
            unit_price: '1500',
          },
        ],
      }),
      'draft',
    );
    await created(api(buyer, 'POST', `/p2p/requisitions/${draft.id}/submit/`), 'submit');
    await approver.goto(`${baseUrl}/app/p2p/requisitions/${draft.id}`);
    await approver.getByTestId('action-approve').waitFor();
    // The requester withdraws it while the approver is reading.
    await created(api(buyer, 'POST', `/p2p/requisitions/${draft.id}/cancel/`, {}), 'cancel');
    await approver.getByTestId('action-approve').click();
    await approver.getByRole('dialog').getByTestId('decision-confirm').click();
    await approver.getByText('This requisition is no longer waiting for approval.').first().waitFor();
    await expect
      .poll(() => approver.getByTestId('requisition-status').first().getAttribute('data-status'))
      .toBe('cancelled');
    expect(await approver.getByTestId('action-approve').count()).toBe(0);
  });

  it('fits 390 px in English and Amharic, on every requisition screen', async () => {
    const overflowing: string[] = [];
    const pages = [
      ['list', '/app/p2p/requisitions', 'requisitions-table'],
      ['new', '/app/p2p/requisitions/new', 'requisition-form'],
      ['detail', requisitionPath, 'requisition-detail'],
      ['inbox', '/app/p2p/approvals', 'approvals-table'],
    ] as const;
    for (const language of ['en', 'am'] as const) {
      for (const width of [1280, 390]) {
        await buyer.setViewportSize({ width, height: 900 });
        for (const [name, path, testId] of pages) {
          await buyer.goto(`${baseUrl}${path}?lang=${language}`);
          await buyer.getByTestId(testId).waitFor();
          await buyer.waitForLoadState('networkidle');
          await buyer.evaluate(() => document.fonts.ready);
          const scrollWidth = await buyer.evaluate(() => document.documentElement.scrollWidth);
          if (scrollWidth > width) overflowing.push(`${language} ${name} at ${width}px: ${scrollWidth}px`);
          await buyer.screenshot({
            path: `${SHOTS}requisitions-${name}-${width}-${language}.png`,
            fullPage: true,
          });
        }
      }
    }
    expect(overflowing).toEqual([]);
    expect(await buyer.evaluate(() => document.documentElement.lang)).toBe('am');
    await buyer.goto(`${baseUrl}/app/p2p/requisitions?lang=en`);
  });
});
