/**
 * Financial risk (issue 23): ratios from a supplier's financial statements, a financial health score with
 * its method shown, spend concentration and exposure, and the thresholds that raise risks automatically.
 *
 * Amounts are integer minor units; a ratio is kept exactly as ten-thousandths (1.2500 → 12_500), computed in
 * BigInt and rounded half away from zero, and crosses the wire as decimal text ("1.2500"). No float holds
 * either.
 */

export const RATIO_SCALE = 10_000;

/** numerator / denominator in ten-thousandths, rounded half away from zero; null when the denominator is not positive. */
export function ratioTenThousandths(numerator: number, denominator: number): number | null {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator))
    throw new RangeError('Ratios are taken of whole minor units.');
  if (denominator <= 0) return null;
  const n = BigInt(numerator) * BigInt(RATIO_SCALE);
  const d = BigInt(denominator);
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const rounded = (abs * 2n + d) / (2n * d);
  return Number(negative ? -rounded : rounded);
}

/** Ten-thousandths as decimal text with four places (12_500 → "1.2500", -250 → "-0.0250"). */
export function tenThousandthsToDecimal(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of ten-thousandths: ${value}`);
  const sign = value < 0 ? '-' : '';
  const digits = String(Math.abs(value)).padStart(5, '0');
  return `${sign}${digits.slice(0, -4)}.${digits.slice(-4)}`;
}

/** Decimal text ("1.25", "-0.5", "30") → ten-thousandths; null when not one or with more than four places. */
export function decimalToTenThousandths(text: string): number | null {
  const match = /^(-)?(\d{1,9})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!match) return null;
  const value = Number(match[2]) * RATIO_SCALE + Number((match[3] ?? '').padEnd(4, '0'));
  return match[1] ? -value : value;
}

/** The figures a supplier reports for one financial year (all in minor units of `currency`). */
export interface FinancialStatement {
  currency: string;
  currentAssetsMinor: number;
  inventoryMinor: number;
  currentLiabilitiesMinor: number;
  totalAssetsMinor: number;
  totalLiabilitiesMinor: number;
  equityMinor: number;
  revenueMinor: number;
  netIncomeMinor: number;
}

export const FINANCIAL_RATIOS = [
  'current_ratio',
  'quick_ratio',
  'debt_to_equity',
  'debt_ratio',
  'net_margin',
  'return_on_assets',
] as const;
export type FinancialRatio = (typeof FINANCIAL_RATIOS)[number];

export type RatioFamily = 'liquidity' | 'leverage' | 'profitability';

export type StatementProblem =
  'negative_amount' | 'inventory_above_current_assets' | 'current_assets_above_total';

/** Figures that cannot be true together (net income and equity may be negative; nothing else may). */
export function statementProblems(s: FinancialStatement): StatementProblem[] {
  const problems: StatementProblem[] = [];
  const nonNegative = [
    s.currentAssetsMinor,
    s.inventoryMinor,
    s.currentLiabilitiesMinor,
    s.totalAssetsMinor,
    s.totalLiabilitiesMinor,
    s.revenueMinor,
  ];
  if (nonNegative.some((v) => !Number.isSafeInteger(v) || v < 0)) problems.push('negative_amount');
  if (s.inventoryMinor > s.currentAssetsMinor) problems.push('inventory_above_current_assets');
  if (s.currentAssetsMinor > s.totalAssetsMinor) problems.push('current_assets_above_total');
  return problems;
}

/** Each ratio in ten-thousandths, null where its denominator is zero or negative (not computable). */
export function financialRatios(s: FinancialStatement): Record<FinancialRatio, number | null> {
  return {
    current_ratio: ratioTenThousandths(s.currentAssetsMinor, s.currentLiabilitiesMinor),
    quick_ratio: ratioTenThousandths(s.currentAssetsMinor - s.inventoryMinor, s.currentLiabilitiesMinor),
    debt_to_equity: ratioTenThousandths(s.totalLiabilitiesMinor, s.equityMinor),
    debt_ratio: ratioTenThousandths(s.totalLiabilitiesMinor, s.totalAssetsMinor),
    net_margin: ratioTenThousandths(s.netIncomeMinor, s.revenueMinor),
    return_on_assets: ratioTenThousandths(s.netIncomeMinor, s.totalAssetsMinor),
  };
}

interface RatioRule {
  ratio: FinancialRatio;
  family: RatioFamily;
  /** Share of the score, in points out of 100. */
  weight: number;
  /** `higher`: a larger ratio is healthier; `lower`: a smaller one is. */
  better: 'higher' | 'lower';
  /** Steps in ten-thousandths: the first one the ratio reaches gives its points (0 when none). */
  steps: ReadonlyArray<{ limit: number; points: number }>;
}

/**
 * The method: six ratios, each given 0–100 points by the first step it reaches, weighted into a score out of
 * 100 (liquidity 35, leverage 35, profitability 30). A ratio that cannot be computed (no current liabilities,
 * negative equity, no revenue…) gives 0 points, except current and quick ratios with no current
 * liabilities at all, which are fully liquid.
 */
export const FINANCIAL_SCORE_METHOD: readonly RatioRule[] = [
  {
    ratio: 'current_ratio',
    family: 'liquidity',
    weight: 20,
    better: 'higher',
    steps: [
      { limit: 20_000, points: 100 },
      { limit: 15_000, points: 80 },
      { limit: 10_000, points: 50 },
      { limit: 5_000, points: 20 },
    ],
  },
  {
    ratio: 'quick_ratio',
    family: 'liquidity',
    weight: 15,
    better: 'higher',
    steps: [
      { limit: 15_000, points: 100 },
      { limit: 10_000, points: 80 },
      { limit: 7_000, points: 50 },
      { limit: 4_000, points: 20 },
    ],
  },
  {
    ratio: 'debt_to_equity',
    family: 'leverage',
    weight: 20,
    better: 'lower',
    steps: [
      { limit: 5_000, points: 100 },
      { limit: 10_000, points: 80 },
      { limit: 20_000, points: 50 },
      { limit: 30_000, points: 20 },
    ],
  },
  {
    ratio: 'debt_ratio',
    family: 'leverage',
    weight: 15,
    better: 'lower',
    steps: [
      { limit: 4_000, points: 100 },
      { limit: 6_000, points: 70 },
      { limit: 8_000, points: 40 },
      { limit: 10_000, points: 10 },
    ],
  },
  {
    ratio: 'net_margin',
    family: 'profitability',
    weight: 15,
    better: 'higher',
    steps: [
      { limit: 1_000, points: 100 },
      { limit: 500, points: 80 },
      { limit: 0, points: 50 },
      { limit: -500, points: 10 },
    ],
  },
  {
    ratio: 'return_on_assets',
    family: 'profitability',
    weight: 15,
    better: 'higher',
    steps: [
      { limit: 800, points: 100 },
      { limit: 400, points: 75 },
      { limit: 0, points: 40 },
    ],
  },
];

export const FINANCIAL_BANDS = [
  { key: 'strong', minScore: 70 },
  { key: 'adequate', minScore: 50 },
  { key: 'weak', minScore: 30 },
  { key: 'distressed', minScore: 0 },
] as const;
export type FinancialBand = (typeof FINANCIAL_BANDS)[number]['key'];

export interface FinancialScorePart {
  ratio: FinancialRatio;
  family: RatioFamily;
  /** Decimal text ("1.2500"), null when not computable. */
  value: string | null;
  points: number;
  weight: number;
  /** points × weight / 100, in hundredths of a score point (kept whole: the sum is rounded once). */
  weightedHundredths: number;
  /** The rule that gave the points, for the page that shows the method ("≥ 1.5000", "not computable"). */
  rule: string;
}

export interface FinancialScore {
  score: number;
  band: FinancialBand;
  parts: FinancialScorePart[];
}

function pointsFor(rule: RatioRule, value: number | null): { points: number; rule: string } {
  if (value === null) return { points: 0, rule: 'not_computable' };
  for (const step of rule.steps) {
    const reached = rule.better === 'higher' ? value >= step.limit : value <= step.limit;
    if (reached)
      return {
        points: step.points,
        rule: `${rule.better === 'higher' ? '>=' : '<='} ${tenThousandthsToDecimal(step.limit)}`,
      };
  }
  const last = rule.steps[rule.steps.length - 1]!;
  return {
    points: 0,
    rule: `${rule.better === 'higher' ? '<' : '>'} ${tenThousandthsToDecimal(last.limit)}`,
  };
}

export function financialBandOf(score: number): FinancialBand {
  return FINANCIAL_BANDS.find((b) => score >= b.minScore)!.key;
}

/** The financial health score (0–100, higher is healthier) with every part of the method shown. */
export function financialHealthScore(statement: FinancialStatement): FinancialScore {
  const ratios = financialRatios(statement);
  const fullyLiquid = statement.currentLiabilitiesMinor === 0 && statement.currentAssetsMinor > 0;
  const parts = FINANCIAL_SCORE_METHOD.map((rule): FinancialScorePart => {
    const value = ratios[rule.ratio];
    const given =
      value === null && fullyLiquid && rule.family === 'liquidity'
        ? { points: 100, rule: 'no_current_liabilities' }
        : pointsFor(rule, value);
    return {
      ratio: rule.ratio,
      family: rule.family,
      value: value === null ? null : tenThousandthsToDecimal(value),
      points: given.points,
      weight: rule.weight,
      weightedHundredths: given.points * rule.weight,
      rule: given.rule,
    };
  });
  const hundredths = parts.reduce((sum, p) => sum + p.weightedHundredths, 0);
  // Half up to a whole score point.
  const score = Math.floor((hundredths + 50) / 100);
  return { score, band: financialBandOf(score), parts };
}

/** One supplier's share of the organisation's spend, in ten-thousandths (0.2500 = a quarter). */
export interface SpendShare {
  supplierId: number;
  spendMinor: number;
  shareTenThousandths: number;
}

/** Share of spend per supplier, largest first (spend in one currency; the caller groups currencies). */
export function spendConcentration(spend: ReadonlyArray<{ supplierId: number; spendMinor: number }>): {
  totalMinor: number;
  shares: SpendShare[];
} {
  const totalMinor = spend.reduce((sum, s) => sum + s.spendMinor, 0);
  const shares = spend
    .map((s) => ({
      supplierId: s.supplierId,
      spendMinor: s.spendMinor,
      shareTenThousandths: totalMinor > 0 ? (ratioTenThousandths(s.spendMinor, totalMinor) ?? 0) : 0,
    }))
    .sort((a, b) => b.spendMinor - a.spendMinor || a.supplierId - b.supplierId);
  return { totalMinor, shares };
}

/** What the organisation stands to lose with a supplier: open orders not yet invoiced plus live contract value. */
export function supplierExposureMinor(openOrdersMinor: number, contractValueMinor: number): number {
  if (!Number.isSafeInteger(openOrdersMinor) || !Number.isSafeInteger(contractValueMinor))
    throw new RangeError('Exposure is a sum of minor units.');
  return Math.max(0, openOrdersMinor) + Math.max(0, contractValueMinor);
}

/** The organisation's limits that raise a risk automatically when a supplier crosses one. */
export interface FinancialThresholds {
  /** A financial health score below this raises a risk. */
  minFinancialScore: number;
  /** A share of spend above this (ten-thousandths) raises a concentration risk. */
  maxSpendShareTenThousandths: number;
  /** Exposure above this (minor units of the organisation's currency) raises an exposure risk. */
  maxExposureMinor: number;
}

export const DEFAULT_FINANCIAL_THRESHOLDS: FinancialThresholds = {
  minFinancialScore: 50,
  maxSpendShareTenThousandths: 3_000,
  maxExposureMinor: 5_000_000_000,
};

export const THRESHOLD_KINDS = ['financial_health', 'spend_concentration', 'exposure'] as const;
export type ThresholdKind = (typeof THRESHOLD_KINDS)[number];

export interface ThresholdBreach {
  kind: ThresholdKind;
  /** The supplier's figure and the limit, as text (a score, a decimal share or minor units). */
  value: string;
  limit: string;
  /** A suggested rating for the risk raised (likelihood, impact on a 5 × 5 scale; the service clamps). */
  likelihood: number;
  impact: number;
}

/** Which thresholds a supplier's figures cross (a figure not known is not a breach). */
export function thresholdBreaches(
  figures: {
    financialScore: number | null;
    shareTenThousandths: number | null;
    exposureMinor: number | null;
  },
  limits: FinancialThresholds,
): ThresholdBreach[] {
  const breaches: ThresholdBreach[] = [];
  if (figures.financialScore !== null && figures.financialScore < limits.minFinancialScore)
    breaches.push({
      kind: 'financial_health',
      value: String(figures.financialScore),
      limit: String(limits.minFinancialScore),
      likelihood: figures.financialScore < 30 ? 4 : 3,
      impact: 4,
    });
  if (
    figures.shareTenThousandths !== null &&
    figures.shareTenThousandths > limits.maxSpendShareTenThousandths
  )
    breaches.push({
      kind: 'spend_concentration',
      value: tenThousandthsToDecimal(figures.shareTenThousandths),
      limit: tenThousandthsToDecimal(limits.maxSpendShareTenThousandths),
      likelihood: 3,
      impact: figures.shareTenThousandths > 2 * limits.maxSpendShareTenThousandths ? 5 : 4,
    });
  if (figures.exposureMinor !== null && figures.exposureMinor > limits.maxExposureMinor)
    breaches.push({
      kind: 'exposure',
      value: String(figures.exposureMinor),
      limit: String(limits.maxExposureMinor),
      likelihood: 2,
      impact: 4,
    });
  return breaches;
}
