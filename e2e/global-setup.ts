import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { findFreePort } from '../apps/api/src/infra/embedded-postgres.ts';
import { databaseUrl, startTestPostgres, uniqueName, withAdmin } from '../apps/api/test/test-postgres.ts';
import { chromiumPath, INSTALL_CHROMIUM } from './browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The served app's database, for test helpers that stand in for parts not built yet. */
    databaseUrl: string;
  }
}

const root = fileURLToPath(new URL('..', import.meta.url));
// E2E_API_ENTRY: a private build of the API (apps/api/dist is shared by everyone building on this machine).
const serverEntry = process.env.E2E_API_ENTRY ?? `${root}apps/api/dist/main.js`;

// E2E_HEALTH_TIMEOUT_MS: how long the server may take to migrate and seed (a shared, loaded machine needs more).
const healthMs = Number(process.env.E2E_HEALTH_TIMEOUT_MS) || 60_000;

async function waitForHealth(url: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + healthMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}):\n${log()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become healthy within ${healthMs / 1000} s:\n${log()}`);
}

/**
 * The real production build (`apps/api/dist/main.js` serving `apps/web/dist`) on its own database with
 * demo data, as `npm start` runs it.
 */
export default async function setup({ provide }: TestProject) {
  if (!chromiumPath) {
    process.stdout.write(
      `\n  End-to-end tests skipped: Chromium is not installed. Install it with:\n    ${INSTALL_CHROMIUM}\n\n`,
    );
    provide('baseUrl', '');
    provide('databaseUrl', '');
    return;
  }
  if (
    !existsSync(serverEntry) ||
    !existsSync(`${process.env.WEB_DIST_DIR ?? `${root}apps/web/dist`}/index.html`)
  ) {
    throw new Error('The end-to-end tests run the built app: run `npm run build` first (npm test does).');
  }
  const pg = await startTestPostgres();
  const name = uniqueName('zabuni_e2e');
  await withAdmin(pg.adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl(pg.adminUrl, name),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForHealth(baseUrl, server, () => output);
  provide('baseUrl', baseUrl);
  provide('databaseUrl', databaseUrl(pg.adminUrl, name));

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
    await withAdmin(pg.adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    await pg.stop();
  };
}
