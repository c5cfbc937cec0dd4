import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath, launchBrowser } from './browser.ts';
import { workForHarambee } from './harambee.ts';

/**
 * Issue 22 in Chromium, from an awarded RFQ to a signed contract: the set-up raises an RFQ for Harambee by
 * API calls (the demo supplier Savannah quotes, Grace and Daniel open it, the buyer awards it). In the
 * browser the buyer drafts the contract from the RFQ's page with a template ("Draft a contract"), sees the
 * award's items and value in it, submits it; Grace (the department's budget owner) approves it through the
 * approval engine; the buyer sends it and signs with the code from the dev mailbox; the supplier signs in the
 * portal with its own code; the contract is found in the archive; its end within 30 days gets the 30-day
 * expiry alert in the dev mailbox, once over two runs of the contract job. The new screens are photographed
 * in English and Amharic at 1280 and 390 px.
 */

const SHOTS = new URL('../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

const BUYER = 'buyer@zabuni.example';
const OWNER = 'owner@zabuni.example';
const FINANCE = 'finance@zabuni.example';
const SUPPLIER = 'supplier@zabuni.example';
const MODERATOR = 'moderator@zabuni.example';
const PASSWORD = 'zabuni-demo-2026';
const OPENING_PASSPHRASE = 'zabuni-demo-opening';
const SAVANNAH = 'Savannah Office Supplies Ltd';
/** How long the RFQ stays open for the supplier's quote (made by API right away). */
const QUOTE_WINDOW_MS = 20_000;

describe.skipIf(!chromiumPath)('A contract from an RFQ award in Chromium', () => {
  const baseUrl = inject('baseUrl');
  const stamp = Date.now().toString(36).toUpperCase();
  const rfqTitle = `Branch printers ${stamp}`;
  const templateName = `Supply agreement ${stamp}`;
  const tokens: Record<string, string> = {};
  const contexts: BrowserContext[] = [];
  let browser: Browser;
  let rfqId = 0;
  let rfqNumber = '';
  let contractId = 0;
  let contractNumber = '';
  /** Twenty days ahead (Nairobi): inside the 30-day alert. */
  const endDate = new Date(Date.now() + 3 * 3_600_000 + 20 * 86_400_000).toISOString().slice(0, 10);

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
  const mailsTo = async (email: string) =>
    (
      (await (await fetch(`${baseUrl}/api/dev/mail?to=${encodeURIComponent(email)}`)).json()) as {
        results: Array<{ id: number; subject: string }>;
      }
    ).results;
  const lastMailId = async (email: string) => (await mailsTo(email))[0]?.id ?? 0;
  const codeFor = async (email: string, after: number) => {
    for (let tries = 0; tries < 80; tries += 1) {
      const mail = (await mailsTo(email)).find((m) => m.id > after && /code to sign/.test(m.subject));
      if (mail) return /(\d{6})/.exec(mail.subject)![1]!;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`no signing code for ${email}`);
  };

  /** A signed-in page of its own (each person their own browser context), in English or Amharic. */
  async function pageOf(email: string, next: string, width = 1280, language = 'en'): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-GB' });
    if (language !== 'en') await context.addCookies([{ name: 'lang', value: language, url: baseUrl }]);
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login?next=${encodeURIComponent(next)}`);
    const form = page.getByTestId('sign-in-form');
    await form.locator('input[autocomplete="username"]').first().fill(email);
    await form.locator('input[autocomplete="current-password"]').fill(PASSWORD);
    await form.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === next, { timeout: 30_000 });
    return page;
  }
  const signWithCode = async (page: Page, email: string) => {
    const before = await lastMailId(email);
    await page.getByTestId('signature-send-code').click();
    const code = await codeFor(email, before);
    await page.getByTestId('signature-code').locator('input').first().click();
    await page.keyboard.type(code);
    await page.getByTestId('signature-sign').click();
    await expect.poll(() => page.getByTestId('signature-sign').count(), { timeout: 15_000 }).toBe(0);
  };
  const fitsWidth = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  beforeAll(async () => {
    for (const [who, email] of [
      ['buyer', BUYER],
      ['grace', OWNER],
      ['daniel', FINANCE],
      ['supplier', SUPPLIER],
      ['moderator', MODERATOR],
    ] as const) {
      tokens[who] = (
        await call<{ access: string }>(who, 'POST', '/authentication/token/', {
          username: email,
          password: PASSWORD,
        })
      ).access;
      if (who !== 'moderator') tokens[who] = await workForHarambee(baseUrl, tokens[who]!);
    }
    // The supplier works for Harambee in its portal (whichever buyer another file left it on).
    const buyerMe = await call<{ buyer_company_id: number }>('buyer', 'GET', '/authentication/me/');
    const supplierMe = await call<{ buyer_company_id: number | null }>(
      'supplier',
      'GET',
      '/authentication/me/',
    );
    if (supplierMe.buyer_company_id !== buyerMe.buyer_company_id)
      tokens.supplier = (
        await call<{ access: string }>('supplier', 'POST', '/authentication/switch-buyer/', {
          buyer_company_id: buyerMe.buyer_company_id,
        })
      ).access;
    for (const who of ['grace', 'daniel']) {
      const key = await call<{ has_key: boolean }>(who, 'GET', '/sourcing/opening-key/');
      if (!key.has_key) await call(who, 'PUT', '/sourcing/opening-key/', { passphrase: OPENING_PASSPHRASE });
    }
    const members = await call<{ results: Array<{ user_id: number; email: string }> }>(
      'buyer',
      'GET',
      '/organisations/members/?page_size=100',
    );
    const userId = (email: string) => members.results.find((m) => m.email === email)!.user_id;
    const suppliers = await call<{ results: Array<{ id: number; name: string }> }>(
      'buyer',
      'GET',
      '/p2p/suppliers/?page_size=100',
    );
    const savannah = suppliers.results.find((s) => s.name === SAVANNAH)!.id;
    // The department whose budget owner (Grace) approves the contract; the contract takes the RFQ's.
    const departments = await call<{
      results: Array<{ id: number; budget_owner: { email: string } | null }>;
    }>('buyer', 'GET', '/p2p/departments/?page_size=100');
    const department = departments.results.find((d) => d.budget_owner?.email === OWNER)!.id;
    const categories = await call<{ results: Array<{ id: number }> }>(
      'buyer',
      'GET',
      '/core/category-types/',
    );
    // A template that lists the award's items.
    await call('buyer', 'POST', '/contracts/templates/', {
      name: templateName,
      language: 'en',
      body_html:
        '<h2>{{contract_title}}</h2><p>This agreement is made between <strong>{{buyer_name}}</strong> and <strong>{{supplier_name}}</strong>.</p><h3>1. Term</h3><p>From {{start_date}} to {{end_date}}.</p><h3>2. Goods</h3>{{items}}<h3>3. Price</h3><p>{{contract_value}}, with tax. {{payment_terms}}</p>',
    });
    const closing = Date.now() + QUOTE_WINDOW_MS;
    const rfq = await call<{ id: number; number: string }>('buyer', 'POST', '/sourcing/rfqs/', {
      title: rfqTitle,
      closing_at: new Date(closing).toISOString(),
      department_id: department,
      terms: 'Delivery to the Nakuru branch within 14 days.',
      committee: [userId(OWNER), userId(FINANCE)],
      quorum: 2,
      suppliers: [savannah],
      lines: [
        {
          description: 'Laser printer, A4 duplex',
          category_id: categories.results[0]?.id ?? 1,
          quantity: '4',
          unit: 'each',
          estimated_unit_price: '38000.00',
        },
        {
          description: 'Toner cartridge, black',
          category_id: categories.results[0]?.id ?? 1,
          quantity: '12',
          unit: 'each',
          estimated_unit_price: '6500.00',
        },
      ],
    });
    rfqId = rfq.id;
    rfqNumber = rfq.number;
    await call('buyer', 'POST', `/sourcing/rfqs/${rfqId}/publish/`);
    await call('supplier', 'POST', `/portal/rfqs/${rfqId}/quote/`, {
      lines: [
        { line_no: 1, unit_price: '36500.00' },
        { line_no: 2, unit_price: '6250.00' },
      ],
      delivery_days: 10,
      validity_days: 60,
    });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, closing - Date.now()) + 1_500));
    for (const who of ['grace', 'daniel'])
      await call(who, 'POST', `/sourcing/rfqs/${rfqId}/opening/confirm/`, { passphrase: OPENING_PASSPHRASE });
    const awarded = await call<{ status: string }>('buyer', 'POST', `/sourcing/rfqs/${rfqId}/award/`, {
      allocations: [
        { line_no: 1, supplier_id: savannah, quantity: '4' },
        { line_no: 2, supplier_id: savannah, quantity: '12' },
      ],
    });
    expect(awarded.status).toBe('awarded');
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
  });

  it('offers "Draft a contract" per awarded supplier on the RFQ, in English and Amharic at 1280 and 390 px', async () => {
    for (const language of ['en', 'am']) {
      for (const width of [1280, 390]) {
        const page = await pageOf(BUYER, `/app/sourcing/rfqs/${rfqId}`, width, language);
        await page.getByTestId('rfq-draft-contract').waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({
          path: `${SHOTS}contract-from-award-action-${width}-${language}.png`,
          fullPage: true,
        });
        expect(await fitsWidth(page)).toBe(true);
        await page.getByTestId('rfq-draft-contract').click();
        await page.getByTestId('rfq-contract-template').waitFor();
        await page.screenshot({ path: `${SHOTS}contract-from-award-dialog-${width}-${language}.png` });
        await page.context().close();
      }
    }
  }, 180_000);

  it('drafts the contract from the award with a template, and the RFQ and the contract link each other', async () => {
    const buyer = await pageOf(BUYER, `/app/sourcing/rfqs/${rfqId}`);
    const section = buyer.getByTestId('rfq-award-contracts');
    await section.waitFor();
    expect(await section.getByTestId('rfq-award-contract-row').textContent()).toContain(SAVANNAH);
    await buyer.getByTestId('rfq-draft-contract').click();
    await buyer.getByTestId('rfq-contract-template').click();
    await buyer.getByRole('option', { name: new RegExp(templateName) }).click();
    await buyer.getByTestId('rfq-contract-end').fill(endDate);
    await buyer.getByTestId('rfq-contract-create').click();
    await buyer.waitForURL(/\/app\/contracts\/\d+$/);
    contractId = Number(new URL(buyer.url()).pathname.split('/').pop());
    const text = buyer.getByTestId('contract-text');
    await expect.poll(() => text.textContent()).toContain('Laser printer, A4 duplex');
    // 4 × 36,500 + 12 × 6,250 = 221,000 net, 16% VAT: 256,360.00.
    expect(await text.textContent()).toContain('Harambee Savings Sacco');
    expect(await text.textContent()).toContain(SAVANNAH);
    expect(await text.textContent()).toContain('256,360.00');
    expect(await buyer.getByTestId('contract-value').textContent()).toContain('256,360.00');
    expect(await buyer.getByTestId('contract-source').textContent()).toContain(
      'Award of a request for quotations',
    );
    const contract = await call<{ number: string; end_date: string; source: unknown }>(
      'buyer',
      'GET',
      `/contracts/${contractId}/`,
    );
    contractNumber = contract.number;
    expect(contract).toMatchObject({ end_date: endDate, source: { type: 'rfq_award', id: rfqId } });

    // The terms editor: Grace (the department's budget owner) owns the contract and hears its alerts.
    await buyer.getByTestId('contract-edit-terms').click();
    await buyer.getByTestId('terms-owner').click();
    await buyer.getByRole('option', { name: 'Grace Njeri' }).click();
    await buyer.screenshot({ path: `${SHOTS}contract-from-award-terms-1280-en.png` });
    await buyer.getByTestId('terms-save').click();
    await expect.poll(() => buyer.getByTestId('contract-terms').textContent()).toContain('Grace Njeri');

    // The RFQ shows its contract, linked.
    await buyer.getByTestId('contract-source').getByRole('link').click();
    await buyer.waitForURL(new RegExp(`/app/sourcing/rfqs/${rfqId}$`));
    await expect.poll(() => buyer.getByTestId('rfq-award-contract').textContent()).toBe(contractNumber);
    expect(await buyer.getByTestId('rfq-draft-contract').count()).toBe(0);
    await buyer.context().close();
  }, 90_000);

  it('is approved through the engine, signed by the buyer and by the supplier in the portal with their codes', async () => {
    const buyer = await pageOf(BUYER, `/app/contracts/${contractId}`);
    await buyer.getByTestId('contract-submit').click();
    await expect.poll(() => buyer.getByTestId('contract-status').first().textContent()).toBe('In approval');

    const owner = await pageOf(OWNER, `/app/contracts/${contractId}`);
    await owner.getByTestId('contract-approve').click();
    await expect.poll(() => owner.getByTestId('contract-status').first().textContent()).toBe('Approved');
    await owner.context().close();

    await buyer.reload();
    await buyer.getByTestId('contract-send').click();
    await expect.poll(() => buyer.getByTestId('contract-status').first().textContent()).toBe('Signing');
    await buyer.getByTestId('contract-sign').click();
    await signWithCode(buyer, BUYER);
    await expect.poll(() => buyer.getByTestId('contract-signatures').textContent()).toContain('Harambee');

    const supplier = await pageOf(SUPPLIER, `/portal/contracts/${contractId}`, 390);
    await supplier.getByTestId('portal-contract-sign').click();
    await signWithCode(supplier, SUPPLIER);
    await expect.poll(() => supplier.getByTestId('portal-contract-pdf').count()).toBe(1);
    await supplier.context().close();

    await buyer.reload();
    await expect.poll(() => buyer.getByTestId('contract-status').first().textContent()).toBe('Active');
    // Found in the archive by the RFQ's stamp.
    await buyer.goto(`${baseUrl}/app/contracts/archive?search=${encodeURIComponent(stamp)}`);
    await expect
      .poll(() => buyer.getByTestId('contract-row-title').allTextContents())
      .toEqual([`${rfqTitle} — ${SAVANNAH} (${rfqNumber})`]);
    await buyer.context().close();
  }, 120_000);

  it('mails its 30-day expiry alert to its owner once, however often the contract job runs', async () => {
    const subject = `Contract ${contractNumber} ends in 20 days`;
    for (let run = 0; run < 2; run += 1) await call('moderator', 'POST', '/contract-alerts/run/');
    await expect
      .poll(async () => (await mailsTo(OWNER)).filter((m) => m.subject === subject).length, {
        timeout: 15_000,
      })
      .toBe(1);
    // Still one a little later (the second run sent nothing).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await mailsTo(OWNER)).filter((m) => m.subject === subject)).toHaveLength(1);
  }, 60_000);

  it('looks right in English and Amharic at 1280 and 390 px: the RFQ with its contract, the contract from the award', async () => {
    for (const language of ['en', 'am']) {
      for (const width of [1280, 390]) {
        const page = await pageOf(BUYER, `/app/sourcing/rfqs/${rfqId}`, width, language);
        await page.getByTestId('rfq-award-contract').waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({
          path: `${SHOTS}contract-from-award-rfq-${width}-${language}.png`,
          fullPage: true,
        });
        expect(await fitsWidth(page)).toBe(true);
        await page.goto(`${baseUrl}/app/contracts/${contractId}`);
        await page.getByTestId('contract-source').waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({
          path: `${SHOTS}contract-from-award-contract-${width}-${language}.png`,
          fullPage: true,
        });
        expect(await fitsWidth(page)).toBe(true);
        await page.context().close();
      }
    }
  }, 180_000);
});
