import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { inject } from 'vitest';
import { buildApp, createServices, type Services } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { connectDatabase, type Database } from '../src/infra/database.ts';
import type { Clock } from '../src/infra/clock.ts';
import { databaseUrl, uniqueName, withAdmin } from './test-postgres.ts';

export interface TestContext {
  app: FastifyInstance;
  services: Services;
  config: Config;
  database: Database;
  url: string;
  /** This test's DATA_DIR (uploaded files live in its `files` folder). */
  dataDir: string;
  close(): Promise<void>;
}

/** A fresh database (cloned from the migrated template) and the real HTTP app on top of it. */
export async function createTestContext(
  options: { clock?: Clock; env?: NodeJS.ProcessEnv } = {},
): Promise<TestContext> {
  const adminUrl = inject('pgAdminUrl');
  const name = uniqueName('zabuni_test');
  await withAdmin(adminUrl, (client) =>
    client.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`),
  );
  const url = databaseUrl(adminUrl, name);
  const logger = pino({ level: 'silent' });
  const database = connectDatabase(url, { max: 4, logger });
  // Uploaded files go to a folder of this test's own (removed in close()).
  const dataDir = await mkdtemp(path.join(tmpdir(), 'zabuni-test-'));
  const config = loadConfig({
    PUBLIC_URL: 'http://zabuni.test',
    WEB_DIST_DIR: '/nonexistent',
    DATA_DIR: dataDir,
    ...options.env,
  });
  // Calls to PUBLIC_URL (the payment simulators, and their callbacks to us) go into this app in-process,
  // exactly as they would over the network.
  let target: FastifyInstance | null = null;
  const publicOrigin = new URL(config.publicUrl).origin;
  const inProcessFetch: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin !== publicOrigin || !target) return fetch(input, init);
    const answer = await target.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    return new Response(answer.statusCode === 204 ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: Object.entries(answer.headers).flatMap(([name, value]) =>
        value === undefined ? [] : [[name, String(value)] as [string, string]],
      ),
    });
  };
  const deps = {
    config,
    database,
    logger,
    fetch: inProcessFetch,
    ...(options.clock ? { clock: options.clock } : {}),
  };
  const services = createServices(deps);
  const app = await buildApp(deps, services);
  target = app;
  await app.ready();
  return {
    app,
    services,
    config,
    database,
    url,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const fixedClock = (iso: string): Clock => ({ now: () => new Date(iso) });

/** A clock the test moves forward by hand (expiry, TOTP time steps). */
export function manualClock(start = new Date()) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}
