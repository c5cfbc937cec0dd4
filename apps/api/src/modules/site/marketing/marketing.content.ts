import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { message, SITE_CONTENT_SCHEMAS, type SiteContent, type SiteContentPage } from '@zabuni/contracts';
import { AppError } from '../../../infra/errors.ts';

type Language = 'en' | 'fr' | 'sw' | 'pt' | 'am';

interface Loaded {
  mtimeMs: number;
  pages: Partial<Record<SiteContentPage, unknown>>;
  problems: string[];
}

/**
 * The marketing pages' texts (issue 17): content, not code. One JSON file per language in `dir`
 * (`en.json`, `fr.json`, …), each holding the pages (`home`, `about`, `clients`, `pricing`). The operator
 * edits a file and the next request serves it: a file is read again when its modification time changes.
 * Each page is checked against its contract schema; a page that is missing or wrong in a language is
 * served in English instead (and logged), so a slip in one translation never takes a page down.
 */
export function createSiteContentStore(
  dir: string,
  logger?: { warn: (detail: object, message: string) => void },
) {
  const cache = new Map<Language, Loaded>();

  async function load(language: Language): Promise<Loaded | null> {
    const file = path.join(dir, `${language}.json`);
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(file)).mtimeMs;
    } catch {
      return null;
    }
    const cached = cache.get(language);
    if (cached && cached.mtimeMs === mtimeMs) return cached;
    const loaded: Loaded = { mtimeMs, pages: {}, problems: [] };
    try {
      const raw = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      for (const [page, schema] of Object.entries(SITE_CONTENT_SCHEMAS) as Array<
        [SiteContentPage, (typeof SITE_CONTENT_SCHEMAS)[SiteContentPage]]
      >) {
        const parsed = schema.safeParse(raw[page]);
        if (parsed.success) loaded.pages[page] = parsed.data;
        else
          loaded.problems.push(
            `${page}: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`,
          );
      }
    } catch (error) {
      loaded.problems.push(`not readable JSON: ${(error as Error).message}`);
    }
    if (loaded.problems.length > 0) {
      logger?.warn({ file, problems: loaded.problems }, 'site content: pages left out (English is served)');
    }
    cache.set(language, loaded);
    return loaded;
  }

  return {
    /** The page in `language`, else in English; 503 when even English has no valid page. */
    async page<P extends SiteContentPage>(
      page: P,
      language: Language,
    ): Promise<{ page: P; language: Language; content: SiteContent[P] }> {
      for (const code of language === 'en' ? (['en'] as const) : ([language, 'en'] as const)) {
        const content = (await load(code))?.pages[page];
        if (content) return { page, language: code, content: content as SiteContent[P] };
      }
      throw new AppError('unavailable', message('site.content_unavailable'));
    },
  };
}
export type SiteContentStore = ReturnType<typeof createSiteContentStore>;
