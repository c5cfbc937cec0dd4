import { describe, expect, it } from 'vitest';
import {
  automaticScore,
  evaluationComplete,
  expiryThresholdsReached,
  formatHundredths,
  prequalificationOutcome,
  questionnaireProblems,
  ruleFits,
  visibleSheets,
  type PrequalificationAnswer,
  type PrequalificationQuestion,
  type PrequalificationSection,
} from './prequalification-scoring.ts';

const yesNo: PrequalificationQuestion = {
  key: 'tax',
  text: 'Valid tax compliance certificate?',
  type: 'yes_no',
  weight: 1,
  mandatory: true,
  rule: { kind: 'expected_answer', expected: true },
};
const staff: PrequalificationQuestion = {
  key: 'staff',
  text: 'Permanent staff',
  type: 'number',
  weight: 2,
  mandatory: false,
  rule: {
    kind: 'bands',
    bands: [
      { from: 5, score: 50 },
      { from: 20, score: 100 },
      { from: 10, score: 80 },
    ],
  },
};
const agpo: PrequalificationQuestion = {
  key: 'agpo',
  text: 'AGPO group',
  type: 'choice',
  weight: 1,
  mandatory: false,
  options: ['youth', 'women', 'none'],
  rule: { kind: 'option_scores', scores: { youth: 100, women: 100, none: 40 } },
};
const licence: PrequalificationQuestion = {
  key: 'licence',
  text: 'Trading licence',
  type: 'document',
  weight: 1,
  mandatory: true,
  rule: { kind: 'valid_document' },
};
const experience: PrequalificationQuestion = {
  key: 'experience',
  text: 'Describe similar contracts',
  type: 'text',
  weight: 3,
  mandatory: false,
};

describe('automatic scoring rules per question type', () => {
  const closing = '2026-12-10';
  it.each<[string, PrequalificationQuestion, PrequalificationAnswer | undefined, number | null]>([
    ['yes/no expected', yesNo, { key: 'tax', type: 'yes_no', value: true }, 100],
    ['yes/no other', yesNo, { key: 'tax', type: 'yes_no', value: false }, 0],
    ['unanswered', yesNo, undefined, 0],
    ['number below every band', staff, { key: 'staff', type: 'number', value: 4 }, 0],
    ['number on a band edge', staff, { key: 'staff', type: 'number', value: 10 }, 80],
    ['number between bands (bands unsorted)', staff, { key: 'staff', type: 'number', value: 19 }, 80],
    ['number above the top band', staff, { key: 'staff', type: 'number', value: 250 }, 100],
    ['choice listed', agpo, { key: 'agpo', type: 'choice', value: 'none' }, 40],
    ['choice not listed', agpo, { key: 'agpo', type: 'choice', value: 'other' }, 0],
    [
      'document valid',
      licence,
      { key: 'licence', type: 'document', documentId: 1, expiresOn: '2027-01-01' },
      100,
    ],
    [
      'document expiring on closing day',
      licence,
      { key: 'licence', type: 'document', documentId: 1, expiresOn: closing },
      100,
    ],
    [
      'document expired',
      licence,
      { key: 'licence', type: 'document', documentId: 1, expiresOn: '2026-12-09' },
      0,
    ],
    [
      'document without expiry',
      licence,
      { key: 'licence', type: 'document', documentId: 1, expiresOn: null },
      100,
    ],
    ['answer of another type', yesNo, { key: 'tax', type: 'text', value: 'yes' }, 0],
    ['text: committee scores it', experience, { key: 'experience', type: 'text', value: 'Roads' }, null],
  ])('%s', (_, question, answer, expected) => {
    expect(automaticScore(question, answer, closing)).toBe(expected);
  });

  it.each([
    ['yes_no', { kind: 'expected_answer', expected: true }, true],
    ['number', { kind: 'expected_answer', expected: true }, false],
    ['number', { kind: 'bands', bands: [{ from: 1, score: 101 }] }, false],
    ['choice', { kind: 'option_scores', scores: { a: 50 } }, true],
    ['text', { kind: 'valid_document' }, false],
    ['document', { kind: 'valid_document' }, true],
    ['text', null, true],
  ] as const)('a %s question with rule %o fits: %s', (type, rule, fits) => {
    expect(ruleFits(type, rule)).toBe(fits);
  });
});

describe('questionnaire problems', () => {
  it.each<[string, PrequalificationSection[], string[]]>([
    ['empty', [{ title: 'A', questions: [] }], ['no_questions']],
    ['fine', [{ title: 'A', questions: [yesNo, staff] }], []],
    [
      'duplicate key',
      [
        { title: 'A', questions: [yesNo] },
        { title: 'B', questions: [yesNo] },
      ],
      ['duplicate_key:tax'],
    ],
    [
      'choice without options',
      [{ title: 'A', questions: [{ ...agpo, options: ['x'] }] }],
      ['choice_needs_options:agpo'],
    ],
    ['no weight at all', [{ title: 'A', questions: [{ ...yesNo, weight: 0 }] }], ['no_weight']],
    [
      'rule on the wrong type',
      [{ title: 'A', questions: [{ ...experience, rule: { kind: 'valid_document' } }] }],
      ['rule_does_not_fit:experience'],
    ],
  ])('%s', (_, sections, problems) => {
    expect(questionnaireProblems(sections)).toEqual(problems);
  });
});

describe('weighted result, mandatory criteria and pass mark', () => {
  const sections: PrequalificationSection[] = [
    { title: 'Compliance', questions: [yesNo, licence] },
    { title: 'Capacity', questions: [staff, agpo, experience] },
  ];
  const good: PrequalificationAnswer[] = [
    { key: 'tax', type: 'yes_no', value: true },
    { key: 'licence', type: 'document', documentId: 7, expiresOn: '2027-06-30' },
    { key: 'staff', type: 'number', value: 12 },
    { key: 'agpo', type: 'choice', value: 'none' },
    { key: 'experience', type: 'text', value: 'Three county road contracts' },
  ];

  it.each<
    [string, PrequalificationAnswer[], Array<[number, number, boolean]>, number, number, boolean, string[]]
  >([
    // (1×100 + 1×100 + 2×80 + 1×40 + 3×77.5) / 8 = 79.0625 → 79.06
    [
      'both sheets count',
      good,
      [
        [1, 70, true],
        [2, 85, true],
      ],
      60,
      7906,
      true,
      [],
    ],
    // Only submitted sheets count: the draft 10 is ignored.
    [
      'a draft sheet does not count',
      good,
      [
        [1, 70, true],
        [2, 10, false],
      ],
      60,
      7625,
      true,
      [],
    ],
    [
      'below the pass mark',
      good,
      [
        [1, 70, true],
        [2, 85, true],
      ],
      87,
      7906,
      false,
      ['below_pass_mark'],
    ],
    [
      'a failed mandatory criterion rejects whatever the total',
      good.map((a) => (a.key === 'tax' ? { ...a, value: false } : a)) as PrequalificationAnswer[],
      [[1, 100, true]],
      10,
      7500,
      false,
      ['mandatory_failed:tax'],
    ],
    [
      'a missing mandatory document',
      good.filter((a) => a.key !== 'licence'),
      [[1, 100, true]],
      90,
      7500,
      false,
      ['mandatory_failed:licence', 'below_pass_mark'],
    ],
    [
      'an unanswered committee question scores 0 whatever the sheets say',
      good.filter((a) => a.key !== 'experience'),
      [[1, 100, true]],
      0,
      5000,
      true,
      [],
    ],
  ])('%s', (_, answers, sheets, passMark, result, passed, reasons) => {
    const outcome = prequalificationOutcome({
      sections,
      answers,
      sheets: sheets.map(([evaluatorId, score, submitted]) => ({
        evaluatorId,
        submitted,
        scores: { experience: score },
      })),
      passMark,
      closingDay: '2026-12-10',
    });
    expect(outcome.resultHundredths).toBe(result);
    expect(outcome.passed).toBe(passed);
    expect(outcome.reasons).toEqual(reasons);
  });

  it('is exact in hundredths', () => {
    // 2 × 70 + 1 × 85 over 3 = 75.00 exactly.
    const outcome = prequalificationOutcome({
      sections: [
        {
          title: 'A',
          questions: [
            { ...experience, key: 'a', weight: 2 },
            { ...experience, key: 'b', weight: 1 },
          ],
        },
      ],
      answers: [
        { key: 'a', type: 'text', value: 'x' },
        { key: 'b', type: 'text', value: 'y' },
      ],
      sheets: [{ evaluatorId: 1, submitted: true, scores: { a: 70, b: 85 } }],
      passMark: 75,
      closingDay: '2026-12-10',
    });
    expect(outcome.resultHundredths).toBe(7500);
    expect(formatHundredths(outcome.resultHundredths)).toBe('75.00');
    expect(outcome.passed).toBe(true);
  });
});

describe('evaluator independence', () => {
  const committee = [1, 2, 3];
  const sheets = [
    { evaluatorId: 1, submitted: true },
    { evaluatorId: 2, submitted: false },
  ];
  it.each([
    ['a member who submitted sees the submitted sheets and their own', 1, [1]],
    ['a member with a draft sees only their own', 2, [2]],
    ['a member without a sheet sees nothing', 3, []],
    ['someone off the committee sees nothing before every member submitted', 9, []],
  ])('%s', (_, viewer, seen) => {
    expect(visibleSheets(viewer, committee, sheets).map((s) => s.evaluatorId)).toEqual(seen);
  });

  it('shows every sheet to a submitted member, and to anyone once all submitted', () => {
    const all = committee.map((evaluatorId) => ({ evaluatorId, submitted: true }));
    expect(evaluationComplete(committee, all)).toBe(true);
    expect(evaluationComplete(committee, sheets)).toBe(false);
    expect(evaluationComplete([], [])).toBe(false);
    expect(visibleSheets(9, committee, all)).toHaveLength(3);
    expect(visibleSheets(2, committee, all)).toHaveLength(3);
  });
});

describe('document expiry alerts', () => {
  it.each([
    ['2027-01-31', '2026-12-01', []],
    ['2026-12-31', '2026-12-01', [30]],
    ['2026-12-01', '2026-12-01', [30]],
    ['2026-11-30', '2026-12-01', []],
  ] as const)('expiring %s, on %s: %o', (expiresOn, today, thresholds) => {
    expect(expiryThresholdsReached(expiresOn, today)).toEqual(thresholds);
  });
});
