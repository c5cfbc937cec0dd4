import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { chromiumPath, launchBrowser } from './browser.ts';

const SHOTS = new URL('../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

// The demo sign-ins (README): the administrator of Umoja (who raises orders), colleagues who are members of
// both demo organisations, and the demo supplier, on both organisations' supplier lists.
const PASSWORD = 'zabuni-demo-2026';
const BUYER = 'buyer@zabuni.example';
const REQUESTER = 'requester@zabuni.example';
const OWNER = 'owner@zabuni.example';
const FINANCE = 'finance@zabuni.example';
const SUPPLIER = 'supplier@zabuni.example';
const UMOJA = 'Umoja Commercial Bank';
const HARAMBEE = 'Harambee Savings Sacco';
const SAVANNAH = 'Savannah Office Supplies Ltd';

interface Me {
  buyer_company_id: number | null;
  organisations: Array<{ organisation: { id: number; name: string } }>;
}
interface Requisition {
  id: number;
  number: string;
  status: string;
  approval: { current_step: number | null } | null;
}

/** Money as the app shows it in English: "KES 18,560.00". */
const kes = (minor: number) =>
  `KES ${new Intl.NumberFormat('en', { minimumFractionDigits: 2 }).format(minor / 100)}`;
/** "KES 18,560.00" → 1856000. */
const minorOf = (text: string) => Number(text.replace(/[^\d]/g, ''));
/** Kenya's VAT (Umoja's default rate), rounded half up as the domain does. */
const vat = (netMinor: number) => Math.floor((netMinor * 1600 * 2 + 10_000) / 20_000);

/**
 * Issue 7 acceptance, in Umoja Commercial Bank: an approved requisition for the Technology department
 * (Grace Njeri owns its budget) becomes a purchase order to Savannah Office Supplies, approved by Grace
 * and sent; the supplier acknowledges it in its portal; part of the goods arrive; the supplier invoices more
 * than arrived; the invoice lands in finance's exception queue, is accepted with a reason, approved and
 * part-paid; the supplier's statement shows the invoice, the payment and what is still owed.
 */
describe.skipIf(!chromiumPath)(
  'Procure to pay, from requisition to the supplier’s statement, in Chromium',
  () => {
    const baseUrl = inject('baseUrl');
    const stamp = Date.now().toString(36).toUpperCase();
    const title = `Laptop docking stations ${stamp}`;
    const description = `USB-C docking station ${stamp}`;
    const invoiceNumber = `SOS-${stamp}`;
    const paymentReference = `EFT-UCB-${stamp}`;
    // 10 ordered at KES 2,000; 6 arrive; 8 are invoiced; KES 10,000 is paid.
    const orderNet = 10 * 200_000;
    const invoiceNet = 8 * 200_000;
    const invoiceTotal = invoiceNet + vat(invoiceNet);
    const paid = 1_000_000;
    let browser: Browser;
    const pages: Record<string, Page> = {};
    let requisition: Requisition;
    let orderPath = '';
    let orderNumber = '';
    let closingBefore = 0;

    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
    });
    // One story: once a step fails, the steps after it fail at once (naming the cause) rather than each
    // timing out; nothing is skipped, so the run stays red.
    let broken = false;
    beforeEach((context) => {
      if (broken) throw new Error('An earlier step of this story failed; see the first failure.');
      context.onTestFailed(() => {
        broken = true;
      });
    });

    /** An API call from inside a signed-in page (its cookie and the X-Requested-With header, as the app's). */
    const api = async <T>(page: Page, path: string, method = 'GET', body?: unknown): Promise<T> => {
      const { status, data } = await page.evaluate(
        async ({ path, method, body }) => {
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
          return { status: response.status, data: (text ? JSON.parse(text) : null) as unknown };
        },
        { path, method, body },
      );
      if (status >= 300) throw new Error(`${method} ${path}: ${status} ${JSON.stringify(data)}`);
      return data as T;
    };

    const newPage = async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
      return context.newPage();
    };
    const fillSignIn = async (page: Page, email: string) => {
      const form = page.getByTestId('sign-in-form');
      await form.getByLabel('Email or username').fill(email);
      await form.locator('input[autocomplete="current-password"]').fill(PASSWORD);
      await form.getByRole('button', { name: 'Sign in' }).click();
    };

    /** Signs a buyer's colleague in, in a browser context of their own, working for Umoja. */
    async function signIn(email: string, next: string) {
      const page = await newPage();
      await page.goto(`${baseUrl}/login?next=${encodeURIComponent(next)}`);
      await fillSignIn(page, email);
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

    /** Mantine selects: open by the field's label, then pick the option by its text. */
    const choose = async (page: Page, scope: Locator, label: string | RegExp, option: string | RegExp) => {
      await scope.getByRole('combobox', { name: label }).click();
      await page.getByRole('option', { name: option }).first().click();
    };
    const toast = (page: Page, text: string | RegExp) =>
      page.locator('.Toastify').getByText(text).first().waitFor();
    const orderStatus = (page: Page) => page.getByTestId('order-detail').getByTestId('order-status').first();
    const shot = (page: Page, name: string) =>
      page.screenshot({ path: `${SHOTS}acceptance-orders-${name}-1280-en.png`, fullPage: true });

    it('a requisition for 10 docking stations at KES 2,000 in Technology is raised and approved (API)', async () => {
      const requester = await signIn(REQUESTER, '/app/p2p/requisitions');
      const ict = (
        await api<{
          results: Array<{ id: number; code: string; budget_owner: { name: string } | null }>;
        }>(requester, '/p2p/departments/?active=true&page_size=100')
      ).results.find((d) => d.code === 'ICT')!;
      expect(ict.budget_owner?.name).toBe('Grace Njeri');
      const category = (
        await api<{ results: Array<{ id: number; name: string }> }>(
          requester,
          `/core/category-types/?search=${encodeURIComponent('Computer Hardware and Accessories')}`,
        )
      ).results[0]!;
      expect(category.name).toBe('Supply of Computer Hardware and Accessories');
      const draft = await api<Requisition>(requester, '/p2p/requisitions/', 'POST', {
        title,
        justification: 'Docking stations for the new hybrid-work desks.',
        currency: 'KES',
        lines: [
          {
            description,
            category_id: category.id,
            department_id: ict.id,
            quantity: '10',
            unit: 'each',
            unit_price: '2000.00',
          },
        ],
      });
      requisition = await api<Requisition>(requester, `/p2p/requisitions/${draft.id}/submit/`, 'POST');
      expect(requisition.status).toBe('submitted');

      // The budget owner decides step 1, finance step 2, each in their own signed-in browser.
      for (const email of [OWNER, FINANCE]) {
        const approver = await signIn(email, '/app/p2p/approvals');
        requisition = await api<Requisition>(approver, `/p2p/requisitions/${draft.id}/approve/`, 'POST', {
          step: requisition.approval?.current_step ?? undefined,
        });
      }
      expect(requisition.status).toBe('approved');
    });

    it('the buyer raises a purchase order from the requisition’s line to Savannah and sends it for approval', async () => {
      // "Create order" on the approved requisition (issue 16, point 11) opens the order form with the
      // requisition chosen and its line still to be ordered on the form.
      const page = await signIn(BUYER, `/app/p2p/requisitions/${requisition.id}`);
      await page.getByTestId('action-order').waitFor();
      await shot(page, 'requisition-create-order');
      await page.getByTestId('action-order').click();
      await page.waitForURL(
        (url) =>
          url.pathname === '/app/p2p/purchase-orders/new' &&
          url.searchParams.get('requisition') === String(requisition.id),
      );
      const form = page.getByTestId('order-form');
      await form.waitFor();
      await expect
        .poll(() =>
          form
            .getByTestId('requisition-lines')
            .getByRole('checkbox', { name: `Order line 1: ${description}` })
            .isChecked(),
        )
        .toBe(true);
      expect(await form.getByTestId('order-line').count()).toBe(1);
      const line = form.getByTestId('order-line').first();
      await line.waitFor();
      expect(await line.getByTestId('line-requisition').innerText()).toContain(requisition.number);
      expect(await line.getByTestId('line-charged-to').innerText()).toContain('ICT · Technology');
      expect(await line.getByLabel('Quantity').inputValue()).toBe('10');

      const supplier = form.getByRole('combobox', { name: 'Supplier' });
      await supplier.click();
      await supplier.fill('Savannah');
      await page.getByRole('option', { name: SAVANNAH }).click();
      await expect.poll(() => form.getByLabel('Payment terms (days)').inputValue()).toBe('30');
      await form.getByLabel('Delivery address').fill('Umoja House, Harambee Avenue, Nairobi');
      // 10 × 2,000 = 20,000; VAT 16 % = 3,200; total 23,200.
      await expect.poll(() => page.getByTestId('order-net').innerText()).toBe(kes(orderNet));
      expect(await page.getByTestId('order-tax').innerText()).toBe(kes(vat(orderNet)));
      expect(await page.getByTestId('order-total').innerText()).toBe(kes(orderNet + vat(orderNet)));
      await shot(page, 'new-from-requisition');

      await page.getByTestId('save-submit').click();
      await page.waitForURL((url) => /^\/app\/p2p\/purchase-orders\/\d+$/.test(url.pathname));
      orderPath = new URL(page.url()).pathname;
      orderNumber = await page.getByTestId('order-number').innerText();
      expect(orderNumber).toMatch(/^PO-\d{4}-\d{5}$/);
      await expect.poll(() => orderStatus(page).innerText()).toBe('Awaiting approval');
      expect(await page.getByTestId('order-supplier-name').innerText()).toBe(SAVANNAH);
      expect(await page.getByTestId('order-total-fact').innerText()).toBe(kes(orderNet + vat(orderNet)));
      expect(await page.getByTestId('approval-route').innerText()).toContain('Grace Njeri');
    });

    it('the budget owner, Grace Njeri, approves it from the order page', async () => {
      const owner = pages[OWNER]!;
      await owner.goto(`${baseUrl}${orderPath}`);
      await owner.getByTestId('order-detail').waitFor();
      expect(await owner.getByTestId('waiting-for-me').innerText()).toContain('waiting for your approval');
      // Issue 16, point 10: the budget check approval runs, shown before the approver clicks.
      const budget = owner.getByTestId('budget-panel');
      await budget.waitFor();
      expect(await budget.getByTestId('budget-amount').first().innerText()).toBe(kes(orderNet));
      expect(await budget.getByTestId('budget-outcome').first().innerText()).toBe('Within budget');
      await shot(owner, 'order-budget-panel');
      await owner.getByTestId('action-approve').click();
      const dialog = owner.getByRole('dialog');
      await dialog.getByLabel('Comment').fill('Within the Technology budget.');
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await toast(owner, `${orderNumber} was approved.`);
      await expect.poll(() => orderStatus(owner).innerText()).toBe('Approved');
      expect(await owner.getByTestId('approval-decision').first().innerText()).toContain('Grace Njeri');
    });

    it('the buyer sends it to the supplier', async () => {
      const page = pages[BUYER]!;
      await page.reload();
      await expect.poll(() => orderStatus(page).innerText()).toBe('Approved');
      await page.getByTestId('action-send').click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.innerText()).toContain(`${SAVANNAH} gets an email`);
      await dialog.getByTestId('confirm-action').click();
      await toast(page, `${orderNumber} was sent to the supplier.`);
      await expect.poll(() => orderStatus(page).innerText()).toBe('Sent');
    });

    it('the supplier signs into the portal, works for Umoja and acknowledges the order', async () => {
      const page = await newPage();
      pages[SUPPLIER] = page;
      await page.goto(`${baseUrl}/portal`);
      await page.waitForURL((url) => url.pathname === '/login');
      await fillSignIn(page, SUPPLIER);
      await page.waitForURL((url) => url.pathname === '/portal/purchase-orders');
      expect(await page.getByTestId('portal-supplier-name').innerText()).toBe(SAVANNAH);

      // The demo supplier serves both demo organisations: the switcher in the header chooses Umoja.
      const current = () => page.getByTestId('current-buyer').first().innerText();
      const switchTo = async (buyer: string) => {
        await page
          .getByRole('button', { name: `Buyer: ${await current()}. Work with another buyer` })
          .click();
        await page.getByRole('menuitem', { name: buyer }).click();
        await toast(page, `Now showing your orders, invoices and statement with ${buyer}.`);
        await expect.poll(current).toBe(buyer);
      };
      // Whichever buyer the portal opens with, Umoja is chosen in the switcher.
      if ((await current()) === UMOJA) await switchTo(HARAMBEE);
      await switchTo(UMOJA);

      // What Umoja owes Savannah before this order's invoice (nothing, on a fresh demo).
      await page.getByTestId('nav-portal-statement').click();
      await page.waitForURL((url) => url.pathname === '/portal/statement');
      closingBefore = minorOf(await page.getByTestId('statement-closing').innerText());

      // The section's badge counts the orders waiting for an answer (this one at least).
      expect(Number(await page.getByTestId('nav-orders-waiting').innerText())).toBeGreaterThan(0);
      await page.getByTestId('nav-portal-orders').click();
      const row = page.getByTestId('data-table-row').filter({ hasText: orderNumber });
      await row.waitFor();
      expect(await row.getByTestId('order-to-acknowledge').innerText()).toBe('Waiting for your answer');
      await row.getByRole('link', { name: orderNumber }).click();
      await page.waitForURL((url) => /^\/portal\/purchase-orders\/\d+$/.test(url.pathname));
      expect(await page.getByTestId('order-buyer').innerText()).toBe(UMOJA);
      expect(await page.getByTestId('order-lines').innerText()).toContain(description);
      await page.getByRole('button', { name: 'Acknowledge', exact: true }).click();
      const modal = page.getByRole('dialog', { name: `Acknowledge ${orderNumber}` });
      await modal.getByRole('button', { name: 'Acknowledge order' }).click();
      await toast(page, `${orderNumber} acknowledged. The buyer has been told.`);
      await expect
        .poll(() => page.getByTestId('order-status').first().getAttribute('data-status'))
        .toBe('acknowledged');
      await shot(page, 'portal-acknowledged');
    });

    it('the buyer receives 6 of the 10: the order is partially received', async () => {
      const page = pages[BUYER]!;
      await page.reload();
      await expect.poll(() => orderStatus(page).innerText()).toBe('Acknowledged');
      await page.getByTestId('action-receive').click();
      const form = page.getByTestId('receive-form');
      await form.waitFor();
      const line = form.getByTestId('receipt-line').first();
      expect(await line.getByTestId('receipt-line-remaining').innerText()).toContain('still to come 10');
      await line.getByLabel('Received', { exact: true }).fill('6');
      expect(await line.getByLabel('Accepted', { exact: true }).inputValue()).toBe('6');
      await form.getByTestId('receipt-note').fill('First delivery; the rest next week.');
      await form.getByTestId('receipt-submit').click();
      await toast(page, /Goods receipt .* was recorded\./);

      await expect.poll(() => orderStatus(page).innerText()).toBe('Partially received');
      const row = page.getByTestId('order-line-row').first();
      expect(await row.getByTestId('line-received').innerText()).toBe('6');
      expect(await row.getByTestId('line-accepted').innerText()).toBe('6');
      await page.getByTestId('partly-received-note').waitFor();
      await shot(page, 'partially-received');
    });

    it('the supplier invoices 8 at the ordered price: the portal says the buyer must review it', async () => {
      const page = pages[SUPPLIER]!;
      await page.reload();
      await expect
        .poll(() => page.getByTestId('order-status').first().getAttribute('data-status'))
        .toBe('partially_received');
      await page.getByTestId('order-send-invoice').click();
      await page.waitForURL((url) => url.pathname === '/portal/invoices/new');
      const lines = page.getByTestId('invoice-line');
      await lines.first().waitFor();
      expect(await lines.count()).toBe(1);
      const line = lines.first();
      // Prefilled with what was accepted and not yet invoiced, at the order's price.
      expect(await line.getByTestId('line-quantity').inputValue()).toBe('6');
      expect(await line.getByTestId('line-unit-price').inputValue()).toBe('2000.00');
      await line.getByTestId('line-quantity').fill('8');
      // The form warns before sending that more than was accepted is invoiced.
      await line.getByTestId('line-over-accepted').waitFor();
      await expect.poll(() => page.getByTestId('invoice-total').innerText()).toBe(kes(invoiceTotal));
      await page.getByLabel('Invoice number').fill(invoiceNumber);
      await page.getByRole('button', { name: 'Send invoice', exact: true }).click();

      await page.waitForURL((url) => /^\/portal\/invoices\/\d+$/.test(url.pathname));
      expect(await page.getByTestId('invoice-number-title').innerText()).toBe(invoiceNumber);
      await expect
        .poll(() => page.getByTestId('invoice-status').first().getAttribute('data-status'))
        .toBe('exception');
      expect(await page.getByTestId('invoice-outcome').innerText()).toMatch(/^Needs the buyer's review: /);
      expect(await page.getByTestId('invoice-detail-total').innerText()).toBe(kes(invoiceTotal));
      const blocking = page.locator('[data-testid="invoice-variance"][data-blocking]');
      expect(await blocking.count()).toBe(1);
      expect(await blocking.innerText()).toContain('Line 1');
      await shot(page, 'portal-invoice-exception');
    });

    it('finance finds it in the exception queue with a blocking “quantity over received” variance', async () => {
      const page = await signIn(FINANCE, '/app/p2p/invoices');
      await page.getByTestId('invoices-tab-exceptions').click();
      await expect.poll(() => new URL(page.url()).searchParams.get('queue')).toBe('exceptions');
      const row = page.getByTestId('data-table-row').filter({ hasText: invoiceNumber });
      await row.waitFor();
      expect(await row.innerText()).toContain(SAVANNAH);
      expect(await row.innerText()).toContain(orderNumber);
      expect(await row.getByTestId('blocking-count').innerText()).toBe('1 blocking variance');
      await shot(page, 'exception-queue');

      await row.getByTestId('invoice-link').click();
      await page.waitForURL((url) => /^\/app\/p2p\/invoices\/\d+$/.test(url.pathname));
      const status = page.getByTestId('invoice-detail').getByTestId('invoice-status').first();
      await expect.poll(() => status.getAttribute('data-status')).toBe('exception');
      await page.getByTestId('in-exception-queue').waitFor();
      expect(await page.getByTestId('match-summary').innerText()).toContain('Outside tolerance');
      const variance = page.locator('[data-testid="variance-row"][data-kind="quantity_over_received"]');
      expect(await variance.count()).toBe(1);
      expect(await variance.innerText()).toContain('Quantity over what was received');
      expect(await variance.getByTestId('variance-blocking').innerText()).toBe('Blocking');
      // Expected 6 (accepted), invoiced 8.
      const cells = await variance.locator('td').allInnerTexts();
      expect(cells.slice(1, 5)).toEqual(['Line 1', '6', '8', '2']);
    });

    it('finance accepts it with a reason, approves it and records a part payment', async () => {
      const page = pages[FINANCE]!;
      const status = page.getByTestId('invoice-detail').getByTestId('invoice-status').first();
      await page.getByTestId('invoice-accept').click();
      const dialog = page.getByRole('dialog');
      // A reason is required.
      await dialog.getByTestId('reason-confirm').click();
      await expect.poll(() => dialog.getByTestId('reason-input').getAttribute('aria-invalid')).toBe('true');
      await dialog
        .getByLabel('Reason')
        .fill('The other two stations arrived this morning; the receipt follows with the next delivery.');
      await dialog.getByRole('button', { name: 'Accept with reason' }).click();
      await toast(page, `Invoice ${invoiceNumber} was accepted and goes on to approval.`);
      await page.getByTestId('in-exception-queue').waitFor({ state: 'detached' });
      const resolution = page.getByTestId('resolution').first();
      expect(await resolution.innerText()).toContain('Accepted');
      expect(await resolution.innerText()).toContain('Daniel Kiprop');
      await page.getByTestId('match-accepted').waitFor();
      // The invoice's approver sees its budget check too, above the approval.
      await page.getByTestId('budget-panel').waitFor();
      await shot(page, 'invoice-budget-panel');

      await page.getByTestId('invoice-approve').click();
      await toast(page, `Invoice ${invoiceNumber} was approved.`);
      await expect.poll(() => status.getAttribute('data-status')).toBe('approved');

      await page.getByTestId('invoice-record-payment').click();
      const payment = page.getByRole('dialog');
      await payment.getByTestId('payment-form').waitFor();
      // The whole amount owed is offered; finance pays part of it.
      expect(await payment.getByLabel('Amount (KES)').inputValue()).toBe((invoiceTotal / 100).toFixed(2));
      await payment.getByLabel('Payment reference').fill(paymentReference);
      await payment.getByLabel('Amount (KES)').fill('10000');
      await choose(page, payment, 'Method', 'RTGS');
      await payment.getByTestId('payment-submit').click();
      await toast(page, `The payment for invoice ${invoiceNumber} was recorded.`);
      await payment.waitFor({ state: 'detached' });
      await expect.poll(() => status.getAttribute('data-status')).toBe('partially_paid');
      expect(await page.getByTestId('invoice-outstanding').innerText()).toBe(kes(invoiceTotal - paid));
      const recorded = page.getByTestId('invoice-payments');
      expect(await recorded.innerText()).toContain(paymentReference);
      expect(await recorded.innerText()).toContain(kes(paid));
      await shot(page, 'invoice-part-paid');
    });

    it('the supplier’s statement shows the invoice, the payment and what is still owed', async () => {
      const page = pages[SUPPLIER]!;
      await page.getByTestId('nav-portal-statement').click();
      await page.waitForURL((url) => url.pathname === '/portal/statement');
      await page.getByTestId('portal-statement-page').waitFor();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toContain(UMOJA);
      const table = page.getByTestId('statement-table');
      const rows = table.getByTestId('data-table-row');
      const invoiceRow = rows.filter({ hasText: invoiceNumber }).filter({ hasText: 'Invoice against' });
      await invoiceRow.waitFor();
      const paymentRow = rows.filter({ hasText: paymentReference });
      await paymentRow.waitFor();
      expect(await rows.filter({ hasText: orderNumber }).count()).toBeGreaterThan(0);
      expect(await invoiceRow.innerText()).toContain(kes(invoiceTotal));
      expect(await invoiceRow.innerText()).toContain(kes(closingBefore + invoiceTotal));
      expect(await paymentRow.innerText()).toContain(`Payment for invoice ${invoiceNumber}`);
      expect(await paymentRow.innerText()).toContain(kes(paid));
      expect(await paymentRow.innerText()).toContain(kes(closingBefore + invoiceTotal - paid));
      expect(await page.getByTestId('statement-closing').innerText()).toBe(
        kes(closingBefore + invoiceTotal - paid),
      );
      const open = page.getByTestId('statement-open-invoices').getByTestId('data-table-row').filter({
        hasText: invoiceNumber,
      });
      expect(await open.innerText()).toContain(kes(invoiceTotal - paid));

      // The invoice itself now says it is partly paid.
      await page.getByTestId('nav-portal-invoices').click();
      await page.waitForURL((url) => url.pathname === '/portal/invoices');
      const invoice = page
        .getByTestId('portal-invoices-page')
        .getByTestId('data-table-row')
        .filter({ hasText: invoiceNumber });
      await invoice.waitFor();
      expect(await invoice.getByTestId('invoice-outcome').first().innerText()).toBe(
        `Partly paid — ${kes(invoiceTotal - paid)} still to be paid`,
      );
      await page.getByTestId('nav-portal-statement').click();
      await page.getByTestId('statement-table').getByText(paymentReference).waitFor();
      for (const section of ['orders', 'invoices', 'statement']) {
        expect(await page.getByTestId(`nav-portal-${section}`).isVisible(), section).toBe(true);
      }
      await shot(page, 'portal-statement');
    });
  },
);
