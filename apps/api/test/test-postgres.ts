import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { startEmbeddedPostgres } from '../src/infra/embedded-postgres.ts';

export interface TestServer {
  /** URL of a maintenance database on the server, used to create and drop test databases. */
  adminUrl: string;
  stop(): Promise<void>;
}

/**
 * The PostgreSQL server the tests use: the one `DATABASE_URL` points at (its role needs CREATEDB; the tests
 * only create and drop databases of their own), otherwise a throw-away embedded server in a temp folder.
 */
export async function startTestPostgres(): Promise<TestServer> {
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = '/postgres';
    return { adminUrl: url.toString(), stop: async () => undefined };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'zabuni-test-'));
  const server = await startEmbeddedPostgres({
    dataDir,
    databaseName: 'zabuni_test_admin',
    logger: pino({ level: 'silent' }),
  });
  return {
    adminUrl: server.adminUrl,
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export const uniqueName = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
