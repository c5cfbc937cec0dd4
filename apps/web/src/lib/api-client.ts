import type { ErrorBody } from '@zabuni/contracts';
import i18next from 'i18next';

/** SPEC §7: every call has a 60-second timeout, asks for JSON and is marked as an asynchronous browser request. */
export const REQUEST_TIMEOUT_MS = 60_000;
export const API_BASE = '/api/v1';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: ErrorBody | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
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

/** The message a user should see for a failed call: the server's `detail`, else a generic one. */
function messageOf(status: number, body: ErrorBody | null): string {
  if (body && typeof body.detail === 'string' && body.detail) return body.detail;
  return i18next.t('errors.requestFailed', { ns: 'common', status });
}

export async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: { params?: QueryParams; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const signals = [AbortSignal.timeout(REQUEST_TIMEOUT_MS), ...(options.signal ? [options.signal] : [])];
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.params), {
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
  if (!response.ok) {
    const errorBody = body && typeof body === 'object' ? (body as ErrorBody) : null;
    throw new ApiError(response.status, messageOf(response.status, errorBody), errorBody);
  }
  return body as T;
}

export const apiGet = <T>(path: string, params?: QueryParams, signal?: AbortSignal) =>
  request<T>('GET', path, { params, signal });
