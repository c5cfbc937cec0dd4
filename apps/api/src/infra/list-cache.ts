import pg from 'pg';
import type { Logger } from './logger.ts';

/**
 * A short shared cache for the public lists (jobs, tenders): the same page asked by a hundred visitors
 * within a few seconds costs one query. Answers are identical for every visitor (no per-user data), so
 * one cache serves all of them.
 *
 * - Single flight: the first request for a key starts the load; the others wait for the same promise.
 * - Entries live `ttlMs` (real time) and carry the clock's time window in their key, so a list filtered by
 *   "upcoming" is never served from a window other than the one it was computed in.
 * - `invalidate()` empties it; a load that started before an invalidation does not store its answer
 *   (generation counter), so a change is visible to the next request after it.
 * - Bounded: at most `maxEntries` keys (searches are free text); the oldest is dropped first.
 *
 * Across processes: the tables' triggers send NOTIFY `public_lists_changed` on every change that
 * commits (publish, edit, moderation, payment, cancel; also writes by other processes or by hand), and
 * `listenForListChanges` empties the cache of each API process that receives it. If that connection is
 * down the cache is emptied on reconnect, and the TTL bounds what a missed notification can cost.
 */
export interface ListCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  invalidate(): void;
  /**
   * The clock's time window `now` falls in: part of each key, so "upcoming" is computed within it. The
   * windows of different queries (`phaseKey`, the normalised query) are staggered across the TTL, so that
   * the cached lists do not all expire at the same instant and reload together (a burst of loads at every
   * window's end, each slower for the others, was the lists' p95 under load).
   */
  window(now: Date, phaseKey?: string): number;
  /** Entries held now (tests, diagnostics). */
  size(): number;
}

export const LIST_CHANGES_CHANNEL = 'public_lists_changed';

/** A small, stable, non-negative hash of a string (FNV-1a): where in the TTL a query's windows begin. */
function phaseOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

interface Entry {
  value: Promise<unknown>;
  expiresAt: number;
}

export function createListCache({
  ttlMs,
  maxEntries = 500,
  now = () => performance.now(),
}: {
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}): ListCache {
  const entries = new Map<string, Entry>();
  let generation = 0;
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > at) return hit.value as Promise<T>;
      if (hit) entries.delete(key);
      const started = generation;
      const value = load();
      const entry: Entry = { value, expiresAt: at + ttlMs };
      entries.set(key, entry);
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      value.then(
        () => {
          // Invalidated while loading: the answer may predate the change; let the next request load again.
          if (generation !== started && entries.get(key) === entry) entries.delete(key);
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return value;
    },
    invalidate() {
      generation += 1;
      entries.clear();
    },
    window: (at: Date, phaseKey = '') =>
      ttlMs > 0 ? Math.floor((at.getTime() + (phaseOf(phaseKey) % ttlMs)) / ttlMs) : 0,
    size: () => entries.size,
  };
}

/**
 * Empties `cache` whenever a public list changes in any process (NOTIFY from the tables' triggers).
 * Keeps one dedicated connection (LISTEN cannot share a pooled one) and reconnects after a failure.
 */
export function listenForListChanges({
  pool,
  cache,
  logger,
  retryMs = 2_000,
}: {
  /** The application's pool: the listener connects with the same settings, on its own connection. */
  pool: pg.Pool;
  cache: ListCache;
  logger: Logger;
  retryMs?: number;
}): { ready: Promise<void>; close(): Promise<void> } {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ ...pool.options, application_name: 'zabuni-list-cache' });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === LIST_CHANGES_CHANNEL) cache.invalidate();
    });
    next.on('error', (error) => {
      logger.warn({ err: error.message }, 'list-cache listener connection failed');
      scheduleReconnect(next);
    });
    next.on('end', () => scheduleReconnect(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${LIST_CHANGES_CHANNEL}`);
      // Changes made while we were not listening were missed: start from empty.
      cache.invalidate();
      markReady();
    } catch (error) {
      logger.warn({ err: (error as Error).message }, 'list-cache listener could not connect');
      scheduleReconnect(next);
    }
  };
  const scheduleReconnect = (failed: pg.Client) => {
    if (closed || client !== failed || retry) return;
    cache.invalidate();
    client = null;
    failed.end().catch(() => undefined);
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, retryMs);
    retry.unref();
  };
  void connect();
  return {
    ready,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
