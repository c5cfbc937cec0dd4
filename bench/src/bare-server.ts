import { readFileSync } from 'node:fs';
import http from 'node:http';
import { pino } from 'pino';
import { connectDatabase } from '../../apps/api/src/infra/database.ts';

/**
 * The bare limit: the very SQL our list endpoints run (page rows + count, in parallel), over the same pool
 * settings, behind a plain node:http server with no framework, validation, mapping, cache or serialisation
 * schema.
 * GET /{variant} runs the prepared statements of that request variant.
 * POST /stk takes a Daraja STK callback with the least SQL that keeps it: one statement that resolves the
 * attempt (once), marks its order paid and fulfilled (or failed), and stores the raw message as processed.
 * No locks beyond the UPDATEs' own, no amount or phone check, no product fulfilment, audit or receipt mail.
 */
interface Statement {
  sql: string;
  params: unknown[];
}
const variants = JSON.parse(readFileSync(process.env.BENCH_QUERIES_FILE!, 'utf8')) as Array<{
  rows: Statement;
  count?: Statement;
}>;
// The very pool our server uses (connectDatabase): same connection settings (random_page_cost, …), so the
// same SQL gets the same plans on both sides.
const { pool } = connectDatabase(process.env.DATABASE_URL!, {
  max: Number(process.env.DB_POOL_MAX ?? 10),
  logger: pino({ level: 'silent' }),
});

const STK_SQL = `
  WITH attempt AS (
    UPDATE payment_attempts
       SET status = CASE WHEN $6 THEN 'paid' ELSE 'failed' END::payment_attempt_status,
           result_code = $3, result_desc = $4, receipt = $5, resolved_at = now()
     WHERE checkout_request_id = $2 AND resolved_at IS NULL
    RETURNING id, order_id
  ), paid AS (
    UPDATE orders
       SET payment_state = CASE WHEN $6 THEN 'paid' ELSE 'failed' END::payment_state,
           paid_at = CASE WHEN $6 THEN now() END,
           fulfilled_at = CASE WHEN $6 THEN now() END,
           updated_at = now()
      FROM attempt
     WHERE orders.id = attempt.order_id AND orders.payment_state <> 'paid'
  )
  INSERT INTO payment_messages (provider, kind, body, attempt_id, processed_at)
  VALUES ('mpesa', 'stk_callback', $1::jsonb, (SELECT id FROM attempt), now())`;

interface StkCallback {
  CheckoutRequestID?: unknown;
  ResultCode?: unknown;
  ResultDesc?: unknown;
  CallbackMetadata?: { Item?: Array<{ Name?: string; Value?: unknown }> };
}

async function storeStkCallback(raw: string) {
  const callback = (JSON.parse(raw) as { Body?: { stkCallback?: StkCallback } }).Body?.stkCallback ?? {};
  const receipt = callback.CallbackMetadata?.Item?.find((item) => item.Name === 'MpesaReceiptNumber')?.Value;
  const code = Number(callback.ResultCode);
  await pool.query(STK_SQL, [
    raw,
    String(callback.CheckoutRequestID ?? ''),
    String(callback.ResultCode ?? ''),
    String(callback.ResultDesc ?? ''),
    receipt === undefined ? null : String(receipt),
    code === 0,
  ]);
}

const server = http.createServer(async (request, response) => {
  if (request.method === 'POST' && request.url === '/stk') {
    try {
      const parts: Buffer[] = [];
      for await (const part of request) parts.push(part as Buffer);
      await storeStkCallback(Buffer.concat(parts).toString('utf8'));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"ResultCode":0,"ResultDesc":"Accepted"}');
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
    return;
  }
  if (request.url === '/ready') {
    response.writeHead(200).end();
    return;
  }
  const variant = variants[Number((request.url ?? '/').slice(1))];
  if (!variant) {
    response.writeHead(404).end();
    return;
  }
  try {
    // A keyset list (the A–Z listing) runs its page only: no count.
    const [rows, count] = await Promise.all([
      pool.query(variant.rows.sql, variant.rows.params),
      variant.count ? pool.query(variant.count.sql, variant.count.params) : null,
    ]);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ count: count?.rows[0].value, results: rows.rows }));
  } catch (error) {
    response.writeHead(500).end(String(error));
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
