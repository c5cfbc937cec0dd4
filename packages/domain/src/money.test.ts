import { describe, expect, it } from 'vitest';
import {
  taxMinor,
  decimalTextToMinor,
  lineAmountMinor,
  minorToDecimalText,
  quantityToThousandths,
  thousandthsToQuantity,
} from './money.ts';

describe('money as decimal text', () => {
  it.each([
    ['1500000.00', 'KES', 150_000_000, '1500000.00'],
    ['1500000', 'KES', 150_000_000, '1500000.00'],
    ['1,500,000.5', 'KES', 150_000_050, '1500000.50'],
    ['0.01', 'USD', 1, '0.01'],
    ['0', 'KES', 0, '0.00'],
    ['1250000', 'UGX', 1_250_000, '1250000'],
  ])('%s %s ↔ %i minor units', (text, currency, minor, shown) => {
    expect(decimalTextToMinor(text, currency)).toBe(minor);
    expect(minorToDecimalText(minor, currency)).toBe(shown);
  });

  it.each([
    ['12.345', 'KES'],
    ['1.5', 'UGX'],
    ['-5', 'KES'],
    ['1e6', 'KES'],
    ['', 'KES'],
    ['12.', 'KES'],
    ['9999999999999999', 'KES'],
  ])('refuses %j in %s', (text, currency) => expect(decimalTextToMinor(text, currency)).toBeNull());

  it('writes negative amounts and refuses floats', () => {
    expect(minorToDecimalText(-250, 'KES')).toBe('-2.50');
    expect(() => minorToDecimalText(1.5, 'KES')).toThrow(RangeError);
  });
});

describe('line amounts', () => {
  it.each([
    ['2', 150_000, 300_000],
    ['0.5', 333, 167], // 166.5 rounds half up
    ['1.001', 100, 100], // 100.1 rounds down
    ['12.125', 80_000, 970_000],
    ['1000000', 2_500_000_000, 2_500_000_000_000_000],
  ])('%s × %i minor = %i', (quantity, price, amount) => {
    const thousandths = quantityToThousandths(quantity)!;
    expect(lineAmountMinor(thousandths, price)).toBe(amount);
    expect(thousandthsToQuantity(thousandths)).toBe(quantity);
  });

  it.each(['', '-1', '1.0005', '1e3', 'two'])('refuses quantity %j', (text) =>
    expect(quantityToThousandths(text)).toBeNull(),
  );

  it('refuses an amount beyond exact integers', () => {
    expect(() => lineAmountMinor(999_999_999_000, 9_000_000_000_000)).toThrow(RangeError);
  });
});

describe('taxMinor', () => {
  it.each([
    [10_000, 1600, 1600], // KES 100.00 at 16 % = 16.00
    [3, 1600, 0], // 0.48 → 0
    [4, 1600, 1], // 0.64 → 1
    [25, 200, 1], // 0.5 exactly → rounds half up
    [24, 200, 0], // 0.48 → 0
    [0, 1600, 0],
    [123_456_789, 0, 0],
    [Number.MAX_SAFE_INTEGER, 1, 900_719_925_474],
  ])('%i at %i basis points → %i', (net, points, tax) => {
    expect(taxMinor(net, points)).toBe(tax);
  });

  it('refuses fractions and negatives', () => {
    expect(() => taxMinor(1.5, 1600)).toThrow(RangeError);
    expect(() => taxMinor(-1, 1600)).toThrow(RangeError);
    expect(() => taxMinor(100, -5)).toThrow(RangeError);
  });
});
