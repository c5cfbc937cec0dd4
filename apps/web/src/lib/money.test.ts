import { describe, expect, it } from 'vitest';
import {
  documentTotals,
  formatAmount,
  formatMinorAmount,
  formatQuantity,
  lineNetMinor,
  taxMinor,
  thousandthsToText,
  toMinor,
  toThousandths,
} from './money.ts';

describe('order money', () => {
  it.each([
    // net minor, basis points, tax minor: half up, once
    [10_000, 1600, 1600],
    [3, 1600, 0], // 0.48 → 0
    [4, 1250, 1], // 0.5 → 1
    [12_345, 1600, 1975], // 1975.2 → 1975
    [12_347, 1600, 1976], // 1975.52 → 1976
    [0, 1600, 0],
    [9_007_199_254_740_991, 1600, 1_441_151_880_758_559], // exact beyond float precision
  ])('taxes %i minor at %i bp as %i minor', (net, points, tax) => {
    expect(taxMinor(net, points)).toBe(tax);
  });

  it('computes a line net as quantity × price rounded half up, null while either is not readable', () => {
    expect(lineNetMinor('3', '1500.00', 'KES')).toBe(450_000);
    expect(lineNetMinor('0.333', '10.01', 'KES')).toBe(333); // 3.33333 → 3.33
    expect(lineNetMinor('2', '1,000', 'KES')).toBe(200_000);
    expect(lineNetMinor('2', '10.001', 'KES')).toBeNull();
    expect(lineNetMinor('', '10', 'KES')).toBeNull();
    expect(lineNetMinor('1', '500', 'UGX')).toBe(500);
  });

  it('totals lines each taxed at its own rate, leaving unreadable ones out and counting them', () => {
    const totals = documentTotals(
      [
        { quantity: '2', unit_price: '100.10', basisPoints: 1600 }, // 200.20 + 32.03
        { quantity: '1', unit_price: '99.99', basisPoints: 0 }, // 99.99 + 0
        { quantity: '1', unit_price: 'abc', basisPoints: 1600 },
        { quantity: '1', unit_price: '5', basisPoints: null },
      ],
      'KES',
    );
    expect(totals).toEqual({ net: 30_019, tax: 3_203, total: 33_222, incomplete: 2 });
  });

  it('reads signed money and quantities as integers, and writes quantities back', () => {
    expect(toMinor('-20.50', 'KES')).toBe(-2050);
    expect(toMinor('1.234', 'KES')).toBeNull();
    expect(toThousandths('-1.25')).toBe(-1250);
    expect(toThousandths('x')).toBeNull();
    expect(thousandthsToText(-1250)).toBe('-1.25');
    expect(thousandthsToText(3000)).toBe('3');
  });

  it('formats money and quantities in the viewer’s digits without floats', () => {
    expect(formatAmount('1234567.5', 'KES', 'en')).toBe('KES 1,234,567.50');
    expect(formatAmount('-20', 'KES', 'en')).toBe('KES -20.00');
    expect(formatAmount('123456789012345.67', 'KES', 'en')).toBe('KES 123,456,789,012,345.67');
    expect(formatAmount('1000', 'UGX', 'en')).toBe('UGX 1,000');
    expect(formatAmount('1234.5', 'KES', 'fr')).toMatch(/^KES 1\s234,50$/);
    expect(formatAmount('n/a', 'KES')).toBe('KES n/a');
    expect(formatQuantity('1250.500', 'en')).toBe('1,250.5');
    expect(formatQuantity('2.000', 'en')).toBe('2');
  });
});

describe('formatAmount (requisitions, orders and the portal alike)', () => {
  it('formats decimal text exactly, with the currency and its decimals', () => {
    expect(formatAmount('1234567.5', 'KES', 'en')).toBe('KES 1,234,567.50');
    expect(formatAmount('90071992547409931.25', 'KES', 'en')).toBe('KES 90,071,992,547,409,931.25');
    expect(formatAmount('1250000', 'UGX', 'en')).toBe('UGX 1,250,000');
    expect(formatAmount('-5000.00', 'KES', 'en')).toBe('KES -5,000.00');
    expect(formatMinorAmount(30_000_150, 'KES', 'en')).toBe('KES 300,001.50');
  });

  it('uses the viewer’s separators', () => {
    expect(formatAmount('1234.5', 'KES', 'fr').replace(/\s/g, ' ')).toBe('KES 1 234,50');
    expect(formatAmount('1234.5', 'KES', 'pt')).toMatch(/^KES 1.?234,50$/);
  });

  it('shows text it cannot read as it is', () => {
    expect(formatAmount('n/a', 'KES')).toBe('KES n/a');
  });
});

describe('formatAmount and formatQuantity as the portal used them', () => {
  it('writes money exactly, in the reader’s number format, never a minus before zero', () => {
    expect(formatAmount('35036.64', 'KES')).toBe('KES 35,036.64');
    expect(formatAmount('12345678901234.5', 'KES')).toBe('KES 12,345,678,901,234.50');
    expect(formatAmount('-20.00', 'KES')).toBe('KES -20.00');
    expect(formatAmount('-0.00', 'KES')).toBe('KES 0.00');
    expect(formatAmount('1234.5', 'KES', 'fr')).toMatch(/^KES 1\s234,50$/);
  });

  it('writes quantities without needless zeros', () => {
    expect(formatQuantity('1200.5')).toBe('1,200.5');
    expect(formatQuantity('8')).toBe('8');
  });
});
