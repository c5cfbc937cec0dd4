import type { ErrorBody } from '@zabuni/contracts';
import i18next from 'i18next';
import {
  ApiError,
  buildUrl,
  messageOf,
  refreshSession,
  REQUEST_TIMEOUT_MS,
  sessionExpiredBy,
} from './api-client.ts';
import { loadErrorMessages } from './i18n.ts';

/** A form value: text, or files sent as repeats of the same field (`tender_documents`). */
export type MultipartValue = string | number | null | undefined | readonly File[];

export interface UploadProgress {
  loaded: number;
  total: number;
}

interface Options {
  onProgress?(progress: UploadProgress): void;
  signal?: AbortSignal;
}

function toFormData(fields: Record<string, MultipartValue>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const file of value as readonly File[]) data.append(name, file, file.name);
    else data.append(name, String(value));
  }
  return data;
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

interface Answer {
  status: number;
  body: unknown;
}

/**
 * One XMLHttpRequest, because fetch cannot report upload progress. Its timeout follows SPEC §7 (60 s) as
 * "60 s without news": a large upload on a slow line keeps going while bytes move.
 */
function send(method: 'POST' | 'PUT', url: string, data: FormData, options: Options): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let stall: ReturnType<typeof setTimeout> | undefined;
    let timedOut = false;
    const armStall = () => {
      clearTimeout(stall);
      stall = setTimeout(() => {
        timedOut = true;
        xhr.abort();
      }, REQUEST_TIMEOUT_MS);
    };
    const onAbort = () => xhr.abort();
    const done = () => {
      clearTimeout(stall);
      options.signal?.removeEventListener('abort', onAbort);
    };

    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.upload.onprogress = (event) => {
      armStall();
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onprogress = armStall;
    xhr.onload = () => {
      done();
      resolve({ status: xhr.status, body: parse(xhr.responseText) });
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, i18next.t('errors.network', { ns: 'common' }), null));
    };
    xhr.onabort = () => {
      done();
      if (timedOut) reject(new ApiError(0, i18next.t('errors.timeout', { ns: 'common' }), null));
      else reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    armStall();
    xhr.send(data);
  });
}

/**
 * Sends a multipart form (text fields and files) with the same rules as `request()` in api-client.ts:
 * the X-Requested-With mark, the session cookie, one refresh on a 401 then the expired-session path, and
 * `ApiError` carrying the server's `{ detail, field: [messages] }` body.
 */
export async function sendMultipart<T>(
  method: 'POST' | 'PUT',
  path: string,
  fields: Record<string, MultipartValue>,
  options: Options = {},
): Promise<T> {
  const url = buildUrl(path);
  let answer = await send(method, url, toFormData(fields), options);
  let sessionEnded = false;
  if (answer.status === 401) {
    if (await refreshSession()) answer = await send(method, url, toFormData(fields), options);
    if (answer.status === 401) sessionEnded = sessionExpiredBy(path);
  }
  if (answer.status < 200 || answer.status >= 300) {
    await loadErrorMessages();
    const body = answer.body && typeof answer.body === 'object' ? (answer.body as ErrorBody) : null;
    throw new ApiError(answer.status, messageOf(answer.status, body), body, sessionEnded);
  }
  return answer.body as T;
}
