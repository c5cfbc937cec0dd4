import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from './logger.ts';

export type Db = NodePgDatabase;
/** A transaction handle: repositories accept either, so a use case can run them in one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export interface Database {
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
}

// timestamptz and bigint come back as strings by default; we want Date and (bounded) numbers at the edge.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export function connectDatabase(url: string, options: { max: number; logger: Logger }): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    application_name: 'zabuni',
    // Storage is SSD everywhere we run: with the default (4.0, spinning disks) the planner prefers reading
    // whole tables over the text-search index (bench: 730 ms → 220 ms for a broad search).
    options: '-c random_page_cost=1.1',
  });
  // A connection that dies while idle (server restart, embedded server stopping first) must not kill the process.
  pool.on('error', (error: Error & { code?: string }) => {
    // 57P01: the server is shutting down (Ctrl-C reaches the embedded server too): expected, not a fault.
    if (error.code === '57P01') options.logger.info('database server closed an idle connection');
    else options.logger.warn({ err: error.message }, 'idle database connection failed');
  });
  const db = drizzle({ client: pool });
  let closed = false;
  return {
    pool,
    db,
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** A page of rows and the total they were cut from, fetched in parallel. */
export async function rowsAndCount<Row>(
  rows: PromiseLike<Row[]>,
  total: PromiseLike<Array<{ value: number }>>,
): Promise<{ count: number; rows: Row[] }> {
  const [pageRows, [counted]] = await Promise.all([rows, total]);
  return { count: counted?.value ?? 0, rows: pageRows };
}
