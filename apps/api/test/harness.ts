import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { inject } from 'vitest';
import { buildApp, createServices, type Services } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connectDatabase, type Database } from '../src/infra/database.ts';
import type { Clock } from '../src/modules/core/core.service.ts';
import { databaseUrl, uniqueName, withAdmin } from './test-postgres.ts';

export interface TestContext {
  app: FastifyInstance;
  services: Services;
  database: Database;
  url: string;
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
  const config = loadConfig({
    PUBLIC_URL: 'http://zabuni.test',
    WEB_DIST_DIR: '/nonexistent',
    ...options.env,
  });
  const deps = { config, database, logger, ...(options.clock ? { clock: options.clock } : {}) };
  const services = createServices(deps);
  const app = await buildApp(deps, services);
  await app.ready();
  return {
    app,
    services,
    database,
    url,
    async close() {
      await app.close();
      await database.close();
      await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
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
