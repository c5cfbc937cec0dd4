/**
 * What a page rendered on the server must agree on with the browser that hydrates it (issue 15).
 *
 * `now`: the moment the server rendered; clocks (countdowns) show it until the page has hydrated, so the
 * browser's first render matches the HTML it was sent. `head`: while the server renders, pages write
 * their title and description here instead of into `document` (effects do not run on the server).
 * The server renders one page at a time synchronously, so a module-level value is enough.
 */
export interface RenderedHead {
  title?: string;
  description?: string;
  /** The page drew the not-found state (an unknown module or address inside a known route): a 404. */
  notFound?: boolean;
}

export const renderContext: { now: number | undefined; head: RenderedHead | null } = {
  now: undefined,
  head: null,
};

/** A page's title or description, kept while the server renders it (nothing happens in the browser). */
export function recordHead(part: RenderedHead) {
  if (renderContext.head) Object.assign(renderContext.head, part);
}
