/** Where services read the time, so tests can fix or move it (test/harness.ts: fixedClock, manualClock). */
export interface Clock {
  now(): Date;
}
