/**
 * Where to go after signing in, from a `next=` the address bar brought: only a path of this site, decided
 * the way the browser will resolve it (issue 13 §7). `/\evil.example`, `/<tab>/evil.example` and
 * `/.//evil.example` look like paths but the URL parser turns them into `//evil.example` (backslashes count
 * as slashes, tabs and newlines are dropped, dot segments are removed), which is another site. So `next`
 * is resolved with `new URL` against this origin and kept only when the result is still this origin and
 * its path cannot itself be read as another site; the resolved path, query and hash are what the app then
 * follows. Anything else gives `fallback`.
 */
export function safeNext(
  next: string | null | undefined,
  fallback: string,
  origin: string = window.location.origin,
): string {
  if (!next) return fallback;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A resolved path starting `//` (from `/.//host`) would be another site when followed again.
  if (!path.startsWith('/') || path.startsWith('//')) return fallback;
  if (new URL(path, origin).origin !== origin) return fallback;
  return path;
}
