import { describe, expect, it } from 'vitest';
import { eatDateTime, eatDay, formatEat, showsEatClock } from './time-zone.ts';

describe('the one time zone rule (issue 16 point 6)', () => {
  it('puts a time near midnight UTC on the next day in EAT, with its label', () => {
    expect(eatDay('2026-11-25T22:30:00Z')).toBe('2026-11-26');
    expect(eatDay(new Date('2026-11-25T20:59:00Z'))).toBe('2026-11-25');
    expect(eatDateTime('2026-11-25T22:30:00Z')).toBe('2026-11-26 01:30 EAT');
    expect(formatEat('2026-11-25T22:30:00Z', 'en-GB')).toBe('26 November 2026 at 01:30 EAT');
  });

  it('knows which zones show Nairobi’s clock', () => {
    expect(showsEatClock('2026-11-25T22:30:00Z', 'Africa/Nairobi')).toBe(true);
    expect(showsEatClock('2026-11-25T22:30:00Z', 'Africa/Kampala')).toBe(true);
    expect(showsEatClock('2026-11-25T22:30:00Z', 'Europe/Paris')).toBe(false);
  });

  it('gives nothing for no valid instant', () => {
    expect(eatDay('nonsense')).toBe('');
    expect(eatDateTime('nonsense')).toBe('');
    expect(formatEat('nonsense')).toBe('');
  });
});
