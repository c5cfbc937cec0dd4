import { message, SEARCH_COUNT_CAP } from '@zabuni/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fieldError } from './errors.ts';
import { toPage, type PageRequest } from './pagination.ts';

/**
 * What the public lists (available jobs, tenders) share: counts capped where exact ones are costly, and
 * keyset pages (`cursor`) beside numbered ones.
 */

/** The position after a page's last row in (closing instant, id) order; `at` is PostgreSQL's own text. */
export interface ListPosition {
  at: string;
  id: number;
}

export function encodeCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify([position.at, position.id])).toString('base64url');
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)?$/;

/** A cursor from an earlier answer; anything else is a 400 on `cursor`. */
export function decodeCursor(cursor: string): ListPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      TIMESTAMP.test(value[0]) &&
      Number.isSafeInteger(value[1]) &&
      (value[1] as number) > 0
    ) {
      return { at: value[0], id: value[1] as number };
    }
  } catch {
    // falls through to the 400
  }
  throw fieldError('cursor', message('field.cursor'));
}

/**
 * How far a list's count goes: SEARCH_COUNT_CAP, or the end of the page asked if that is deeper (so a
 * numbered page always knows whether a next one exists). The count statement counts `limit` = cap + 1
 * rows at most: more than the cap means "cap+".
 */
export function countCap(offset: number, pageSize: number) {
  return Math.max(SEARCH_COUNT_CAP, offset + pageSize);
}

/** The slice a list repository reads: `limit` is one more than the page, to know whether more follow. */
export interface ListSlice {
  offset: number;
  limit: number;
  after: ListPosition | null;
  countLimit: number;
}

export function listSlice(page: PageRequest, cursor: string | undefined): ListSlice {
  const after = cursor ? decodeCursor(cursor) : null;
  return {
    offset: after ? 0 : page.offset,
    limit: page.pageSize + 1,
    after,
    countLimit: countCap(after ? 0 : page.offset, page.pageSize) + 1,
  };
}

export interface ListAnswer<T> {
  count: number;
  count_capped: boolean;
  next_cursor: string | null;
  results: T[];
}

/** Cuts what the repository read (page + 1 rows, capped count) into the answer's fields. */
export function toListAnswer<Row extends { cursorAt: string; id: number }, T>(
  slice: ListSlice,
  pageSize: number,
  { rows, count }: { rows: Row[]; count: number },
  map: (row: Row) => T,
): ListAnswer<T> {
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  const cap = slice.countLimit - 1;
  return {
    count: Math.min(count, cap),
    count_capped: count > cap,
    next_cursor: rows.length > pageSize && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
    results: page.map(map),
  };
}

/**
 * The list envelope: numbered pages link as before (`page=`); a keyset request (`cursor=`) links its next
 * page by cursor and has no previous link (keyset pages go forward). Whether a next page exists comes
 * from the extra row read, not from the (possibly capped) count.
 */
export function toListPage<T>(
  request: FastifyRequest & { query: { cursor?: string | undefined } },
  publicUrl: string,
  page: PageRequest,
  answer: ListAnswer<T>,
) {
  const envelope = toPage(request, publicUrl, page, answer.count, answer.results);
  const keyset = request.query.cursor !== undefined;
  let next: string | null = null;
  if (answer.next_cursor) {
    const url = new URL(request.url, publicUrl);
    if (keyset) {
      url.searchParams.delete('page');
      url.searchParams.set('cursor', answer.next_cursor);
    } else {
      url.searchParams.set('page', String(page.page + 1));
    }
    url.searchParams.set('page_size', String(page.pageSize));
    next = url.toString();
  }
  return {
    count: envelope.count,
    next,
    previous: keyset ? null : envelope.previous,
    results: envelope.results,
    count_capped: answer.count_capped,
    next_cursor: answer.next_cursor,
  };
}

/**
 * The serialized pages of a cached answer, per request URL: the list cache shares one answer object
 * between every visitor asking the same query, so the response schema's check and JSON.stringify run once
 * per answer and URL instead of once per request (at 100 connections they were most of a cached page's
 * time). Held weakly by the answer: it goes when the list cache drops or replaces the answer (expiry,
 * invalidation), so nothing here outlives it. At most PAGES_PER_ANSWER URLs each (query strings are free).
 */
const serializedPages = new WeakMap<object, Map<string, Buffer>>();
const PAGES_PER_ANSWER = 32;

/**
 * Sends `envelope(answer)` for a cached (shared) answer, serialized once per answer and request URL: any
 * public list whose answers come from the list cache (jobs, tenders, the supplier listing, directories).
 */
export function sendShared<A extends object>(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: A,
  envelope: (answer: A) => unknown = (same) => same,
): FastifyReply {
  let pages = serializedPages.get(answer);
  if (!pages) {
    pages = new Map();
    serializedPages.set(answer, pages);
  }
  let body = pages.get(request.url);
  if (body === undefined) {
    // The route's own serializer: the response schema checks and shapes it exactly as for a returned object.
    // Kept as bytes: a string would be measured and UTF-8 encoded again on every send.
    body = Buffer.from(reply.serialize(envelope(answer)) as string);
    if (pages.size < PAGES_PER_ANSWER) pages.set(request.url, body);
  }
  return reply.header('content-type', 'application/json; charset=utf-8').send(body);
}

/** Sends the list envelope of `answer` (see toListPage), serialized once per answer and request URL. */
export function sendListPage<T>(
  request: FastifyRequest & { query: { cursor?: string | undefined } },
  reply: FastifyReply,
  publicUrl: string,
  page: PageRequest,
  answer: ListAnswer<T>,
): FastifyReply {
  return sendShared(request, reply, answer, (shared) => toListPage(request, publicUrl, page, shared));
}
