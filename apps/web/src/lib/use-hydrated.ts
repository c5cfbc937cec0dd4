import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and while the browser hydrates the server's HTML, true afterwards (and from the
 * start when the page renders in the browser only). What only the browser knows (its time zone, local
 * storage) is shown once this is true, so hydration never meets a difference.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
