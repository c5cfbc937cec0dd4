import { MantineProvider } from '@mantine/core';
import {
  MutationCache,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  type Query,
} from '@tanstack/react-query';
import i18next from 'i18next';
import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { BrowserRouter, useLocation, useNavigate } from 'react-router';
import type { ToastContainer } from 'react-toastify';
import { ApiError, onSessionExpired } from '../lib/api-client.ts';
import { AuthStatus, authState } from '../lib/auth-state.ts';
import { loadToasts, toast, toastsLoaded } from '../lib/toast.ts';
import { whenEngaged } from '../lib/when-engaged.ts';
import { LoadingBar } from './LoadingBar.tsx';
import { AppRoutes, type ElementRoute } from './route-elements.tsx';
import { theme } from './theme.ts';

/** SPEC §8: any failed load or submit shows an error toast with the server's message. */
function notifyFailure(error: unknown, query?: Query<unknown, unknown, unknown, readonly unknown[]>) {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  // Pages that show the failure themselves (account activation) ask for no toast.
  if (query?.meta?.silent) return;
  // An expired session has its own toast (below).
  if (error instanceof ApiError && error.sessionEnded) return;
  toast.error(error instanceof ApiError || error instanceof Error ? error.message : String(error), {
    toastId: error instanceof Error ? error.message : undefined,
  });
}

/** One per browser tab, or one per page rendered on the server. */
export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => notifyFailure(error, query) }),
    mutationCache: new MutationCache({ onError: (error) => notifyFailure(error) }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Retry network trouble, never a 4xx: the same request would fail the same way.
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

/**
 * SPEC §8: a 401 on any call but the token call (after one refresh attempt) ends the session: toast
 * "Session timed out. Please login to continue.", log out, go to the advertise page. The session counts as
 * ending (RequireAuth sends nobody to sign-in meanwhile) until that move has been rendered.
 */
function EndSessionsOnExpiry({ queryClient }: { queryClient: QueryClient }) {
  const navigate = useNavigate();
  const location = useLocation();
  const leaving = useRef(false);
  useEffect(() => {
    onSessionExpired(() => {
      const { status } = authState.get();
      if (status !== AuthStatus.Authenticated && status !== AuthStatus.AwaitingTwoFactor) return false;
      toast.error(i18next.t('account.sessionExpired'), { toastId: 'session-expired' });
      authState.endSession();
      queryClient.clear();
      leaving.current = true;
      void navigate('/advertise');
      return true;
    });
  }, [navigate, queryClient]);
  useEffect(() => {
    if (leaving.current && location.pathname === '/advertise') {
      leaving.current = false;
      authState.sessionLeft();
    }
  }, [location]);
  return null;
}

type Container = typeof ToastContainer;

/**
 * The toasts' container, once react-toastify has loaded (lib/toast.ts): at the visitor's first touch, scroll
 * or key (lib/when-engaged.ts), or at the first toast. Nothing on the server nor in the first render, so it hydrates.
 */
function Toasts() {
  const [Container, setContainer] = useState<Container | null>(null);
  useEffect(() => {
    let live = true;
    const mount = (lib: Awaited<ReturnType<typeof loadToasts>>) =>
      live && setContainer(() => lib.ToastContainer);
    // Loaded by the first toast (an expired session, a failed request) before any touch, it mounts too.
    void toastsLoaded().then(mount);
    const stop = whenEngaged(() => void loadToasts().then(mount));
    return () => {
      live = false;
      stop();
    };
  }, []);
  if (!Container) return null;
  return (
    // SPEC §9: top right, no confirm button, 6000 ms with a progress bar, pause on hover.
    <Container
      position="top-right"
      autoClose={6000}
      closeButton={false}
      pauseOnHover
      hideProgressBar={false}
      // The toasts' own font has no Ethiopic letters: use the site's, which falls back to Noto Sans Ethiopic.
      style={{ '--toastify-font-family': 'var(--mantine-font-family)' } as CSSProperties}
    />
  );
}

/** What every page sits in, in the browser and on the server alike (the same tree hydrates). */
export function AppShell({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  // Effects run once the page is live in the browser (hydrated or drawn): tests and tools wait for this.
  useEffect(() => {
    document.documentElement.dataset.live = 'true';
  }, []);
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <LoadingBar />
        {children}
        <Toasts />
      </QueryClientProvider>
    </MantineProvider>
  );
}

/** The browser's app: the same tree as the server's (entry-server.tsx), under the browser's router. */
export function App({
  routes,
  queryClient,
  hydrating,
}: {
  routes: ElementRoute[];
  queryClient: QueryClient;
  /** Hydrating the server's HTML (the tree must be the server's), or drawing the page from nothing. */
  hydrating: boolean;
}) {
  return (
    <AppShell queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes routes={routes} suspense={!hydrating} />
        <EndSessionsOnExpiry queryClient={queryClient} />
      </BrowserRouter>
    </AppShell>
  );
}
