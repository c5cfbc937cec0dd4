import {
  isIsoDate,
  PREQUALIFICATION_QUESTION_TYPES,
  PREQUALIFICATION_RESPONSE_STATUSES,
  PREQUALIFICATION_RESULT_STATUSES,
  PREQUALIFICATION_STATUSES,
} from '@zabuni/domain';
import { z } from 'zod';
import { recordId, required } from './fields.ts';
import type { MessageKey } from './messages.ts';
import { paginationQuery } from './pagination.ts';

/** Supplier prequalification (issue 20): the buyer's exercise, the supplier's answers, the committee's scores. */
export const PREQUALIFICATION_MESSAGES = {
  notFound: 'prequalification.not_found',
  notDraft: 'prequalification.not_draft',
  closed: 'prequalification.closed',
  notOpen: 'prequalification.not_open',
  period: 'prequalification.period',
  questionnaire: 'prequalification.questionnaire',
  score: 'prequalification.score',
  date: 'prequalification.date',
} as const satisfies Record<string, MessageKey>;

const score = z
  .number({ error: PREQUALIFICATION_MESSAGES.score })
  .int({ error: PREQUALIFICATION_MESSAGES.score })
  .min(0, { error: PREQUALIFICATION_MESSAGES.score })
  .max(100, { error: PREQUALIFICATION_MESSAGES.score });

const isoDate = z
  .string({ error: PREQUALIFICATION_MESSAGES.date })
  .trim()
  .refine(isIsoDate, { error: PREQUALIFICATION_MESSAGES.date });

const instant = z.iso.datetime({ offset: true, error: 'field.datetime' });

export const automaticRule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('expected_answer'), expected: z.boolean() }),
  z.object({
    kind: z.literal('bands'),
    bands: z
      .array(z.object({ from: z.number().finite(), score }))
      .min(1)
      .max(20),
  }),
  z.object({ kind: z.literal('option_scores'), scores: z.record(z.string().max(200), score) }),
  z.object({ kind: z.literal('valid_document') }),
]);

export const prequalificationQuestion = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[a-z0-9_-]{1,40}$/i, { error: PREQUALIFICATION_MESSAGES.questionnaire }),
  text: required(1000),
  type: z.enum(PREQUALIFICATION_QUESTION_TYPES),
  weight: z.number().int().min(0).max(100),
  mandatory: z.boolean().default(false),
  options: z.array(required(200)).max(30).optional(),
  rule: automaticRule.nullable().optional(),
});

export const prequalificationSection = z.object({
  title: required(200),
  questions: z.array(prequalificationQuestion).max(100),
});

/** Create or edit a draft exercise. Times are instants (the web enters them in EAT). */
export const prequalificationForm = z.object({
  title: required(300),
  description: z.string().trim().max(5000).default(''),
  category_ids: z.array(recordId()).min(1, { error: 'field.required' }).max(50),
  opens_at: instant,
  closes_at: instant,
  pass_mark: score,
  valid_until: isoDate,
  sections: z.array(prequalificationSection).max(30),
  /** The evaluation committee: buyer staff of the organisation. */
  evaluator_ids: z.array(recordId()).min(1, { error: 'field.required' }).max(20),
});
export type PrequalificationForm = z.infer<typeof prequalificationForm>;

const named = z.object({ id: z.number().int(), name: z.string() });

export const prequalificationSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  status: z.enum(PREQUALIFICATION_STATUSES),
  opens_at: z.string(),
  closes_at: z.string(),
  pass_mark: z.number().int(),
  categories: z.array(named),
  responses: z.number().int(),
  created_at: z.string(),
});

export const prequalification = prequalificationSummary.extend({
  description: z.string(),
  valid_until: z.string(),
  sections: z.array(prequalificationSection),
  evaluators: z.array(
    z.object({ id: z.number().int(), name: z.string(), submitted_at: z.string().nullable() }),
  ),
  invited: z.number().int(),
  published_at: z.string().nullable(),
  /** Whether the caller sits on the committee (the evaluation screen is theirs). */
  is_evaluator: z.boolean(),
});

export const prequalificationsQuery = paginationQuery.extend({
  status: z.enum(PREQUALIFICATION_STATUSES).optional(),
});

export const prequalificationAnswer = z.discriminatedUnion('type', [
  z.object({ key: z.string().max(40), type: z.literal('yes_no'), value: z.boolean() }),
  z.object({ key: z.string().max(40), type: z.literal('number'), value: z.number().finite() }),
  z.object({ key: z.string().max(40), type: z.literal('choice'), value: z.string().max(200) }),
  z.object({ key: z.string().max(40), type: z.literal('text'), value: z.string().max(10_000) }),
  z.object({
    key: z.string().max(40),
    type: z.literal('document'),
    document_id: recordId(),
  }),
]);

/** The supplier's draft: the categories applied for and the answers so far. */
export const prequalificationResponseForm = z.object({
  category_ids: z.array(recordId()).min(1, { error: 'field.required' }).max(50),
  answers: z.array(prequalificationAnswer).max(500),
});
export type PrequalificationResponseForm = z.infer<typeof prequalificationResponseForm>;

export const prequalificationDocument = z.object({
  id: z.number().int(),
  question_key: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  expires_on: z.string().nullable(),
});

export const prequalificationDocumentQuery = z.object({
  question_key: z.string().trim().min(1).max(40),
  expires_on: isoDate.optional(),
});

const wireAnswer = z.union([
  prequalificationAnswer,
  z.object({
    key: z.string(),
    type: z.literal('document'),
    document_id: z.number().int(),
    expires_on: z.string().nullable(),
  }),
]);

export const prequalificationResponse = z.object({
  id: z.number().int(),
  supplier: named,
  status: z.enum(PREQUALIFICATION_RESPONSE_STATUSES),
  category_ids: z.array(z.number().int()),
  answers: z.array(wireAnswer),
  documents: z.array(prequalificationDocument),
  submitted_at: z.string().nullable(),
  /** Automatic scores by question key (committee questions absent). */
  automatic_scores: z.record(z.string(), z.number().int()),
});

/** What a supplier sees in the portal: the exercise, and its own response if any. */
export const portalPrequalification = z.object({
  id: z.number().int(),
  buyer: named,
  title: z.string(),
  description: z.string(),
  opens_at: z.string(),
  closes_at: z.string(),
  open: z.boolean(),
  categories: z.array(named),
  sections: z.array(prequalificationSection),
  response: prequalificationResponse.omit({ supplier: true, automatic_scores: true }).nullable(),
  results: z.array(
    z.object({
      category: named,
      status: z.enum(PREQUALIFICATION_RESULT_STATUSES),
      valid_until: z.string().nullable(),
    }),
  ),
});

export const portalPrequalificationSummary = portalPrequalification
  .pick({
    id: true,
    buyer: true,
    title: true,
    opens_at: true,
    closes_at: true,
    open: true,
    categories: true,
  })
  .extend({ response_status: z.enum(PREQUALIFICATION_RESPONSE_STATUSES).nullable() });

/** A committee member's scores: response → question key → 0–100, with optional comments. */
export const prequalificationScoresForm = z.object({
  scores: z
    .array(
      z.object({
        response_id: recordId(),
        question_key: z.string().max(40),
        score,
        comment: z.string().trim().max(2000).optional(),
      }),
    )
    .max(5000),
});

export const prequalificationEvaluation = z.object({
  /** The questions the committee scores. */
  questions: z.array(prequalificationQuestion),
  submitted_at: z.string().nullable(),
  responses: z.array(
    z.object({
      id: z.number().int(),
      supplier: named,
      answers: z.array(wireAnswer),
      my_scores: z.record(z.string(), z.number().int()),
      /** Other members' scores: only once the caller has submitted their own. */
      others: z.array(
        z.object({
          evaluator: named,
          submitted: z.boolean(),
          scores: z.record(z.string(), z.number().int()),
        }),
      ),
    }),
  ),
});

export const prequalificationResult = z.object({
  id: z.number().int(),
  supplier: named,
  category: named,
  score: z.string(),
  recommended: z.boolean(),
  reasons: z.array(z.string()),
  status: z.enum(PREQUALIFICATION_RESULT_STATUSES),
  comment: z.string().nullable(),
  valid_until: z.string().nullable(),
  /** Decided through a workflow (the approvals inbox), or by the buyer directly when none applies. */
  under_workflow: z.boolean(),
  decided_at: z.string().nullable(),
});

export const prequalificationResults = z.object({
  complete: z.boolean(),
  results: z.array(prequalificationResult),
});

export const prequalificationDecisionBody = z.object({ comment: z.string().trim().max(2000).optional() });

export const prequalifiedSupplier = z.object({
  supplier: named,
  category: named,
  score: z.string(),
  valid_until: z.string(),
  prequalification_id: z.number().int(),
});

export const prequalifiedQuery = paginationQuery.extend({
  category_id: z.coerce.number().int().positive().optional(),
});
