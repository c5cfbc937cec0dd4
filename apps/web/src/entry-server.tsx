// First, before any module builds a zod schema: see the file.
import './lib/zod-without-eval.ts';
import {
  dehydrate,
  QueryCache,
  QueryClient,
  type FetchQueryOptions,
  type QueryClient as QueryClientType,
} from '@tanstack/react-query';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { matchRoutes, StaticRouter } from 'react-router';
import { AppShell } from './app/App.tsx';
import { AppRoutes, preloadMatches, withLazyElements } from './app/route-elements.tsx';
import { loadDeferredParts } from './components/DeferredPart.tsx';
import { PUBLIC_ROUTE_ID, routes } from './app/routes.tsx';
import { serialiseSsrState } from './app/ssr-state.ts';
import { setApiTransport } from './lib/api-client.ts';
import {
  FALLBACK_LANGUAGE,
  initI18n,
  LANGUAGE_COOKIE,
  loadAllLanguages,
  normaliseLanguage,
  type LanguageCode,
} from './lib/i18n.ts';
import { renderContext, type RenderedHead } from './lib/render-context.ts';

/**
 * Public pages rendered on the server (issue 15). The API loads this bundle (`dist-server/entry-server.js`)
 * and asks it for a page's HTML; the browser then hydrates that HTML (main.tsx) instead of drawing the page
 * from nothing. Pages are rendered signed out, for everyone alike; pages for signed-in users, and the
 * platform and portal, are left to the browser (the API sends its single-page shell).
 *
 * A page asks for its data with the same queries as in the browser: it is rendered, the requests it made are
 * answered (by the API in-process), and it is rendered again, until it asks for nothing new (the tender list
 * needs Kenya's id from the country list before it asks for tenders: three renders). The answers go to the
 * browser with the HTML, so its first render makes no request.
 */

/** How the renderer reaches the API: `fetch`'s shape, answered in-process by the server. */
export type ApiFetch = (url: string, init: RequestInit) => Promise<Response>;

export type RenderResult =
  | {
      kind: 'page';
      status: number;
      html: string;
      state: string;
      head: RenderedHead;
      language: LanguageCode;
      /** What the browser needs before it hydrates the page, as keys of the web build's manifest. */
      preload: string[];
    }
  | { kind: 'redirect'; status: number; location: string }
  /** Not a page rendered on the server: send the single-page shell. */
  | { kind: 'client' };

const MAX_RENDERS = 4;

/**
 * The interface language of a request, as the browser would choose it (lib/i18n.ts): the address's `lang`,
 * then the switcher's cookie, then the browser's languages, then English.
 */
export function languageFor(request: {
  query: string | null | undefined;
  cookie: string | null | undefined;
  acceptLanguage: string | null | undefined;
}): LanguageCode {
  const fromQuery = normaliseLanguage(request.query);
  if (fromQuery) return fromQuery;
  const cookie = (request.cookie ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  const fromCookie = normaliseLanguage(cookie);
  if (fromCookie) return fromCookie;
  const accepted = (request.acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => normaliseLanguage(entry.tag))
    .find((code) => code !== null);
  return accepted ?? FALLBACK_LANGUAGE;
}

/** Is this address one of the public pages the server renders? */
function rendersOnServer(address: URL): boolean {
  const matches = matchRoutes(routes, address.pathname);
  if (!matches || matches[0]?.route.id !== PUBLIC_ROUTE_ID) return false;
  return !matches.some((match) => {
    const clientOnly = (match.route.handle as { clientOnly?: unknown } | undefined)?.clientOnly;
    return typeof clientOnly === 'function' ? clientOnly(address.searchParams) : clientOnly === true;
  });
}

/** The routes as rendered (route-elements.tsx): lazy page modules as elements, loaded before a render. */
const serverRoutes = withLazyElements(routes);

let started: Promise<void> | undefined;

/** Loads every language once, and routes the pages' API calls to the server's in-process API. */
export function startRenderer(api: ApiFetch): Promise<void> {
  setApiTransport(api);
  started ??= (async () => {
    await initI18n({ language: FALLBACK_LANGUAGE });
    await loadAllLanguages();
  })();
  return started;
}

/** A query cache that records the queries each render asks for, with their latest options (`enabled` may change). */
function recordingQueryCache() {
  const cache = new QueryCache();
  const wanted = new Map<string, FetchQueryOptions>();
  const build = cache.build.bind(cache);
  cache.build = ((...args: Parameters<typeof build>) => {
    const query = build(...args);
    const options = args[1] as FetchQueryOptions & { enabled?: unknown };
    const enabled =
      typeof options.enabled === 'function'
        ? (options.enabled as (q: unknown) => boolean)(query)
        : options.enabled;
    if (enabled !== false) wanted.set(query.queryHash, options);
    return query;
  }) as typeof cache.build;
  return { cache, wanted };
}

/**
 * Reference data that never changes during a visit (`staleTime: Infinity`: countries, site settings) is
 * kept for a minute between renders, so most pages need one request of their own and two renders.
 */
const REFERENCE_TTL_MS = 60_000;
const reference = new Map<string, { queryKey: readonly unknown[]; data: unknown; at: number }>();

function seedReference(client: QueryClientType, now: number) {
  for (const [hash, entry] of reference) {
    if (now - entry.at > REFERENCE_TTL_MS) reference.delete(hash);
    else client.setQueryData(entry.queryKey, entry.data, { updatedAt: entry.at });
  }
}

function keepReference(client: QueryClientType, now: number) {
  for (const query of client.getQueryCache().getAll()) {
    const staleTime = (query.options as { staleTime?: unknown }).staleTime;
    if (staleTime === Infinity && query.state.status === 'success' && !reference.has(query.queryHash)) {
      reference.set(query.queryHash, { queryKey: query.queryKey, data: query.state.data, at: now });
    }
  }
}

/** Is the answer to one of the page's own requests a 404 (an unknown tender)? Then the page is one too. */
function answeredNotFound(client: QueryClientType): boolean {
  return client
    .getQueryCache()
    .getAll()
    .some((query) => (query.state.error as { status?: number } | null)?.status === 404);
}

export async function render(url: string, language: LanguageCode): Promise<RenderResult> {
  await started;
  const address = new URL(url, 'http://zabuni.local');
  if (!rendersOnServer(address)) return { kind: 'client' };

  const matches = matchRoutes(serverRoutes, address.pathname) ?? [];
  // Redirects (routes.tsx `redirectTo`): the browser's router follows them with <Navigate>.
  const location = matches
    .map((match) => (match.route.handle as { redirect?: unknown } | undefined)?.redirect)
    .find((to): to is string => typeof to === 'string');
  if (location) return { kind: 'redirect', status: 302, location };
  // The page's module is loaded before rendering: renderToString would draw a fallback for a lazy one.
  await preloadMatches(serverRoutes, address.pathname);
  // Parts the browser loads later (components/DeferredPart.tsx) are rendered whole here.
  await loadDeferredParts();

  const now = Date.now();
  const { cache, wanted } = recordingQueryCache();
  const queryClient = new QueryClient({
    queryCache: cache,
    defaultOptions: { queries: { retry: false, staleTime: 30_000 } },
  });
  seedReference(queryClient, now);
  // The shared store holds every language; this request's instance only chooses one.
  const i18n = i18next.cloneInstance({ lng: language, initAsync: false });
  await i18n.changeLanguage(language);
  const tree = (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <AppShell queryClient={queryClient}>
          <StaticRouter location={address.pathname + address.search}>
            <AppRoutes routes={serverRoutes} />
          </StaticRouter>
        </AppShell>
      </I18nextProvider>
    </StrictMode>
  );

  let html = '';
  let head: RenderedHead = {};
  for (let pass = 1; pass <= MAX_RENDERS; pass += 1) {
    wanted.clear();
    head = {};
    // Synchronous from here to the end of renderToString: no other page renders meanwhile.
    renderContext.now = now;
    renderContext.head = head;
    try {
      html = renderToString(tree);
    } finally {
      renderContext.now = undefined;
      renderContext.head = null;
    }
    const missing = [...wanted.entries()].filter(([hash]) => {
      const state = cache.get(hash)?.state;
      return state !== undefined && state.status === 'pending' && state.fetchStatus === 'idle';
    });
    if (missing.length === 0 || pass === MAX_RENDERS) break;
    await Promise.all(missing.map(([, options]) => queryClient.prefetchQuery({ ...options, retry: false })));
  }
  keepReference(queryClient, now);

  const notFound =
    Boolean(head.notFound) ||
    matches.some((match) => match.route.path === '*') ||
    answeredNotFound(queryClient);
  const state = serialiseSsrState({
    language,
    now,
    queries: dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' || query.state.status === 'error',
      shouldRedactErrors: () => false,
    }),
  });
  queryClient.clear();
  const preload = matches.flatMap(
    (match) => (match.route.handle as { preload?: string[] } | undefined)?.preload ?? [],
  );
  return {
    kind: 'page',
    status: notFound ? 404 : 200,
    html,
    state,
    head,
    language,
    preload,
  };
}
