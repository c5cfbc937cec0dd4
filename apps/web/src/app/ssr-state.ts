import type { DehydratedState } from '@tanstack/react-query';
import type { ErrorBody } from '@zabuni/contracts';
import { ApiError } from '../lib/api-client.ts';
import type { LanguageCode } from '../lib/i18n.ts';

/**
 * What a page rendered on the server hands to the browser that hydrates it (issue 15), as JSON in
 * `<script type="application/json" id="zabuni-ssr">` (data, not code: the Content-Security-Policy allows no
 * inline script): the language it was rendered in, the moment it was rendered, and the answers of the
 * requests it made, so the browser's first render needs no request and matches the HTML.
 */
export const SSR_STATE_ID = 'zabuni-ssr';

export interface SsrState {
  language: LanguageCode;
  now: number;
  queries: DehydratedState;
}

interface SerialisedApiError {
  apiError: { status: number; detail: string; body: ErrorBody | null };
}

function serialiseError(error: unknown): unknown {
  if (!(error instanceof ApiError))
    return error === null || error === undefined ? error : { message: 'failed' };
  const body: Record<string, unknown> = { ...(error.body ?? {}) };
  if (error.code !== undefined) body.code = error.code;
  if (Object.keys(error.params).length > 0) body.params = error.params;
  if (error.field !== undefined) body.field = error.field;
  if (error.line !== undefined) body.line = error.line;
  return { apiError: { status: error.status, detail: error.detail, body: body as ErrorBody } };
}

function reviveError(error: unknown): unknown {
  const saved = (error as SerialisedApiError | null)?.apiError;
  return saved ? new ApiError(saved.status, saved.detail, saved.body) : error;
}

function mapErrors(queries: DehydratedState, map: (error: unknown) => unknown): DehydratedState {
  return {
    ...queries,
    queries: queries.queries.map((query) =>
      query.state.error === null && !query.state.fetchFailureReason
        ? query
        : {
            ...query,
            state: {
              ...query.state,
              error: map(query.state.error) as Error | null,
              fetchFailureReason: map(query.state.fetchFailureReason) as Error | null,
            },
          },
    ),
  };
}

/**
 * The state as the text of the script element: `<` is escaped so nothing in the data (a tender title
 * holding `</script>` or `<!--`) can end the element or change how it is parsed; U+2028/2029 for old parsers.
 */
export function serialiseSsrState(state: SsrState): string {
  return JSON.stringify({ ...state, queries: mapErrors(state.queries, serialiseError) })
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The server's state, or null when the page was not rendered by the server (the single-page shell). */
export function readSsrState(): SsrState | null {
  const element = document.getElementById(SSR_STATE_ID);
  if (!element?.textContent) return null;
  try {
    const state = JSON.parse(element.textContent) as SsrState;
    return { ...state, queries: mapErrors(state.queries, reviveError) };
  } catch {
    return null;
  }
}
