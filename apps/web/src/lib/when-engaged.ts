/**
 * Runs `load` once, at the visitor's first sign of using the page (issue 15): a touch, a scroll, the pointer
 * moving or pressing, a key, the focus moving. Code only an interaction needs (the dropdowns' machinery, the
 * job dialog, the rest of the stylesheet, the toasts) was fetched "when the browser is idle" before: on a
 * phone that is while the page is still settling, so it competed with the page's own script for the network
 * and the main thread. A visitor's first touch or scroll comes well before their first tap on a filter, so
 * the code is there when it is needed, and a page nobody touches costs nothing more.
 *
 * Returns a function that stops waiting (for an effect's clean-up).
 */
const EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'scroll', 'focusin'] as const;

type Waiting = Set<() => void>;
let waiting: Waiting | null = null;
let engaged = false;

function engage() {
  if (engaged) return;
  engaged = true;
  for (const type of EVENTS) window.removeEventListener(type, engage, true);
  const run = waiting;
  waiting = null;
  for (const load of run ?? []) load();
}

export function whenEngaged(load: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  if (engaged) {
    load();
    return () => undefined;
  }
  if (!waiting) {
    waiting = new Set();
    for (const type of EVENTS) window.addEventListener(type, engage, { capture: true, passive: true });
  }
  const once = () => load();
  waiting.add(once);
  return () => void waiting?.delete(once);
}
