import { useSyncExternalStore } from 'react';
import { renderContext } from './render-context.ts';

/**
 * The current time, re-rendering subscribers once a second. One interval serves every countdown on the
 * page and stops when none is mounted.
 */
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const snapshot = () => now;
/** On the server and during hydration: the moment the server rendered the page (see render-context.ts). */
const serverSnapshot = () => renderContext.now ?? now;

export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}
