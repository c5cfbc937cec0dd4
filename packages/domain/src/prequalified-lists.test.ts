import { describe, expect, it } from 'vitest';
import { prequalifiedOrderAmount, prequalifiedRowAmount } from './prequalified-lists.ts';

const prices = { perSupplierMinor: 50_000, categoryMinimumMinor: 200_000 };

describe('prequalified list prices', () => {
  it('charges per supplier, at least the minimum per category, nothing for a row of 0', () => {
    expect(prequalifiedRowAmount(0, prices)).toBe(0);
    expect(prequalifiedRowAmount(1, prices)).toBe(200_000);
    expect(prequalifiedRowAmount(4, prices)).toBe(200_000);
    expect(prequalifiedRowAmount(5, prices)).toBe(250_000);
    expect(prequalifiedOrderAmount([{ supplierCount: 10 }, { supplierCount: 2 }], prices)).toEqual({
      rows: [500_000, 200_000],
      totalMinor: 700_000,
    });
  });

  it('refuses a count that is not a whole number of 0 or more', () => {
    expect(() => prequalifiedRowAmount(-1, prices)).toThrow(RangeError);
    expect(() => prequalifiedRowAmount(1.5, prices)).toThrow(RangeError);
  });
});
