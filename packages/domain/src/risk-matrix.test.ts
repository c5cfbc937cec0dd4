import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RISK_MATRIX,
  assessRisk,
  contrastRatio,
  heatMap,
  riskBandOf,
  riskMatrixProblems,
  riskScore,
  type RiskMatrix,
} from './risk-matrix.ts';

const m = DEFAULT_RISK_MATRIX;

describe('risk scores and bands on the default 5 × 5 matrix', () => {
  it.each([
    [1, 1, 1, 'low'],
    [2, 2, 4, 'low'],
    [1, 5, 5, 'medium'],
    [3, 3, 9, 'medium'],
    [2, 5, 10, 'high'],
    [4, 4, 16, 'high'],
    [4, 5, 20, 'extreme'],
    [5, 5, 25, 'extreme'],
  ])('likelihood %i × impact %i = %i (%s)', (likelihood, impact, score, band) => {
    expect(riskScore(m, likelihood, impact)).toBe(score);
    expect(riskBandOf(m, score).key).toBe(band);
  });

  it.each([
    [0, 3],
    [6, 1],
    [2, 2.5],
  ])('refuses likelihood %s / impact %s off the scale', (likelihood, impact) => {
    expect(() => riskScore(m, likelihood, impact)).toThrow(RangeError);
  });
});

describe('inherent and residual assessment against the appetite (9)', () => {
  it.each([
    // inherent, residual, effective, within appetite
    [{ likelihood: 4, impact: 5 }, { likelihood: 2, impact: 3 }, 6, true],
    [{ likelihood: 4, impact: 5 }, { likelihood: 3, impact: 3 }, 9, true],
    [{ likelihood: 4, impact: 5 }, { likelihood: 2, impact: 5 }, 10, false],
    [{ likelihood: 3, impact: 3 }, null, 9, true],
    [{ likelihood: 5, impact: 4 }, null, 20, false],
  ])('%o then %o → %i, within %s', (inherent, residual, effective, within) => {
    const result = assessRisk(m, inherent, residual);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.assessment.effectiveScore).toBe(effective);
    expect(result.assessment.withinAppetite).toBe(within);
  });

  it('refuses a residual rating above the inherent one, and ratings off the scale', () => {
    expect(assessRisk(m, { likelihood: 2, impact: 2 }, { likelihood: 3, impact: 2 })).toEqual({
      ok: false,
      problem: 'residual_above_inherent',
    });
    expect(assessRisk(m, { likelihood: 6, impact: 2 }, null)).toEqual({ ok: false, problem: 'off_scale' });
  });
});

describe('configurable matrices', () => {
  const threeByFour: RiskMatrix = {
    likelihoodLevels: 3,
    impactLevels: 4,
    bands: [
      { key: 'low', minScore: 1, colour: '#ffffff' },
      { key: 'high', minScore: 6, colour: '#000000' },
    ],
    appetite: 5,
  };
  it('scores on its own scales and bands', () => {
    expect(riskMatrixProblems(threeByFour)).toEqual([]);
    expect(riskBandOf(threeByFour, riskScore(threeByFour, 3, 4)).key).toBe('high');
    expect(riskBandOf(threeByFour, riskScore(threeByFour, 1, 4)).key).toBe('low');
    expect(() => riskScore(threeByFour, 4, 1)).toThrow(RangeError);
  });

  it.each<[Partial<RiskMatrix>, string[]]>([
    [{ likelihoodLevels: 1 }, ['levels_out_of_range']],
    [{ impactLevels: 11 }, ['levels_out_of_range']],
    [{ bands: [] }, ['no_bands']],
    [{ bands: [{ key: 'a', minScore: 2, colour: '#000000' }] }, ['first_band_not_one']],
    [
      {
        bands: [
          { key: 'a', minScore: 1, colour: '#000000' },
          { key: 'b', minScore: 1, colour: '#ffffff' },
        ],
      },
      ['bands_not_ascending'],
    ],
    [
      {
        bands: [
          { key: 'a', minScore: 1, colour: '#000000' },
          { key: 'a', minScore: 30, colour: 'red' },
        ],
      },
      ['band_beyond_scale', 'duplicate_band_key', 'bad_colour'],
    ],
    [{ appetite: 26 }, ['appetite_out_of_range']],
  ])('%o → %o', (change, problems) => {
    expect(riskMatrixProblems({ ...m, ...change })).toEqual(problems);
  });
});

describe('heat map', () => {
  const rows = heatMap(m, [
    { likelihood: 4, impact: 5 },
    { likelihood: 4, impact: 5 },
    { likelihood: 1, impact: 1 },
    { likelihood: 9, impact: 9 },
  ]);
  it('has one row per likelihood (highest first) and one cell per impact, with counts', () => {
    expect(rows).toHaveLength(5);
    expect(rows[0]!.map((c) => c.likelihood)).toEqual([5, 5, 5, 5, 5]);
    expect(rows[1]![4]).toMatchObject({ likelihood: 4, impact: 5, score: 20, band: 'extreme', count: 2 });
    expect(rows[4]![0]).toMatchObject({ likelihood: 1, impact: 1, band: 'low', count: 1 });
    expect(rows.flat().reduce((s, c) => s + c.count, 0)).toBe(3);
  });
  it('gives every cell a text colour with at least 4.5:1 contrast', () => {
    for (const cell of rows.flat())
      expect(contrastRatio(cell.colour, cell.textColour)).toBeGreaterThanOrEqual(4.5);
  });
});
