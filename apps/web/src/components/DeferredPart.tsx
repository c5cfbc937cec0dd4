import { memo, Suspense, use, useEffect, useRef, useState, type ComponentType } from 'react';
import { useHydrated } from '../lib/use-hydrated.ts';
import { whenEngaged } from '../lib/when-engaged.ts';

/**
 * A part of a page rendered on the server whose code the browser loads later (issue 15): a form whose
 * validation, dropdowns and phone metadata are most of its page's script, or a list's filters. The server
 * renders it whole (entry-server.tsx loads every deferred part first); the browser hydrates the rest of the
 * page at once and leaves this part's HTML as it is (a Suspense boundary waiting on its code) until the user
 * reaches for it (pointer, touch, focus, a key) or first touches, scrolls or types anywhere on the page
 * (lib/when-engaged.ts); then it loads and hydrates the part, and marks its wrapper `data-live="true"`.
 * What the user did meanwhile is not lost: text typed into the server's fields is put back after hydrating
 * (a form library may reset its fields when it takes them over), and a press on a button or a submit is held
 * (its handler is not there yet) and done again once the part is live.
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

/** Fields whose text is not typed (kept as the browser has them). */
const UNTYPED = new Set(['hidden', 'checkbox', 'radio', 'file', 'submit', 'button', 'reset', 'image']);

/**
 * What a press acts on before the part is live: held and pressed again once it is. Fields too: a picker
 * opens its list on the press (the caret and the focus come with the press itself, before the click).
 */
const PRESSABLE = 'button, [role="button"], [role="tab"], [role="switch"], input:not([type="hidden"])';

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

  /** The part itself, inside its Suspense boundary (memo: once live, it renders when its props change). */
  const Part = memo(function Part({ deferredReady, deferredLive, ...props }: PartProps) {
    if (!Loaded) use(deferredReady);
    useEffect(() => deferredLive(), [deferredLive]);
    const Component = Loaded!;
    return <Component {...(props as unknown as P)} />;
  });

  function Deferred(props: P) {
    const wrapper = useRef<HTMLDivElement>(null);
    const [live, setLive] = useState(false);
    // Hydrating, the part waits; drawn here (a later visit, or the server's HTML dropped after a
    // hydration error), it loads at once.
    const hydrating = !useHydrated();
    const [state] = useState(() => {
      const gate = createGate(!(hydrating && hydratingServerHtml()));
      const typed = new Map<HTMLInputElement | HTMLTextAreaElement, string>();
      const part = {
        gate,
        typed,
        /** A press or a submit made on the server's HTML, done again once the part is live. */
        held: null as { press: HTMLElement } | { submit: HTMLFormElement } | null,
        ready: gate.opened.then(start),
        live: false,
        markLive() {
          part.live = true;
          setLive(true);
          if (wrapper.current) wrapper.current.dataset.live = 'true';
          const held = part.held;
          part.held = null;
          const press = (target: HTMLElement) => {
            if (!target.isConnected) return;
            // A picker opens on the press itself (pointerdown), a button on the click.
            target.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, cancelable: true }));
            target.click();
          };
          // A press on a field (a picker) came before the text typed into it: it is done first, so that the
          // list opens and the text then searches it. A button's press or a submit acts on the text: after it.
          const fieldPress =
            held && 'press' in held && held.press instanceof HTMLInputElement ? held.press : null;
          if (fieldPress) press(fieldPress);
          for (const [field, value] of typed) {
            // As typed: a field's length limit holds for text put back too.
            const kept = field.maxLength > 0 ? value.slice(0, field.maxLength) : value;
            if (!field.isConnected) continue;
            // Told as a change even where the field still shows the text: hydrating may have left the text
            // in the field and the part's state empty. React notices a change against the value it last
            // set, so the field is emptied through React first, then given the text behind its back.
            field.value = '';
            valueSetter(field)?.call(field, kept);
            field.dispatchEvent(new Event('input', { bubbles: true }));
          }
          typed.clear();
          if (held && !fieldPress) {
            // After React has applied the text put back.
            window.setTimeout(() => {
              if ('press' in held) press(held.press);
              else if (held.submit.isConnected) held.submit.requestSubmit();
            }, 0);
          }
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
          (field instanceof HTMLInputElement && !UNTYPED.has(field.type)) ||
          field instanceof HTMLTextAreaElement;
        if (!state.live && typedField && element.contains(field)) state.typed.set(field, field.value);
      };
      const onSubmit = (event: Event) => {
        const form = event.target;
        if (state.live || !(form instanceof HTMLFormElement) || !element.contains(form)) return;
        event.preventDefault();
        event.stopPropagation();
        state.held = { submit: form };
        open();
      };
      // A button pressed before the part's handlers are there would do nothing (React stops an event aimed
      // at HTML it has not hydrated yet) or submit its form natively: it is held, and pressed again once the
      // part is live. Listened for on the window, before React's own listener on the root.
      const onClick = (event: Event) => {
        if (state.live || !(event.target instanceof Element)) return;
        const press = event.target.closest<HTMLElement>(PRESSABLE);
        if (!press || !element.contains(press)) return;
        event.preventDefault();
        event.stopPropagation();
        state.held = { press };
        open();
      };
      for (const type of INTENT) element.addEventListener(type, open, { passive: true, once: true });
      // On the window, before React's listener on the root, which stops events aimed at HTML not yet hydrated.
      window.addEventListener('input', onInput, true);
      window.addEventListener('submit', onSubmit, true);
      window.addEventListener('click', onClick, true);
      const stopWaiting = whenEngaged(open);
      return () => {
        for (const type of INTENT) element.removeEventListener(type, open);
        window.removeEventListener('input', onInput, true);
        window.removeEventListener('submit', onSubmit, true);
        window.removeEventListener('click', onClick, true);
        stopWaiting();
      };
    }, [state]);

    const part = (
      <Suspense fallback={null}>
        <Part {...props} deferredReady={state.ready} deferredLive={state.markLive} />
      </Suspense>
    );
    // Until the part is live, its boundary keeps the very element of the first render: a boundary that
    // receives new props (a parent re-rendering, with a new callback or filter object) before it has
    // hydrated gives up the server's HTML and draws its fallback (nothing) until its code arrives. Once live,
    // it renders again with the props of now.
    const [first] = useState(part);
    return (
      <div ref={wrapper} style={{ display: 'contents' }} data-deferred="">
        {live ? part : first}
      </div>
    );
  }
  return Deferred;
}
