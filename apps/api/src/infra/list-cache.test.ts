import { describe, expect, it } from 'vitest';
import { createListCache } from './list-cache.ts';

describe('list cache windows', () => {
  const cache = createListCache({ ttlMs: 5_000 });
  /** The instants (ms, within 0..20 s) at which the window of `key` changes. */
  const boundaries = (key: string) => {
    const found: number[] = [];
    for (let t = 1; t < 20_000; t += 1)
      if (cache.window(new Date(t), key) !== cache.window(new Date(t - 1), key)) found.push(t % 5_000);
    return found;
  };

  it('a query keeps one window for the whole TTL', () => {
    const key = JSON.stringify({ deadline: 'upcoming' });
    expect(new Set(boundaries(key)).size).toBe(1);
    expect(boundaries(key)).toHaveLength(4);
  });

  it('staggers the windows of different queries, so they do not all expire and reload at once', () => {
    const keys = Array.from({ length: 15 }, (_, i) => JSON.stringify({ deadline: 'upcoming', page: i + 1 }));
    const phases = new Set(keys.map((key) => boundaries(key)[0]));
    expect(phases.size).toBeGreaterThan(10);
  });
});
