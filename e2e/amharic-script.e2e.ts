import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath, launchBrowser } from './browser.ts';

const SHOTS = new URL('../test-results/screenshots/', import.meta.url).pathname;
mkdirSync(SHOTS, { recursive: true });

/** The fonts Chromium really drew an element's text with (not the CSS stack it was asked for). */
async function drawnWith(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.map((font) => font.familyName);
}

/**
 * Amharic is written in Ethiopic script, which few systems draw. On Debian, DejaVu Sans Bold claims the
 * Ethiopic code points without real letters, so headings, labels and buttons showed empty boxes on Amharic
 * pages while regular text looked right: every weight must be drawn with Noto Sans Ethiopic.
 */
describe.skipIf(!chromiumPath)('Amharic pages draw Ethiopic letters in every weight', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a page rendered in Amharic from the language cookie stays in Amharic once live (no stored choice)', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    await context.addCookies([{ name: 'lang', value: 'am', url: baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/tenders`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.documentElement.dataset.live === 'true');
    // Long enough for a switch to the browser's language (English) to have happened.
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('am');
    expect(await page.locator('h1').textContent()).toMatch(/[\u1200-\u137f]/);
    expect(await page.title()).toMatch(/[\u1200-\u137f]/);
    await context.close();
  });

  for (const path of ['/tenders', '/jobs']) {
    it(`${path} in Amharic: heading, label and text use Noto Sans Ethiopic`, async () => {
      const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
      await page.goto(`${baseUrl}${path}?lang=am`, { waitUntil: 'networkidle' });
      await page.waitForFunction(() => document.documentElement.dataset.live === 'true');
      await page.evaluate(() => document.fonts.ready);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('am');

      // Bold (heading), semi-bold (field label) and regular (lead paragraph).
      for (const selector of ['h1', 'label', 'h1 + p']) {
        const text = await page.locator(selector).first().textContent();
        expect(text, selector).toMatch(/[\u1200-\u137f]/);
        const fonts = await drawnWith(page, selector);
        expect(fonts, selector).toContain('Noto Sans Ethiopic');
        // The boxes came from a system font in front of it; spaces and punctuation may still come from one.
        if (selector !== 'h1 + p') expect(fonts, selector).toEqual(['Noto Sans Ethiopic']);
      }
      await page.screenshot({ path: `${SHOTS}amharic${path.replace('/', '-')}-390.png` });
      await page.close();
    });
  }
});
