import { describe, expect, it } from 'vitest';
import { planAward } from './rfq-award.ts';
import {
  averageMinor,
  basisPointsToPercentText,
  compareQuotes,
  percentBasisPoints,
  type QuoteInput,
  type RfqLineInput,
} from './rfq-comparison.ts';

// Two lines at 16 % VAT: 10 laptops (estimate 100,000.00) and 2.5 t of paper (estimate 1,000.00 a tonne).
const lines: RfqLineInput[] = [
  { lineNo: 1, quantityThousandths: 10_000, estimatedUnitPriceMinor: 10_000_000, taxBasisPoints: 1600 },
  { lineNo: 2, quantityThousandths: 2_500, estimatedUnitPriceMinor: 100_000, taxBasisPoints: 1600 },
];
const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 9, minute));
const quote = (
  supplierId: number,
  minute: number,
  prices: Array<[number, number | null]>,
  declined = false,
): QuoteInput => ({ supplierId, submittedAt: at(minute), declined, prices: new Map(prices) });

// A: both lines (9,500.00 laptop; 1,033.33 a tonne). B: laptops cheaper, paper declined. C: declines the RFQ.
// D: both lines, laptops as A, paper dearer, later: complete but second.
const A = quote(1, 1, [
  [1, 950_000],
  [2, 103_333],
]);
const B = quote(2, 2, [
  [1, 920_050],
  [2, null],
]);
const C = quote(3, 3, [], true);
const D = quote(4, 4, [
  [1, 950_000],
  [2, 110_000],
]);

describe('comparison', () => {
  const comparison = compareQuotes(lines, [D, C, B, A]);

  it('ranks every quote per line, lowest marked, ties share a rank in submission order', () => {
    const [laptops, paper] = comparison.lines;
    expect(
      laptops!.ranked.map((r) => [r.supplierId, r.unitPriceMinor, r.netMinor, r.rank, r.lowest]),
    ).toEqual([
      [2, 920_050, 9_200_500, 1, true],
      [1, 950_000, 9_500_000, 2, false],
      [4, 950_000, 9_500_000, 2, false],
    ]);
    expect(laptops!.declinedBy).toEqual([3]);
    // 2.5 × 1,033.33 = 2,583.325 → 2,583.33 (half up); tax 16 % of 2,583.33 = 413.3328 → 413.33.
    expect(paper!.ranked.map((r) => [r.supplierId, r.netMinor, r.taxMinor, r.rank])).toEqual([
      [1, 258_333, 41_333, 1],
      [4, 275_000, 44_000, 2],
    ]);
    expect(paper!.declinedBy).toEqual([2, 3]);
  });

  it('totals with tax per supplier; the overall lowest among complete quotes only', () => {
    expect(
      comparison.suppliers.map((s) => [
        s.supplierId,
        s.complete,
        s.netMinor,
        s.taxMinor,
        s.totalMinor,
        s.rank,
      ]),
    ).toEqual([
      [1, true, 9_758_333, 1_561_333, 11_319_666, 1],
      [2, false, 9_200_500, 1_472_080, 10_672_580, null],
      [3, false, 0, 0, 0, null],
      [4, true, 9_775_000, 1_564_000, 11_339_000, 2],
    ]);
    // B is cheaper overall but declined a line: A is the lowest complete quote.
    expect(comparison.overallLowestSupplierId).toBe(1);
  });

  it('saves against the estimate, the average and the highest quote, exact to the cent', () => {
    // Estimate: 1,000,000.00 + 2,500.00 = 1,002,500.00 net; tax 160,400.00.
    expect(comparison.estimate).toEqual({
      netMinor: 100_250_000,
      taxMinor: 16_040_000,
      totalMinor: 116_290_000,
    });
    // Best: 92,005.00 + 2,583.33 = 94,588.33.
    expect(comparison.bestNetMinor).toBe(9_458_833);
    expect(comparison.savingsVsEstimate).toEqual({ amountMinor: 90_791_167, basisPoints: 9056 });
    // Average laptops (92,005 + 95,000 + 95,000) / 3 = 94,001.666… → 94,001.67; paper (2,583.33 + 2,750) / 2 =
    // 2,666.665 → 2,666.67; 96,668.34 − 94,588.33 = 2,080.01.
    expect(comparison.savingsVsAverage.amountMinor).toBe(208_001);
    // Highest: 95,000 + 2,750 = 97,750.00; saving 3,161.67 = 3.23 %.
    expect(comparison.savingsVsHighest).toEqual({ amountMinor: 316_167, basisPoints: 323 });
  });

  it('with no quotes: nothing lowest, no savings', () => {
    const empty = compareQuotes(lines, []);
    expect(empty.overallLowestSupplierId).toBeNull();
    expect(empty.bestNetMinor).toBe(0);
    expect(empty.savingsVsAverage).toEqual({ amountMinor: 0, basisPoints: null });
  });
});

describe('exact helpers', () => {
  it.each([
    [1, 3, 3333],
    [2, 3, 6667],
    [-1, 8, -1250],
    [5, 0, null],
    [1, 20_000, 1],
    [1, 20_001, 0],
  ])('percentBasisPoints(%d, %d) = %s', (part, base, expected) => {
    expect(percentBasisPoints(part, base)).toBe(expected);
  });
  it.each([
    [[1, 2], 2],
    [[1, 2, 2], 2],
    [[10, 11, 11], 11],
    [[], null],
  ])('averageMinor(%j) = %s', (amounts, expected) => {
    expect(averageMinor(amounts)).toBe(expected);
  });
  it.each([
    [1234, '12.34'],
    [-50, '-0.50'],
    [0, '0.00'],
    [10000, '100.00'],
  ])('basisPointsToPercentText(%d) = %s', (bp, text) => {
    expect(basisPointsToPercentText(bp)).toBe(text);
  });
});

describe('split award', () => {
  const quotes = [A, B, C, D];
  it('splits by line and by quantity, priced as quoted, exact to the cent', () => {
    const result = planAward(lines, quotes, [
      { lineNo: 1, supplierId: 2, quantityThousandths: 6_000 },
      { lineNo: 1, supplierId: 1, quantityThousandths: 4_000 },
      { lineNo: 2, supplierId: 1, quantityThousandths: 2_500 },
    ]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(
      result.plan.suppliers.map((s) => [
        s.supplierId,
        s.lines.map((l) => [l.lineNo, l.netMinor, l.taxMinor]),
        s.totalMinor,
      ]),
    ).toEqual([
      // 6 × 9,200.50 = 55,203.00, tax 8,832.48.
      [2, [[1, 5_520_300, 883_248]], 6_403_548],
      // 4 × 9,500 = 38,000.00 (tax 6,080.00) and 2,583.33 (tax 413.33).
      [
        1,
        [
          [1, 3_800_000, 608_000],
          [2, 258_333, 41_333],
        ],
        4_707_666,
      ],
    ]);
    expect(result.plan.netMinor).toBe(9_578_633);
    expect(result.plan.totalMinor).toBe(11_111_214);
    expect(result.plan.estimateNetMinor).toBe(100_250_000);
    expect(result.plan.savingsVsEstimate).toEqual({ amountMinor: 90_671_367, basisPoints: 9045 });
  });

  it.each([
    ['nothing awarded', [], { kind: 'empty' }],
    [
      'an unknown line',
      [{ lineNo: 9, supplierId: 1, quantityThousandths: 1 }],
      { kind: 'unknown_line', index: 0 },
    ],
    [
      'a zero quantity',
      [{ lineNo: 1, supplierId: 1, quantityThousandths: 0 }],
      { kind: 'quantity', index: 0 },
    ],
    [
      'a declined line',
      [{ lineNo: 2, supplierId: 2, quantityThousandths: 1 }],
      { kind: 'not_quoted', index: 0 },
    ],
    [
      'a declined RFQ',
      [{ lineNo: 1, supplierId: 3, quantityThousandths: 1 }],
      { kind: 'not_quoted', index: 0 },
    ],
    [
      'a supplier who never quoted',
      [{ lineNo: 1, supplierId: 99, quantityThousandths: 1 }],
      { kind: 'not_quoted', index: 0 },
    ],
    [
      'the same supplier twice on a line',
      [
        { lineNo: 1, supplierId: 1, quantityThousandths: 1_000 },
        { lineNo: 1, supplierId: 1, quantityThousandths: 1_000 },
      ],
      { kind: 'duplicate', index: 1 },
    ],
    [
      'more than the line',
      [
        { lineNo: 1, supplierId: 1, quantityThousandths: 6_000 },
        { lineNo: 1, supplierId: 2, quantityThousandths: 4_001 },
      ],
      { kind: 'over_quantity', lineNo: 1 },
    ],
  ] as const)('refuses %s', (_name, allocations, problem) => {
    expect(planAward(lines, quotes, allocations)).toEqual({ ok: false, problem });
  });
});
