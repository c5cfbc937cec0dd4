import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { connectDatabase } from '../../apps/api/src/infra/database.ts';
import { findFreePort, startEmbeddedPostgres } from '../../apps/api/src/infra/embedded-postgres.ts';
import { runMigrations } from '../../apps/api/src/infra/migrate.ts';
import { countries } from '../../apps/api/src/modules/core/core.tables.ts';
import {
  availableJobsQueries,
  type AvailableJobsFilter,
} from '../../apps/api/src/modules/core/core.repository.ts';
import { organisations } from '../../apps/api/src/modules/organisations/organisations.tables.ts';
import { seedReferenceData } from '../../apps/api/src/seed/reference/seed-reference.ts';
import { toPrefixTsQuery } from '@zabuni/domain';
import { generateBenchData, SCALE } from './generate.ts';

/**
 * `npm run bench`: the available-jobs list at seed scale under 100 concurrent connections, through our
 * whole stack and through a bare endpoint running the same SQL. Settings: BENCH_DATABASE_URL (default: an
 * embedded server in .data/bench, generated once), BENCH_DURATION seconds per run (10),
 * BENCH_CONNECTIONS (100), BENCH_ONLY (indexes of the request mix to keep).
 */
const root = path.resolve(import.meta.dirname, '../..');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const poolMax = 20;
const logger = pino({ level: 'warn' });

const embedded = process.env.BENCH_DATABASE_URL
  ? null
  : await startEmbeddedPostgres({
      dataDir: path.join(root, '.data/bench'),
      databaseName: 'zabuni_bench',
      logger,
    });
const databaseUrl = process.env.BENCH_DATABASE_URL ?? embedded!.url;
const database = connectDatabase(databaseUrl, { max: 4, logger });
await runMigrations(database);
await seedReferenceData(database.db);
const generationStart = performance.now();
const generated = await generateBenchData(database.db);
const generationSeconds = (performance.now() - generationStart) / 1000;
console.log(
  generated
    ? `generated ${SCALE.buyers} buyers, ${SCALE.suppliers} suppliers, ${SCALE.jobs} jobs in ${generationSeconds.toFixed(1)} s`
    : `bench data already present (${SCALE.jobs} jobs)`,
);

// The request mix: what the jobs page asks for, filtered and searched.
const [kenya] = await database.db
  .select({ id: countries.id })
  .from(countries)
  .where(eq(countries.iso2, 'KE'));
const [buyer] = await database.db
  .select({ id: organisations.id })
  .from(organisations)
  .where(eq(organisations.kind, 'buyer'))
  .limit(1);
const mix: Array<Record<string, string | number>> = [
  { deadline: 'upcoming' },
  { deadline: 'upcoming', country: kenya!.id },
  { deadline: 'past', country: kenya!.id, page: 3 },
  { deadline: 'upcoming', search: 'supply' },
  { search: 'construction works', country: kenya!.id },
  { client: buyer!.id },
  { deadline: 'upcoming', page: 40 },
  { search: 'umoja bank', deadline: 'upcoming' },
];
// BENCH_ONLY=5,6 keeps only those request variants (e.g. to isolate our own overhead on cheap SQL).
const only = process.env.BENCH_ONLY?.split(',').map(Number);
if (only) mix.splice(0, mix.length, ...mix.filter((_, i) => only.includes(i)));
const now = new Date();
const variants = mix.map((m) => {
  const filter: AvailableJobsFilter = {
    tsQuery: toPrefixTsQuery(m.search as string | undefined),
    buyerId: m.client as number | undefined,
    countryId: m.country as number | undefined,
    deadline: m.deadline as 'upcoming' | 'past' | undefined,
    now,
    offset: (Number(m.page ?? 1) - 1) * 16,
    limit: 16,
  };
  const queries = availableJobsQueries(database.db, filter);
  return { rows: queries.rows.toSQL(), count: queries.count.toSQL() };
});
await database.close();
const queriesFile = path.join(root, '.data/bench-queries.json');
mkdirSync(path.dirname(queriesFile), { recursive: true });
writeFileSync(queriesFile, JSON.stringify(variants));

async function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: (port: number) => Promise<boolean>,
) {
  const port = await findFreePort();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (!(await ready(port).catch(() => false))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${args.join(' ')} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, port };
}

async function stopProcess(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
}

interface Figures {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function load(port: number, paths: string[]): Promise<Figures> {
  // Short warm-up (connections, plans, JIT), then the measured run.
  await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: 2,
    requests: paths.map((p) => ({ path: p })),
  });
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: `http://127.0.0.1:${port}`, connections, duration, requests: paths.map((p) => ({ path: p })) },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

const health = (port: number) => fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok);
const ours = await startProcess(
  ['apps/api/dist/main.js'],
  {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: 'http://127.0.0.1',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret!',
    // Required in production; the scenario sends no mail.
    SMTP_URL: 'smtp://127.0.0.1:2525',
    RUN_WORKER: 'false',
    LOG_LEVEL: 'warn',
    DB_POOL_MAX: String(poolMax),
    HOST: '127.0.0.1',
  },
  health,
);
const query = (m: Record<string, string | number>) =>
  `/api/v1/core/available-jobs/?${new URLSearchParams({ page_size: '16', ...Object.fromEntries(Object.entries(m).map(([k, v]) => [k, String(v)])) })}`;
console.log(`\nload: ${connections} connections, ${duration} s per run, ${mix.length} request variants`);
const oursFigures = await load(ours.port, mix.map(query));
await stopProcess(ours.child);

const bare = await startProcess(
  ['--import', 'tsx', 'bench/src/bare-server.ts'],
  { DATABASE_URL: databaseUrl, BENCH_QUERIES_FILE: queriesFile, DB_POOL_MAX: String(poolMax) },
  async (port) => (await fetch(`http://127.0.0.1:${port}/0`)).ok,
);
const bareFigures = await load(
  bare.port,
  mix.map((_, i) => `/${i}`),
);
await stopProcess(bare.child);
await embedded?.stop();

const row = (name: string, f: Figures) =>
  `${name.padEnd(28)} ${f.requestsPerSecond.toFixed(0).padStart(8)} ${f.p50.toFixed(1).padStart(8)} ${f.p95.toFixed(1).padStart(8)} ${f.p99.toFixed(1).padStart(8)} ${String(f.errors).padStart(7)}`;
console.log(
  `\n${'scenario: available jobs'.padEnd(28)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}`,
);
console.log(row('zabuni /core/available-jobs', oursFigures));
console.log(row('bare SQL (node:http + pg)', bareFigures));
console.log(
  `ratio zabuni/bare: throughput ${(oursFigures.requestsPerSecond / bareFigures.requestsPerSecond).toFixed(2)}, ` +
    `p95 latency ${(oursFigures.p95 / Math.max(bareFigures.p95, 0.001)).toFixed(2)}`,
);
const resultsDir = path.join(root, '.bench-results');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(
  path.join(resultsDir, `available-jobs-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
  JSON.stringify({ connections, duration, scale: SCALE, ours: oursFigures, bare: bareFigures }, null, 2),
);
if (oursFigures.errors > 0 || bareFigures.errors > 0) {
  console.error('some requests failed: the figures are not valid');
  process.exitCode = 1;
}
