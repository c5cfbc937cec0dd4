/**
 * The risk matrix (issue 23): likelihood × impact on the organisation's scales (5 × 5 by default), the
 * colour bands the products of the two fall into, and the risk appetite. A risk is scored twice: inherent
 * (before controls) and residual (after them); a residual score above the appetite needs its acceptance
 * approved (document type `risk_acceptance` in the one approval engine).
 */

export const RISK_CATEGORIES = [
  'strategic',
  'operational',
  'financial',
  'compliance',
  'supply_chain',
  'information_security',
  'reputational',
  'outsourcing',
] as const;
export type RiskCategory = (typeof RISK_CATEGORIES)[number];

export const RISK_STATUSES = ['open', 'acceptance_pending', 'accepted', 'closed'] as const;
export type RiskStatus = (typeof RISK_STATUSES)[number];

export interface RiskBand {
  /** Stable key ('low', 'medium', …): the web names it in the viewer's language. */
  key: string;
  /** The lowest score in the band (inclusive); the band runs to the next band's minimum. */
  minScore: number;
  /** Background colour of the heat-map cells in the band (#rrggbb). */
  colour: string;
}

export interface RiskMatrix {
  /** Number of likelihood levels (rows) and impact levels (columns): 2 to 10 each. */
  likelihoodLevels: number;
  impactLevels: number;
  /** Ascending bands; the first starts at 1. */
  bands: readonly RiskBand[];
  /** The highest score the organisation accepts without an approved acceptance. */
  appetite: number;
}

export const DEFAULT_RISK_MATRIX: RiskMatrix = {
  likelihoodLevels: 5,
  impactLevels: 5,
  bands: [
    { key: 'low', minScore: 1, colour: '#2f9e44' },
    { key: 'medium', minScore: 5, colour: '#fcc419' },
    { key: 'high', minScore: 10, colour: '#f76707' },
    { key: 'extreme', minScore: 17, colour: '#c92a2a' },
  ],
  appetite: 9,
};

export type RiskMatrixProblem =
  | 'levels_out_of_range'
  | 'no_bands'
  | 'first_band_not_one'
  | 'bands_not_ascending'
  | 'band_beyond_scale'
  | 'duplicate_band_key'
  | 'bad_colour'
  | 'appetite_out_of_range';

export const maxRiskScore = (matrix: RiskMatrix) => matrix.likelihoodLevels * matrix.impactLevels;

/** What is wrong with a matrix an administrator configures (empty when it is usable). */
export function riskMatrixProblems(matrix: RiskMatrix): RiskMatrixProblem[] {
  const problems: RiskMatrixProblem[] = [];
  const levelOk = (n: number) => Number.isInteger(n) && n >= 2 && n <= 10;
  if (!levelOk(matrix.likelihoodLevels) || !levelOk(matrix.impactLevels)) {
    problems.push('levels_out_of_range');
    return problems;
  }
  const max = maxRiskScore(matrix);
  const bands = matrix.bands;
  if (bands.length === 0) problems.push('no_bands');
  else {
    if (bands[0]!.minScore !== 1) problems.push('first_band_not_one');
    if (bands.some((b, i) => i > 0 && !(b.minScore > bands[i - 1]!.minScore)))
      problems.push('bands_not_ascending');
    if (bands.some((b) => !Number.isInteger(b.minScore) || b.minScore > max))
      problems.push('band_beyond_scale');
    if (new Set(bands.map((b) => b.key)).size !== bands.length) problems.push('duplicate_band_key');
    if (bands.some((b) => !/^#[0-9a-fA-F]{6}$/.test(b.colour))) problems.push('bad_colour');
  }
  if (!Number.isInteger(matrix.appetite) || matrix.appetite < 1 || matrix.appetite > max)
    problems.push('appetite_out_of_range');
  return problems;
}

/** Likelihood × impact; a level outside the matrix's scales is refused (RangeError: the caller validates first). */
export function riskScore(matrix: RiskMatrix, likelihood: number, impact: number): number {
  if (!Number.isInteger(likelihood) || likelihood < 1 || likelihood > matrix.likelihoodLevels)
    throw new RangeError(`Likelihood ${likelihood} is not on the 1–${matrix.likelihoodLevels} scale.`);
  if (!Number.isInteger(impact) || impact < 1 || impact > matrix.impactLevels)
    throw new RangeError(`Impact ${impact} is not on the 1–${matrix.impactLevels} scale.`);
  return likelihood * impact;
}

export const onScale = (matrix: RiskMatrix, likelihood: number, impact: number) =>
  Number.isInteger(likelihood) &&
  Number.isInteger(impact) &&
  likelihood >= 1 &&
  impact >= 1 &&
  likelihood <= matrix.likelihoodLevels &&
  impact <= matrix.impactLevels;

/** The band a score falls in: the last band whose minimum it reaches. */
export function riskBandOf(matrix: RiskMatrix, score: number): RiskBand {
  let found = matrix.bands[0]!;
  for (const band of matrix.bands) if (score >= band.minScore) found = band;
  return found;
}

export interface RiskRating {
  likelihood: number;
  impact: number;
}

export interface ScoredRating extends RiskRating {
  score: number;
  band: string;
}

export interface RiskAssessment {
  inherent: ScoredRating;
  /** Null until controls are assessed: the inherent rating then stands. */
  residual: ScoredRating | null;
  /** The score compared with the appetite: the residual one when assessed, else the inherent one. */
  effectiveScore: number;
  withinAppetite: boolean;
}

export type RiskAssessmentProblem = 'off_scale' | 'residual_above_inherent';

/**
 * Scores a risk. Controls can only lower a risk, so a residual score above the inherent one is refused
 * (a risk that got worse is re-rated inherently).
 */
export function assessRisk(
  matrix: RiskMatrix,
  inherent: RiskRating,
  residual: RiskRating | null,
): { ok: true; assessment: RiskAssessment } | { ok: false; problem: RiskAssessmentProblem } {
  if (!onScale(matrix, inherent.likelihood, inherent.impact)) return { ok: false, problem: 'off_scale' };
  if (residual && !onScale(matrix, residual.likelihood, residual.impact))
    return { ok: false, problem: 'off_scale' };
  const scored = (r: RiskRating): ScoredRating => {
    const score = riskScore(matrix, r.likelihood, r.impact);
    return { ...r, score, band: riskBandOf(matrix, score).key };
  };
  const inherentScored = scored(inherent);
  const residualScored = residual ? scored(residual) : null;
  if (residualScored && residualScored.score > inherentScored.score)
    return { ok: false, problem: 'residual_above_inherent' };
  const effectiveScore = (residualScored ?? inherentScored).score;
  return {
    ok: true,
    assessment: {
      inherent: inherentScored,
      residual: residualScored,
      effectiveScore,
      withinAppetite: effectiveScore <= matrix.appetite,
    },
  };
}

export interface HeatMapCell {
  likelihood: number;
  impact: number;
  score: number;
  band: string;
  colour: string;
  /** Text colour with at least 4.5:1 contrast on `colour` (black or white). */
  textColour: string;
  count: number;
}

/**
 * The heat map: one row per likelihood level, highest first (as risk registers print it), one cell per
 * impact level, with the number of risks rated there. Ratings off the matrix's scales are ignored.
 */
export function heatMap(matrix: RiskMatrix, ratings: readonly RiskRating[]): HeatMapCell[][] {
  const counts = new Map<string, number>();
  for (const r of ratings) {
    if (!onScale(matrix, r.likelihood, r.impact)) continue;
    const key = `${r.likelihood}:${r.impact}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const rows: HeatMapCell[][] = [];
  for (let likelihood = matrix.likelihoodLevels; likelihood >= 1; likelihood--) {
    const row: HeatMapCell[] = [];
    for (let impact = 1; impact <= matrix.impactLevels; impact++) {
      const score = likelihood * impact;
      const band = riskBandOf(matrix, score);
      row.push({
        likelihood,
        impact,
        score,
        band: band.key,
        colour: band.colour,
        textColour: readableTextOn(band.colour),
        count: counts.get(`${likelihood}:${impact}`) ?? 0,
      });
    }
    rows.push(row);
  }
  return rows;
}

/** WCAG relative luminance of #rrggbb. */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white, whichever contrasts more with the background (the heat map's numbers stay legible). */
export function readableTextOn(background: string): string {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
}
