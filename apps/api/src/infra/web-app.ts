import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withPageMeta, type PageMeta } from './page-meta.ts';
import { robotsTxt, sitemapXml, type SitemapEntry } from './site-index.ts';

/**
 * The web app: its built files, and its pages. Public pages (home, jobs, tenders, a tender, the marketing
 * pages) are rendered here by the web app's server bundle (apps/web/src/entry-server.tsx, built to
 * `dist-server/`), so the HTML carries the page itself and the browser hydrates it (issue 15); any other
 * address gets the single-page shell and is drawn in the browser. A page that fails to render is never an
 * error page: the shell is sent instead, and the failure is logged.
 */

/** What the server bundle exports (its types live in the web app, which the API does not import). */
interface Renderer {
  startRenderer(api: (url: string, init: RequestInit) => Promise<Response>): Promise<void>;
  languageFor(request: {
    query: string | null | undefined;
    cookie: string | null | undefined;
    acceptLanguage: string | null | undefined;
  }): string;
  render(
    url: string,
    language: string,
  ): Promise<
    | {
        kind: 'page';
        status: number;
        html: string;
        state: string;
        head: { title?: string; description?: string };
        language: string;
        preload?: string[];
      }
    | { kind: 'redirect'; status: number; location: string }
    | { kind: 'client' }
  >;
}

export interface WebAppOptions {
  webDistDir: string;
  /** The server bundle; by default `dist-server/entry-server.js` beside the web app's `dist/`. */
  rendererEntry?: string;
  publicUrl: string;
  /** A page's own title and description for link previews when the API knows better (a tender's). */
  pageMeta: (url: string) => Promise<PageMeta | null>;
  /** The public site's pages for `sitemap.xml` (its own pages, then public tenders), at most 50,000 read. */
  sitemapEntries: () => Promise<SitemapEntry[]>;
}

/** Longer than this and the visitor gets the shell at once rather than a page later. */
const RENDER_TIMEOUT_MS = 5_000;
const SSR_STATE_ID = 'zabuni-ssr';
const DEFAULT_DESCRIPTION =
  'Zabuni: tenders, jobs, supplier directories and e-procurement for buying organisations across Africa.';

/** Addresses the API answers itself: an unknown one is a 404, never the web app (uploads live under /media/). */
const isServerPath = (url: string) =>
  url.startsWith('/api/') ||
  url.startsWith('/flags/') ||
  url.startsWith('/dev/') ||
  url.startsWith('/sim/') ||
  url.startsWith('/media/');

async function loadRenderer(entry: string, app: FastifyInstance): Promise<Renderer | null> {
  if (!existsSync(entry)) return null;
  try {
    const renderer = (await import(pathToFileURL(entry).href)) as Renderer;
    await renderer.startRenderer(async (url, init) => {
      // The page's requests go through the whole API in-process, signed out, as a visitor's would.
      const answer = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url,
        headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      });
      const empty = answer.statusCode === 204 || answer.statusCode === 304 || answer.body === '';
      return new Response(empty ? null : answer.body, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
      });
    });
    return renderer;
  } catch (error) {
    app.log.error({ err: error }, 'the server renderer could not be loaded: pages are drawn in the browser');
    return null;
  }
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A rendered page is 50-120 kB of HTML (Mantine's markup and inline styles) and compresses about tenfold:
 * brotli at a quality that costs about a millisecond, else gzip, else as is.
 */
async function compressed(html: string, acceptEncoding: string | undefined) {
  const accepted = (acceptEncoding ?? '').split(',').map((part) => part.trim().split(';')[0]);
  if (accepted.includes('br')) {
    const body = await brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } });
    return { body, encoding: 'br' as const };
  }
  if (accepted.includes('gzip'))
    return { body: await gzipped(html, { level: 6 }), encoding: 'gzip' as const };
  return { body: html, encoding: undefined };
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * The <head> links of a rendered page (issue 15): its page module, that module's static imports and its
 * translations are named as modulepreload links, and its stylesheets as stylesheets, so the browser fetches
 * them alongside the entry script instead of discovering them once the entry has run (and the page's CSS is
 * there at first paint). `keys` are keys of the web build's manifest (`dist/.vite/manifest.json`).
 */
export function preloadLinks(manifest: Record<string, ManifestChunk>, keys: readonly string[]) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const seen = new Set<string>();
  const scripts: string[] = [];
  const styles = new Set<string>();
  const visit = (key: string, isEntry: boolean) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    if (!isEntry) scripts.push(chunk.file);
    for (const file of chunk.css ?? []) styles.add(file);
    for (const imported of chunk.imports ?? []) visit(imported, isEntry);
  };
  // The entry's own files are already in the shell (its script tag and stylesheet): only what it imports.
  if (entryKey) visit(entryKey, true);
  const entryStyles = new Set(styles);
  for (const key of keys) visit(key, false);
  return {
    styles: [...styles]
      .filter((file) => !entryStyles.has(file))
      .map((file) => `<link rel="stylesheet" href="/${file}">`)
      .join('\n    '),
    scripts: scripts.map((file) => `/${file}`),
  };
}

/**
 * A page rendered on the server paints before its scripts download (issue 15): on a 3G phone the entry and
 * the page's chunks (~150 KB) shared the link with the HTML and the stylesheets and held the first paint back
 * by a second and more. The page's HTML carries its content and real links, so the scripts (the entry and the
 * page's chunks, as modulepreload links) are requested by this inline script once the browser reports the
 * first contentful paint (a frame painted is not yet a frame shown), or after 3 s in a tab that paints nothing
 * (a background tab) or a browser without paint timing (there: after the next frame). It reads the files from its own data
 * attributes, so its text never changes and the Content-Security-Policy allows exactly it, by its hash.
 */
export const BOOT_SCRIPT =
  '(function(){var s=document.currentScript,d=s.dataset,done=0;function go(){if(done)return;done=1;' +
  "(d.preload||'').split(' ').forEach(function(f){if(!f)return;var l=document.createElement('link');" +
  "l.rel='modulepreload';l.crossOrigin='';l.href=f;document.head.appendChild(l)});" +
  "var m=document.createElement('script');m.type='module';m.crossOrigin='';m.src=d.entry;" +
  'document.head.appendChild(m)}try{new PerformanceObserver(function(l,o){' +
  "if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go,0)}})" +
  ".observe({type:'paint',buffered:true})}catch(e){requestAnimationFrame(function(){setTimeout(go,0)})}" +
  'setTimeout(go,3000)})();';
export const BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/** The shell's entry script tag, replaced by the boot script that loads it and the page's chunks after paint. */
export function bootAfterPaint(html: string, scripts: readonly string[]): string {
  return html.replace(
    ENTRY_SCRIPT,
    (_tag, entry: string) =>
      `<script data-entry="${entry}" data-preload="${scripts.join(' ')}">${BOOT_SCRIPT}</script>`,
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`rendering took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function registerWebApp(app: FastifyInstance, options: WebAppOptions) {
  const webIndex = path.join(options.webDistDir, 'index.html');
  const webBuilt = existsSync(webIndex);
  const indexHtml = webBuilt ? readFileSync(webIndex, 'utf8') : '';
  const rendererEntry =
    options.rendererEntry ?? path.join(path.dirname(options.webDistDir), 'dist-server', 'entry-server.js');
  const renderer = webBuilt ? await loadRenderer(rendererEntry, app) : null;
  const manifestFile = path.join(options.webDistDir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>)
    : {};

  if (webBuilt) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      prefix: '/',
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders: (res, filePath) => {
        // Hashed bundles never change; index.html must always be revalidated.
        res.header(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  // For crawlers (issue 16): what to read and what to leave, and the list of public pages.
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(robotsTxt(options.publicUrl)),
  );
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=600')
      .type('application/xml; charset=utf-8')
      .send(sitemapXml(options.publicUrl, await options.sitemapEntries())),
  );

  const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
    // Shareable pages carry their own title and description for crawlers and link previews.
    const meta = await options.pageMeta(request.url);
    if (meta) {
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(withPageMeta(indexHtml, meta));
    }
    // Client-side routes: the single-page app decides what to show, including its own 404 page.
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', options.webDistDir);
  };

  app.setNotFoundHandler(async (request, reply) => {
    if (isServerPath(request.url) || request.method !== 'GET')
      return reply.code(404).send({ detail: 'Not found.', code: 'not_found' });
    if (!webBuilt) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build` (or use `npm run dev`).');
    }
    if (!renderer) return sendShell(request, reply);

    const query = request.query as Record<string, unknown> | undefined;
    const language = renderer.languageFor({
      query: typeof query?.lang === 'string' ? query.lang : undefined,
      cookie: request.headers.cookie,
      acceptLanguage: request.headers['accept-language'],
    });
    let page: Awaited<ReturnType<Renderer['render']>>;
    try {
      page = await withTimeout(renderer.render(request.url, language), RENDER_TIMEOUT_MS);
    } catch (error) {
      request.log.error(
        { err: error, path: request.url.split('?')[0] },
        'server rendering failed: sent the single-page shell',
      );
      return sendShell(request, reply);
    }
    if (page.kind === 'redirect') return reply.redirect(page.location, page.status);
    if (page.kind === 'client') return sendShell(request, reply);

    const meta = (await options.pageMeta(request.url)) ?? {
      title: page.head.title ? `${page.head.title} · Zabuni` : 'Zabuni',
      description: page.head.description ?? DEFAULT_DESCRIPTION,
      url: `${options.publicUrl}${request.url}`,
    };
    const links = preloadLinks(manifest, page.preload ?? []);
    const html = bootAfterPaint(withPageMeta(indexHtml, meta), links.scripts)
      .replace(/<html lang="[^"]*"/, () => `<html lang="${page.language}"`)
      .replace('</head>', () => (links.styles ? `  ${links.styles}\n  </head>` : '</head>'))
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${page.html}</div>\n    <script type="application/json" id="${SSR_STATE_ID}">${page.state}</script>`,
      );
    const { body, encoding } = await compressed(html, request.headers['accept-encoding']);
    if (encoding) reply.header('Content-Encoding', encoding);
    return (
      reply
        .code(page.status)
        .header('Cache-Control', 'no-cache')
        // The page is in the visitor's language, chosen by these, and compressed as they accept.
        .header('Vary', 'Accept-Language, Cookie, Accept-Encoding')
        .type('text/html; charset=utf-8')
        .send(body)
    );
  });
}
