import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath, launchBrowser } from './browser.ts';

/** No page of the site may scroll sideways: the header's menus must fit, or fold, in every language. */
describe.skipIf(!chromiumPath)('Layout in every language', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('fits the window from phone to desktop widths in en, sw, fr, pt and am', async () => {
    const overflowing: string[] = [];
    for (const language of ['en', 'sw', 'fr', 'pt', 'am']) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript((code) => localStorage.setItem('zabuni.language', code), language);
      const page = await context.newPage();
      await page.goto(`${baseUrl}/tenders`);
      await page.getByTestId('tender-card').first().waitFor();
      for (const width of [390, 768, 1024, 1280, 1408, 1440, 1920]) {
        await page.setViewportSize({ width, height: 800 });
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > width) overflowing.push(`${language} at ${width}px: ${scrollWidth}px wide`);
      }
      await context.close();
    }
    expect(overflowing).toEqual([]);
  });
});
