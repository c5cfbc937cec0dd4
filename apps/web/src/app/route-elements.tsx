import i18next from 'i18next';
import { Component as ReactComponent, Suspense, use, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';

/**
 * The route tables (routes.tsx, platform-routes.tsx, portal/routes.tsx) are written as route objects with
 * `lazy` page modules (`export const Component`), but rendered with the declarative router (`<BrowserRouter>`
 * in the browser, `<StaticRouter>` on the server, `useRoutes`): the data router (createBrowserRouter,
 * RouterProvider, createStaticHandler) weighed about 16 kB gzip in every page's first load and none of its
 * loaders or actions was used (issue 15). What it did for us is kept here:
 *
 * - a lazy page module is loaded before the first render (`preloadMatches`), so a page rendered on the
 *   server hydrates with its own component and not with a fallback;
 * - a page whose module is not there yet suspends inside a navigation (a transition): the page before it
 *   stays on screen until it arrives, as the data router kept it during its `lazy`;
 * - redirects (`handle.redirect`): `<Navigate>` in the browser, a 302 from the server (entry-server.tsx).
 */

type LazyModule = { Component?: ComponentType | null };

/** A route as rendered: its lazy module, if any, is an element that loads it, and `load` preloads it. */
export type ElementRoute = RouteObject & {
  load?: () => Promise<unknown>;
  children?: ElementRoute[];
};

function lazyRoute(load: () => Promise<LazyModule>) {
  let Loaded: ComponentType | null | undefined;
  let pending: Promise<unknown> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => {
        Loaded = module.Component ?? null;
      },
      (error: unknown) => {
        // A later visit tries again (a deployment may have replaced the file, a network may come back).
        pending = undefined;
        throw error;
      },
    ));
  function LazyPage() {
    if (Loaded === undefined) use(preload());
    return Loaded ? <Loaded /> : null;
  }
  return { element: <LazyPage />, load: preload };
}

/** The routes with each `lazy` module as an element (kept: `path`, `index`, `handle`, `children`…). */
export function withLazyElements(list: readonly RouteObject[]): ElementRoute[] {
  return list.map((route) => {
    const next: ElementRoute = { ...route, children: undefined } as ElementRoute;
    delete next.lazy;
    if (typeof route.lazy === 'function') {
      Object.assign(next, lazyRoute(route.lazy as () => Promise<LazyModule>));
    }
    if (route.children) next.children = withLazyElements(route.children);
    return next as ElementRoute;
  }) as ElementRoute[];
}

/** Loads the lazy modules of the routes matching `location`, before a first render that must not suspend. */
export async function preloadMatches(list: ElementRoute[], location: string | Partial<Location>) {
  const matches = matchRoutes(list, location) ?? [];
  await Promise.all(matches.map(({ route }) => route.load?.()));
}

/**
 * A route table of its own (the platform under `/app`, the portal under `/portal`) as the lazy module of a
 * splat route (`app/*`): its route objects (every page's path and loader, about 4 kB gzip) stay out of the
 * public pages' first load. The table's top route keeps its element (RequireAuth, the shell) without its
 * path, which the splat route already matched; the pages the address needs load with the table.
 */
export function routeTable(load: () => Promise<RouteObject[]>) {
  return () =>
    load().then(async (table) => {
      const rendered = withLazyElements(table);
      if (typeof window !== 'undefined')
        await preloadMatches(rendered, window.location).catch(() => undefined);
      const relative = rendered.map((route) => ({ ...route, path: undefined }) as ElementRoute);
      function RouteTable() {
        return useRoutes(relative);
      }
      return { Component: RouteTable };
    });
}

/** A page module that failed to load: the page says so instead of leaving the whole app blank. */
class LoadFailure extends ReactComponent<{ children: ReactNode; resetKey: string }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidUpdate(previous: { resetKey: string }) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p role="alert" style={{ padding: 24, textAlign: 'center' }}>
        {i18next.t('errors.loadFailed')} <a href={window.location.href}>{i18next.t('retry')}</a>
      </p>
    );
  }
}

/**
 * The pages: the same tree on the server and in the browser, so it hydrates. No Suspense boundary around
 * a page rendered on the server: React hydrates what is inside one in a later pass, after the page counts
 * as live, and a control used in between (the language switcher) lost its change. Navigations are
 * transitions, so a page whose module is still loading keeps the page before on screen without one. A page
 * drawn in the browser from nothing (`suspense`) has one, with nothing to show until its module is there.
 */
export function AppRoutes({ routes, suspense = false }: { routes: ElementRoute[]; suspense?: boolean }) {
  const element = useRoutes(routes);
  const { pathname } = useLocation();
  return (
    <LoadFailure resetKey={pathname}>
      {suspense ? <Suspense fallback={null}>{element}</Suspense> : element}
    </LoadFailure>
  );
}
