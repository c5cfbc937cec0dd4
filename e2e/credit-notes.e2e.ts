import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath, launchBrowser } from './browser.ts';

/**
 * Issue 16 point 8, "Credit notes are documents": finance asks for a credit note on an over-billed invoice;
 * the supplier answers it in the portal (the form prefilled from the invoice, the catalogue's messages, the
 * total previewed); the invoice leaves the exception queue, finance sees the credit note and the lower
 * amount owed, approves and pays what is left: the invoice is settled.
 */

const SHOTS = new URL('../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

const BUYER = 'buyer@zabuni.example';
const OWNER = 'owner@zabuni.example';
const FINANCE = 'finance@zabuni.example';
const DEMO_PASSWORD = 'zabuni-demo-2026';
const HARAMBEE = 'Harambee Savings Sacco';
const SUPPLIER_PASSWORD = 'Credit-Supplier-2026!';

const nairobiToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
const kes = (minor: number) =>
  `KES ${new Intl.NumberFormat('en', { minimumFractionDigits: 2 }).format(minor / 100)}`;
const toMinor = (text: string) => Math.round(Number(text) * 100);
const taxOf = (netMinor: number, rate: string) =>
  Math.floor((netMinor * Math.round(Number(rate) * 100) * 2 + 10_000) / 20_000);

interface OrderView {
  id: number;
  number: string;
  status: string;
  approval: { current_step: number | null } | null;
  lines: Array<{ id: number; quantity: string; unit_price: string; tax_rate: string }>;
}

describe.skipIf(!chromiumPath)('Credit notes in Chromium', () => {
  const baseUrl = inject('baseUrl');
  const stamp = Date.now().toString(36).toUpperCase();
  const supplierEmail = `credit-${stamp.toLowerCase()}@supplier.example`;
  const supplierName = `Credit E2E ${stamp} Ltd`;
  const invoiceNumber = `INV-CN-${stamp}`;
  const creditNoteNumber = `CN-${stamp}`;
  const tokens: Record<string, string> = {};
  const was: Record<string, number | null> = {};
  let browser: Browser;
  let order: OrderView;
  let invoiceId = 0;
  let totalMinor = 0;
  let creditMinor = 0;

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
  /** Signs a demo colleague in through the API, working for Harambee. */
  async function staff(who: string, email: string) {
    tokens[who] = (
      await call<{ access: string }>(who, 'POST', '/authentication/token/', {
        username: email,
        password: DEMO_PASSWORD,
      })
    ).access;
    const me = await call<{
      buyer_company_id: number | null;
      organisations: Array<{ organisation: { id: number; name: string } }>;
    }>(who, 'GET', '/authentication/me/');
    was[who] = me.buyer_company_id;
    const harambee = me.organisations.find((m) => m.organisation.name === HARAMBEE)!.organisation.id;
    tokens[who] = (
      await call<{ access: string }>(who, 'POST', '/authentication/switch-buyer/', {
        buyer_company_id: harambee,
      })
    ).access;
    return harambee;
  }
  const newPage = async (width: number, height = 900) =>
    (await browser.newContext({ viewport: { width, height }, locale: 'en-GB' })).newPage();
  const signIn = async (page: Page, email: string, password: string, next: string) => {
    await page.goto(`${baseUrl}/login?next=${encodeURIComponent(next)}`);
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel('Email or username').fill(email);
    await form.locator('input[autocomplete="current-password"]').fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === next);
  };
  const noSidewaysScroll = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  beforeAll(async () => {
    await staff('buyer', BUYER);
    await staff('owner', OWNER);
    const harambee = await staff('finance', FINANCE);
    const categoryId = (
      await call<{ results: Array<{ id: number }> }>('buyer', 'GET', '/core/category-types/?page_size=1')
    ).results[0]!.id;
    const departmentId = (
      await call<{ results: Array<{ id: number; budget_owner: { email: string } | null }> }>(
        'buyer',
        'GET',
        '/p2p/departments/?active=true&page_size=100',
      )
    ).results.find((department) => department.budget_owner?.email === OWNER)!.id;
    const supplierId = (
      await call<{ id: number }>('buyer', 'POST', '/p2p/suppliers/', {
        name: supplierName,
        email: supplierEmail,
        first_name: 'Zawadi',
        last_name: 'Achieng',
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
    tokens.supplier = (
      await call<{ access: string }>('supplier', 'POST', '/authentication/token/', {
        username: supplierEmail,
        password: SUPPLIER_PASSWORD,
      })
    ).access;
    tokens.supplier = (
      await call<{ access: string }>('supplier', 'POST', '/authentication/switch-buyer/', {
        buyer_company_id: harambee,
      })
    ).access;

    // Ten office chairs ordered, eight received, ten invoiced: outside Harambee's zero quantity tolerance.
    const draft = await call<OrderView>('buyer', 'POST', '/p2p/purchase-orders/', {
      supplier_id: supplierId,
      justification: 'Credit note end-to-end test',
      delivery_address: 'Harambee House, Moi Avenue, Nairobi',
      delivery_date: nairobiToday(),
      lines: [
        {
          description: 'Office chair, mesh back',
          category_id: categoryId,
          department_id: departmentId,
          quantity: '10',
          unit: 'each',
          unit_price: '4500.00',
        },
      ],
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
    order = await call<OrderView>('buyer', 'POST', `/p2p/purchase-orders/${draft.id}/send/`, {});
    await call('buyer', 'POST', '/p2p/goods-receipts/', {
      purchase_order_id: order.id,
      received_on: nairobiToday(),
      note: '',
      lines: [{ purchase_order_line_id: order.lines[0]!.id, received: '8', accepted: '8', rejected: '0' }],
    });
    const invoice = await call<{ id: number; status: string; total: string }>(
      'supplier',
      'POST',
      '/portal/invoices/',
      {
        purchase_order_id: order.id,
        invoice_number: invoiceNumber,
        invoice_date: nairobiToday(),
        lines: [
          {
            purchase_order_line_id: order.lines[0]!.id,
            description: 'Office chair, mesh back',
            quantity: '10',
            unit_price: '4500.00',
          },
        ],
      },
    );
    expect(invoice.status).toBe('exception');
    invoiceId = invoice.id;
    totalMinor = toMinor(invoice.total);
    creditMinor = 2 * 450_000 + taxOf(2 * 450_000, order.lines[0]!.tax_rate);
    const requested = await call<{ status: string }>(
      'finance',
      'POST',
      `/p2p/invoices/${invoiceId}/resolve-exception/`,
      { resolution: 'credit_note_requested', reason: 'Only 8 of the 10 chairs were delivered.' },
    );
    expect(requested.status).toBe('awaiting_credit_note');
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    for (const who of ['buyer', 'owner', 'finance']) {
      if (was[who]) {
        await call(who, 'POST', '/authentication/switch-buyer/', { buyer_company_id: was[who] }).catch(
          () => undefined,
        );
      }
    }
  });

  it('the supplier answers the credit note requested in the portal, and the invoice matches again', async () => {
    const page = await newPage(1280);
    await signIn(page, supplierEmail, SUPPLIER_PASSWORD, '/portal/purchase-orders');
    await page.goto(`${baseUrl}/portal/invoices/${invoiceId}`);
    const section = page.getByTestId('credit-notes');
    await section.getByTestId('credit-note-requested').waitFor();
    await section.getByTestId('credit-notes-empty').waitFor();
    expect(await section.getByTestId('credit-notes-open').innerText()).toBe(kes(totalMinor));
    await page.screenshot({ path: `${SHOTS}credit-note-requested-1280-en.png`, fullPage: true });

    await section.getByRole('button', { name: 'Issue credit note' }).click();
    const form = section.getByTestId('credit-note-form');
    await form.waitFor();
    // Every invoice line is offered, nothing credited yet; sending it empty says what is missing.
    expect(await form.getByTestId('credit-note-line').count()).toBe(1);
    expect(await form.getByTestId('credit-note-line').first().innerText()).toContain(
      'Office chair, mesh back',
    );
    await form.getByTestId('credit-note-submit').click();
    await form.getByText('Say why the invoice is credited.').waitFor();
    await form.getByText('Enter a quantity, a unit price reduction or an amount to credit.').waitFor();
    await form.getByText('This field is required.').first().waitFor();
    // Both ways at once on a line is refused on that line.
    await form.getByTestId('credit-note-line-0-quantity').fill('2');
    await form.getByTestId('credit-note-line-0-amount').fill('100');
    await form.getByTestId('credit-note-submit').click();
    await form
      .getByText('Credit either a quantity and/or a unit price reduction, or an amount, not both.')
      .waitFor();
    await form.getByTestId('credit-note-line-0-amount').fill('');

    await form.getByLabel('Credit note number').fill(creditNoteNumber);
    await form.getByLabel('Reason').fill('Two chairs were not delivered: credited at the invoiced price.');
    await expect.poll(() => form.getByTestId('credit-note-total').innerText()).toBe(kes(creditMinor));
    await page.screenshot({ path: `${SHOTS}credit-note-form-1280-en.png`, fullPage: true });
    await form.getByTestId('credit-note-submit').click();

    await section.getByTestId('credit-note').first().waitFor();
    await expect
      .poll(() => page.getByTestId('invoice-status').first().getAttribute('data-status'))
      .toBe('matched');
    expect(await section.getByTestId('credit-note').first().innerText()).toContain(creditNoteNumber);
    expect(await section.getByTestId('credit-note-amount').first().innerText()).toBe(`−${kes(creditMinor)}`);
    expect(await section.getByTestId('credit-notes-open').innerText()).toBe(kes(totalMinor - creditMinor));
    expect(await page.getByTestId('invoice-outstanding').innerText()).toBe(kes(totalMinor - creditMinor));
    expect(await section.getByTestId('credit-note-requested').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}credit-note-issued-1280-en.png`, fullPage: true });

    // The same page on a phone: nothing wider than the screen.
    const phone = await newPage(390, 844);
    await signIn(phone, supplierEmail, SUPPLIER_PASSWORD, '/portal/purchase-orders');
    await phone.goto(`${baseUrl}/portal/invoices/${invoiceId}`);
    await phone.getByTestId('credit-note').first().waitFor();
    await phone.getByRole('button', { name: 'Issue credit note' }).click();
    await phone.getByTestId('credit-note-form').waitFor();
    expect(await noSidewaysScroll(phone)).toBe(true);
    await phone.screenshot({ path: `${SHOTS}credit-note-portal-390-en.png`, fullPage: true });
    await phone.context().close();
    await page.context().close();
  });

  it('finance sees the credit note and the lower amount owed, approves and pays it: the invoice is settled', async () => {
    const queue = await call<{ results: Array<{ id: number }> }>(
      'finance',
      'GET',
      '/p2p/invoices/?exceptions=true&page_size=100',
    );
    expect(queue.results.map((i) => i.id)).not.toContain(invoiceId);
    const mails = (await (
      await fetch(`${baseUrl}/api/dev/mail?to=${encodeURIComponent(FINANCE)}`)
    ).json()) as { results: Array<{ subject: string }> };
    expect(mails.results.map((m) => m.subject)).toContain(
      `Credit note ${creditNoteNumber} from ${supplierName}: invoice ${invoiceNumber} now matches`,
    );

    const page = await newPage(1280);
    await signIn(page, FINANCE, DEMO_PASSWORD, `/app/p2p/invoices/${invoiceId}`);
    const detail = page.getByTestId('invoice-detail');
    const status = detail.getByTestId('invoice-status').first();
    await expect.poll(() => status.getAttribute('data-status')).toBe('matched');
    const section = page.getByTestId('credit-notes');
    await section.getByTestId('credit-note').first().waitFor();
    expect(await section.getByTestId('credit-note').first().innerText()).toContain(creditNoteNumber);
    expect(await section.getByTestId('credit-notes-credited').innerText()).toBe(kes(creditMinor));
    expect(await page.getByTestId('invoice-outstanding').innerText()).toBe(kes(totalMinor - creditMinor));
    expect(await section.getByRole('button', { name: 'Enter credit note' }).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}credit-note-finance-1280-en.png`, fullPage: true });

    await page.getByTestId('invoice-approve').click();
    await expect.poll(() => status.getAttribute('data-status')).toBe('approved');
    await page.getByTestId('invoice-record-payment').click();
    const payment = page.getByRole('dialog');
    await payment.getByTestId('payment-form').waitFor();
    // What is offered is what is owed after the credit note.
    expect(await payment.getByLabel('Amount (KES)').inputValue()).toBe(
      ((totalMinor - creditMinor) / 100).toFixed(2),
    );
    await payment.getByLabel('Payment reference').fill(`PAY-${stamp}`);
    await payment.getByTestId('payment-submit').click();
    await payment.waitFor({ state: 'detached' });
    await expect.poll(() => status.getAttribute('data-status')).toBe('paid');
    expect(await page.getByTestId('invoice-outstanding').innerText()).toBe(kes(0));
    expect(await section.getByTestId('credit-notes-closed').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}credit-note-settled-1280-en.png`, fullPage: true });

    const phone = await newPage(390, 844);
    await signIn(phone, FINANCE, DEMO_PASSWORD, `/app/p2p/invoices/${invoiceId}`);
    await phone.getByTestId('credit-note').first().waitFor();
    expect(await noSidewaysScroll(phone)).toBe(true);
    await phone.screenshot({ path: `${SHOTS}credit-note-finance-390-en.png`, fullPage: true });
    await phone.context().close();
    await page.context().close();

    // The supplier's statement carries the credit on its date; what is owed is zero.
    const statement = await call<{
      rows: Array<{ type: string; reference: string; credit: string; date: string }>;
    }>('supplier', 'GET', '/portal/statement/');
    expect(
      statement.rows.filter((r) => r.type === 'credit').map((r) => [r.reference, r.date, toMinor(r.credit)]),
    ).toEqual([[creditNoteNumber, nairobiToday(), creditMinor]]);

    // And the supplier sees it in its statement page: a credit note row, nothing owed on the invoice.
    const portal = await newPage(1280);
    await signIn(portal, supplierEmail, SUPPLIER_PASSWORD, '/portal/purchase-orders');
    await portal.goto(`${baseUrl}/portal/statement`);
    const rows = portal.getByTestId('statement-table').getByTestId('data-table-row');
    // (The invoice's number holds the credit note's: the row is the one of type credit note, on screen.)
    const creditRow = rows
      .filter({ hasText: `Credit note against invoice ${invoiceNumber}` })
      .filter({ visible: true });
    await creditRow.waitFor();
    expect(await creditRow.innerText()).toContain('Credit note');
    expect(await creditRow.innerText()).toContain(`Credit note against invoice ${invoiceNumber}`);
    expect(await creditRow.innerText()).toContain(kes(creditMinor));
    expect(await portal.getByTestId('statement-closing').innerText()).toBe(kes(0));
    await portal.screenshot({ path: `${SHOTS}credit-note-statement-1280-en.png`, fullPage: true });
    await portal.context().close();
  });
});
