import type { ErrorBody } from '@zabuni/contracts';
import i18next from 'i18next';
import { loadErrorMessages } from './i18n.ts';
import { translateCode } from './error-codes.ts';

/** SPEC §7: every call has a 60-second timeout, asks for JSON and is marked as an asynchronous browser request. */
export const REQUEST_TIMEOUT_MS = 60_000;
export const API_BASE = '/api/v1';

export class ApiError extends Error {
  /**
   * The server's stable error code (ARCHITECTURE §5): a catalogue key (`requisition.not_editable`) or, for
   * errors without one, their class (`validation`, `forbidden`, …). `message` is already in the interface
   * language when the code is a catalogue key; `detail` is the server's English.
   */
  readonly code: string | undefined;
  /** The values of the message's placeholders. */
  readonly params: Readonly<Record<string, string | number>>;
  /** The one request field the error concerns, and for a line item its index (from 0). */
  readonly field: string | undefined;
  readonly line: number | undefined;
  /** The server's English sentence. */
  readonly detail: string;
  /** Each field's messages; `code`, `params`, `field` and `line` are kept apart, so they are never read as fields. */
  readonly body: ErrorBody | null;

  constructor(
    readonly status: number,
    message: string,
    body: ErrorBody | null,
    /** True when this 401 ended the signed-in session (the app has already told the user). */
    readonly sessionEnded = false,
  ) {
    // An array under `code` (or `field`, `line`) is the messages of a request field of that name.
    const meta = body && typeof body === 'object' ? body : null;
    const code = typeof meta?.code === 'string' ? meta.code : undefined;
    const params =
      meta?.params && typeof meta.params === 'object' && !Array.isArray(meta.params) ? meta.params : {};
    const field = typeof meta?.field === 'string' ? meta.field : undefined;
    const line = typeof meta?.line === 'number' ? meta.line : undefined;
    super((code && translateCode(code, params, line)) || message);
    this.name = 'ApiError';
    this.code = code;
    this.params = params;
    this.field = field;
    this.line = line;
    this.detail = message;
    if (meta) {
      const fields: Record<string, unknown> = { ...meta };
      if (code !== undefined) delete fields.code;
      if (typeof meta.params === 'object' && !Array.isArray(meta.params)) delete fields.params;
      if (field !== undefined) delete fields.field;
      if (line !== undefined) delete fields.line;
      this.body = fields as ErrorBody;
    } else {
      this.body = null;
    }
  }

  /** This error's message for one field, in the interface language when the error concerns that field. */
  messageFor(field: string): string | undefined {
    const messages = this.body?.[field];
    const first = Array.isArray(messages) ? String(messages[0]) : undefined;
    if (first === undefined) return undefined;
    if (this.field !== field || !this.code) return first;
    const text = translateCode(this.code, this.params);
    if (text === undefined) return first;
    // On its line, without its "Line 2:", the sentence starts again with a capital.
    return this.line === undefined ? text : text.charAt(0).toUpperCase() + text.slice(1);
  }
}

/** Paths whose 401 is an answer, not an expired session (SPEC §8: all but the token path). */
const SESSION_PATHS = [
  '/authentication/token/',
  '/authentication/token/refresh/',
  '/authentication/tfa/verify/',
];

/**
 * How requests leave: the browser's fetch, or (when a public page is rendered on the server) the API
 * itself, called in-process by entry-server.tsx.
 */
let transport: (url: string, init: RequestInit) => Promise<Response> = (url, init) => fetch(url, init);
export function setApiTransport(next: (url: string, init: RequestInit) => Promise<Response>) {
  transport = next;
}

let sessionExpired: (() => boolean) | null = null;
/** The app decides what an expired session means (toast, logout, go to the advertise page); true if it ended one. */
export function onSessionExpired(handler: () => boolean) {
  sessionExpired = handler;
}

let refreshing: Promise<boolean> | null = null;
/** One refresh at a time, whatever number of calls found the access token expired. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= fetch(`${API_BASE}/authentication/token/refresh/`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
  })
    .then((response) => response.ok)
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

export type QueryParams = Record<string, string | number | undefined | null>;

export function buildUrl(path: string, params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return `${API_BASE}${path}${query ? `?${query}` : ''}`;
}

/** A 401 outside the session paths that a refresh could not cure: the app ends the session (true if it did). */
export function sessionExpiredBy(path: string): boolean {
  if (SESSION_PATHS.includes(path)) return false;
  return sessionExpired?.() ?? false;
}

/** The message a user should see for a failed call: the server's `detail`, else a generic one. */
export function messageOf(status: number, body: ErrorBody | null): string {
  if (body && typeof body.detail === 'string' && body.detail) return body.detail;
  // Two-factor verification answers { error } (SPEC §7).
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error === 'string' && error) return error;
  return i18next.t('errors.requestFailed', { ns: 'common', status });
}

export async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: { params?: QueryParams; body?: unknown; signal?: AbortSignal; retried?: boolean } = {},
): Promise<T> {
  const signals = [AbortSignal.timeout(REQUEST_TIMEOUT_MS), ...(options.signal ? [options.signal] : [])];
  let response: Response;
  try {
    response = await transport(buildUrl(path, options.params), {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.any(signals),
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(0, i18next.t(timedOut ? 'errors.timeout' : 'errors.network', { ns: 'common' }), null);
  }
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  let sessionEnded = false;
  if (response.status === 401 && !SESSION_PATHS.includes(path)) {
    // The 15-minute access token ran out: refresh once and repeat the call, else the session is over.
    if (!options.retried && (await refreshSession()))
      return request<T>(method, path, { ...options, retried: true });
    sessionEnded = sessionExpiredBy(path);
  }
  if (!response.ok) {
    await loadErrorMessages();
    const errorBody = body && typeof body === 'object' ? (body as ErrorBody) : null;
    throw new ApiError(response.status, messageOf(response.status, errorBody), errorBody, sessionEnded);
  }
  return body as T;
}

export const apiGet = <T>(path: string, params?: QueryParams, signal?: AbortSignal) =>
  request<T>('GET', path, { params, signal });

export const apiPost = <T>(path: string, body?: unknown) => request<T>('POST', path, { body: body ?? {} });
export const apiPatch = <T>(path: string, body: unknown) => request<T>('PATCH', path, { body });
