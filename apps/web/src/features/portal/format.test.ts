import { describe, expect, it } from 'vitest';
import { formatAmount, formatDay, formatQuantity, formatRate } from './format.ts';

describe('portal formats', () => {
  it('writes money exactly, in the reader’s number format', () => {
    expect(formatAmount('35036.64', 'KES')).toBe('KES 35,036.64');
    expect(formatAmount('12345678901234.5', 'KES')).toBe('KES 12,345,678,901,234.50');
    expect(formatAmount('1250000', 'UGX')).toBe('UGX 1,250,000');
    expect(formatAmount('-20.00', 'KES')).toBe('KES -20.00');
    expect(formatAmount('-0.00', 'KES')).toBe('KES 0.00');
    expect(formatAmount('1234.5', 'KES', 'fr')).toMatch(/^KES 1\s234,50$/);
  });

  it('writes quantities and rates without needless zeros', () => {
    expect(formatQuantity('1200.5')).toBe('1,200.5');
    expect(formatQuantity('8')).toBe('8');
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
