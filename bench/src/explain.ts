import path from 'node:path';
import { pino } from 'pino';
import { connectDatabase } from '../../apps/api/src/infra/database.ts';
import { startEmbeddedPostgres } from '../../apps/api/src/infra/embedded-postgres.ts';
import { label, listScenarios } from './lists.ts';

/**
 * `npm run bench:explain`: EXPLAIN (ANALYZE, BUFFERS) of every list variant's statements (page rows and
 * count) on the bench data, through a connection with the application's settings (connectDatabase), so
 * the plans are the ones our endpoints get. Run `npm run bench` once first (it generates the data).
 * BENCH_DATABASE_URL as for the bench; BENCH_ONLY=jobs or tenders (optionally `:indexes`); EXPLAIN_SET
 * adds settings to try (`random_page_cost=4`); EXPLAIN_FULL=1 prints whole plans, otherwise the top
 * line and the timings.
 */
const root = path.resolve(import.meta.dirname, '../..');
const logger = pino({ level: 'warn' });
const embedded = process.env.BENCH_DATABASE_URL
  ? null
  : await startEmbeddedPostgres({
      dataDir: path.join(root, '.data/bench'),
      databaseName: 'zabuni_bench',
      logger,
    });
const database = connectDatabase(process.env.BENCH_DATABASE_URL ?? embedded!.url, { max: 2, logger });
const only = /^([a-z]+)(?::([\d,]+))?$/.exec(process.env.BENCH_ONLY ?? '');
const full = ['1', 'true'].includes(process.env.EXPLAIN_FULL ?? '');
const client = await database.pool.connect();
try {
  for (const setting of (process.env.EXPLAIN_SET ?? '').split(',').filter(Boolean)) {
    const [name, value] = setting.split('=');
    await client.query(`SELECT set_config($1, $2, false)`, [name, value]);
  }
  const now = new Date();
  for (const scenario of await listScenarios(database.db)) {
    if (only && only[1] !== scenario.name) continue;
    const indexes = only?.[2]?.split(',').map(Number);
    for (const [i, m] of scenario.mix.entries()) {
      if (indexes && !indexes.includes(i)) continue;
      const statements = scenario.queries(m, now);
      for (const [kind, statement] of Object.entries(statements)) {
        // Once to warm the cache, as the bench's warm-up does; then measured.
        await client.query(statement.sql, statement.params);
        const plan = await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`,
          statement.params,
        );
        const lines = plan.rows.map((row) => row['QUERY PLAN']);
        console.log(`\n${scenario.name}:${i} ${label(m)} — ${kind}`);
        const shown = full
          ? lines
          : [lines[0]!, ...lines.filter((l) => /^(Planning|Execution) Time/.test(l))];
        for (const line of shown) console.log(`  ${line}`);
      }
    }
  }
} finally {
  client.release();
  await database.close();
  await embedded?.stop();
}
process.exit(0);
