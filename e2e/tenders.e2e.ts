import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath, launchBrowser } from './browser.ts';

const SHOTS = new URL('../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

// The demo sign-ins seeded with the demo data (README).
const ADVERTISER = 'advertiser@zabuni.example';
const MODERATOR = 'moderator@zabuni.example';
const PASSWORD = 'zabuni-demo-2026';

const pdf = Buffer.from('%PDF-1.4\n% Bill of quantities\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const png = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe.skipIf(!chromiumPath)('Tender bulletin in Chromium', () => {
  const baseUrl = inject('baseUrl');
  // A word no demo tender uses, so the public search finds exactly this one.
  const marker = `Zabibu${Date.now().toString(36)}`;
  const title = `Supply of ${marker} irrigation kits to Makueni farmers`;
  let browser: Browser;
  let advertiser: Page;
  let moderator: Page;
  let visitor: Page;
  let orderCode = '';

  async function signedInPage(context: BrowserContext, email: string): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel('Email or username').fill(email);
    await form.locator('input[autocomplete="current-password"]').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    return page;
  }

  const newContext = () => browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });

  beforeAll(async () => {
    browser = await launchBrowser();
    advertiser = await signedInPage(await newContext(), ADVERTISER);
    moderator = await signedInPage(await newContext(), MODERATOR);
    visitor = await (await newContext()).newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an advertiser publishes a tender with two documents and lands on its order', async () => {
    const page = advertiser;
    await page.goto(`${baseUrl}/publish-tender`);
    const form = page.getByTestId('tender-form');
    await form.waitFor();
    await page.getByTestId('field-title').fill(title);

    // The date picker: next month, the 15th (always in the future).
    await page.getByTestId('field-closing-date').click();
    await page.locator('[data-direction="next"]').first().click();
    await page.locator('table button:not([data-outside])').filter({ hasText: /^15$/ }).first().click();
    await page.getByTestId('field-closing-time').fill('10:00');

    const editor = page.getByTestId('tender-details-editor').locator('[contenteditable="true"]');
    await editor.click();
    await page.keyboard.type(`Drip irrigation kits (${marker}) for 400 smallholder farmers.`);

    await page
      .getByTestId('documents-dropzone')
      .locator('input[type="file"]')
      .setInputFiles([
        { name: 'Bill of quantities.pdf', mimeType: 'application/pdf', buffer: pdf },
        { name: 'site-map.png', mimeType: 'image/png', buffer: png },
      ]);
    const chosen = page.getByTestId('chosen-documents');
    await expect.poll(() => chosen.innerText()).toContain('site-map.png');
    expect(await chosen.innerText()).toContain('Bill of quantities.pdf');
    await page.screenshot({ path: `${SHOTS}publish-tender-filled.png`, fullPage: true });

    await page.getByTestId('tender-submit').click();
    const toast = page.locator('.Toastify__toast').filter({ hasText: 'under review' });
    await toast.waitFor();
    expect(await toast.innerText()).toContain('Tender details submitted successfully and are under review!');
    await page.waitForURL(/\/publish-tender-checkout\/[A-Za-z0-9_-]{22}$/);
    orderCode = new URL(page.url()).pathname.split('/').pop()!;
    const summary = page.getByTestId('order-summary');
    await summary.waitFor();
    expect(await summary.innerText()).toContain(title);
    expect(await page.getByTestId('order-total').innerText()).toMatch(/2,500\.00/);
  });

  it('shows it Under Review with payment Pending in My published tenders', async () => {
    const page = advertiser;
    await page.goto(`${baseUrl}/my-published-tenders?search=${marker}`);
    const row = page.locator('tr, [data-testid="published-tender"]').filter({ hasText: title }).first();
    await row.waitFor();
    expect(await row.getByTestId('review-label').innerText()).toMatch(/Under Review/i);
    expect(await row.getByTestId('payment-label').innerText()).toMatch(/Pending/i);
    expect(await row.getByTestId('make-payment').getAttribute('href')).toBe(
      `/publish-tender-checkout/${orderCode}`,
    );
    await page.screenshot({ path: `${SHOTS}my-published-tenders.png`, fullPage: true });
  });

  it('the advertiser pays the order at its checkout by M-Pesa and sees it Paid', async () => {
    const page = advertiser;
    await page.goto(`${baseUrl}/publish-tender-checkout/${orderCode}`);
    const checkout = page.getByTestId('checkout');
    await expect.poll(() => checkout.getAttribute('data-view')).toBe('pending');
    await page.getByTestId('payment-tab-mpesa').click();
    // A number ending in 0: the M-Pesa simulator accepts the prompt and sends Daraja's callback.
    await page.getByTestId('phone-input-number').fill('0712 345 600');
    await page.getByTestId('pay-mpesa').click();
    await page.locator('.Toastify__toast').filter({ hasText: 'kindly check your phone' }).waitFor();
    await expect.poll(() => checkout.getAttribute('data-view'), { timeout: 30_000 }).toBe('paid');
    expect(await page.getByTestId('receipt-number').innerText()).toMatch(/^[A-Z0-9]{10}$/);
    expect(await page.getByTestId('paid-next').getAttribute('href')).toBe('/my-published-tenders');
    await page.screenshot({ path: `${SHOTS}publish-tender-paid.png`, fullPage: true });

    await page.goto(`${baseUrl}/my-published-tenders?search=${marker}`);
    const row = page.locator('tr, [data-testid="published-tender"]').filter({ hasText: title }).first();
    await row.waitFor();
    expect(await row.getByTestId('payment-label').innerText()).toMatch(/Paid/i);
    expect(await row.getByTestId('review-label').innerText()).toMatch(/Under Review/i);
  });

  it('the public cannot see it, paid, before a moderator approves it', async () => {
    const response = await visitor.request.get(
      `${baseUrl}/api/v1/tender-alerts/available-tenders/?search=${marker}`,
    );
    expect(((await response.json()) as { count: number }).count).toBe(0);
  });

  it('a moderator approves it from the review queue', async () => {
    const page = moderator;
    await page.goto(`${baseUrl}/moderation/tenders`);
    const item = page.getByTestId('moderation-item').filter({ hasText: title });
    await item.waitFor();
    await page.screenshot({ path: `${SHOTS}moderation-queue.png`, fullPage: true });
    await item.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => page.getByTestId('moderation-item').filter({ hasText: title }).count()).toBe(0);
  });

  it('once approved, the public finds it by full-text search, opens it and downloads a document', async () => {
    const page = visitor;
    await page.goto(`${baseUrl}/tenders`);
    // Rendered by the server: the filters answer once the browser has hydrated the page.
    await page.locator('html[data-live="true"]').waitFor({ state: 'attached' });
    await page.getByTestId('filter-search').fill(`${marker.slice(0, 9)} irrigation`);
    await page.getByTestId('filter-submit').click();
    await page.waitForURL(new RegExp(`search=${marker.slice(0, 9)}`));
    const card = page.getByTestId('tender-card').filter({ hasText: title });
    await card.waitFor();
    expect(await page.getByTestId('tender-card').count()).toBe(1);
    expect(await card.getByTestId('sponsored').innerText()).toMatch(/Sponsored/i);
    await page.screenshot({ path: `${SHOTS}tenders-search.png`, fullPage: true });

    await card.getByTestId('tender-title').click();
    await page.waitForURL(/\/tenders\/show\/\d+$/);
    await page.getByTestId('tender-content').waitFor();
    expect(await page.getByTestId('tender-title').innerText()).toBe(title);
    expect(await page.getByTestId('tender-content').innerText()).toContain('400 smallholder farmers');
    expect(await page.getByTestId('sponsored').count()).toBe(1);
    await expect.poll(() => page.title()).toContain(title);
    const attachments = page.getByTestId('attachments');
    expect(await attachments.innerText()).toContain('Bill of quantities.pdf');
    expect(await attachments.innerText()).toContain('site-map.png');
    await page.screenshot({ path: `${SHOTS}tender-detail.png`, fullPage: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      attachments.getByRole('link', { name: /Bill of quantities\.pdf/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Bill of quantities.pdf');
    const saved = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of saved) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(pdf)).toBe(true);
  });

  it('serves the tender page with its own title and description to link previews', async () => {
    const list = await visitor.request.get(
      `${baseUrl}/api/v1/tender-alerts/available-tenders/?search=${marker}`,
    );
    const [tender] = ((await list.json()) as { results: Array<{ id: number }> }).results;
    const html = await (await visitor.request.get(`${baseUrl}/tenders/show/${tender!.id}`)).text();
    expect(html).toContain(`<meta property="og:title" content="${title}`);
    expect(html).toMatch(/<meta name="description" content="[^"]*Drip irrigation kits/);
  });
  describe('list states', () => {
    const hydrated = async (page: Page, path: string) => {
      await page.goto(`${baseUrl}${path}`);
      await page.locator('html[data-live="true"]').waitFor({ state: 'attached' });
    };

    it('"Clear filters" returns to the defaults, Kenya and upcoming, as on jobs', async () => {
      const page = visitor;
      await hydrated(page, '/tenders?country=all&deadline=past&search=supply');
      await page.getByTestId('tender-filters').getByRole('button', { name: 'Clear filters' }).click();
      await expect.poll(() => new URL(page.url()).search).toBe('');
      await expect.poll(() => page.getByTestId('filter-country').inputValue()).toBe('Kenya');
      expect(await page.getByTestId('filter-deadline').inputValue()).toBe('Upcoming');
      expect(await page.getByTestId('filter-search').inputValue()).toBe('');
    });

    it('the Category picker reads 10 at a time and the next 10 when its list is scrolled to the end', async () => {
      const page = visitor;
      await hydrated(page, '/tenders');
      await page.getByTestId('filter-category').click();
      const options = () => page.getByRole('listbox').getByRole('option').allInnerTexts();
      await expect.poll(async () => (await options()).length).toBe(10);
      // Scrolled to the end as a visitor does, again while the list is still opening (its first scroll can
      // land before the list has its height).
      const scrollToEnd = async () => {
        for (const gap of [40, 0]) {
          await page.getByRole('listbox').evaluate((box, above) => {
            const viewport = box.querySelector('[data-scrollarea-viewport]');
            if (viewport) viewport.scrollTop = viewport.scrollHeight - viewport.clientHeight - above;
          }, gap);
          await page.waitForTimeout(100);
        }
      };
      await expect
        .poll(async () => {
          await scrollToEnd();
          return (await options()).length;
        })
        .toBeGreaterThan(10);
      const all = await options();
      expect(new Set(all).size).toBe(all.length);
      await page.keyboard.press('Escape');
    });

    it('a page past the last one shows the last page', async () => {
      const page = visitor;
      await hydrated(page, '/tenders?page=999');
      await expect.poll(() => new URL(page.url()).searchParams.get('page')).not.toBe('999');
      await page.getByTestId('tender-card').first().waitFor();
      expect(await page.getByTestId('tender-card').count()).toBeGreaterThan(0);
      await page.screenshot({ path: `${SHOTS}tenders-past-last-page.png`, fullPage: true });
    });

    it('a 300-character search stops at the field limit with a field message, and the list stays', async () => {
      const page = visitor;
      await hydrated(page, '/tenders');
      await page.getByTestId('tender-card').first().waitFor();
      const search = page.getByTestId('filter-search');
      expect(await search.getAttribute('maxlength')).toBe('200');
      await search.fill('x'.repeat(300));
      expect((await search.inputValue()).length).toBe(200);

      // An address edited by hand: the search is not applied, the field says why, the list is kept.
      await hydrated(page, `/tenders?search=${'x'.repeat(300)}`);
      await expect
        .poll(() => page.getByTestId('tender-filters').innerText())
        .toContain('Ensure this field has no more than 200 characters.');
      await page.getByTestId('tender-card').first().waitFor();
      expect(await page.getByTestId('tender-card').count()).toBeGreaterThan(0);
      await page.screenshot({ path: `${SHOTS}tenders-search-too-long.png`, fullPage: true });
    });

    it('the heading follows the deadline filter', async () => {
      const page = visitor;
      await hydrated(page, '/tenders?deadline=past');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Closed tenders');
      await hydrated(page, '/tenders?deadline=all');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('All tenders');
      await hydrated(page, '/tenders');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Open tenders');
    });

    it('card titles show their whole subject, at 1280 and 390 px', async () => {
      const page = visitor;
      await hydrated(page, '/tenders');
      const titles = page.getByTestId('tender-card').locator('h2');
      await titles.first().waitFor();
      const clamped = await titles.evaluateAll(
        (nodes) =>
          nodes.filter(
            (node) =>
              node.scrollHeight > node.clientHeight + 1 || getComputedStyle(node).webkitLineClamp !== 'none',
          ).length,
      );
      expect(clamped).toBe(0);
      await page.screenshot({ path: `${SHOTS}tenders-cards-1280.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SHOTS}tenders-cards-390.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
    });
  });
});
