import { memo, Suspense, use, useEffect, useRef, useState, type ComponentType } from 'react';

/**
 * A part of a page rendered on the server whose code the browser loads later (issue 15): a form whose
 * validation, dropdowns and phone metadata are most of its page's script. The server renders it whole
 * (entry-server.tsx loads every deferred part first); the browser hydrates the rest of the page at once
 * and leaves this part's HTML as it is (a Suspense boundary waiting on its code) until the user reaches
 * for it (pointer, touch, focus, a key) or the browser is idle after the page is live; then it loads and
 * hydrates the part, and marks its wrapper `data-live="true"`. Text typed into the server's fields before
 * that is put back after hydrating (a form library may reset its fields when it takes them over), and a
 * submit before that is held (the form's own handler is not there yet) rather than sent by the browser.
 *
 * Drawn in the browser only (a later visit to the page), the part loads at once.
 */

type Gate = { opened: Promise<void>; open(): void; isOpen: boolean };

function createGate(open: boolean): Gate {
  let release!: () => void;
  const gate: Gate = {
    opened: new Promise<void>((resolve) => (release = resolve)),
    open() {
      gate.isOpen = true;
      release();
    },
    isOpen: false,
  };
  if (open) gate.open();
  return gate;
}

/** Is React hydrating the server's HTML right now (the first render of a page rendered on the server)? */
function hydratingServerHtml(): boolean {
  if (typeof document === 'undefined') return false;
  return (
    document.documentElement.dataset.live !== 'true' && Boolean(document.getElementById('root')?.firstChild)
  );
}

const serverLoads: Array<() => Promise<unknown>> = [];

/** The server renders every deferred part whole: their modules are loaded before a page renders. */
export function loadDeferredParts(): Promise<unknown> {
  return Promise.all(serverLoads.map((load) => load()));
}

const INTENT = ['pointerdown', 'touchstart', 'focusin', 'keydown', 'mouseover'] as const;

const valueSetter = (element: HTMLInputElement | HTMLTextAreaElement) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element) as object, 'value')?.set;

export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let Loaded: ComponentType<P> | undefined;
  let loading: Promise<unknown> | undefined;
  const start = () =>
    (loading ??= load().then(
      (component) => {
        Loaded = component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  if (import.meta.env.SSR) serverLoads.push(start);

  type PartProps = P & { deferredReady: Promise<unknown>; deferredLive(): void };

  /** The part itself, inside its Suspense boundary; memo: a parent's re-render must not reach it early. */
  const Part = memo(function Part({ deferredReady, deferredLive, ...props }: PartProps) {
    if (!Loaded) use(deferredReady);
    useEffect(() => deferredLive(), [deferredLive]);
    const Component = Loaded!;
    return <Component {...(props as unknown as P)} />;
  });

  function Deferred(props: P) {
    const wrapper = useRef<HTMLDivElement>(null);
    const [state] = useState(() => {
      const gate = createGate(!hydratingServerHtml());
      const typed = new Map<HTMLInputElement | HTMLTextAreaElement, string>();
      const part = {
        gate,
        typed,
        ready: gate.opened.then(start),
        live: false,
        markLive() {
          part.live = true;
          if (wrapper.current) wrapper.current.dataset.live = 'true';
          for (const [field, value] of typed) {
            if (field.isConnected && field.value !== value) {
              valueSetter(field)?.call(field, value);
              field.dispatchEvent(new Event('input', { bubbles: true }));
            }
          }
          typed.clear();
        },
      };
      return part;
    });

    useEffect(() => {
      const element = wrapper.current;
      if (!element || state.live) return;
      const open = () => state.gate.open();
      const onInput = (event: Event) => {
        const field = event.target;
        const typedField =
          (field instanceof HTMLInputElement && field.name && field.type !== 'hidden') ||
          (field instanceof HTMLTextAreaElement && field.name);
        if (!state.live && typedField) state.typed.set(field, field.value);
      };
      const onSubmit = (event: Event) => {
        if (state.live) return;
        event.preventDefault();
        open();
      };
      for (const type of INTENT) element.addEventListener(type, open, { passive: true, once: true });
      element.addEventListener('input', onInput, true);
      element.addEventListener('submit', onSubmit, true);
      const idle = window.requestIdleCallback?.(open, { timeout: 3000 });
      const timer = idle === undefined ? window.setTimeout(open, 1000) : undefined;
      return () => {
        for (const type of INTENT) element.removeEventListener(type, open);
        element.removeEventListener('input', onInput, true);
        element.removeEventListener('submit', onSubmit, true);
        if (idle !== undefined) window.cancelIdleCallback(idle);
        if (timer !== undefined) window.clearTimeout(timer);
      };
    }, [state]);

    return (
      <div ref={wrapper} style={{ display: 'contents' }} data-deferred="">
        <Suspense fallback={null}>
          <Part {...props} deferredReady={state.ready} deferredLive={state.markLive} />
        </Suspense>
      </div>
    );
  }
  return Deferred;
}
