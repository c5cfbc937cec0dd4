import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath, launchBrowser } from './browser.ts';

const SHOTS = new URL('../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

interface DevMail {
  subject: string;
  text: string;
}

/**
 * Tender-alert subscriptions paid through the real checkout against the built-in simulators: M-Pesa with a
 * person answering the prompt on the simulator's phone page, a prompt cancelled there and retried, and a card
 * payment on the DPO simulator's hosted page.
 */
describe.skipIf(!chromiumPath)('Subscriptions and payments in Chromium', () => {
  const baseUrl = inject('baseUrl');
  const run = Date.now().toString(36);
  let browser: Browser;
  let page: Page;
  let phone: Page;

  const newPage = async () =>
    (await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' })).newPage();

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await newPage();
    phone = await newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const checkoutView = (view: string) =>
    expect.poll(() => page.getByTestId('checkout').getAttribute('data-view'), { timeout: 30_000 }).toBe(view);

  async function mailsTo(email: string): Promise<DevMail[]> {
    const response = await page.request.get(`${baseUrl}/api/dev/mail?to=${encodeURIComponent(email)}`);
    expect(response.status()).toBe(200);
    return ((await response.json()) as { results: DevMail[] }).results;
  }

  /**
   * The form comes alive at the visitor's first touch once the page is live (components/DeferredPart.tsx);
   * typing before its code has arrived is covered by server-rendering.e2e.ts.
   */
  async function formLive() {
    await page.locator('html[data-live="true"]').waitFor({ state: 'attached' });
    await page.mouse.move(150, 150);
    await page.mouse.move(200, 200);
    await page.locator('[data-deferred][data-live="true"]').waitFor({ state: 'attached' });
  }

  /** Fills the SPEC §3 subscription form and lands on the order's checkout; returns the order code. */
  async function subscribe(plan: 'monthly' | 'annual', email: string, phoneNumber: string): Promise<string> {
    await page.goto(`${baseUrl}/tenders-subscribe?plan=${plan}`);
    const form = page.getByTestId('subscribe-form');
    await form.waitFor();
    await formLive();
    expect(await page.getByTestId('field-plan').inputValue()).toMatch(
      plan === 'annual' ? /^Annual/ : /^Monthly/,
    );
    await page.getByTestId('field-company').fill('Mavuno Traders Ltd');
    await page.getByTestId('field-tax-pin').fill('A123456789B');
    await page.getByTestId('field-country').click();
    await page.getByTestId('field-country').fill('Keny');
    await page.getByRole('option', { name: 'Kenya' }).click();
    await page.getByTestId('field-city').fill('Nakuru');
    await page.getByTestId('field-first-name').fill('Wanjiku');
    await page.getByTestId('field-last-name').fill('Kamau');
    await page.getByTestId('field-email').fill(email);
    await page.getByTestId('field-phone-number').fill(phoneNumber);
    await page.getByTestId('field-categories').click();
    await page.getByTestId('field-categories').fill('constr');
    await page.getByRole('listbox').getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await page.getByTestId('subscribe-submit').click();
    const toast = page.locator('.Toastify__toast').filter({ hasText: 'proceed to make payment' });
    await toast.waitFor();
    expect(await toast.innerText()).toContain(
      'Subscription details submitted successfully, proceed to make payment!',
    );
    await page.waitForURL(/\/tenders-checkout\/[A-Za-z0-9_-]{22}$/);
    await checkoutView('pending');
    return new URL(page.url()).pathname.split('/').pop()!;
  }

  async function payByMpesa(phoneNumber: string) {
    await page.getByTestId('payment-tab-mpesa').click();
    await page.getByTestId('phone-input-number').fill(phoneNumber);
    await page.getByTestId('pay-mpesa').click();
    const toast = page.locator('.Toastify__toast').filter({ hasText: 'kindly check your phone' }).last();
    await toast.waitFor();
    expect(await toast.innerText()).toContain('Payment initiated successfully kindly check your phone.');
    await checkoutView('processing');
  }

  /** The simulator's phone page: the prompt sent to this number, answered with one of its buttons. */
  async function answerOnPhone(msisdn: string, amount: string, button: 'Enter PIN and pay' | 'Cancel') {
    await phone.goto(`${baseUrl}/sim/mpesa`);
    const prompt = phone.locator('li.prompt').filter({ hasText: msisdn });
    await prompt.waitFor();
    expect(await prompt.innerText()).toContain(`Pay KES ${amount}`);
    await phone.screenshot({ path: `${SHOTS}mpesa-sim-prompt.png`, fullPage: true });
    await prompt.getByRole('button', { name: button }).click();
    await phone.waitForLoadState();
    expect(await phone.locator('li.prompt').filter({ hasText: msisdn }).count()).toBe(0);
  }

  const annualEmail = `annual-${run}@example.com`;

  it('subscribes to the Annual plan and pays by M-Pesa: Processing turns to Paid and the receipt is mailed', async () => {
    const code = await subscribe('annual', annualEmail, '0712 345 609');
    expect(await page.getByTestId('order-plan').innerText()).toBe('Annual');
    expect(await page.getByTestId('order-total').innerText()).toMatch(/3,000\.00/);
    expect(await page.getByTestId('order-taxes').innerText()).toMatch(/0\.00/);
    await page.screenshot({ path: `${SHOTS}checkout-pending.png`, fullPage: true });

    // The number ends in 9: the simulator waits for a person to answer on its phone page.
    await payByMpesa('0712 345 679');
    expect(await page.getByTestId('processing-notice').innerText()).toBe(
      'Kindly do not move from this page until processing is complete.',
    );
    await page.screenshot({ path: `${SHOTS}checkout-processing.png`, fullPage: true });
    await answerOnPhone('254712345679', '3000', 'Enter PIN and pay');

    await checkoutView('paid');
    const receipt = await page.getByTestId('receipt-number').innerText();
    expect(receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(await page.getByTestId('subscription-period').innerText()).toMatch(/\d{4}/);
    expect(await page.getByTestId('paid-next').getAttribute('href')).toBe('/tenders');
    await page.screenshot({ path: `${SHOTS}checkout-paid.png`, fullPage: true });

    await expect
      .poll(
        async () => (await mailsTo(annualEmail)).filter((m) => m.subject.startsWith('Payment received')),
        {
          timeout: 15_000,
        },
      )
      .toHaveLength(1);
    const [mail] = (await mailsTo(annualEmail)).filter((m) => m.subject.startsWith('Payment received'));
    expect(mail!.text).toContain(`Transaction ID: ${receipt}`);
    expect(mail!.text).toContain('Payment method: M-Pesa');
    expect(mail!.text).toMatch(/Total: KES\s?3,000/);

    // The public status of the order, by its code, says the same with the subscriber masked.
    const order = await page.request.get(
      `${baseUrl}/api/v1/tender-alerts/subscription/search_subscription_code/?code=${code}`,
    );
    const body = (await order.json()) as {
      payment_state: string;
      receipt: string;
      supplier: { email: string };
    };
    expect(body.payment_state).toBe('paid');
    expect(body.receipt).toBe(receipt);
    expect(body.supplier.email).toMatch(/^a\*+@example\.com$/);
  });

  it('shows Error when the prompt is cancelled on the phone (1032); Retry Payment goes back and the next try pays', async () => {
    await subscribe('monthly', `monthly-${run}@example.com`, '0712 345 608');
    expect(await page.getByTestId('order-total').innerText()).toMatch(/400\.00/);
    await payByMpesa('0712 345 689');
    await answerOnPhone('254712345689', '400', 'Cancel');

    await checkoutView('error');
    expect(await page.getByTestId('checkout-error').getAttribute('data-failure')).toBe('cancelled');
    expect(await page.getByTestId('error-title').innerText()).toBe('Payment Failed');
    expect(await page.getByTestId('checkout-error').innerText()).toContain(
      'We were unable to process your payment of',
    );
    expect(await page.getByTestId('failure-reasons').innerText()).toContain(
      'Incorrect phone number or payment details',
    );
    await page.getByTestId('contact-support').click();
    expect(await page.getByTestId('support-email').innerText()).toMatch(/^\S+@\S+$/);
    expect(await page.getByTestId('support-phone').innerText()).toMatch(/\d{3}/);
    await page.screenshot({ path: `${SHOTS}checkout-error.png`, fullPage: true });

    await page.getByTestId('retry-payment').click();
    await checkoutView('pending');
    // A number ending in 0: the simulator accepts at once.
    await payByMpesa('0712 345 670');
    await checkoutView('paid');
    expect(await page.getByTestId('receipt-number').innerText()).toMatch(/^[A-Z0-9]{10}$/);
  });

  it('pays by card on the DPO simulator’s hosted page and comes back to a Paid checkout', async () => {
    const code = await subscribe('monthly', `card-${run}@example.com`, '0712 345 607');
    await page.getByTestId('payment-tab-card').click();
    await page.getByTestId('pay-card').click();
    await page.waitForURL(/\/sim\/dpo\/payv2\.php\?ID=/);
    await page.getByRole('heading', { name: /^Pay / }).waitFor();
    await page.screenshot({ path: `${SHOTS}dpo-sim-hosted-page.png`, fullPage: true });
    await page.getByRole('button', { name: /^Pay / }).click();

    await page.waitForURL(`${baseUrl}/tenders-checkout/${code}`);
    await checkoutView('paid');
    expect(await page.getByTestId('receipt-number').innerText()).not.toBe('');
    await expect
      .poll(async () =>
        (await mailsTo(`card-${run}@example.com`)).some((m) => m.subject.startsWith('Payment received')),
      )
      .toBe(true);
  });

  it('shows Error at once when the customer abandons the hosted card page (issue 16)', async () => {
    await subscribe('monthly', `abandon-${run}@example.com`, '0712 345 606');
    await page.getByTestId('payment-tab-card').click();
    await page.getByTestId('pay-card').click();
    await page.waitForURL(/\/sim\/dpo\/payv2\.php\?ID=/);
    await page.getByRole('button', { name: 'Abandon' }).click();

    await page.waitForURL(/\/tenders-checkout\/[A-Za-z0-9_-]{22}$/);
    await checkoutView('error');
    expect(await page.getByTestId('checkout-error').getAttribute('data-failure')).toBe('cancelled');
  });

  it(
    'an M-Pesa prompt nobody answers: after the prompt timeout Processing says so and offers Try again and Pay another way',
    { timeout: 150_000 },
    async () => {
      await subscribe('monthly', `unanswered-${run}@example.com`, '0712 345 605');
      await payByMpesa('0712 345 619'); // last digit 9: the simulator waits for a person who never comes
      expect(await page.getByTestId('processing-expires').innerText()).toMatch(/expires in 1[45]:\d\d/);
      expect(await page.getByTestId('processing-retry').count()).toBe(0);

      await page.getByTestId('processing-retry').waitFor({ timeout: 90_000 });
      expect(await page.getByTestId('processing-notice').innerText()).toContain('timed out');
      await page.reload();
      await checkoutView('processing');
      await page.getByTestId('processing-retry').waitFor();
      await page.screenshot({ path: `${SHOTS}checkout-prompt-timed-out.png`, fullPage: true });
      await page.getByRole('button', { name: 'Pay another way' }).click();
      await checkoutView('pending');
      // A number ending in 0: the simulator accepts at once.
      await payByMpesa('0712 345 600');
      await checkoutView('paid');
    },
  );

  it('offers the previous details to a returning subscriber and renews from them', async () => {
    await page.goto(`${baseUrl}/tenders-subscribe?plan=monthly`);
    await page.getByTestId('subscribe-form').waitFor();
    await formLive();
    await page.getByTestId('field-email').fill(annualEmail);
    await page.getByTestId('field-email').blur();
    const proceed = page.getByTestId('previous-proceed');
    await proceed.waitFor();
    expect(await page.getByRole('dialog').innerText()).toContain(
      'Proceed with previous subscription details?',
    );
    await page.screenshot({ path: `${SHOTS}subscribe-previous-dialog.png`, fullPage: true });
    await proceed.click();
    await page.waitForURL(/\/tenders-checkout\/[A-Za-z0-9_-]{22}$/);
    await checkoutView('pending');
    expect(await page.getByTestId('order-plan').innerText()).toBe('Annual');
  });

  it('the Categories picker reads 10 at a time and the next 10 when its list is scrolled to the end (issue 16)', async () => {
    await page.goto(`${baseUrl}/tenders-subscribe?plan=monthly`);
    await page.getByTestId('subscribe-form').waitFor();
    await formLive();
    await page.getByTestId('field-categories').click();
    const options = () => page.getByRole('listbox').getByRole('option').allInnerTexts();
    await expect.poll(async () => (await options()).length).toBe(10);
    // Scrolled near, then to, the end: the next page is asked for; a page on its way is waited for.
    await expect
      .poll(
        async () => {
          for (const gap of [40, 0]) {
            await page.getByRole('listbox').evaluate((box, above) => {
              const viewport = box.querySelector('[data-scrollarea-viewport]');
              if (viewport) viewport.scrollTop = viewport.scrollHeight - viewport.clientHeight - above;
            }, gap);
          }
          return (await options()).length;
        },
        { timeout: 5000 },
      )
      .toBeGreaterThan(10);
    const all = await options();
    expect(new Set(all).size).toBe(all.length);
    await page.keyboard.press('Escape');
  });
});
