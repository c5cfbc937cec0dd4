import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath, launchBrowser } from './browser.ts';

const SHOTS = new URL('../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

// The demo sign-ins (README): the buyer administers Harambee and may add suppliers and raise orders; the
// budget owner approves them.
const BUYER = 'buyer@zabuni.example';
const OWNER = 'owner@zabuni.example';
const DEMO_PASSWORD = 'zabuni-demo-2026';
const HARAMBEE = 'Harambee Savings Sacco';
const UMOJA = 'Umoja Commercial Bank';
const SUPPLIER_PASSWORD = 'Portal-Supplier-2026!';

interface OrderView {
  id: number;
  number: string;
  status: string;
  currency: string;
  total: string;
  approval: { current_step: number | null } | null;
  lines: Array<{ id: number; quantity: string; unit_price: string; tax_rate: string }>;
}

/** Nairobi's calendar day (the API's "today"). */
const nairobiToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());

/** Money as the app shows it in English: "KES 7,888.00". */
const kes = (minor: number) =>
  `KES ${new Intl.NumberFormat('en', { minimumFractionDigits: 2 }).format(minor / 100)}`;
const toMinor = (text: string) => Math.round(Number(text) * 100);
const taxOf = (netMinor: number, rate: string) =>
  Math.floor((netMinor * Math.round(Number(rate) * 100) * 2 + 10_000) / 20_000);

describe.skipIf(!chromiumPath)('Supplier portal in Chromium', () => {
  const baseUrl = inject('baseUrl');
  const stamp = Date.now().toString(36);
  const supplierEmail = `portal-${stamp}@supplier.example`;
  const supplierName = `Portal E2E ${stamp.toUpperCase()} Ltd`;
  const invoiceNumber = `INV-${stamp.toUpperCase()}`;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const tokens: Record<string, string> = {};
  let buyerWasOn: number | null = null;
  let order: OrderView;
  let declinable: OrderView;
  let categoryId = 0;
  let departmentId = 0;
  let supplierId = 0;
  let invoiceTotalMinor = 0;

  /** One API call with a bearer token, as the integration tests make them. */
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

  /** A direct order of `lines` to the supplier, through its approval (the owner, else the buyer) and sent. */
  async function sentOrder(lines: Array<[description: string, quantity: string, price: string]>) {
    const draft = await call<OrderView>('buyer', 'POST', '/p2p/purchase-orders/', {
      supplier_id: supplierId,
      justification: 'Portal end-to-end test',
      delivery_address: 'Harambee House, Moi Avenue, Nairobi',
      delivery_date: nairobiToday(),
      lines: lines.map(([description, quantity, unit_price]) => ({
        description,
        category_id: categoryId,
        department_id: departmentId,
        quantity,
        unit: 'each',
        unit_price,
      })),
    });
    let view = await call<OrderView>('buyer', 'POST', `/p2p/purchase-orders/${draft.id}/submit/`, {});
    for (let step = 0; step < 4 && view.status === 'pending_approval'; step += 1) {
      const body = { step: view.approval?.current_step ?? undefined };
      try {
        view = await call<OrderView>('owner', 'POST', `/p2p/purchase-orders/${draft.id}/approve/`, body);
      } catch {
        view = await call<OrderView>('buyer', 'POST', `/p2p/purchase-orders/${draft.id}/approve/`, body);
      }
    }
    expect(view.status).toBe('approved');
    return call<OrderView>('buyer', 'POST', `/p2p/purchase-orders/${draft.id}/send/`, {});
  }

  const path = () => new URL(page.url()).pathname;
  const settled = () =>
    page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
  const noSidewaysScroll = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  const signIn = async (target: Page, email: string, password: string) => {
    const form = target.getByTestId('sign-in-form');
    await form.getByLabel('Email or username').fill(email);
    await form.locator('input[autocomplete="current-password"]').fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();
  };

  beforeAll(async () => {
    // The buyer adds the supplier by its contact's email; the supplier chooses a password from the mail.
    await signInApi('buyer', BUYER, DEMO_PASSWORD);
    await signInApi('owner', OWNER, DEMO_PASSWORD);
    const me = await call<{
      buyer_company_id: number | null;
      organisations: Array<{ organisation: { id: number; name: string } }>;
    }>('buyer', 'GET', '/authentication/me/');
    buyerWasOn = me.buyer_company_id;
    const harambee = me.organisations.find((m) => m.organisation.name === HARAMBEE)!.organisation.id;
    if (buyerWasOn !== harambee) {
      tokens.buyer = (
        await call<{ access: string }>('buyer', 'POST', '/authentication/switch-buyer/', {
          buyer_company_id: harambee,
        })
      ).access;
    }
    // The approver works in Harambee too, whatever another test file left its session on.
    tokens.owner = (
      await call<{ access: string }>('owner', 'POST', '/authentication/switch-buyer/', {
        buyer_company_id: harambee,
      })
    ).access;
    categoryId = (
      await call<{ results: Array<{ id: number }> }>('buyer', 'GET', '/core/category-types/?page_size=1')
    ).results[0]!.id;
    // A demo cost centre with a budget owner: other files add departments without one (their orders
    // could not be routed), and the first by name may be theirs.
    departmentId = (
      await call<{ results: Array<{ id: number; budget_owner: { email: string } | null }> }>(
        'buyer',
        'GET',
        '/p2p/departments/?active=true&page_size=100',
      )
    ).results.find((department) => department.budget_owner?.email === OWNER)!.id;
    supplierId = (
      await call<{ id: number }>('buyer', 'POST', '/p2p/suppliers/', {
        name: supplierName,
        email: supplierEmail,
        first_name: 'Neema',
        last_name: 'Mwangi',
      })
    ).id;
    let token = '';
    for (let tries = 0; !token && tries < 60; tries += 1) {
      const mails = (await (
        await fetch(`${baseUrl}/api/dev/mail?to=${encodeURIComponent(supplierEmail)}`)
      ).json()) as { results: Array<{ text: string }> };
      token = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mails.results[0]?.text ?? '')?.[1] ?? '';
      if (!token) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(token).not.toBe('');
    await call('anyone', 'POST', '/authentication/confirm/', {
      token: decodeURIComponent(token),
      password: SUPPLIER_PASSWORD,
      password2: SUPPLIER_PASSWORD,
    });

    order = await sentOrder([
      ['Toner cartridges HP 26A', '10', '250.00'],
      ['A4 paper, box of 5 reams', '4', '1200.00'],
    ]);
    declinable = await sentOrder([['A3 paper, ream', '20', '900.00']]);

    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    // Leave the demo buyer working for the organisation it was on before.
    if (buyerWasOn !== null && tokens.buyer) {
      await call('buyer', 'POST', '/authentication/switch-buyer/', { buyer_company_id: buyerWasOn }).catch(
        () => undefined,
      );
    }
  });

  it('sends a signed-out visitor from /portal to sign in and back, into the orders to acknowledge', async () => {
    await page.goto(`${baseUrl}/portal`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/portal');
    await signIn(page, supplierEmail, SUPPLIER_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/portal/purchase-orders');

    expect(await page.getByTestId('portal-supplier-name').innerText()).toBe(supplierName);
    expect(await page.getByTestId('current-buyer').first().innerText()).toBe(HARAMBEE);
    const nav = page.getByRole('navigation', { name: 'Supplier portal' });
    for (const name of ['Purchase orders', 'Invoices', 'Statement']) {
      await expect.poll(() => nav.getByRole('link', { name }).count()).toBe(1);
    }
    const row = page.getByTestId('data-table-row').filter({ hasText: order.number });
    await row.waitFor();
    expect(await row.getByTestId('order-to-acknowledge').innerText()).toBe('Waiting for your answer');
    expect(await row.getByTestId('order-status').filter({ visible: true }).getAttribute('data-status')).toBe(
      'sent',
    );
    expect(await row.innerText()).toContain(kes(toMinor(order.total)));
    expect(await page.getByTestId('orders-waiting-banner').innerText()).toContain(
      '2 orders are waiting for your answer.',
    );
    await page.screenshot({ path: `${SHOTS}portal-orders-1280-en.png` });
  });

  it('declines an order only with a reason', async () => {
    await page.getByRole('link', { name: declinable.number }).click();
    await page.waitForURL((url) => url.pathname === `/portal/purchase-orders/${declinable.id}`);
    await page.getByRole('button', { name: 'Decline', exact: true }).click();
    const modal = page.getByRole('dialog', { name: `Decline ${declinable.number}` });
    await modal.getByRole('button', { name: 'Decline order' }).click();
    expect(await modal.getByText('Say why you decline the order.').count()).toBe(1);
    await modal.getByLabel('Reason').fill('A3 paper is out of stock until February.');
    await modal.getByRole('button', { name: 'Decline order' }).click();
    await expect
      .poll(() => page.getByTestId('order-status').first().getAttribute('data-status'))
      .toBe('declined');
    expect(await page.getByTestId('order-declined').innerText()).toContain('A3 paper is out of stock');
    expect(await page.getByRole('button', { name: 'Acknowledge', exact: true }).count()).toBe(0);
  });

  it('acknowledges an order from its page', async () => {
    await page.goto(`${baseUrl}/portal/purchase-orders/${order.id}`);
    await page.getByTestId('order-number').waitFor();
    expect(await page.getByTestId('order-buyer').innerText()).toBe(HARAMBEE);
    expect(await page.getByTestId('order-lines').innerText()).toContain('Toner cartridges HP 26A');
    expect(await page.getByTestId('order-pdf').getAttribute('href')).toBe(
      `/api/v1/portal/purchase-orders/${order.id}/pdf/`,
    );
    const pdf = await page.request.get(`${baseUrl}/api/v1/portal/purchase-orders/${order.id}/pdf/`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    await page.getByRole('button', { name: 'Acknowledge', exact: true }).click();
    const modal = page.getByRole('dialog', { name: `Acknowledge ${order.number}` });
    await modal.getByRole('button', { name: 'Acknowledge order' }).click();
    await expect
      .poll(() => page.getByTestId('order-status').first().getAttribute('data-status'))
      .toBe('acknowledged');
    expect(await page.getByRole('button', { name: 'Acknowledge', exact: true }).count()).toBe(0);
    const answered = await call<OrderView>('buyer', 'GET', `/p2p/purchase-orders/${order.id}/`);
    expect(answered.status).toBe('acknowledged');
  });

  it('invoices what was accepted, prefilled from the order, with exact live totals and a PDF', async () => {
    // The buyer receives part of the toner (two rejected) and all the paper.
    await call('buyer', 'POST', '/p2p/goods-receipts/', {
      purchase_order_id: order.id,
      received_on: nairobiToday(),
      note: '',
      lines: [
        {
          purchase_order_line_id: order.lines[0]!.id,
          received: '10',
          accepted: '8',
          rejected: '2',
          rejection_reason: 'Damaged boxes',
        },
        { purchase_order_line_id: order.lines[1]!.id, received: '4', accepted: '4', rejected: '0' },
      ],
    });
    await page.reload();
    await page.getByRole('link', { name: 'Send an invoice' }).click();
    await page.waitForURL((url) => url.pathname === '/portal/invoices/new');
    const lines = page.getByTestId('invoice-line');
    await lines.first().waitFor();
    expect(await lines.count()).toBe(2);
    expect(await lines.nth(0).getByTestId('line-quantity').inputValue()).toBe('8');
    expect(await lines.nth(0).getByTestId('line-unit-price').inputValue()).toBe('250.00');
    expect(await lines.nth(1).getByTestId('line-quantity').inputValue()).toBe('4');

    const [toner, paper] = order.lines;
    const net = 8 * toMinor(toner!.unit_price) + 4 * toMinor(paper!.unit_price);
    const tax =
      taxOf(8 * toMinor(toner!.unit_price), toner!.tax_rate) +
      taxOf(4 * toMinor(paper!.unit_price), paper!.tax_rate);
    expect(await page.getByTestId('invoice-subtotal').innerText()).toBe(kes(net));
    expect(await page.getByTestId('invoice-total').innerText()).toBe(kes(net + tax));

    // An extra charge counts at once; removed, the totals go back.
    await page.getByRole('button', { name: 'Add a line (e.g. delivery)' }).click();
    const extra = lines.nth(2);
    await extra.getByTestId('line-description').fill('Delivery');
    await extra.getByTestId('line-unit-price').fill('500');
    const extraTax = taxOf(50_000, toner!.tax_rate);
    await expect
      .poll(() => page.getByTestId('invoice-total').innerText())
      .toBe(kes(net + tax + 50_000 + extraTax));
    await extra.getByRole('button', { name: 'Remove line 3' }).click();
    await expect.poll(() => page.getByTestId('invoice-total').innerText()).toBe(kes(net + tax));

    await page.getByLabel('Invoice number').fill(invoiceNumber);
    await page.locator('input[type="file"]').setInputFiles({
      name: `${invoiceNumber}.pdf`,
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
    await page.screenshot({ path: `${SHOTS}portal-invoice-form-1280-en.png`, fullPage: true });
    await page.getByRole('button', { name: 'Send invoice', exact: true }).click();
    await page.waitForURL((url) => /^\/portal\/invoices\/\d+$/.test(url.pathname));
    expect(await page.getByTestId('invoice-number-title').innerText()).toBe(invoiceNumber);
    expect(await page.getByTestId('invoice-status').first().getAttribute('data-status')).toBe('matched');
    expect(await page.getByTestId('invoice-outcome').innerText()).toBe('Matched — waiting for approval');
    expect(await page.getByTestId('invoice-detail-total').innerText()).toBe(kes(net + tax));
    invoiceTotalMinor = net + tax;
    await expect.poll(() => page.getByTestId('invoice-file-link').innerText()).toBe(`${invoiceNumber}.pdf`);
  });

  it('refuses the same invoice number twice, on the number field', async () => {
    await page.goto(`${baseUrl}/portal/invoices/new?order=${order.id}`);
    const first = page.getByTestId('invoice-line').first();
    await first.waitFor();
    // Everything accepted is invoiced now: the lines wait to be chosen.
    expect(await first.getByTestId('line-include').isChecked()).toBe(false);
    await first.getByTestId('line-include').check();
    await first.getByTestId('line-quantity').fill('1');
    // The form checks with the API's schema first: no number, the catalogue's message on its field, nothing sent.
    await page.getByRole('button', { name: 'Send invoice', exact: true }).click();
    await expect
      .poll(() => page.getByTestId('invoice-form').getByText('This field is required.').count())
      .toBe(1);
    expect(path()).toBe('/portal/invoices/new');
    await page.getByLabel('Invoice number').fill(invoiceNumber);
    await page.getByRole('button', { name: 'Send invoice', exact: true }).click();
    await expect
      .poll(() => page.getByText(`You have already sent an invoice numbered ${invoiceNumber}`).count())
      .toBe(1);
    expect(path()).toBe('/portal/invoices/new');
  });

  it('lists the invoice with its status and what happens next', async () => {
    await page.getByRole('link', { name: 'Invoices', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/portal/invoices');
    const row = page.getByTestId('data-table-row').filter({ hasText: invoiceNumber });
    await row.waitFor();
    expect(await row.getByTestId('invoice-status').first().innerText()).toBe('Matched');
    expect(await row.getByTestId('invoice-outcome').first().innerText()).toBe(
      'Matched — waiting for approval',
    );
    await page.screenshot({ path: `${SHOTS}portal-invoices-1280-en.png` });
  });

  it('shows the statement with the invoice owed, and downloads it as PDF and Excel', async () => {
    await page.getByRole('link', { name: 'Statement', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/portal/statement');
    const table = page.getByTestId('statement-table');
    await table.getByText(invoiceNumber).first().waitFor();
    expect(await table.innerText()).toContain(order.number);
    expect(await page.getByTestId('statement-closing').innerText()).toBe(kes(invoiceTotalMinor));
    expect(await page.getByTestId('statement-open-invoices').innerText()).toContain(invoiceNumber);
    for (const [button, type] of [
      ['Download PDF', 'application/pdf'],
      ['Download Excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ] as const) {
      const href = await page.getByRole('link', { name: button }).getAttribute('href');
      const response = await page.request.get(`${baseUrl}${href}`);
      expect(response.status(), button).toBe(200);
      expect(response.headers()['content-type']).toContain(type);
    }
    await page.screenshot({ path: `${SHOTS}portal-statement-1280-en.png`, fullPage: true });
  });

  it('takes a period of East Africa Time days: a refused one says why on its field, an empty one says so', async () => {
    // Issue 16, point 11. Only "to", before the first transaction: the API's statement.period, on the field.
    await page.getByLabel('To', { exact: true }).fill('2020-01-01');
    await expect
      .poll(() => page.getByTestId('statement-period-fields').innerText())
      .toContain('The statement’s last day cannot be before its first.');
    expect(await page.getByTestId('statement-table').count()).toBe(0);
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await expect
      .poll(() => page.getByTestId('portal-statement-page').innerText())
      .toContain(`Nothing with ${HARAMBEE} in this period`);
    const url = new URL(page.url());
    expect([url.searchParams.get('from'), url.searchParams.get('to')]).toEqual(['2020-01-01', '2020-01-31']);
    await expect
      .poll(() => page.getByTestId('statement-period').innerText())
      .toMatch(/(1 Jan 2020|Jan 1, 2020).*(31 Jan 2020|Jan 31, 2020)/);
    const href = await page.getByRole('link', { name: 'Download Excel' }).getAttribute('href');
    expect(href).toContain('from=2020-01-01&to=2020-01-31');
    expect((await page.request.get(`${baseUrl}${href}`)).status()).toBe(200);
    await page.screenshot({ path: `${SHOTS}portal-statement-period-1280-en.png`, fullPage: true });
    await page.getByTestId('statement-whole').click();
    await page.getByTestId('statement-table').getByText(invoiceNumber).first().waitFor();
    expect(new URL(page.url()).search).toBe('');
  });

  it('switches to another buyer that lists the supplier, and back', async () => {
    // Umoja (the demo buyer administers it too) adds the same supplier.
    const me = await call<{ organisations: Array<{ organisation: { id: number; name: string } }> }>(
      'buyer',
      'GET',
      '/authentication/me/',
    );
    const umoja = me.organisations.find((m) => m.organisation.name === UMOJA)!.organisation.id;
    const harambee = me.organisations.find((m) => m.organisation.name === HARAMBEE)!.organisation.id;
    const switchBuyer = async (id: number) => {
      tokens.buyer = (
        await call<{ access: string }>('buyer', 'POST', '/authentication/switch-buyer/', {
          buyer_company_id: id,
        })
      ).access;
    };
    await switchBuyer(umoja);
    await call('buyer', 'POST', '/p2p/suppliers/', {
      name: supplierName,
      email: supplierEmail,
      first_name: 'Neema',
      last_name: 'Mwangi',
    });
    await switchBuyer(harambee);

    // Both buyers are in the switcher; Umoja has sent nothing, Harambee's order is back with Harambee.
    await page.goto(`${baseUrl}/portal/purchase-orders`);
    const current = () => page.getByTestId('current-buyer').first().innerText();
    await expect.poll(current).toBe(HARAMBEE);
    await page.getByRole('button', { name: `Buyer: ${HARAMBEE}. Work with another buyer` }).click();
    expect(
      (await page.getByTestId('buyer-option').allInnerTexts()).map((t) => t.replace('✓', '').trim()),
    ).toEqual([HARAMBEE, UMOJA]);
    await settled();
    await page.screenshot({ path: `${SHOTS}portal-buyer-menu-1280-en.png` });
    await page.getByRole('menuitem', { name: UMOJA }).click();
    await expect.poll(current).toBe(UMOJA);
    await expect
      .poll(() => page.getByTestId('data-table-empty').innerText())
      .toContain(`No purchase orders from ${UMOJA} yet`);
    await page.getByRole('button', { name: `Buyer: ${UMOJA}. Work with another buyer` }).click();
    await page.getByRole('menuitem', { name: HARAMBEE }).click();
    await expect.poll(current).toBe(HARAMBEE);
    await page.getByTestId('data-table-row').filter({ hasText: order.number }).waitFor();
  });

  it('fits a phone: the supplier and its buyer head the page, the sections are behind the menu', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const target of [
      '/portal/purchase-orders',
      `/portal/invoices`,
      '/portal/statement',
      `/portal/purchase-orders/${order.id}`,
    ]) {
      await page.goto(`${baseUrl}${target}`);
      await page.getByTestId('portal-context-bar').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await noSidewaysScroll(), target).toBe(true);
    }
    expect(await page.getByTestId('portal-supplier-name-mobile').innerText()).toBe(supplierName);
    await page.getByTestId('portal-burger').click();
    await settled();
    await page.getByTestId('nav-portal-invoices').click();
    await page.waitForURL((url) => url.pathname === '/portal/invoices');
    await page.screenshot({ path: `${SHOTS}portal-invoices-390-en.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('speaks Amharic', async () => {
    await page.goto(`${baseUrl}/portal/invoices?lang=am`);
    await page.getByTestId('portal-invoices-page').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('ደረሰኞች');
    await page.screenshot({ path: `${SHOTS}portal-invoices-1280-am.png` });
    await page.getByTestId('language-switcher').selectOption('en');
  });

  it('tells a buyer the portal is for suppliers, with the way to the platform', async () => {
    const buyerContext = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-GB',
    });
    const buyerPage = await buyerContext.newPage();
    await buyerPage.goto(`${baseUrl}/login?next=/portal`);
    await signIn(buyerPage, BUYER, DEMO_PASSWORD);
    await buyerPage.getByTestId('portal-not-supplier').waitFor();
    expect(await buyerPage.getByRole('heading', { level: 1 }).innerText()).toBe(
      'The supplier portal is for suppliers',
    );
    await buyerPage.getByRole('link', { name: "Go to the buyers' platform" }).click();
    await buyerPage.waitForURL((url) => url.pathname === '/app');
    await buyerContext.close();
  });
});
