import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MODULE_PAGES, SITE_SCREENS } from '@zabuni/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/harness.ts';
import { DEFAULT_SITE_CONTENT_DIR } from '../../../infra/paths.ts';

/**
 * Issue 17: the module pages' and the demo tour's texts are content (GET /core/site-content/modules/ and
 * /demo/), in all five languages, checked against their schemas: every module lists exactly its
 * sub-modules, Procure to Pay shows screens of the product and the modules not built yet none.
 */
let ctx: TestContext;
let contentDir: string;
const LANGUAGES = ['en', 'fr', 'sw', 'pt', 'am'] as const;

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

interface ModulesAnswer {
  language: string;
  content: {
    title: string;
    items: Array<{
      slug: keyof typeof MODULE_PAGES;
      name: string;
      status: string;
      subs: Array<{ slug: string; screens: Array<{ screen: string; alt: string }> }>;
    }>;
  };
}

beforeAll(async () => {
  contentDir = await mkdtemp(path.join(tmpdir(), 'zabuni-modules-'));
  for (const language of LANGUAGES) {
    await writeFile(
      path.join(contentDir, `${language}.json`),
      await readFile(path.join(DEFAULT_SITE_CONTENT_DIR, `${language}.json`)),
    );
  }
  ctx = await createTestContext({ env: { SITE_CONTENT_DIR: contentDir } });
});
afterAll(() => ctx.close());

describe('module pages and demo content', () => {
  it('answers every module and its sub-modules in each of the five languages', async () => {
    const names = new Set<string>();
    for (const language of LANGUAGES) {
      const response = await get(`/api/v1/core/site-content/modules/?lang=${language}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=60');
      const { language: answered, content } = response.json<ModulesAnswer>();
      expect(answered).toBe(language);
      expect(content.items.map((item) => item.slug)).toEqual(Object.keys(MODULE_PAGES));
      for (const item of content.items) {
        expect(item.subs.map((sub) => sub.slug)).toEqual(MODULE_PAGES[item.slug]);
        const screens = item.subs.flatMap((sub) => sub.screens);
        if (item.slug === 'procure-to-pay') {
          expect(item.status).toBe('available');
          // Every procure-to-pay sub-module shows at least one real screen, with alt text.
          for (const sub of item.subs) expect(sub.screens.length, sub.slug).toBeGreaterThan(0);
          for (const shot of screens) {
            expect(SITE_SCREENS).toContain(shot.screen);
            expect(shot.alt.length).toBeGreaterThan(5);
          }
        } else {
          // Not built yet: it says "coming" and shows no screenshot.
          expect(item.status).toBe('coming');
          expect(screens).toEqual([]);
        }
      }
      names.add(content.items[2]!.name);
    }
    // Real translations: the Procure to Pay module is named differently in at least four languages.
    expect(names.size).toBeGreaterThanOrEqual(4);
    const am = (await get('/api/v1/core/site-content/modules/?lang=am')).json<ModulesAnswer>();
    expect(am.content.items[2]!.name).toBe('ከግዥ እስከ ክፍያ');
  });

  it('answers the demo tour in each language, every step a screen of the product with its caption', async () => {
    for (const language of LANGUAGES) {
      const response = await get(`/api/v1/core/site-content/demo/?lang=${language}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{
        language: string;
        content: {
          step: string;
          steps: Array<{ screen: string; title: string; caption: string; alt: string }>;
        };
      }>();
      expect(body.language).toBe(language);
      expect(body.content.step).toContain('{n}');
      expect(body.content.steps).toHaveLength(SITE_SCREENS.length);
      expect(body.content.steps.map((step) => step.screen)).toEqual([...SITE_SCREENS]);
      for (const step of body.content.steps) expect(step.caption.length).toBeGreaterThan(10);
    }
  });

  it('serves English when a translation lists the wrong sub-modules, and refuses an unknown page', async () => {
    const file = path.join(contentDir, 'fr.json');
    const french = JSON.parse(await readFile(file, 'utf8')) as { modules: ModulesAnswer['content'] };
    french.modules.items[2]!.subs = french.modules.items[2]!.subs.filter((sub) => sub.slug !== 'matching');
    await writeFile(file, JSON.stringify(french));
    const response = await get('/api/v1/core/site-content/modules/?lang=fr');
    expect(response.statusCode).toBe(200);
    expect(response.json<ModulesAnswer>().language).toBe('en');
    expect(response.json<ModulesAnswer>().content.items[2]!.subs).toHaveLength(7);
    // The French demo page is still French: only the broken page falls back.
    expect((await get('/api/v1/core/site-content/demo/?lang=fr')).json<{ language: string }>().language).toBe(
      'fr',
    );

    expect((await get('/api/v1/core/site-content/solutions/?lang=en')).statusCode).toBe(400);
  });
});
