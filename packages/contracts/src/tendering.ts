import {
  PROCUREMENT_CATEGORIES,
  PROCUREMENT_METHODS,
  TENDERING_PHASES,
  type TenderingSettings,
} from '@zabuni/domain';
import { z } from 'zod';
import { recordId, required } from './fields.ts';
import type { MessageKey } from './messages.ts';
import { paginationQuery } from './pagination.ts';

/**
 * Tender management (issue 21): the buyer's form, the notice, clarifications and addenda, the two-envelope
 * bid and its receipt, the openings, the staged evaluation, the award and the standstill. Amounts are
 * decimal text in major units; instants ISO 8601 with an offset.
 */

const money = z
  .union([z.string(), z.number()], { error: 'tendering.price' satisfies MessageKey })
  .transform(String)
  .refine((text) => /^\d{1,13}(\.\d{1,2})?$/.test(text.trim()), {
    error: 'tendering.price' satisfies MessageKey,
  });
const instant = z.iso.datetime({ offset: true, error: 'field.datetime' });

export const tenderForm = z.object({
  title: required(200),
  description: z.string().trim().max(10_000).default(''),
  method: z.enum(PROCUREMENT_METHODS),
  category: z.enum(PROCUREMENT_CATEGORIES),
  category_id: recordId().nullable().optional(),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/)
    .default('KES'),
  estimate: money,
  justification: z.string().trim().max(5000).nullable().optional(),
  bid_security: money.default('0'),
  pass_mark: z.number().min(0).max(100),
  closing_at: instant,
  agpo_reserved: z.boolean().default(false),
  /** The opening and evaluation committee: at least three staff members with an opening passphrase. */
  committee: z.array(recordId()).max(20),
  quorum: z.number().int().min(3).max(20),
  /** A restricted tender's invited suppliers (from the buyer's supplier list); only they see it and bid. */
  invited_suppliers: z.array(recordId()).max(200).default([]),
});
export type TenderForm = z.output<typeof tenderForm>;

export const tendersQuery = paginationQuery.extend({
  status: z.enum(TENDERING_PHASES).optional(),
  search: z.string().trim().max(200).optional(),
});

const ref = z.object({ id: z.number().int(), name: z.string() });

export const tenderSummary = z.object({
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  method: z.enum(PROCUREMENT_METHODS),
  category: z.enum(PROCUREMENT_CATEGORIES),
  status: z.enum(TENDERING_PHASES),
  currency: z.string(),
  estimate: z.string(),
  closing_at: z.string(),
  bids: z.number().int(),
});

export const tenderClarification = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string().nullable(),
  asked_at: z.string(),
  answered_at: z.string().nullable(),
});
export const tenderAddendum = z.object({
  id: z.number().int(),
  note: z.string(),
  closing_before: z.string(),
  closing_after: z.string(),
  created_at: z.string(),
});

/** A bid as the buyer sees it: before the opening only who and when; contents once opened. */
export const tenderBidView = z.object({
  id: z.number().int(),
  supplier: ref,
  submitted_at: z.string(),
  technical_sha256: z.string(),
  financial_sha256: z.string(),
  security: z
    .object({ kind: z.string(), issuer: z.string(), reference: z.string(), amount: z.string() })
    .nullable(),
  agpo_certificate: z.string().nullable(),
  technical: z.object({ summary: z.string() }).nullable(),
  price: z.string().nullable(),
  preliminary_pass: z.boolean().nullable(),
  technical_score: z.string().nullable(),
  technical_pass: z.boolean().nullable(),
  financial_rank: z.number().int().nullable(),
  reason: z.string().nullable(),
});

export const tenderCommitteeMember = z.object({
  user: ref,
  has_key: z.boolean(),
  technical_confirmed_at: z.string().nullable(),
  financial_confirmed_at: z.string().nullable(),
  evaluation_submitted_at: z.string().nullable(),
});

export const tenderView = tenderSummary.extend({
  description: z.string(),
  category_id: z.number().int().nullable(),
  justification: z.string().nullable(),
  justification_required: z.boolean(),
  invited_suppliers: z.array(ref),
  /** The justification's approval (engine): null while none was asked for. */
  justification_status: z.enum(['pending', 'approved', 'rejected']).nullable(),
  /** A draft whose method needs its justification approved before publication. */
  justification_to_approve: z.boolean(),
  /** The caller may approve or reject the justification now (their turn). */
  can_decide_justification: z.boolean(),
  bid_security: z.string(),
  pass_mark: z.string(),
  quorum: z.number().int(),
  agpo_reserved: z.boolean(),
  published_at: z.string().nullable(),
  technical_opened_at: z.string().nullable(),
  evaluation_due_at: z.string().nullable(),
  evaluation_late: z.boolean(),
  evaluated_at: z.string().nullable(),
  financial_opened_at: z.string().nullable(),
  evaluation_report: z.string().nullable(),
  professional_opinion: z.string().nullable(),
  award_bid_id: z.number().int().nullable(),
  awarded_at: z.string().nullable(),
  notified_at: z.string().nullable(),
  standstill_until: z.string().nullable(),
  contract_id: z.number().int().nullable(),
  ocid: z.string(),
  committee: z.array(tenderCommitteeMember),
  bid_list: z.array(tenderBidView),
  clarifications: z.array(tenderClarification),
  addenda: z.array(tenderAddendum),
  can_decide: z.boolean(),
});
export type TenderView = z.infer<typeof tenderView>;

export const tenderAnswerBody = z.object({ answer: required(5000) });
export const tenderQuestionBody = z.object({ question: required(5000) });
export const tenderAddendumForm = z.object({ note: required(5000), closing_at: instant.optional() });
export const tenderCancelBody = z.object({ reason: required(2000) });
export const tenderOpeningBody = z.object({ passphrase: z.string().min(1).max(200) });

export const tenderBidForm = z.object({
  /** The technical envelope: the technical proposal (sealed at once; nobody reads it before the opening). */
  technical_summary: required(20_000),
  /** The financial envelope: the price (sealed separately; opened only if the technical evaluation passes). */
  price: money,
  security: z
    .object({ kind: required(50), issuer: required(200), reference: required(100), amount: money })
    .nullable()
    .optional(),
  agpo_certificate: z.string().trim().max(100).nullable().optional(),
});
export type TenderBidForm = z.output<typeof tenderBidForm>;

export const tenderBidReceipt = z.object({
  code: z.string(),
  tender: z.object({ id: z.number().int(), number: z.string() }),
  supplier: ref,
  version: z.number().int(),
  technical_sha256: z.string(),
  financial_sha256: z.string(),
  submitted_at: z.string(),
});

export const tenderScore = z.object({
  bid_id: recordId(),
  preliminary_pass: z.boolean(),
  technical_score: z
    .number({ error: 'tendering.score' satisfies MessageKey })
    .min(0)
    .max(100),
  comment: z.string().trim().max(2000).default(''),
});
export const tenderEvaluationForm = z.object({ scores: z.array(tenderScore).max(200) });
export const tenderEvaluationView = z.object({
  submitted_at: z.string().nullable(),
  mine: z.array(tenderScore.extend({ comment: z.string() })),
  /** The other evaluators' scores: only once one's own evaluation is submitted. */
  others: z
    .array(z.object({ evaluator: ref, scores: z.array(tenderScore.extend({ comment: z.string() })) }))
    .nullable(),
});

export const tenderReportForm = z.object({
  evaluation_report: z.string().trim().max(20_000).optional(),
  professional_opinion: z.string().trim().max(20_000).optional(),
});
export const tenderAwardForm = z.object({ bid_id: recordId() });
export const tenderDecisionBody = z.object({ comment: z.string().trim().max(2000).optional() });
export const tenderContractBody = z.object({ contract_id: recordId() });

export const openingRegister = z.object({
  tender: z.object({ id: z.number().int(), number: z.string(), title: z.string(), closing_at: z.string() }),
  buyer: z.string(),
  stage: z.enum(['technical', 'financial']),
  opened_at: z.string().nullable(),
  committee: z.array(z.object({ name: z.string(), confirmed_at: z.string().nullable() })),
  bids: z.array(
    z.object({
      supplier: z.string(),
      submitted_at: z.string(),
      technical_sha256: z.string(),
      financial_sha256: z.string(),
      security: z.string().nullable(),
      price: z.string().nullable(),
    }),
  ),
});

export const portalTenderSummary = z.object({
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  buyer: z.string(),
  method: z.enum(PROCUREMENT_METHODS),
  status: z.enum(TENDERING_PHASES),
  closing_at: z.string(),
  has_bid: z.boolean(),
});
export const portalTender = portalTenderSummary.extend({
  /** This supplier registered its interest (or asked a question): it is mailed clarifications and addenda. */
  interested: z.boolean(),
  description: z.string(),
  currency: z.string(),
  bid_security: z.string(),
  agpo_reserved: z.boolean(),
  clarifications: z.array(tenderClarification),
  addenda: z.array(tenderAddendum),
  receipt: tenderBidReceipt.nullable(),
  /** After the award: this supplier's outcome with the reason (successful or not), and the standstill end. */
  outcome: z
    .object({
      successful: z.boolean(),
      reason: z.string().nullable(),
      standstill_until: z.string().nullable(),
    })
    .nullable(),
});

const thresholdRow = z.object({
  goods: z.number().int().nullable(),
  works: z.number().int().nullable(),
  services: z.number().int().nullable(),
});
export const tenderingSettingsForm = z.object({
  publicBody: z.boolean(),
  guardRails: z.boolean(),
  thresholds: z.object(
    Object.fromEntries(PROCUREMENT_METHODS.map((m) => [m, thresholdRow])) as Record<
      (typeof PROCUREMENT_METHODS)[number],
      typeof thresholdRow
    >,
  ),
  minimumBidDays: z.number().int().min(1).max(120),
  addendumMinimumDays: z.number().int().min(1).max(60),
  minimumCommittee: z.number().int().min(3).max(20),
}) satisfies z.ZodType<TenderingSettings>;

export const agpoReport = z.object({
  total: z.string(),
  agpo: z.string(),
  share_percent: z.string(),
  target_percent: z.string(),
  met: z.boolean(),
  awards: z.number().int(),
});

// OCDS --------------------------------------------------------------------------------------------------

export const ocdsReleasesQuery = paginationQuery.extend({
  ocid: z.string().trim().max(200).optional(),
  tag: z.enum(['tender', 'award', 'contract']).optional(),
});
/** An OCDS 1.1 release (its shape is checked against the release schema in tests, not here). */
export const ocdsRelease = z.record(z.string(), z.unknown());
export const ocdsReleasePackage = z.object({
  uri: z.string(),
  version: z.literal('1.1'),
  publishedDate: z.string(),
  publisher: z.object({ name: z.string() }),
  license: z.string().nullable(),
  publicationPolicy: z.string().nullable(),
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  releases: z.array(ocdsRelease),
});
export const ocdsRecordPackage = z.object({
  uri: z.string(),
  version: z.literal('1.1'),
  publishedDate: z.string(),
  publisher: z.object({ name: z.string() }),
  records: z.array(
    z.object({ ocid: z.string(), releases: z.array(ocdsRelease), compiledRelease: ocdsRelease }),
  ),
});
