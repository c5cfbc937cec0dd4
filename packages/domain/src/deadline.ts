/**
 * Deadlines of sourcing events (tenders, RFQs, prequalifications).
 * A deadline is a full instant; whether it has passed is decided against a clock the caller supplies,
 * so the same rule serves the server (filters) and the browser (live countdowns).
 */

export interface Countdown {
  /** True once the deadline instant has been reached. */
  passed: boolean;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function countdown(closingAt: Date, now: Date): Countdown {
  const remaining = closingAt.getTime() - now.getTime();
  if (!Number.isFinite(remaining) || remaining <= 0) {
    return { passed: true, days: 0, hours: 0, minutes: 0, seconds: 0 };
  }
  return {
    passed: false,
    days: Math.floor(remaining / DAY),
    hours: Math.floor((remaining % DAY) / HOUR),
    minutes: Math.floor((remaining % HOUR) / MINUTE),
    seconds: Math.floor((remaining % MINUTE) / SECOND),
  };
}

export type DeadlineFilter = 'upcoming' | 'past';

/** Which side of `now` a deadline filter keeps. A deadline exactly at `now` counts as past. */
export function matchesDeadlineFilter(closingAt: Date, now: Date, filter: DeadlineFilter): boolean {
  const isPast = closingAt.getTime() <= now.getTime();
  return filter === 'past' ? isPast : !isPast;
}
