import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DUE_DILIGENCE,
  assessMateriality,
  dueDiligenceScore,
  nextReviewOn,
  reviewReminderDue,
  type MaterialityAnswers,
} from './risk-outsourcing.ts';

const base: MaterialityAnswers = {
  criticalFunction: false,
  customerData: false,
  dataOffshore: false,
  disruptionImpact: 1,
  substitutability: 'easy',
  aboveValueThreshold: false,
};

describe('outsourcing materiality', () => {
  it.each<[string, Partial<MaterialityAnswers>, number, boolean, string | null]>([
    ['a cleaning contract', {}, 5, false, null],
    ['a critical function alone', { criticalFunction: true }, 5, true, 'critical_function'],
    [
      'customer data offshore, hard to replace',
      { customerData: true, dataOffshore: true, substitutability: 'difficult' },
      60,
      true,
      'score',
    ],
    [
      'just under',
      { customerData: true, disruptionImpact: 3, substitutability: 'moderate' },
      45,
      false,
      null,
    ],
    [
      'exactly 50',
      { customerData: true, disruptionImpact: 4, substitutability: 'moderate' },
      50,
      true,
      'score',
    ],
  ])('%s → %i, material %s', (_name, change, score, material, reason) => {
    const result = assessMateriality({ ...base, ...change });
    expect(result.score).toBe(score);
    expect(result.material).toBe(material);
    expect(result.reason).toBe(reason);
  });
  it('refuses a disruption impact off 1–5', () => {
    expect(() => assessMateriality({ ...base, disruptionImpact: 0 })).toThrow(RangeError);
  });
});

describe('due diligence score', () => {
  const all = (answer: 'yes' | 'partial' | 'no') =>
    Object.fromEntries(DEFAULT_DUE_DILIGENCE.map((q) => [q.key, answer]));
  it.each([
    ['all yes', all('yes'), 100],
    ['all no', all('no'), 0],
    ['nothing answered', {}, 0],
    // Half of each weight rounded down: 7 + 10 + 10 + 7 + 5 + 5 + 5 = 49.
    ['all partial', all('partial'), 49],
    [
      'security and continuity only',
      { information_security_policy: 'yes', business_continuity_plan: 'yes' },
      40,
    ],
  ] as const)('%s → %i', (_name, answers, score) => {
    expect(dueDiligenceScore(DEFAULT_DUE_DILIGENCE, answers).score).toBe(score);
  });
});

describe('periodic reviews', () => {
  it.each([
    ['2026-01-15', true, '2027-01-15'],
    ['2026-01-15', false, '2028-01-15'],
    ['2024-02-29', true, '2025-02-28'],
    ['2026-11-30', true, '2027-11-30'],
  ])('reviewed %s (material %s) → next %s', (reviewed, material, next) => {
    expect(nextReviewOn(reviewed, material)).toBe(next);
  });
  it.each([
    ['2026-12-31', '2026-11-30', false],
    ['2026-12-31', '2026-12-01', true],
    ['2026-12-31', '2027-02-01', true],
  ])('review on %s, today %s → reminder due %s', (reviewOn, today, due) => {
    expect(reviewReminderDue(reviewOn, today)).toBe(due);
  });
});
