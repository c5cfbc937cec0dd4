import { appendFileSync } from 'node:fs';

/**
 * Stage timings of the live auction path for `BENCH_ONLY=auctions` (bench/src/auctions.ts): off unless
 * AUCTION_TRACE_FILE names a file. Each line is `kind seq wall-clock ms…` (sub-millisecond, comparable across
 * the processes of one machine); the lines are kept in memory and appended twice a second, so the traced
 * path does no I/O of its own.
 */
const file = process.env.AUCTION_TRACE_FILE ?? '';
const lines: string[] = [];
const flush = () => {
  if (lines.length) appendFileSync(file, `${lines.splice(0).join('\n')}\n`);
};
if (file) {
  setInterval(flush, 500).unref();
  process.on('exit', flush);
}

export const traceNow = () => performance.timeOrigin + performance.now();

/** Records one line (a no-op without AUCTION_TRACE_FILE). */
export function trace(kind: string, ...values: number[]) {
  if (!file) return;
  lines.push(`${kind} ${process.pid} ${values.map((v) => v.toFixed(3)).join(' ')}`);
}

export const tracing = file !== '';
