import { describe, expect, it } from 'vitest';
import { prequalificationStandingOf, supplierRiskProfile, type ProfileInputs } from './risk-profile.ts';

const nothingKnown: ProfileInputs = {
  prequalification: null,
  financialScore: null,
  outsourcingMaterial: null,
  worstOpenRisk: null,
  exposure: null,
};

describe('supplier risk profile', () => {
  it.each<[string, Partial<ProfileInputs>, number, string]>([
    // Unknown prequalification, financial and exposure count 50 each: (20 + 30 + 15) × 50 / 100 = 32.5 → 33.
    ['nothing known', {}, 33, 'medium'],
    [
      'qualified, healthy, no risks, small exposure',
      {
        prequalification: 'qualified',
        financialScore: 90,
        exposure: { exposureMinor: 100, limitMinor: 10_000 },
      },
      5,
      'low',
    ],
    [
      'not qualified, distressed, material outsourcing, extreme risk, over the limit',
      {
        prequalification: 'not_qualified',
        financialScore: 0,
        outsourcingMaterial: true,
        worstOpenRisk: { score: 25, maxScore: 25 },
        exposure: { exposureMinor: 20_000, limitMinor: 10_000 },
      },
      100,
      'critical',
    ],
    [
      'weak finances and a high open risk',
      {
        prequalification: 'conditional',
        financialScore: 30,
        worstOpenRisk: { score: 16, maxScore: 25 },
        exposure: { exposureMinor: 5_000, limitMinor: 10_000 },
      },
      // 40×20 + 70×30 + 0×10 + 64×25 + 60×15 = 800 + 2100 + 0 + 1600 + 900 = 5400 → 54.
      54,
      'high',
    ],
  ])('%s → %i (%s)', (_name, change, score, band) => {
    const profile = supplierRiskProfile({ ...nothingKnown, ...change });
    expect(profile.score).toBe(score);
    expect(profile.band).toBe(band);
    expect(profile.parts).toHaveLength(5);
  });

  it('shows which parts were not known', () => {
    const parts = supplierRiskProfile(nothingKnown).parts;
    expect(parts.filter((p) => !p.known).map((p) => p.part)).toEqual([
      'prequalification',
      'financial',
      'exposure',
    ]);
  });
});

describe('prequalification standing from the results per category', () => {
  it.each([
    [[], 'none'],
    [
      [
        { status: 'approved', current: true },
        { status: 'rejected', current: false },
      ],
      'qualified',
    ],
    [[{ status: 'approved', current: false }], 'expired'],
    [
      [
        { status: 'pending', current: false },
        { status: 'rejected', current: false },
      ],
      'conditional',
    ],
    [[{ status: 'rejected', current: false }], 'not_qualified'],
  ])('%o → %s', (results, standing) => {
    expect(prequalificationStandingOf(results)).toBe(standing);
  });
});
