import { describe, expect, it } from 'vitest';
import {
  creditLine,
  isCreditable,
  openAmountMinor,
  remainingOf,
  type CreditableLine,
} from './credit-notes.ts';

// 8 × KES 1,000 at 16 %: KES 8,000 net.
const line: CreditableLine = {
  quantityThousandths: 8_000,
  netMinor: 800_000,
  taxBasisPoints: 1600,
  creditedQuantityThousandths: 0,
  creditedNetMinor: 0,
};
const ask = (quantity: number | null, reduction: number | null, amount: number | null) => ({
  quantityThousandths: quantity,
  unitPriceReductionMinor: reduction,
  amountMinor: amount,
});

describe('creditLine', () => {
  it.each([
    [
      '2 returned',
      ask(2_000, null, null),
      { quantityThousandths: 2_000, netMinor: 200_000, taxMinor: 32_000 },
    ],
    [
      'KES 100 off each of 8',
      ask(null, 10_000, null),
      { quantityThousandths: 0, netMinor: 80_000, taxMinor: 12_800 },
    ],
    // 2 returned at 1,000, and 100 off the 6 kept: 2,000 + 600.
    [
      '2 returned and 100 off',
      ask(2_000, 10_000, null),
      { quantityThousandths: 2_000, netMinor: 260_000, taxMinor: 41_600 },
    ],
    ['an amount', ask(null, null, 123_45), { quantityThousandths: 0, netMinor: 12_345, taxMinor: 1_975 }],
    [
      'everything',
      ask(8_000, null, null),
      { quantityThousandths: 8_000, netMinor: 800_000, taxMinor: 128_000 },
    ],
  ])('prices %s', (_label, request, expected) => {
    expect(creditLine(line, request)).toEqual({ ok: true, ...expected });
  });

  it.each([
    ['nothing', ask(null, null, null), 'empty', 0],
    ['zeros', ask(0, 0, null), 'empty', 0],
    ['an amount with a quantity', ask(1_000, null, 100), 'mixed', 0],
    ['more than invoiced', ask(8_001, null, null), 'quantity', 8_000],
    ['more than the price', ask(null, 100_001, null), 'price', 100_000],
    ['more than the line', ask(null, null, 800_001), 'amount', 800_000],
  ])('refuses %s', (_label, request, problem, limit) => {
    expect(creditLine(line, request)).toEqual({ ok: false, problem, limit });
  });

  it('counts what earlier credit notes took off the line', () => {
    const credited = { ...line, creditedQuantityThousandths: 2_000, creditedNetMinor: 200_000 };
    expect(remainingOf(credited)).toEqual({
      quantityThousandths: 6_000,
      netMinor: 600_000,
      unitPriceMinor: 100_000,
    });
    expect(creditLine(credited, ask(6_001, null, null))).toEqual({
      ok: false,
      problem: 'quantity',
      limit: 6_000,
    });
    expect(creditLine(credited, ask(null, null, 600_001))).toEqual({
      ok: false,
      problem: 'amount',
      limit: 600_000,
    });
  });
});

describe('what is still owed', () => {
  it('is the total less credit notes and payments, never below zero', () => {
    expect(openAmountMinor(928_000, 232_000, 0)).toBe(696_000);
    expect(openAmountMinor(928_000, 232_000, 696_000)).toBe(0);
    expect(openAmountMinor(100, 60, 60)).toBe(0);
  });

  it('takes credit notes on invoices not rejected or paid', () => {
    expect(isCreditable('awaiting_credit_note')).toBe(true);
    expect(isCreditable('partially_paid')).toBe(true);
    expect(isCreditable('rejected')).toBe(false);
    expect(isCreditable('paid')).toBe(false);
  });
});
