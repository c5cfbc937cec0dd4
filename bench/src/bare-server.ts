import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';

/**
 * The bare limit: the very SQL our available-jobs endpoint runs (page rows + count, in parallel), behind a
 * plain node:http server with no framework, validation, mapping or serialisation schema.
 * GET /{variant} runs the prepared statements of that request variant.
 */
interface Statement {
  sql: string;
  params: unknown[];
}
const variants = JSON.parse(readFileSync(process.env.BENCH_QUERIES_FILE!, 'utf8')) as Array<{
  rows: Statement;
  count: Statement;
}>;
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DB_POOL_MAX ?? 10),
});
pool.on('error', () => undefined);

const server = http.createServer(async (request, response) => {
  const variant = variants[Number((request.url ?? '/').slice(1))];
  if (!variant) {
    response.writeHead(404).end();
    return;
  }
  try {
    const [rows, count] = await Promise.all([
      pool.query(variant.rows.sql, variant.rows.params),
      pool.query(variant.count.sql, variant.count.params),
    ]);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ count: count.rows[0].value, results: rows.rows }));
  } catch (error) {
    response.writeHead(500).end(String(error));
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
