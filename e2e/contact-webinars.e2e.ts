import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath, launchBrowser } from './browser.ts';

/**
 * Issue 17, contact us and webinars, in Chromium: an inquiry from the form to the mails (support's and the
 * sender's acknowledgement), a webinar registration from the form to the SPEC toast, the list, and the
 * confirmation mail with its calendar invite; the operator reads and answers the inquiry and sees the
 * registration. Screenshots of each page at 1280 and 390 px in English and Amharic.
 */

const SHOTS = new URL('../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });
const MODERATOR = 'moderator@zabuni.example';
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string;
  nodes: Array<{ target: string[] }>;
}
/** axe-core's violations on the page as it is (evaluated through the debugger, so the page's CSP allows it). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const violations = await page.evaluate(() =>
    (
      window as unknown as {
        axe: { run(): Promise<{ violations: AxeViolation[] }> };
      }
    ).axe
      .run()
      .then((result) => result.violations),
  );
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
const PASSWORD = 'zabuni-demo-2026';

interface DevMail {
  to: string;
  subject: string;
  text: string;
  attachments: Array<{ filename: string; content_type: string; content: string }>;
}

describe.skipIf(!chromiumPath)('Contact us and webinars in Chromium', () => {
  const baseUrl = inject('baseUrl');
  const stamp = Date.now().toString(36);
  let browser: Browser;

  async function mailsTo(to: string): Promise<DevMail[]> {
    const response = await fetch(`${baseUrl}/api/dev/mail?to=${encodeURIComponent(to)}`);
    return ((await response.json()) as { results: DevMail[] }).results;
  }
  async function live(page: Page, url: string) {
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.documentElement.dataset.live === 'true');
  }

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends an inquiry from the contact form: field errors, then the SPEC text and both mails', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    await live(page, `${baseUrl}/contact`);
    expect(await page.title()).toBe('Contact us · Zabuni');
    const form = page.locator('form[aria-labelledby="inquiry-heading"]');
    await form.getByRole('button', { name: 'Send inquiry' }).click();
    await expect.poll(() => form.getByText('This field is required.').count()).toBe(5);

    const email = `amina-${stamp}@example.org`;
    await form.getByLabel('Your name').fill('Amina Hassan');
    await form.getByLabel('Company').fill('Hassan Logistics Ltd');
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByLabel('Phone number').fill('+254 712 345 678');
    await form.getByLabel('Message').fill('Do you run eAuctions for fuel supply in Mombasa?');
    await form.getByRole('button', { name: 'Send inquiry' }).click();
    await expect.poll(() => form.getByText('Enter a valid email address.').count()).toBe(1);

    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Send inquiry' }).click();
    const success = page.getByTestId('inquiry-success');
    await success.waitFor();
    expect(await success.textContent()).toContain(
      'Your inquiry has been submitted successfully. We will get back to you soon.',
    );

    const [ack] = await mailsTo(email);
    expect(ack!.subject).toBe('We received your inquiry');
    expect(ack!.text).toContain('Do you run eAuctions for fuel supply in Mombasa?');
    const support = (await mailsTo('support@zabuni.africa')).find((mail) => mail.text.includes(email));
    expect(support?.subject).toBe('New inquiry from Amina Hassan (Hassan Logistics Ltd)');
    await page.close();

    // The operator answers it in the moderation area; the answer is mailed.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    const desk = await context.newPage();
    await desk.goto(`${baseUrl}/login`);
    const signIn = desk.getByTestId('sign-in-form');
    await signIn.getByLabel('Email or username').fill(MODERATOR);
    await signIn.locator('input[autocomplete="current-password"]').fill(PASSWORD);
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await desk.waitForURL((url) => !url.pathname.startsWith('/login'));
    // Support's mail links to the inquiry in the moderation area.
    const link = /https?:\/\/\S+\/moderation\/inquiries\/\d+/.exec(support!.text)?.[0];
    expect(link).toBeTruthy();
    await desk.goto(link!, { waitUntil: 'networkidle' });
    const item = desk.getByTestId('inquiry-item').filter({ hasText: email });
    expect(await desk.getByTestId('inquiry-item').count()).toBe(1);
    await item.getByRole('button', { name: 'Answer' }).click();
    await item
      .getByRole('textbox')
      .fill('Yes, we run eAuctions in Mombasa. A colleague will call you today.');
    await desk.screenshot({ path: `${SHOTS}moderation-inquiries-1280-en.png`, fullPage: true });
    await item.getByRole('button', { name: 'Send answer' }).click();
    await expect.poll(async () => (await mailsTo(email)).length).toBe(2);
    const [answer] = await mailsTo(email);
    expect(answer!.subject).toBe('Our answer to your inquiry');
    expect(answer!.text).toContain('A colleague will call you today.');
    for (const [width, lang] of [
      [1280, 'en'],
      [390, 'am'],
    ] as const) {
      await desk.setViewportSize({ width, height: 900 });
      for (const area of ['inquiries', 'webinars']) {
        await desk.goto(
          `${baseUrl}/moderation/${area}?lang=${lang}${area === 'inquiries' ? '&status=answered' : ''}`,
          {
            waitUntil: 'networkidle',
          },
        );
        await desk
          .getByTestId(area === 'inquiries' ? 'inquiry-item' : 'admin-webinar')
          .first()
          .waitFor();
        expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await desk.screenshot({ path: `${SHOTS}moderation-${area}-${width}-${lang}.png`, fullPage: true });
      }
    }
    // The announce form, in English.
    await desk.setViewportSize({ width: 1280, height: 900 });
    await desk.goto(`${baseUrl}/moderation/webinars?lang=en`, { waitUntil: 'networkidle' });
    await desk.getByTestId('webinar-new').click();
    await desk.getByRole('dialog').waitFor();
    await desk.screenshot({ path: `${SHOTS}moderation-webinar-form-1280-en.png` });
    await context.close();
  });

  it('registers for a webinar: the SPEC toast, back to the list, and a mail with the calendar invite', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    await live(page, `${baseUrl}/webinars?module=${encodeURIComponent('Procure to Pay')}`);
    const cards = page.getByTestId('webinar-card');
    expect(await cards.count()).toBe(4);
    const first = cards.first();
    const title = (await first.getByRole('heading').textContent())!;
    await first.getByRole('link', { name: 'Register' }).click();
    await page.waitForURL(/\/webinars\/\d+$/);
    const detailUrl = page.url();
    expect(await page.getByTestId('webinar-title').textContent()).toBe(title);

    const form = page.getByRole('form', { name: 'Register for this webinar' });
    await form.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => form.getByText('This field is required.').count()).toBe(2);
    const email = `kamau-${stamp}@example.org`;
    await form.getByLabel('Full name').fill('Kamau Njoroge');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Organization (optional)').fill('Kenya Power');
    await form.getByRole('button', { name: 'Register' }).click();
    await page.getByText(`You have successfully registered for ${title}`).waitFor();
    await page.waitForURL((url) => url.pathname === '/webinars');

    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe(`You are registered: ${title}`);
    expect(mail!.attachments[0]!.filename).toBe('webinar.ics');
    const ics = mail!.attachments[0]!.content.split('\r\n');
    expect(ics).toContain(`SUMMARY:${title.replace(/,/g, '\\,')}`);
    expect(ics.find((line) => line.startsWith('DTSTART:'))).toMatch(/^DTSTART:\d{8}T070000Z$/);

    // The same email again: refused with the catalogue's message on the field.
    await live(page, detailUrl);
    await form.getByLabel('Full name').fill('Kamau Njoroge');
    await form.getByLabel('Email').fill(email);
    await form.getByRole('button', { name: 'Register' }).click();
    await form.getByText('This email address is already registered for this webinar.').waitFor();
    await page.close();
  });

  it('shows each page at 1280 and 390 px in English and Amharic, the empty state and a past webinar', async () => {
    const list = (await (
      await fetch(`${baseUrl}/api/v1/core/webinars/?module=Risk%20Management`)
    ).json()) as {
      results: Array<{ id: number; state: string }>;
    };
    const upcoming = list.results.find((w) => w.state === 'upcoming')!;
    const past = list.results.find((w) => w.state === 'past')!;
    for (const lang of ['en', 'am']) {
      for (const width of [1280, 390]) {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        for (const [name, path] of [
          ['contact', '/contact'],
          ['webinars', '/webinars'],
          ['webinar', `/webinars/${upcoming.id}`],
          ['webinar-past', `/webinars/${past.id}`],
        ] as const) {
          await live(page, `${baseUrl}${path}${path.includes('?') ? '&' : '?'}lang=${lang}`);
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
          // No page wider than the screen.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          if (name === 'webinar-past') await page.getByTestId('registration-closed').waitFor();
          expect(await axeViolations(page), `${path} ${width} ${lang}`).toEqual([]);
          await page.screenshot({ path: `${SHOTS}${name}-${width}-${lang}.png`, fullPage: true });
        }
        await page.close();
      }
    }
    // A module without webinars shows the empty state (all demo modules have some: filter the list empty).
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    await page.route('**/api/v1/core/webinars/**', (route) =>
      route.fulfill({ json: { count: 0, next: null, previous: null, results: [] } }),
    );
    await page.goto(`${baseUrl}/webinars?module=Risk%20Management`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.documentElement.dataset.live === 'true');
    await page.getByTestId('webinar-module-filter').selectOption('Procure to Pay');
    await page.getByTestId('webinars-empty').waitFor();
    await page.screenshot({ path: `${SHOTS}webinars-empty-390-en.png`, fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    // The check can fail: an image without a text alternative is reported.
    await page.evaluate(() =>
      document.body.append(Object.assign(document.createElement('img'), { src: '/x.png' })),
    );
    expect((await axeViolations(page)).some((violation) => violation.startsWith('image-alt'))).toBe(true);
    await page.close();
  });
});
