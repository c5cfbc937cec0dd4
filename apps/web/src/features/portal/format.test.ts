import { describe, expect, it } from 'vitest';
import { formatDay, formatRate } from './format.ts';

describe('portal formats', () => {
  it('writes rates without needless zeros', () => {
    expect(formatRate('16.00')).toBe('16');
    expect(formatRate('7.50')).toBe('7.5');
    expect(formatRate('10')).toBe('10');
    expect(formatRate('0.00')).toBe('0');
  });

  it('writes API calendar days on Nairobi’s calendar, and a dash for none', () => {
    expect(formatDay('2026-12-15')).toBe('Dec 15, 2026');
    expect(formatDay('2026-12-15', 'fr')).toBe('15 déc. 2026');
    expect(formatDay('2026-11-23T21:30:00Z')).toBe('Nov 24, 2026');
    expect(formatDay(null)).toBe('—');
  });
});
