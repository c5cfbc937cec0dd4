import type * as Toastify from 'react-toastify';
import type { ToastContent, ToastOptions, UpdateOptions } from 'react-toastify';

/**
 * SPEC §9 toasts, without react-toastify in the first load (issue 15: ~5 kB gzip on every public page that
 * no first paint needs). Pages call `toast.success(...)` as with react-toastify; the library loads at the
 * visitor's first touch, scroll or key, or at the first toast (App.tsx mounts its container then), and
 * calls made before it has loaded are shown once it has. Import `toast` from here, never from react-toastify.
 */
type Library = typeof Toastify;
type Id = string | number;

let library: Library | null = null;
let loading: Promise<Library> | null = null;
const waiting: Array<(lib: Library) => void> = [];
let nextId = 0;

let announceLoaded: (lib: Library) => void = () => undefined;
const loaded = new Promise<Library>((resolve) => {
  announceLoaded = resolve;
});

export function loadToasts(): Promise<Library> {
  loading ??= import('react-toastify').then((lib) => {
    library = lib;
    announceLoaded(lib);
    for (const call of waiting.splice(0)) call(lib);
    return lib;
  });
  return loading;
}

/** Resolves once the library has loaded, whoever asked for it (a toast, or the visitor's first touch). */
export function toastsLoaded(): Promise<Library> {
  return loaded;
}

function run(call: (lib: Library) => void) {
  if (library) call(library);
  else {
    waiting.push(call);
    void loadToasts();
  }
}

type Kind = 'success' | 'error' | 'info' | 'warn';

/** A toast of `kind`; its id is known at once (chosen here unless the caller gives one). */
function show(kind: Kind) {
  return (content: ToastContent, options: ToastOptions = {}): Id => {
    const toastId = options.toastId ?? `toast-${(nextId += 1)}`;
    run((lib) => {
      lib.toast[kind](content, { ...options, toastId });
    });
    return toastId;
  };
}

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warn: show('warn'),
  /** Before the library has loaded no toast is shown. */
  isActive: (id: Id): boolean => library?.toast.isActive(id) ?? false,
  update: (id: Id, options: UpdateOptions) => run((lib) => lib.toast.update(id, options)),
  dismiss: (id?: Id) => run((lib) => lib.toast.dismiss(id)),
};
