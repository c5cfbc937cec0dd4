import { describe, expect, it } from 'vitest';
import {
  amount,
  amountOrBlank,
  humanise,
  isoDate,
  isoDateTime,
  money,
  percentFromBasisPoints,
  quantity,
} from './format.ts';

describe('document formatting', () => {
  it('formats money exactly, with and without the currency', () => {
    expect(money(123_450, 'KES')).toBe('KES 1,234.50');
    expect(amount(123_450, 'KES')).toBe('1,234.50');
    expect(amount(-5, 'KES')).toBe('-0.05');
    expect(amount(1_500_000, 'UGX')).toBe('1,500,000');
    expect(amountOrBlank(0, 'KES')).toBe('');
  });

  it('formats tax rates from basis points without floats', () => {
    expect(percentFromBasisPoints(1600)).toBe('16%');
    expect(percentFromBasisPoints(1250)).toBe('12.5%');
    expect(percentFromBasisPoints(5)).toBe('0.05%');
    expect(percentFromBasisPoints(0)).toBe('0%');
  });

  it('groups quantities and keeps their decimals', () => {
    expect(quantity('1200.5')).toBe('1,200.5');
    expect(quantity('12.125')).toBe('12.125');
    expect(quantity('n/a')).toBe('n/a');
  });

  it('reads dates, timestamps and codes', () => {
    expect(isoDateTime('2026-12-01T06:30:00Z')).toBe('2026-12-01 09:30 EAT');
    // A day of an instant is its East Africa Time day (issue 16 point 6: the order PDF's "Date").
    expect(isoDate('2026-11-25T22:30:00Z')).toBe('2026-11-26');
    expect(isoDate('2026-11-25T22:30:00.000+00:00')).toBe('2026-11-26');
    expect(isoDate('2026-11-25')).toBe('2026-11-25');
    expect(isoDateTime('2026-12-01T22:30:00Z')).toBe('2026-12-02 01:30 EAT');
    expect(isoDateTime('2026-12-01T09:30:00+03:00')).toBe('2026-12-01 09:30 EAT');
    expect(isoDateTime('2026-12-01 09:30')).toBe('2026-12-01 09:30');
    expect(isoDateTime('2026-12-01')).toBe('2026-12-01');
    expect(humanise('partially_paid')).toBe('Partially paid');
  });
});
