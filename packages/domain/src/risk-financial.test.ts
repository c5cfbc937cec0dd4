import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FINANCIAL_THRESHOLDS,
  decimalToTenThousandths,
  financialHealthScore,
  financialRatios,
  ratioTenThousandths,
  spendConcentration,
  statementProblems,
  supplierExposureMinor,
  tenThousandthsToDecimal,
  thresholdBreaches,
  type FinancialStatement,
} from './risk-financial.ts';

const healthy: FinancialStatement = {
  currency: 'KES',
  currentAssetsMinor: 50_000_000,
  inventoryMinor: 10_000_000,
  currentLiabilitiesMinor: 20_000_000,
  totalAssetsMinor: 100_000_000,
  totalLiabilitiesMinor: 30_000_000,
  equityMinor: 70_000_000,
  revenueMinor: 200_000_000,
  netIncomeMinor: 24_000_000,
};

describe('exact ratios', () => {
  it.each([
    [1, 3, 3_333],
    [2, 3, 6_667],
    [-2, 3, -6_667],
    [5, 4, 12_500],
    [1, 0, null],
    [1, -5, null],
    [1, 20_000, 1],
    [1, 20_001, 0],
  ])('%i / %i → %s ten-thousandths', (n, d, expected) => {
    expect(ratioTenThousandths(n, d)).toBe(expected);
  });

  it.each([
    [12_500, '1.2500'],
    [0, '0.0000'],
    [-250, '-0.0250'],
    [3, '0.0003'],
  ])('%i ↔ %s', (value, text) => {
    expect(tenThousandthsToDecimal(value)).toBe(text);
    expect(decimalToTenThousandths(text)).toBe(value);
  });
  it('refuses text with more than four places', () => {
    expect(decimalToTenThousandths('0.12345')).toBeNull();
    expect(decimalToTenThousandths('abc')).toBeNull();
  });
});

describe('financial ratios', () => {
  it('computes liquidity, leverage and profitability', () => {
    expect(financialRatios(healthy)).toEqual({
      current_ratio: 25_000,
      quick_ratio: 20_000,
      debt_to_equity: 4_286,
      debt_ratio: 3_000,
      net_margin: 1_200,
      return_on_assets: 2_400,
    });
  });
  it('leaves ratios with no denominator uncomputed (negative equity, no revenue)', () => {
    const r = financialRatios({ ...healthy, equityMinor: -1, revenueMinor: 0 });
    expect(r.debt_to_equity).toBeNull();
    expect(r.net_margin).toBeNull();
  });
  it.each<[Partial<FinancialStatement>, string[]]>([
    [{}, []],
    [{ revenueMinor: -1 }, ['negative_amount']],
    [{ inventoryMinor: 60_000_000 }, ['inventory_above_current_assets']],
    [{ currentAssetsMinor: 200_000_000 }, ['current_assets_above_total']],
    [{ netIncomeMinor: -5, equityMinor: -10 }, []],
  ])('statement %o → %o', (change, problems) => {
    expect(statementProblems({ ...healthy, ...change })).toEqual(problems);
  });
});

describe('financial health score with its method', () => {
  it.each<[string, Partial<FinancialStatement>, number, string]>([
    ['healthy', {}, 100, 'strong'],
    // Current 1.25 → 50, quick 0.75 → 50, D/E 1.5 → 50, debt ratio 0.6 → 70, margin 0.02 → 50, ROA 0.04 → 75.
    [
      'middling',
      {
        currentAssetsMinor: 25_000_000,
        inventoryMinor: 10_000_000,
        totalLiabilitiesMinor: 60_000_000,
        equityMinor: 40_000_000,
        netIncomeMinor: 4_000_000,
      },
      57,
      'adequate',
    ],
    // Loss-making, negative equity, short of cash: every part 0 but the debt ratio (1.0 → 10).
    [
      'distressed',
      {
        currentAssetsMinor: 5_000_000,
        inventoryMinor: 4_000_000,
        currentLiabilitiesMinor: 40_000_000,
        totalLiabilitiesMinor: 100_000_000,
        equityMinor: -5_000_000,
        netIncomeMinor: -30_000_000,
      },
      2,
      'distressed',
    ],
    ['no current liabilities: fully liquid', { currentLiabilitiesMinor: 0 }, 100, 'strong'],
  ])('%s → %i (%s)', (_name, change, score, band) => {
    const result = financialHealthScore({ ...healthy, ...change });
    expect(result.score).toBe(score);
    expect(result.band).toBe(band);
    expect(result.parts.map((p) => p.weight).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('shows each ratio, its points and the rule that gave them', () => {
    const parts = financialHealthScore({ ...healthy, equityMinor: 0 }).parts;
    expect(parts.find((p) => p.ratio === 'current_ratio')).toMatchObject({
      value: '2.5000',
      points: 100,
      rule: '>= 2.0000',
    });
    expect(parts.find((p) => p.ratio === 'debt_to_equity')).toMatchObject({
      value: null,
      points: 0,
      rule: 'not_computable',
    });
  });
});

describe('spend concentration and exposure', () => {
  it('gives each supplier its share, largest first', () => {
    expect(
      spendConcentration([
        { supplierId: 2, spendMinor: 100 },
        { supplierId: 1, spendMinor: 300 },
        { supplierId: 3, spendMinor: 0 },
      ]),
    ).toEqual({
      totalMinor: 400,
      shares: [
        { supplierId: 1, spendMinor: 300, shareTenThousandths: 7_500 },
        { supplierId: 2, spendMinor: 100, shareTenThousandths: 2_500 },
        { supplierId: 3, spendMinor: 0, shareTenThousandths: 0 },
      ],
    });
    expect(spendConcentration([]).shares).toEqual([]);
  });
  it('adds open orders and contract value', () => {
    expect(supplierExposureMinor(1_000, 2_500)).toBe(3_500);
    expect(supplierExposureMinor(-5, 10)).toBe(10);
  });
});

describe('thresholds that raise risks', () => {
  const limits = DEFAULT_FINANCIAL_THRESHOLDS;
  it.each([
    [{ financialScore: 80, shareTenThousandths: 1_000, exposureMinor: 0 }, []],
    [{ financialScore: 49, shareTenThousandths: null, exposureMinor: null }, ['financial_health']],
    [{ financialScore: null, shareTenThousandths: 3_001, exposureMinor: null }, ['spend_concentration']],
    [{ financialScore: null, shareTenThousandths: 3_000, exposureMinor: 5_000_000_000 }, []],
    [
      { financialScore: 10, shareTenThousandths: 9_000, exposureMinor: 5_000_000_001 },
      ['financial_health', 'spend_concentration', 'exposure'],
    ],
  ])('%o → %o', (figures, kinds) => {
    expect(thresholdBreaches(figures, limits).map((b) => b.kind)).toEqual(kinds);
  });
});
