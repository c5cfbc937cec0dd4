import { describe, expect, it } from 'vitest';
import { countdown, matchesDeadlineFilter } from './deadline.ts';

const now = new Date('2026-11-21T12:00:00.000Z');

describe('countdown', () => {
  it.each([
    [
      'one of each unit ahead',
      '2026-11-22T13:01:01.000Z',
      { passed: false, days: 1, hours: 1, minutes: 1, seconds: 1 },
    ],
    [
      'under a second ahead',
      '2026-11-21T12:00:00.900Z',
      { passed: false, days: 0, hours: 0, minutes: 0, seconds: 0 },
    ],
    [
      'many days ahead',
      '2027-01-01T12:00:00.000Z',
      { passed: false, days: 41, hours: 0, minutes: 0, seconds: 0 },
    ],
    ['exactly now', '2026-11-21T12:00:00.000Z', { passed: true, days: 0, hours: 0, minutes: 0, seconds: 0 }],
    ['in the past', '2026-11-20T12:00:00.000Z', { passed: true, days: 0, hours: 0, minutes: 0, seconds: 0 }],
  ])('%s', (_name, closing, expected) => {
    expect(countdown(new Date(closing), now)).toEqual(expected);
  });

  it('treats an invalid date as passed rather than showing NaN', () => {
    expect(countdown(new Date('not a date'), now).passed).toBe(true);
  });
});

describe('matchesDeadlineFilter', () => {
  it.each([
    ['2026-11-22T00:00:00Z', 'upcoming', true],
    ['2026-11-22T00:00:00Z', 'past', false],
    ['2026-11-20T00:00:00Z', 'upcoming', false],
    ['2026-11-20T00:00:00Z', 'past', true],
    ['2026-11-21T12:00:00Z', 'past', true],
  ] as const)('%s with %s → %s', (closing, filter, expected) => {
    expect(matchesDeadlineFilter(new Date(closing), now, filter)).toBe(expected);
  });
});
