import { MantineProvider } from '@mantine/core';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { toast, ToastContainer } from 'react-toastify';
import { ApiError } from '../lib/api-client.ts';
import { LoadingBar } from './LoadingBar.tsx';
import { routes } from './routes.tsx';
import { theme } from './theme.ts';

/** SPEC §8: any failed load or submit shows an error toast with the server's message. */
function notifyFailure(error: unknown) {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  toast.error(error instanceof ApiError || error instanceof Error ? error.message : String(error), {
    toastId: error instanceof Error ? error.message : undefined,
  });
}

const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: notifyFailure }),
  mutationCache: new MutationCache({ onError: notifyFailure }),
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

const router = createBrowserRouter(routes);

export function App() {
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <LoadingBar />
        <RouterProvider router={router} />
        {/* SPEC §9: top right, no confirm button, 6000 ms with a progress bar, pause on hover. */}
        <ToastContainer
          position="top-right"
          autoClose={6000}
          closeButton={false}
          pauseOnHover
          hideProgressBar={false}
        />
      </QueryClientProvider>
    </MantineProvider>
  );
}
