// First, before any module builds a zod schema: see the file.
import './lib/zod-without-eval.ts';
import './app/mantine-styles.ts';
import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { RouteObject } from 'react-router';
import { App, createQueryClient } from './app/App.tsx';
import { preloadMatches, withLazyElements } from './app/route-elements.tsx';
import { routes } from './app/routes.tsx';
import { readSsrState } from './app/ssr-state.ts';
import { changeLanguage, initI18n, loadNamespaces, preferredLanguage } from './lib/i18n.ts';
import { renderContext } from './lib/render-context.ts';
import { whenEngaged } from './lib/when-engaged.ts';

/** The part of Mantine's stylesheet the public pages do not use (app/mantine-styles.ts). */
const loadRestOfStyles = () => import('./app/mantine-styles-rest.ts').catch(() => undefined);

/**
 * The tender texts (statuses, attachments, the operators' pagination) serve the tender pages and many pages
 * behind a sign-in; they are not in every page's first load: public pages that use them name them (routes.tsx),
 * and any other page loads them with its module.
 */
const SHARED_NAMESPACES = ['tenders'] as const;

/**
 * Any page but the public ones (signed-in pages, the platform, the portal) may use any component: its lazy
 * module resolves once the rest of Mantine's stylesheet is in place too. The public pages' components are
 * all in the first part (app/mantine-styles.ts).
 */
function withAllStyles(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    const publicPage = Boolean((route.handle as { preload?: unknown } | undefined)?.preload);
    const { lazy, children } = route;
    const next = { ...route } as RouteObject & { children?: RouteObject[] };
    if (typeof lazy === 'function' && !publicPage) {
      next.lazy = () =>
        Promise.all([lazy(), loadRestOfStyles(), loadNamespaces(SHARED_NAMESPACES)]).then(
          ([module]) => module,
        );
    }
    if (children) next.children = withAllStyles(children);
    return next;
  });
}

const clientRoutes = withLazyElements(withAllStyles(routes));

/**
 * A public page arrives rendered by the server with its data (issue 15): the browser hydrates it in the
 * language, at the moment and with the answers the server used, so its first render matches the HTML.
 * Any other page (signed-in pages, the platform, the portal) arrives as the empty shell and renders here.
 */
async function start() {
  const ssr = readSsrState();
  const queryClient = createQueryClient();

  await initI18n(ssr ? { language: ssr.language } : {});

  if (ssr) {
    renderContext.now = ssr.now;
    hydrate(queryClient, ssr.queries);
  }
  // The page's own module is there before the first render: a page rendered on the server hydrates with it
  // (not with a fallback), and any other page is drawn once, complete.
  await preloadMatches(clientRoutes, window.location).catch(() => undefined);

  // A page drawn here (not a public page) may use any component: its styles are in place before it renders.
  if (!ssr) await loadRestOfStyles();

  const app = (
    <StrictMode>
      <App routes={clientRoutes} queryClient={queryClient} hydrating={Boolean(ssr)} />
    </StrictMode>
  );
  const root = document.getElementById('root')!;

  if (ssr) {
    // In a transition, hydration yields to the browser every few milliseconds instead of holding the main
    // thread for the whole page (one 200-900 ms task on a phone): an event on a part not yet hydrated
    // hydrates that part at once and is then handled (React replays discrete events).
    startTransition(() => {
      hydrateRoot(root, app);
    });
    // The rest of the stylesheet serves the pages behind a link: fetched at the visitor's first touch, not
    // while the page settles (a new stylesheet restyles the whole page).
    whenEngaged(() => void loadRestOfStyles());
    // The browser's own choice of language wins once the page is live (a choice stored before the language
    // cookie existed: switching writes the cookie, so the next page is rendered in it).
    const preferred = preferredLanguage();
    if (preferred !== ssr.language) void changeLanguage(preferred);
  } else {
    createRoot(root).render(app);
  }
}

// Not a top-level await: the page modules import this entry chunk's shared code, and importing them while
// this module is still evaluating would wait for itself.
void start();
