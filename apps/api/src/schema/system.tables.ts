import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Each worker process reports in on a schedule; /api/health shows when one was last seen. */
export const workerHeartbeats = pgTable('worker_heartbeats', {
  workerId: text('worker_id').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
});

/** Fixed-window counters for rate limits, shared by every API process. */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});
