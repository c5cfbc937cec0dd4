import { describe, expect, it } from 'vitest';
import { basisPointsToPercent, percentToBasisPoints } from './tax-rates.ts';

describe('tax rate percentages', () => {
  it.each([
    ['16', 1600, '16.00'],
    ['16.00', 1600, '16.00'],
    ['8.5', 850, '8.50'],
    ['0', 0, '0.00'],
    ['0.01', 1, '0.01'],
    ['100', 10_000, '100.00'],
    [' 14 ', 1400, '14.00'],
  ])('%j → %i basis points → %s', (text, points, shown) => {
    expect(percentToBasisPoints(text)).toBe(points);
    expect(basisPointsToPercent(points)).toBe(shown);
  });

  it.each(['', '-1', '100.01', '16.005', '16,5', 'abc', '1e2', '1000'])('refuses %j', (text) =>
    expect(percentToBasisPoints(text)).toBeNull(),
  );
});
