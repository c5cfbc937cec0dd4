import type { PrequalificationForm } from '@zabuni/contracts';
import { fromEatInput, toEatInput, type Prequalification } from './api.ts';

type Question = PrequalificationForm['sections'][number]['questions'][number];
type QuestionType = Question['type'];

/** A question as the editor holds it: options and scores typed as text ("youth=100; none=40"). */
export interface QuestionValues {
  key: string;
  text: string;
  type: QuestionType;
  weight: number;
  mandatory: boolean;
  options: string;
  /** yes/no: '' (the committee scores it), 'yes' or 'no' (full marks for that answer). */
  expected: '' | 'yes' | 'no';
  /** number: "5=50; 10=80; 20=100" (from → score); choice: "youth=100; none=40" (option → score). */
  scores: string;
  /** document: scored automatically (valid on the closing day). */
  validDocument: boolean;
}

export interface EditorValues {
  title: string;
  description: string;
  category_ids: number[];
  opens_at: string;
  closes_at: string;
  pass_mark: number;
  valid_until: string;
  evaluator_ids: string[];
  sections: Array<{ title: string; questions: QuestionValues[] }>;
}

export const blankQuestion = (key: string): QuestionValues => ({
  key,
  text: '',
  type: 'yes_no',
  weight: 1,
  mandatory: false,
  options: '',
  expected: 'yes',
  scores: '',
  validDocument: true,
});

/** The next unused question key (q1, q2, …): keys stay stable once answers refer to them. */
export function nextKey(sections: EditorValues['sections']): string {
  const used = new Set(sections.flatMap((s) => s.questions.map((q) => q.key)));
  for (let n = 1; ; n += 1) if (!used.has(`q${n}`)) return `q${n}`;
}

/** "a=1; b=2" → [["a", 1], ["b", 2]] (blank parts ignored; a part without "=" scores NaN). */
export function pairs(text: string): Array<[string, number]> {
  return text
    .split(/[;\n]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const at = part.lastIndexOf('=');
      return at < 0 ? [part, Number.NaN] : [part.slice(0, at).trim(), Number(part.slice(at + 1).trim())];
    });
}

function ruleOf(q: QuestionValues): Question['rule'] {
  switch (q.type) {
    case 'yes_no':
      return q.expected ? { kind: 'expected_answer', expected: q.expected === 'yes' } : null;
    case 'number': {
      const bands = pairs(q.scores).map(([from, score]) => ({ from: Number(from), score }));
      return bands.length > 0 ? { kind: 'bands', bands } : null;
    }
    case 'choice': {
      const scores = pairs(q.scores);
      return scores.length > 0 ? { kind: 'option_scores', scores: Object.fromEntries(scores) } : null;
    }
    case 'document':
      return q.validDocument ? { kind: 'valid_document' } : null;
    case 'text':
      return null;
  }
}

/** The editor's values as the API's form (the same zod schema then checks them). */
export function toForm(values: EditorValues): PrequalificationForm {
  return {
    title: values.title,
    description: values.description,
    category_ids: values.category_ids,
    opens_at: fromEatInput(values.opens_at),
    closes_at: fromEatInput(values.closes_at),
    pass_mark: Number(values.pass_mark),
    valid_until: values.valid_until,
    evaluator_ids: values.evaluator_ids.map(Number),
    sections: values.sections.map((s) => ({
      title: s.title,
      questions: s.questions.map((q) => ({
        key: q.key,
        text: q.text,
        type: q.type,
        weight: Number(q.weight),
        mandatory: q.mandatory,
        ...(q.type === 'choice'
          ? {
              options: q.options
                .split(/[;\n]/)
                .map((o) => o.trim())
                .filter(Boolean),
            }
          : {}),
        rule: ruleOf(q),
      })),
    })),
  };
}

/** A saved exercise back into the editor. */
export function toValues(saved: Prequalification): EditorValues {
  return {
    title: saved.title,
    description: saved.description,
    category_ids: saved.categories.map((c) => c.id),
    opens_at: toEatInput(saved.opens_at),
    closes_at: toEatInput(saved.closes_at),
    pass_mark: saved.pass_mark,
    valid_until: saved.valid_until,
    evaluator_ids: saved.evaluators.map((e) => String(e.id)),
    sections: saved.sections.map((s) => ({
      title: s.title,
      questions: s.questions.map((q) => {
        const rule = q.rule ?? null;
        return {
          ...blankQuestion(q.key),
          text: q.text,
          type: q.type,
          weight: q.weight,
          mandatory: q.mandatory,
          options: (q.options ?? []).join('; '),
          expected: rule?.kind === 'expected_answer' ? (rule.expected ? 'yes' : 'no') : '',
          scores:
            rule?.kind === 'bands'
              ? rule.bands.map((b) => `${b.from}=${b.score}`).join('; ')
              : rule?.kind === 'option_scores'
                ? Object.entries(rule.scores)
                    .map(([o, s]) => `${o}=${s}`)
                    .join('; ')
                : '',
          validDocument: rule?.kind === 'valid_document',
        };
      }),
    })),
  };
}

/** A new exercise: opens now, closes in two weeks at 17:00 EAT, valid for a year. */
export function newValues(now = new Date()): EditorValues {
  const day = (days: number) =>
    new Date(now.getTime() + days * 86_400_000 + 3 * 3_600_000).toISOString().slice(0, 10);
  return {
    title: '',
    description: '',
    category_ids: [],
    opens_at: toEatInput(now.toISOString()),
    closes_at: `${day(14)}T17:00`,
    pass_mark: 60,
    valid_until: day(380),
    evaluator_ids: [],
    sections: [{ title: '', questions: [blankQuestion('q1')] }],
  };
}
