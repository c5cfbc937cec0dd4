import pg from 'pg';
import type { Logger } from './logger.ts';

/** The application's pool: the listener connects with its settings, on a connection of its own. */
export type ListenPool = pg.Pool;

/**
 * A dedicated connection LISTENing on one PostgreSQL channel (LISTEN cannot share a pooled connection),
 * reconnecting after a failure. Notifications arrive in commit order. `onReconnect` runs after every
 * (re)connection, because whatever was notified while the connection was down is lost: the caller catches
 * up from its tables (the live auctions replay their bid table).
 */
export function listenToChannel({
  pool,
  channel,
  onMessage,
  onReconnect,
  logger,
  retryMs = 1_000,
}: {
  pool: pg.Pool;
  channel: string;
  onMessage: (payload: string) => void;
  onReconnect?: () => void;
  logger: Logger;
  retryMs?: number;
}): { ready: Promise<void>; close(): Promise<void> } {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ ...pool.options, application_name: `zabuni-listen-${channel}` });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', (error) => {
      logger.warn({ err: error.message, channel }, 'listener connection failed');
      scheduleReconnect(next);
    });
    next.on('end', () => scheduleReconnect(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      onReconnect?.();
      markReady();
    } catch (error) {
      logger.warn({ err: (error as Error).message, channel }, 'listener could not connect');
      scheduleReconnect(next);
    }
  };
  const scheduleReconnect = (failed: pg.Client) => {
    if (closed || client !== failed || retry) return;
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
