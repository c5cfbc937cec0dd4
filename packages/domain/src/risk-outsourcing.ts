/**
 * Outsourcing risk (issue 23; CBK/PG/16 for Kenyan banks): the materiality of an outsourcing arrangement,
 * the score of a due-diligence questionnaire, and when its periodic review falls due.
 */

export const SUBSTITUTABILITY = ['easy', 'moderate', 'difficult'] as const;
export type Substitutability = (typeof SUBSTITUTABILITY)[number];

/** The answers of a materiality assessment. */
export interface MaterialityAnswers {
  /** Supports a critical or core function (decisive on its own: always material). */
  criticalFunction: boolean;
  /** The provider holds or processes customers' data. */
  customerData: boolean;
  /** Data stored or processed outside the country. */
  dataOffshore: boolean;
  /** Impact on operations if the service stopped, 1 (negligible) to 5 (severe). */
  disruptionImpact: number;
  substitutability: Substitutability;
  /** Annual value at or above the organisation's materiality threshold. */
  aboveValueThreshold: boolean;
}

export interface MaterialityPart {
  criterion: keyof MaterialityAnswers;
  points: number;
}

export interface MaterialityAssessment {
  material: boolean;
  score: number;
  parts: MaterialityPart[];
  /** Why it is material: 'critical_function' (decisive) or 'score' (at or above MATERIALITY_SCORE). */
  reason: 'critical_function' | 'score' | null;
}

export const MATERIALITY_SCORE = 50;

/**
 * Scores the arrangement out of 100: customer data 20, data offshore 15, disruption impact 5 per level (up
 * to 25), substitutability 0/10/20, value above threshold 20. Material when it supports a critical function
 * or scores MATERIALITY_SCORE or more.
 */
export function assessMateriality(answers: MaterialityAnswers): MaterialityAssessment {
  if (
    !Number.isInteger(answers.disruptionImpact) ||
    answers.disruptionImpact < 1 ||
    answers.disruptionImpact > 5
  )
    throw new RangeError('Disruption impact is 1 to 5.');
  const parts: MaterialityPart[] = [
    { criterion: 'criticalFunction', points: 0 },
    { criterion: 'customerData', points: answers.customerData ? 20 : 0 },
    { criterion: 'dataOffshore', points: answers.dataOffshore ? 15 : 0 },
    { criterion: 'disruptionImpact', points: answers.disruptionImpact * 5 },
    {
      criterion: 'substitutability',
      points: { easy: 0, moderate: 10, difficult: 20 }[answers.substitutability],
    },
    { criterion: 'aboveValueThreshold', points: answers.aboveValueThreshold ? 20 : 0 },
  ];
  const score = parts.reduce((sum, p) => sum + p.points, 0);
  const reason = answers.criticalFunction ? 'critical_function' : score >= MATERIALITY_SCORE ? 'score' : null;
  return { material: reason !== null, score, parts, reason };
}

/** A due-diligence question and the weight of its answer. */
export interface DueDiligenceQuestion {
  key: string;
  weight: number;
}

export const DUE_DILIGENCE_ANSWERS = ['yes', 'partial', 'no'] as const;
export type DueDiligenceAnswer = (typeof DUE_DILIGENCE_ANSWERS)[number];

/** The default due-diligence questionnaire (texts in the web's `risk` namespace under these keys). */
export const DEFAULT_DUE_DILIGENCE: readonly DueDiligenceQuestion[] = [
  { key: 'licences', weight: 15 },
  { key: 'information_security_policy', weight: 20 },
  { key: 'business_continuity_plan', weight: 20 },
  { key: 'data_protection_registration', weight: 15 },
  { key: 'audited_accounts', weight: 10 },
  { key: 'insurance', weight: 10 },
  { key: 'subcontractor_control', weight: 10 },
];

/** Out of 100: each `yes` gives its weight, `partial` half of it (rounded down), `no` or no answer nothing. */
export function dueDiligenceScore(
  questions: readonly DueDiligenceQuestion[],
  answers: Readonly<Record<string, DueDiligenceAnswer | undefined>>,
): {
  score: number;
  parts: Array<{ key: string; answer: DueDiligenceAnswer | null; points: number; weight: number }>;
} {
  const total = questions.reduce((sum, q) => sum + q.weight, 0);
  const parts = questions.map((q) => {
    const answer = answers[q.key] ?? null;
    const points = answer === 'yes' ? q.weight : answer === 'partial' ? Math.floor(q.weight / 2) : 0;
    return { key: q.key, answer, points, weight: q.weight };
  });
  const got = parts.reduce((sum, p) => sum + p.points, 0);
  return { score: total === 0 ? 0 : Math.floor((got * 100 + total / 2) / total), parts };
}

/** Months between reviews: material arrangements yearly, the others every two years. */
export const reviewIntervalMonths = (material: boolean) => (material ? 12 : 24);

/** The next review date (ISO yyyy-mm-dd) after a review on `reviewedOn`, clamped to the month's last day. */
export function nextReviewOn(reviewedOn: string, material: boolean): string {
  const [y, m, d] = reviewedOn.split('-').map(Number) as [number, number, number];
  const months = m - 1 + reviewIntervalMonths(material);
  const year = y + Math.floor(months / 12);
  const month = months % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Days before the review date that the reminder goes out. */
export const REVIEW_REMINDER_DAYS = 30;

/** Is the reminder of a review due on `today` (both ISO dates)? From 30 days before the date, and after it. */
export function reviewReminderDue(reviewOn: string, today: string, leadDays = REVIEW_REMINDER_DAYS): boolean {
  const due = Date.parse(`${reviewOn}T00:00:00Z`) - leadDays * 86_400_000;
  return Date.parse(`${today}T00:00:00Z`) >= due;
}
