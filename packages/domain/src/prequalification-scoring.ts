/**
 * Supplier prequalification (issue 20): the questionnaire's shape, the automatic scoring rules per question
 * type, the mandatory criteria, the weighted result against the pass mark, and who on the evaluation
 * committee may see whose scores. Pure: the service feeds answers and committee sheets in.
 *
 * Scores are whole points from 0 to 100 per question; the weighted result is kept in hundredths of a point
 * (integer arithmetic, so 2 × 70 + 1 × 85 over 3 is exactly 75.00 and never 74.99999).
 */

export const PREQUALIFICATION_QUESTION_TYPES = ['yes_no', 'number', 'choice', 'text', 'document'] as const;
export type PrequalificationQuestionType = (typeof PREQUALIFICATION_QUESTION_TYPES)[number];

export const PREQUALIFICATION_STATUSES = ['draft', 'published', 'results', 'completed'] as const;
export type PrequalificationStatus = (typeof PREQUALIFICATION_STATUSES)[number];

export const PREQUALIFICATION_RESPONSE_STATUSES = ['draft', 'submitted', 'withdrawn'] as const;
export type PrequalificationResponseStatus = (typeof PREQUALIFICATION_RESPONSE_STATUSES)[number];

export const PREQUALIFICATION_RESULT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PrequalificationResultStatus = (typeof PREQUALIFICATION_RESULT_STATUSES)[number];

export const MAX_SCORE = 100;

/** How a question is scored without an evaluator; absent: the committee scores it. */
export type AutomaticRule =
  /** yes/no: full marks for the expected answer, none otherwise. */
  | { kind: 'expected_answer'; expected: boolean }
  /** number: the score of the highest band whose `from` the answer reaches (0 below every band). */
  | { kind: 'bands'; bands: ReadonlyArray<{ from: number; score: number }> }
  /** choice: each option's score (0 for an option not listed). */
  | { kind: 'option_scores'; scores: Readonly<Record<string, number>> }
  /** document: full marks for a document still valid on the closing day, none when missing or expired. */
  | { kind: 'valid_document' };

export interface PrequalificationQuestion {
  /** Stable key of the question inside its exercise (answers and scores refer to it). */
  key: string;
  text: string;
  type: PrequalificationQuestionType;
  /** Relative weight in the result; 0 counts for nothing but a mandatory check. */
  weight: number;
  /** A failed mandatory criterion rejects the supplier whatever the total. */
  mandatory: boolean;
  /** The options of a choice question. */
  options?: readonly string[];
  rule?: AutomaticRule | null;
}

export interface PrequalificationSection {
  title: string;
  questions: readonly PrequalificationQuestion[];
}

/** A supplier's answer to one question; a document answer says until when the document is valid. */
export type PrequalificationAnswer =
  | { key: string; type: 'yes_no'; value: boolean }
  | { key: string; type: 'number'; value: number }
  | { key: string; type: 'choice'; value: string }
  | { key: string; type: 'text'; value: string }
  | { key: string; type: 'document'; documentId: number; expiresOn: string | null };

/** Which rules fit which type (an editor offers these; the service refuses the others). */
export function ruleFits(
  type: PrequalificationQuestionType,
  rule: AutomaticRule | null | undefined,
): boolean {
  if (!rule) return true;
  switch (rule.kind) {
    case 'expected_answer':
      return type === 'yes_no';
    case 'bands':
      return type === 'number' && rule.bands.every((b) => inRange(b.score));
    case 'option_scores':
      return type === 'choice' && Object.values(rule.scores).every(inRange);
    case 'valid_document':
      return type === 'document';
  }
}

const inRange = (score: number) => Number.isInteger(score) && score >= 0 && score <= MAX_SCORE;

/** Problems of a questionnaire before publication (empty when it may be published). */
export function questionnaireProblems(sections: readonly PrequalificationSection[]): string[] {
  const problems: string[] = [];
  const questions = sections.flatMap((s) => s.questions);
  if (questions.length === 0) problems.push('no_questions');
  const keys = new Set<string>();
  for (const q of questions) {
    if (keys.has(q.key)) problems.push(`duplicate_key:${q.key}`);
    keys.add(q.key);
    if (!ruleFits(q.type, q.rule)) problems.push(`rule_does_not_fit:${q.key}`);
    if (q.type === 'choice' && (q.options ?? []).length < 2) problems.push(`choice_needs_options:${q.key}`);
    if (!Number.isInteger(q.weight) || q.weight < 0) problems.push(`bad_weight:${q.key}`);
  }
  if (questions.length > 0 && questions.every((q) => q.weight === 0)) problems.push('no_weight');
  return problems;
}

/** Whether the committee scores this question (no automatic rule applies). */
export const scoredByCommittee = (q: PrequalificationQuestion) => !q.rule;

/**
 * The automatic score of an answer (0–100), or null when the question has no rule (the committee scores
 * it). An unanswered question scores 0. `closingDay`: ISO date of the closing, for document validity.
 */
export function automaticScore(
  q: PrequalificationQuestion,
  answer: PrequalificationAnswer | undefined,
  closingDay: string,
): number | null {
  const rule = q.rule;
  if (!rule) return null;
  if (!answer || answer.type !== q.type) return 0;
  switch (rule.kind) {
    case 'expected_answer':
      return answer.type === 'yes_no' && answer.value === rule.expected ? MAX_SCORE : 0;
    case 'bands': {
      if (answer.type !== 'number') return 0;
      let best: { from: number; score: number } | null = null;
      for (const band of rule.bands) {
        if (answer.value >= band.from && (best === null || band.from > best.from)) best = band;
      }
      return best?.score ?? 0;
    }
    case 'option_scores':
      return answer.type === 'choice' ? (rule.scores[answer.value] ?? 0) : 0;
    case 'valid_document':
      return answer.type === 'document' && documentValidOn(answer.expiresOn, closingDay) ? MAX_SCORE : 0;
  }
}

/** A document without an expiry date never expires; one expiring on the day is still valid that day. */
export function documentValidOn(expiresOn: string | null, day: string): boolean {
  return expiresOn === null || expiresOn >= day;
}

/** One committee member's scores of one supplier's answers (question key → 0–100). */
export interface CommitteeSheet {
  evaluatorId: number;
  submitted: boolean;
  scores: Readonly<Record<string, number>>;
}

export interface QuestionScore {
  key: string;
  weight: number;
  mandatory: boolean;
  /** 0–100; for a committee question the mean of the submitted sheets (in hundredths, see `hundredths`). */
  hundredths: number;
  automatic: boolean;
}

export interface PrequalificationOutcome {
  /** The weighted result in hundredths of a point (7550 = 75.50). */
  resultHundredths: number;
  passMark: number;
  /** Mandatory questions failed (unanswered, or scored 0). */
  failedMandatory: string[];
  passed: boolean;
  /** Why it failed (stable codes with the question key): the reasons a rejection gives. */
  reasons: string[];
  questions: QuestionScore[];
}

/**
 * The outcome of one supplier's answers: automatic scores from the rules, committee questions the mean
 * of the submitted sheets (only submitted sheets count), the weighted result (Σ weight × score / Σ weight),
 * and passed when no mandatory criterion failed and the result reaches the pass mark.
 */
export function prequalificationOutcome(input: {
  sections: readonly PrequalificationSection[];
  answers: readonly PrequalificationAnswer[];
  sheets: readonly CommitteeSheet[];
  passMark: number;
  closingDay: string;
}): PrequalificationOutcome {
  const questions = input.sections.flatMap((s) => s.questions);
  const submitted = input.sheets.filter((s) => s.submitted);
  const scores: QuestionScore[] = questions.map((q) => {
    const answer = input.answers.find((a) => a.key === q.key);
    const automatic = automaticScore(q, answer, input.closingDay);
    if (automatic !== null)
      return {
        key: q.key,
        weight: q.weight,
        mandatory: q.mandatory,
        hundredths: automatic * 100,
        automatic: true,
      };
    const given = submitted.map((s) => s.scores[q.key] ?? 0);
    const mean = given.length === 0 ? 0 : Math.round((given.reduce((a, b) => a + b, 0) * 100) / given.length);
    return {
      key: q.key,
      weight: q.weight,
      mandatory: q.mandatory,
      hundredths: answered(answer) ? mean : 0,
      automatic: false,
    };
  });
  const totalWeight = scores.reduce((sum, s) => sum + s.weight, 0);
  const weighted = scores.reduce((sum, s) => sum + s.weight * s.hundredths, 0);
  const resultHundredths = totalWeight === 0 ? 0 : Math.round(weighted / totalWeight);
  const failedMandatory = scores.filter((s) => s.mandatory && s.hundredths === 0).map((s) => s.key);
  const reasons = [
    ...failedMandatory.map((key) => `mandatory_failed:${key}`),
    ...(resultHundredths < input.passMark * 100 ? ['below_pass_mark'] : []),
  ];
  return {
    resultHundredths,
    passMark: input.passMark,
    failedMandatory,
    passed: reasons.length === 0,
    reasons,
    questions: scores,
  };
}

function answered(answer: PrequalificationAnswer | undefined): boolean {
  if (!answer) return false;
  if (answer.type === 'text') return answer.value.trim() !== '';
  return true;
}

/** "75.50" from 7550. */
export const formatHundredths = (hundredths: number) =>
  `${Math.trunc(hundredths / 100)}.${String(Math.abs(hundredths) % 100).padStart(2, '0')}`;

/**
 * Evaluator independence: a committee member sees the other members' scores only once their own sheet is
 * submitted; someone off the committee sees none until every member has submitted.
 */
export function visibleSheets<T extends { evaluatorId: number; submitted: boolean }>(
  viewerId: number,
  committee: readonly number[],
  sheets: readonly T[],
): T[] {
  const own = sheets.find((s) => s.evaluatorId === viewerId);
  const onCommittee = committee.includes(viewerId);
  if (onCommittee && own?.submitted) return sheets.filter((s) => s.submitted || s.evaluatorId === viewerId);
  if (onCommittee) return own ? [own] : [];
  return evaluationComplete(committee, sheets) ? [...sheets] : [];
}

/** Every committee member has submitted a sheet. */
export function evaluationComplete(
  committee: readonly number[],
  sheets: readonly { evaluatorId: number; submitted: boolean }[],
): boolean {
  return (
    committee.length > 0 && committee.every((id) => sheets.some((s) => s.evaluatorId === id && s.submitted))
  );
}

/** The days before a document's expiry at which the supplier and the buyer are told (once each). */
export const DOCUMENT_EXPIRY_ALERT_DAYS = [30] as const;

/** The alert thresholds a document has reached on `today` (ISO dates), not yet expired. */
export function expiryThresholdsReached(expiresOn: string, today: string): number[] {
  const days = Math.round(
    (Date.parse(`${expiresOn}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
  );
  if (days < 0) return [];
  return DOCUMENT_EXPIRY_ALERT_DAYS.filter((threshold) => days <= threshold);
}
