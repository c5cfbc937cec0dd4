import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath, launchBrowser } from './browser.ts';

const SHOTS = new URL('../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

/**
 * Issue 16 point 6: one time zone rule. A closing time reads in East Africa Time with its label; a viewer
 * whose clock differs (Paris) sees their own time, named, and EAT beside it: on tenders and on jobs alike.
 */
describe.skipIf(!chromiumPath)('Closing times in Chromium', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const firstTenderId = async () => {
    const list = (await (
      await fetch(`${baseUrl}/api/v1/tender-alerts/available-tenders/?page_size=1`)
    ).json()) as {
      results: Array<{ id: number }>;
    };
    return list.results[0]!.id;
  };

  it('labels the closing time EAT on the server-rendered tender page and for a viewer in Nairobi', async () => {
    const id = await firstTenderId();
    const html = await (await fetch(`${baseUrl}/tenders/show/${id}`)).text();
    expect(html).toMatch(/<time[^>]*data-testid="closing-time"[^>]*>[^<]* EAT<\/time>/);

    const context = await browser.newContext({ timezoneId: 'Africa/Nairobi', locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/tenders/show/${id}`);
    const closing = page.getByTestId('closing-time').first();
    await closing.waitFor();
    expect(await closing.innerText()).toMatch(/^\w+ \d{1,2}, \d{4} \d{2}:\d{2} [ap]m EAT$/);
    await page.goto(`${baseUrl}/jobs`);
    const job = page.getByTestId('job-closing').first();
    await job.waitFor();
    expect(await job.innerText()).toMatch(/\d{2}:\d{2} [ap]m EAT$/);
    await context.close();
  });

  it('gives a viewer in Europe/Paris their own time and EAT both, on tenders and jobs', async () => {
    const id = await firstTenderId();
    const context = await browser.newContext({
      timezoneId: 'Europe/Paris',
      locale: 'en-GB',
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/tenders/show/${id}`);
    const both = /\d{2}:\d{2} [ap]m GMT\+[12] \(\w+ \d{1,2}, \d{4} \d{2}:\d{2} [ap]m EAT\)$/;
    await expect.poll(() => page.getByTestId('closing-time').first().innerText()).toMatch(both);
    await page.screenshot({ path: `${SHOTS}tender-closing-paris.png` });
    await page.goto(`${baseUrl}/jobs`);
    await expect.poll(() => page.getByTestId('job-closing').first().innerText()).toMatch(both);
    await context.close();
  });
});
