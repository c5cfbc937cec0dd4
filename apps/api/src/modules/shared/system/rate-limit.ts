import { message } from '@zabuni/contracts';
import type { Db } from '../../../infra/database.ts';
import { AppError } from '../../../infra/errors.ts';
import { rateLimitRepository } from './system.repository.ts';

export interface RateRule {
  /** What is limited, e.g. "login:ip:1.2.3.4" or "login:account:jane@example.com". */
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window rate limits kept in PostgreSQL, so every API process shares the same counts and a restart
 * forgets nothing (ARCHITECTURE §1). One upsert per rule.
 */
export function createRateLimiter(db: Db) {
  const tooMany = (windowStartedAt: Date, windowSeconds: number) => {
    const retryAfter = Math.max(
      1,
      Math.ceil((new Date(windowStartedAt).getTime() + windowSeconds * 1000 - Date.now()) / 1000),
    );
    return new AppError(
      'rate_limited',
      message('system.rate_limited'),
      {},
      { 'Retry-After': String(retryAfter) },
    );
  };

  const counters = rateLimitRepository(db);
  const count = (rule: RateRule) => counters.count(rule.key, rule.windowSeconds);

  return {
    /** Counts a hit on each rule; throws 429 when any rule is over its limit. */
    async hit(...rules: RateRule[]): Promise<void> {
      for (const rule of rules) {
        const row = await count(rule);
        if (row && row.hits > rule.limit) throw tooMany(row.window_started_at, rule.windowSeconds);
      }
    },

    /**
     * Throws 429 when a rule has already been hit `limit` times in its current window, without counting
     * this request: with `record`, for limits that count only some outcomes (failed sign-ins).
     */
    async check(...rules: RateRule[]): Promise<void> {
      for (const rule of rules) {
        const row = await counters.current(rule.key, rule.windowSeconds);
        if (row && row.hits >= rule.limit) throw tooMany(row.window_started_at, rule.windowSeconds);
      }
    },

    /** Counts an outcome against each rule (see `check`); never throws for being over the limit. */
    async record(...rules: RateRule[]): Promise<void> {
      for (const rule of rules) await count(rule);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
