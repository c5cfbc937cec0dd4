import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { pino } from 'pino';
import { derivedSecret } from '../../apps/api/src/infra/crypto.ts';
import { connectDatabase } from '../../apps/api/src/infra/database.ts';
import { findFreePort, startEmbeddedPostgres } from '../../apps/api/src/infra/embedded-postgres.ts';
import { runMigrations } from '../../apps/api/src/infra/migrate.ts';
import { dpoSimulator } from '../../apps/api/src/modules/shared/payments/dpo/dpo.simulator.ts';
import { darajaSimulator } from '../../apps/api/src/modules/shared/payments/mpesa/mpesa.simulator.ts';
import { seedReferenceData } from '../../apps/api/src/seed/reference/seed-reference.ts';
import {
  checkCallbacks,
  startAuditSealing,
  driveCallbacks,
  fulfilmentLag,
  type FulfilmentLag,
  DUPLICATE_SHARE,
  planCallbacks,
  prepareCallbackOrders,
  waitForCallbackBacklog,
  type Check,
  type DriveFigures,
  type PreparedCallbacks,
} from './callbacks.ts';
import {
  generateBenchData,
  generateBenchDirectories,
  generateBenchSupplierRegistrations,
  generateBenchTenders,
  SCALE,
} from './generate.ts';
import { label, listScenarios, type Params, type Scenario } from './lists.ts';

/**
 * `npm run bench`: the public lists at seed scale under 100 concurrent connections, through our whole
 * stack and through a bare endpoint running the same SQL; and M-Pesa callbacks at a fixed arrival rate.
 * Scenarios: `jobs` (available jobs), `tenders` (the public tender bulletin), `callbacks` (Daraja STK
 * callbacks with duplicates, then consistency checks on the database). Settings: BENCH_DATABASE_URL
 * (default: an embedded server in .data/bench, generated once), BENCH_DURATION seconds per run (10; the
 * callbacks run 30 unless it is set), BENCH_CONNECTIONS (100: concurrent connections for the lists, the
 * most open at once for the callbacks), BENCH_ONLY (scenarios and indexes of their request mix to keep:
 * `tenders`, `tenders:0,3`, `jobs+tenders`, `callbacks`, `digests`, `auctions`; a bare list of indexes such as `5,6` means
 * `jobs:5,6`), BENCH_PER_VARIANT=1 (also load each variant on its own), BENCH_CALLBACK_RATE (callbacks
 * sent per second, 1000), BENCH_CALLBACK_DRAIN (seconds to wait for answers once all are sent; 10 × the
 * duration, at least 60).
 *
 * Exit codes: 0 every scenario measured, no request failed, every consistency check held; 1 the bench
 * itself failed (setup, a server that did not start: an uncaught error); 2 the figures are incomplete
 * (requests failed, answered non-2xx or not within the run, or an endpoint was not measured); 3 a
 * consistency check failed after the callbacks (wins over 2).
 */
const root = path.resolve(import.meta.dirname, '../..');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const callbackDuration = Number(process.env.BENCH_DURATION ?? 30);
const callbackRate = Number(process.env.BENCH_CALLBACK_RATE ?? 1000);
const callbackDrainMs =
  Number(process.env.BENCH_CALLBACK_DRAIN ?? Math.max(60, 10 * callbackDuration)) * 1000;
const poolMax = 20;
// BENCH_MEMORY_DURATION=600 for the 10-minute run of the issue's goal (RSS < 300 MB, flat).
const memoryDuration = Number(process.env.BENCH_MEMORY_DURATION ?? 60);
const memoryInterval = Number(process.env.BENCH_MEMORY_INTERVAL ?? 5);
const logger = pino({ level: 'warn' });
const EXIT_INCOMPLETE = 2;
const EXIT_INCONSISTENT = 3;

// Servers this run started are stopped whatever happens to it.
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
});

// BENCH_ONLY=tenders:1,3 keeps only those scenarios and request variants (e.g. to isolate our own
// overhead on cheap SQL); `5,6` alone is read as `jobs:5,6`.
const LIST_SCENARIOS = ['jobs', 'tenders', 'suppliers', 'directories'];
const only = process.env.BENCH_ONLY;
const selected = new Map<string, number[] | null>();
if (only) {
  for (const part of only.split('+')) {
    const match = /^(?:([a-z]+)(?::([\d,]+))?|([\d,]+))$/.exec(part.trim());
    if (!match) throw new Error(`BENCH_ONLY: cannot read "${part}"`);
    const name = match[1] ?? 'jobs';
    const indexes = match[2] ?? match[3];
    if (![...LIST_SCENARIOS, 'callbacks', 'memory', 'digests', 'auctions'].includes(name))
      throw new Error(`BENCH_ONLY: no scenario "${name}"`);
    if ((name === 'callbacks' || name === 'memory' || name === 'digests' || name === 'auctions') && indexes)
      throw new Error(`BENCH_ONLY: the ${name} scenario has no variants`);
    selected.set(name, indexes ? indexes.split(',').map(Number) : null);
  }
}
const memorySelected = !only || selected.has('memory');
/**
 * Issue 19: the weekly tender-alert digests (match and queue every subscriber's digest beside the bare join,
 * then rendering and sending) run in a process and database of their own: bench/src/digests.ts.
 */
const digestsSelected = !only || selected.has('digests');
function runDigests(): number {
  if (!digestsSelected) return 0;
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'digests.ts')],
    {
      cwd: path.resolve(import.meta.dirname, '../..'),
      stdio: 'inherit',
      env: process.env,
    },
  );
  return child.status ?? 1;
}
/**
 * Issue 21: a live eAuction, 200 bidders for 60 s against two API processes (bid-to-broadcast beside the
 * bare NOTIFY round trip, none lost or out of order), in a process and database of its own: bench/src/auctions.ts.
 */
const auctionsSelected = !only || selected.has('auctions');
function runAuctions(): number {
  if (!auctionsSelected) return 0;
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'auctions.ts')],
    {
      cwd: path.resolve(import.meta.dirname, '../..'),
      stdio: 'inherit',
      env: process.env,
    },
  );
  return child.status ?? 1;
}
if (only && [...selected.keys()].every((name) => name === 'digests' || name === 'auctions'))
  process.exit(Math.max(runDigests(), runAuctions()));
const listsSelected = !only || memorySelected || LIST_SCENARIOS.some((name) => selected.has(name));
const callbacksSelected = !only || selected.has('callbacks');
if (callbacksSelected && !(callbackRate > 0 && callbackDuration > 0)) {
  throw new Error('BENCH_CALLBACK_RATE and BENCH_DURATION must be positive numbers');
}

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
// The lists need the data at seed scale (generated once); the callbacks write their own orders.
if (listsSelected) {
  let generationStart = performance.now();
  const generated = await generateBenchData(database.db);
  console.log(
    generated
      ? `generated ${SCALE.buyers} buyers, ${SCALE.suppliers} suppliers, ${SCALE.jobs} jobs in ${((performance.now() - generationStart) / 1000).toFixed(1)} s`
      : `bench data already present (${SCALE.jobs} jobs)`,
  );
  generationStart = performance.now();
  const generatedTenders = await generateBenchTenders(database.db);
  console.log(
    generatedTenders
      ? `generated ${SCALE.tenders} tenders (${SCALE.advertisers} advertisers) in ${((performance.now() - generationStart) / 1000).toFixed(1)} s`
      : `bench tenders already present (${SCALE.tenders})`,
  );
  generationStart = performance.now();
  const generatedRegistrations = await generateBenchSupplierRegistrations(database.db);
  console.log(
    generatedRegistrations
      ? `generated ${SCALE.suppliers} approved supplier registrations in ${((performance.now() - generationStart) / 1000).toFixed(1)} s`
      : `bench supplier registrations already present (${SCALE.suppliers})`,
  );
  if (await generateBenchDirectories(database.db)) console.log('generated a supplier directory per country');
}

// The request mixes: what the public pages ask for, filtered and searched (lists.ts).
const scenarios: Scenario[] = listsSelected ? await listScenarios(database.db) : [];
// The memory run loads every list variant of both scenarios, whatever BENCH_ONLY kept for the lists.
const memoryScenarios = memorySelected ? [...scenarios] : [];

if (only) {
  scenarios.splice(0, scenarios.length, ...scenarios.filter((s) => selected.has(s.name)));
  for (const scenario of scenarios) {
    const indexes = selected.get(scenario.name);
    if (indexes) scenario.mix = scenario.mix.filter((_, i) => indexes.includes(i));
  }
}
const perVariant = ['1', 'true'].includes(process.env.BENCH_PER_VARIANT ?? '');
const now = new Date();
// The bare endpoint serves every variant of every scenario, numbered in this order.
const variants = scenarios.flatMap((scenario) => scenario.mix.map((m) => scenario.queries(m, now)));

// The callbacks: the same plan for both sides (a short warm-up at up to 100/s, then the measured run), each
// side with its own orders and pending attempts, all written before any load starts.
const warmRate = Math.min(callbackRate, 100);
const callbackPlan = callbacksSelected
  ? planCallbacks([2 * warmRate, Math.round(callbackRate * callbackDuration)])
  : null;
let prepared: { ours: PreparedCallbacks; bare: PreparedCallbacks } | null = null;
if (callbackPlan) {
  const preparedStart = performance.now();
  prepared = {
    ours: await prepareCallbackOrders(database.db, callbackPlan, 'ours'),
    bare: await prepareCallbackOrders(database.db, callbackPlan, 'bare'),
  };
  console.log(
    `callbacks: ${callbackPlan.paid.length} orders with a pending M-Pesa attempt written for each side in ${((performance.now() - preparedStart) / 1000).toFixed(1)} s`,
  );
}
await database.close();
// One file per run: several benches may run at once on a shared machine.
const queriesFile = path.join(root, `.data/bench-queries-${process.pid}.json`);
mkdirSync(path.dirname(queriesFile), { recursive: true });
writeFileSync(queriesFile, JSON.stringify(variants));

async function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: (port: number) => Promise<boolean>,
  port?: number,
) {
  port ??= await findFreePort();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
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
  /** Responses received; requests still running when the run ends are not counted anywhere else. */
  responses: number;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function load(port: number, paths: string[], seconds = duration): Promise<Figures> {
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
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        duration: seconds,
        requests: paths.map((p) => ({ path: p })),
      },
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
    responses: latencies.length,
  };
}

/** Resident memory of one process, sampled every BENCH_MEMORY_INTERVAL seconds (Linux /proc). */
interface MemorySamples {
  seconds: number[];
  rssMb: number[];
}
function readRssMb(pid: number): number | null {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}
function sampleMemory(pid: number) {
  const samples: MemorySamples = { seconds: [], rssMb: [] };
  const started = performance.now();
  const take = () => {
    const rss = readRssMb(pid);
    if (rss === null) return;
    samples.seconds.push((performance.now() - started) / 1000);
    samples.rssMb.push(rss);
  };
  take();
  const timer = setInterval(take, memoryInterval * 1000);
  return {
    stop() {
      clearInterval(timer);
      take();
      return samples;
    },
  };
}
interface MemoryFigures {
  samples: number;
  startMb: number;
  maxMb: number;
  endMb: number;
  /** Mean of the last quarter of the samples minus the mean of the second quarter: growth once warm. */
  growthMb: number;
}
function memoryFigures({ rssMb }: MemorySamples): MemoryFigures | null {
  if (rssMb.length === 0) return null;
  const quarter = Math.max(1, Math.floor(rssMb.length / 4));
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
  return {
    samples: rssMb.length,
    startMb: rssMb[0]!,
    maxMb: Math.max(...rssMb),
    endMb: rssMb.at(-1)!,
    growthMb: mean(rssMb.slice(-quarter)) - mean(rssMb.slice(quarter, 2 * quarter)),
  };
}
/** BENCH_ONLY=memory: every list variant of both scenarios, mixed, for BENCH_MEMORY_DURATION seconds. */
async function memoryUnderLoad(port: number, pid: number) {
  const paths = memoryScenarios.flatMap((scenario) => scenario.mix.map((m) => query(scenario.route, m)));
  const sampler = sampleMemory(pid);
  const figures = await load(port, paths, memoryDuration);
  const samples = sampler.stop();
  return { figures, samples, memory: memoryFigures(samples) };
}

const health = (port: number) => fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok);
const query = (route: string, m: Params) =>
  `${route}?${new URLSearchParams({ page_size: '16', ...Object.fromEntries(Object.entries(m).map(([k, v]) => [k, String(v)])) })}`;

interface Measured {
  /** Null when our endpoint did not answer 200 (route missing or failing): only the bare side ran. */
  mix: Figures | null;
  variants: Array<Figures | null>;
  unavailable?: string;
}
/** Loads each scenario's whole mix, then (BENCH_PER_VARIANT) each of its variants alone. */
async function measure(port: number, pathsOf: (scenario: Scenario) => string[]) {
  const measured = new Map<Scenario, Measured>();
  for (const scenario of scenarios) {
    const paths = pathsOf(scenario);
    const statuses = await Promise.all(
      paths.map((p) => fetch(`http://127.0.0.1:${port}${p}`).then((r) => r.status)),
    );
    const failing = statuses.findIndex((status) => status !== 200);
    if (failing >= 0) {
      measured.set(scenario, {
        mix: null,
        variants: [],
        unavailable: `GET ${paths[failing]} answered ${statuses[failing]}`,
      });
      continue;
    }
    const mix = await load(port, paths);
    const variants: Figures[] = [];
    if (perVariant) for (const p of paths) variants.push(await load(port, [p]));
    measured.set(scenario, { mix, variants });
  }
  return measured;
}

if (scenarios.length > 0) {
  console.log(
    `\nload: ${connections} connections, ${duration} s per run, scenarios ${scenarios.map((s) => `${s.name} (${s.mix.length} variants)`).join(', ')}` +
      (perVariant ? ', mix then each variant alone' : ''),
  );
}
if (callbackPlan) {
  console.log(
    `\ncallbacks: ${callbackRate}/s for ${callbackDuration} s (${Math.round(DUPLICATE_SHARE * 100)} % duplicates), open loop, at most ${connections} connections`,
  );
}
interface CallbackSide {
  warmUp: DriveFigures;
  run: DriveFigures;
  acks: number;
  /** Requests not acknowledged: non-2xx, connection errors, no answer within the drain time. */
  lost: number;
  ackedUniques: Uint8Array;
}
/** The warm-up, then the measured run, against one side's callback URL. */
async function callbacks(port: number, urlPath: string, side: PreparedCallbacks): Promise<CallbackSide> {
  const plan = callbackPlan!;
  const ackedUniques = new Uint8Array(plan.paid.length);
  const drive = (phase: number, rate: number) =>
    driveCallbacks({
      port,
      path: urlPath,
      bodies: side.bodies,
      phase: plan.phases[phase]!,
      rate,
      connections,
      drainMs: callbackDrainMs,
      ackedUniques,
    });
  const warmUp = await drive(0, warmRate);
  const run = await drive(1, callbackRate);
  const acks = warmUp.acked + run.acked;
  return { warmUp, run, acks, lost: warmUp.requests + run.requests - acks, ackedUniques };
}

// Production refuses to start without real payment providers (it would send money through a simulator).
// The bench gives it placeholder credentials for the built-in simulators, served here on loopback, so
// anything it asks a provider is answered in the providers' own protocols.
const SIMULATED_MPESA = {
  consumerKey: 'bench-placeholder-key',
  consumerSecret: 'bench-placeholder-secret',
  shortCode: '174379',
  passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
};
const SIMULATED_DPO_TOKEN = 'BENCH-PLACEHOLDER-COMPANY-TOKEN';
const oursPort = await findFreePort();
const providers = Fastify();
let providersPort = await findFreePort();
while (providersPort === oursPort) providersPort = await findFreePort();
const providersBase = `http://127.0.0.1:${providersPort}`;
await providers.register(darajaSimulator(SIMULATED_MPESA), { prefix: '/sim/mpesa' });
await providers.register(
  dpoSimulator({
    companyToken: SIMULATED_DPO_TOKEN,
    publicBase: `${providersBase}/sim/dpo`,
    pushUrl: `http://127.0.0.1:${oursPort}/api/payments/card/push`,
    merchantName: 'Zabuni',
  }),
  { prefix: '/sim/dpo' },
);
await providers.listen({ port: providersPort, host: '127.0.0.1' });

const JWT_SECRET = 'bench-secret-bench-secret-bench-secret!';
const ours = await startProcess(
  // BENCH_API_ENTRY: a build of the API elsewhere (to compare two builds back to back).
  [process.env.BENCH_API_ENTRY ?? 'apps/api/dist/main.js'],
  {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: `http://127.0.0.1:${oursPort}`,
    JWT_SECRET,
    // Required in production; no worker runs, so mails stay queued and nothing is sent.
    SMTP_URL: 'smtp://127.0.0.1:2525',
    RUN_WORKER: 'false',
    LOG_LEVEL: 'warn',
    DB_POOL_MAX: String(poolMax),
    HOST: '127.0.0.1',
    MPESA_BASE_URL: `${providersBase}/sim/mpesa`,
    MPESA_CONSUMER_KEY: SIMULATED_MPESA.consumerKey,
    MPESA_CONSUMER_SECRET: SIMULATED_MPESA.consumerSecret,
    MPESA_SHORTCODE: SIMULATED_MPESA.shortCode,
    MPESA_PASSKEY: SIMULATED_MPESA.passkey,
    DPO_BASE_URL: `${providersBase}/sim/dpo/API/v6/`,
    DPO_PAYMENT_URL: `${providersBase}/sim/dpo/payv2.php`,
    DPO_COMPANY_TOKEN: SIMULATED_DPO_TOKEN,
    DPO_SERVICE_TYPE: '3854',
  },
  health,
  oursPort,
);
const oursMemory = sampleMemory(ours.child.pid!);
const oursMeasured = await measure(ours.port, (scenario) =>
  scenario.mix.map((m) => query(scenario.route, m)),
);
const listsMemory = oursMemory.stop();
const memoryRun = memorySelected ? await memoryUnderLoad(ours.port, ours.child.pid!) : null;
// Our real callback URL: PUBLIC_URL + the path secret derived from JWT_SECRET.
const stkPath = `/api/payments/stk/${derivedSecret(JWT_SECRET, 'stk-callback-path')}`;
// The audit sealer runs beside the server (a worker's job; the server above runs none).
const sealing = prepared ? startAuditSealing(databaseUrl, logger) : null;
const oursCallbacks = prepared ? await callbacks(ours.port, stkPath, prepared.ours) : null;
// Our route answers once a callback is stored; its processor applies it after: wait for what is left.
let oursBacklog: Awaited<ReturnType<typeof waitForCallbackBacklog>> | null = null;
if (prepared) {
  const watching = connectDatabase(databaseUrl, { max: 1, logger });
  oursBacklog = await waitForCallbackBacklog(watching.db, prepared.ours);
  await watching.close();
}
const oursSealing = await sealing?.finish();
await stopProcess(ours.child);
await providers.close();

const bare = await startProcess(
  ['--import', 'tsx', 'bench/src/bare-server.ts'],
  { DATABASE_URL: databaseUrl, BENCH_QUERIES_FILE: queriesFile, DB_POOL_MAX: String(poolMax) },
  async (port) => (await fetch(`http://127.0.0.1:${port}/ready`)).ok,
);
const offsets = new Map(
  scenarios.map((s, i) => [s, scenarios.slice(0, i).reduce((n, t) => n + t.mix.length, 0)]),
);
const bareMeasured = await measure(bare.port, (scenario) =>
  scenario.mix.map((_, i) => `/${offsets.get(scenario)! + i}`),
);
const bareCallbacks = prepared ? await callbacks(bare.port, '/stk', prepared.bare) : null;
await stopProcess(bare.child);

// What the database says after the callbacks, for each side.
let checks: { ours: Check[]; bare: Check[] } | null = null;
let oursLag: FulfilmentLag | null = null;
if (prepared && callbackPlan && oursCallbacks && bareCallbacks && oursBacklog) {
  const checking = connectDatabase(databaseUrl, { max: 2, logger });
  const duplicates = callbackPlan.phases.reduce((n, phase) => n + phase.duplicates, 0);
  checks = {
    ours: await checkCallbacks(
      checking.db,
      prepared.ours,
      { ...oursCallbacks, duplicates, deduplicated: true },
      true,
      oursSealing,
    ),
    bare: await checkCallbacks(checking.db, prepared.bare, { ...bareCallbacks, duplicates }, false),
  };
  oursLag = await fulfilmentLag(checking.db, prepared.ours, oursBacklog);
  await checking.close();
}
await embedded?.stop();

const cells = (f: Figures | null | undefined) =>
  f?.responses === 0
    ? '   no request finished within the run (raise BENCH_DURATION)'
    : f
      ? `${f.requestsPerSecond.toFixed(0).padStart(8)} ${f.p50.toFixed(1).padStart(8)} ${f.p95.toFixed(1).padStart(8)} ${f.p99.toFixed(1).padStart(8)} ${String(f.errors).padStart(7)}`
      : `${'—'.padStart(8)} ${'—'.padStart(8)} ${'—'.padStart(8)} ${'—'.padStart(8)} ${'—'.padStart(7)}`;
const header = `${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}`;
const resultsDir = path.join(root, '.bench-results');
mkdirSync(resultsDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
let invalid = false;
for (const scenario of scenarios) {
  const o = oursMeasured.get(scenario)!;
  const b = bareMeasured.get(scenario)!;
  const ourName = `zabuni ${scenario.route.replace(/^\/api\/v1/, '').replace(/\/$/, '')}`;
  console.log(`\n${`scenario: ${scenario.title}`.padEnd(44)} ${header}`);
  console.log(`${ourName.padEnd(44)} ${cells(o.mix)}`);
  console.log(`${'bare SQL (node:http + pg)'.padEnd(44)} ${cells(b.mix)}`);
  if (o.mix && b.mix) {
    console.log(
      `ratio zabuni/bare: throughput ${(o.mix.requestsPerSecond / b.mix.requestsPerSecond).toFixed(2)}, ` +
        `p95 latency ${(o.mix.p95 / Math.max(b.mix.p95, 0.001)).toFixed(2)}`,
    );
  }
  if (o.unavailable) console.log(`zabuni not measured: ${o.unavailable}`);
  if (b.unavailable) console.log(`bare not measured: ${b.unavailable}`);
  if (perVariant) {
    console.log(`\n${'variant (zabuni, then bare)'.padEnd(44)} ${header}`);
    scenario.mix.forEach((m, i) => {
      console.log(`${`${i} ${label(m)}`.slice(0, 44).padEnd(44)} ${cells(o.variants[i])}`);
      console.log(`${''.padEnd(44)} ${cells(b.variants[i])}`);
    });
  }
  writeFileSync(
    path.join(resultsDir, `${scenario.title.replace(/ /g, '-')}-${stamp}.json`),
    JSON.stringify(
      {
        connections,
        duration,
        scale: SCALE,
        ours: o.mix,
        bare: b.mix,
        ...(perVariant
          ? {
              variants: scenario.mix.map((m, i) => ({ params: m, ours: o.variants[i], bare: b.variants[i] })),
            }
          : {}),
      },
      null,
      2,
    ),
  );
  const all = [o.mix, b.mix, ...o.variants, ...b.variants];
  if (o.unavailable || b.unavailable || all.some((f) => f && (f.errors > 0 || f.responses === 0)))
    invalid = true;
}
if (memorySelected) {
  const memoryCells = (m: MemoryFigures | null) =>
    m
      ? `${String(m.samples).padStart(8)} ${m.startMb.toFixed(0).padStart(8)} ${m.maxMb.toFixed(0).padStart(8)} ${m.endMb.toFixed(0).padStart(8)} ${`${m.growthMb >= 0 ? '+' : ''}${m.growthMb.toFixed(1)}`.padStart(9)}`
      : '   not sampled';
  console.log(
    `\n${'scenario: memory of one API process (RSS)'.padEnd(44)} ${'samples'.padStart(8)} ${'start MB'.padStart(8)} ${'max MB'.padStart(8)} ${'end MB'.padStart(8)} ${'growth MB'.padStart(9)}`,
  );
  console.log(`${'during the list runs above'.padEnd(44)} ${memoryCells(memoryFigures(listsMemory))}`);
  if (memoryRun) {
    console.log(
      `${`every list variant for ${memoryDuration} s`.padEnd(44)} ${memoryCells(memoryRun.memory)}`,
    );
    console.log(
      `  under that load: ${memoryRun.figures.requestsPerSecond.toFixed(0)} req/s, p50 ${memoryRun.figures.p50.toFixed(1)} ms, ` +
        `p95 ${memoryRun.figures.p95.toFixed(1)} ms, p99 ${memoryRun.figures.p99.toFixed(1)} ms, ${memoryRun.figures.errors} errors; ` +
        `RSS sampled every ${memoryInterval} s; goal < 300 MB and flat (growth: last quarter's mean minus the second quarter's)`,
    );
    if (memoryRun.figures.errors > 0 || memoryRun.figures.responses === 0) invalid = true;
    writeFileSync(
      path.join(resultsDir, `memory-${stamp}.json`),
      JSON.stringify(
        { connections, duration: memoryDuration, interval: memoryInterval, ...memoryRun },
        null,
        2,
      ),
    );
  }
}
let inconsistent = false;
if (callbackPlan && oursCallbacks && bareCallbacks && checks) {
  const callbackCells = (f: DriveFigures) =>
    `${f.targetRate.toFixed(0).padStart(8)} ${f.achievedRate.toFixed(0).padStart(8)} ${f.p50.toFixed(0).padStart(8)} ${f.p95.toFixed(0).padStart(8)} ${f.p99.toFixed(0).padStart(8)} ${String(f.non2xx).padStart(7)} ${String(f.errors + f.unfinished).padStart(7)}`;
  const run = oursCallbacks.run;
  console.log(
    `\n${`scenario: M-Pesa STK callbacks`.padEnd(44)} ${'target/s'.padStart(8)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'non-2xx'.padStart(7)} ${'lost'.padStart(7)}`,
  );
  console.log(`${'zabuni /api/payments/stk/{secret}'.padEnd(44)} ${callbackCells(oursCallbacks.run)}`);
  console.log(`${'bare SQL (node:http + pg)'.padEnd(44)} ${callbackCells(bareCallbacks.run)}`);
  console.log(
    `${run.requests} requests in ${callbackDuration} s (${run.duplicates} duplicates, ${(DUPLICATE_SHARE * 100).toFixed(0)} % asked; ` +
      `after a ${oursCallbacks.warmUp.requests}-request warm-up at ${warmRate}/s), at most ${connections} connections; ` +
      `latency from each request's scheduled send; last answer after ${oursCallbacks.run.seconds.toFixed(1)} s (zabuni), ` +
      `${bareCallbacks.run.seconds.toFixed(1)} s (bare); driver lag at most ${Math.max(oursCallbacks.run.maxSendLagMs, bareCallbacks.run.maxSendLagMs).toFixed(0)} ms`,
  );
  for (const [side, warm] of [
    ['zabuni', oursCallbacks.warmUp],
    ['bare', bareCallbacks.warmUp],
  ] as const) {
    if (warm.non2xx + warm.errors + warm.unfinished > 0) {
      console.log(
        `warm-up (${side}): ${warm.non2xx} non-2xx, ${warm.errors} errors, ${warm.unfinished} unanswered`,
      );
    }
  }
  console.log(
    `ratio zabuni/bare: throughput ${(oursCallbacks.run.achievedRate / Math.max(bareCallbacks.run.achievedRate, 0.001)).toFixed(2)} ` +
      `(callbacks acknowledged per second; zabuni answers once a callback is stored and applies it after, the bare SQL applies it before answering)`,
  );
  if (oursLag) {
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(
      `fulfilment lag (zabuni: callback stored and acknowledged -> order paid and fulfilled by the processor): ` +
        `p50 ${s(oursLag.p50)}, p95 ${s(oursLag.p95)}, max ${s(oursLag.max)} over ${oursLag.orders} orders; ` +
        `backlog applied ${s(oursLag.backlogDrainedMs)} after the last answer` +
        (oursLag.backlogLeft > 0
          ? ` (${oursLag.backlogLeft} stored callbacks still unprocessed when the wait gave up)`
          : ''),
    );
    if (oursLag.backlogLeft > 0) invalid = true;
  }
  for (const [side, list] of [
    ['zabuni', checks.ours],
    ['bare', checks.bare],
  ] as const) {
    console.log(`consistency (${side}):`);
    for (const check of list) console.log(`  ${check.ok ? 'ok  ' : 'FAIL'} ${check.name}: ${check.detail}`);
  }
  inconsistent = [...checks.ours, ...checks.bare].some((check) => !check.ok);
  const all = [oursCallbacks.warmUp, oursCallbacks.run, bareCallbacks.warmUp, bareCallbacks.run];
  if (all.some((f) => f.non2xx > 0 || f.errors > 0 || f.unfinished > 0)) invalid = true;
  writeFileSync(
    path.join(resultsDir, `callbacks-${stamp}.json`),
    JSON.stringify(
      {
        targetRate: callbackRate,
        duration: callbackDuration,
        duplicateShare: DUPLICATE_SHARE,
        connections,
        warmUp: { rate: warmRate, ours: oursCallbacks.warmUp, bare: bareCallbacks.warmUp },
        ours: oursCallbacks.run,
        bare: bareCallbacks.run,
        fulfilmentLag: oursLag,
        checks,
      },
      null,
      2,
    ),
  );
}
let exitCode = 0;
if (invalid) {
  console.error(
    '\nsome requests failed or did not finish, or an endpoint was not measured: the figures are not complete',
  );
  exitCode = EXIT_INCOMPLETE;
}
if (inconsistent) {
  console.error('\na consistency check failed: the database does not say what the callbacks said');
  exitCode = EXIT_INCONSISTENT;
}
const digestsExit = runDigests();
const auctionsExit = runAuctions();
if (digestsExit !== 0 && exitCode === 0) exitCode = digestsExit;
if (auctionsExit !== 0 && exitCode === 0) exitCode = auctionsExit;
// Exit explicitly: embedded-postgres hooks 'beforeExit' (async-exit-hook) and calls process.exit(0) there,
// which would drop a process.exitCode set above.
process.exit(exitCode);
