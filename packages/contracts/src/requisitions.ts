import { isIsoDate, quantityToThousandths, REQUISITION_ACTIONS, REQUISITION_STATUSES } from '@zabuni/domain';
import { z } from 'zod';
import { MAX_INTEGER, MAX_INTEGER_MESSAGE, recordId, required } from './fields.ts';
import type { MessageKey } from './messages.ts';
import { paginationQuery, queryId } from './pagination.ts';

/** Issue 6 requisitions: what a department asks to buy, before anyone orders it. */
export const REQUISITION_MESSAGES = {
  noLines: 'field.no_lines',
  quantity: 'field.quantity',
  price: 'requisition.price',
  currency: 'field.currency',
  date: 'field.date',
  department: 'requisition.department',
  inactiveDepartment: 'requisition.inactive_department',
  category: 'requisition.category',
  notEditable: 'requisition.not_editable',
  notYours: 'requisition.not_yours',
  notAllowed: 'requisition.not_allowed',
  conflict: 'requisition.conflict',
} as const satisfies Record<string, MessageKey>;

export const requisitionLineForm = z.object({
  description: required(500),
  category_id: recordId(REQUISITION_MESSAGES.category),
  department_id: recordId(REQUISITION_MESSAGES.department),
  /** Decimal text, up to three decimals ("2", "0.5"). */
  quantity: z
    .union([z.string(), z.number()], { error: REQUISITION_MESSAGES.quantity })
    .transform(String)
    .refine((text) => (quantityToThousandths(text) ?? 0) > 0, { error: REQUISITION_MESSAGES.quantity }),
  unit: required(20).default('each'),
  /** Estimated unit price in major units as decimal text ("150000.00"). */
  unit_price: z.union([z.string(), z.number()], { error: REQUISITION_MESSAGES.price }).transform(String),
  needed_by: z.string().trim().refine(isIsoDate, { error: REQUISITION_MESSAGES.date }).nullable().optional(),
});

export const requisitionForm = z.object({
  title: required(200),
  justification: z.string().trim().max(5000).default(''),
  currency: z
    .string({ error: REQUISITION_MESSAGES.currency })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: REQUISITION_MESSAGES.currency })
    .default('KES'),
  lines: z.array(requisitionLineForm).min(1, { error: REQUISITION_MESSAGES.noLines }).max(100),
});
export type RequisitionForm = z.output<typeof requisitionForm>;

export const requisitionLine = z.object({
  id: z.number().int(),
  line_no: z.number().int(),
  description: z.string(),
  category: z.object({ id: z.number().int(), name: z.string() }),
  department: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  quantity: z.string(),
  unit: z.string(),
  unit_price: z.string(),
  amount: z.string(),
  needed_by: z.string().nullable(),
  /** Taken by purchase orders that are not cancelled (drafts included), and what is still to be ordered. */
  ordered_quantity: z.string(),
  remaining_quantity: z.string(),
});

const person = z.object({ id: z.number().int(), name: z.string() });

export const requisitionSummary = z
  .object({
    id: z.number().int(),
    number: z.string(),
    title: z.string(),
    status: z.enum(REQUISITION_STATUSES),
    requester: person,
    currency: z.string(),
    total: z.string(),
    submitted_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'RequisitionSummary' });

export const requisitionApproval = z.object({
  round: z.number().int(),
  /** The route of this round, as people read it ("Step 1: ICT budget owner — Jane Doe"). */
  route: z.array(z.string()),
  state: z.enum(['in_progress', 'approved', 'rejected', 'returned']),
  current_step: z.number().int().nullable(),
  waiting_for_me: z.boolean(),
  decisions: z.array(
    z.object({
      round: z.number().int(),
      step: z.number().int(),
      user: person,
      decision: z.enum(['approved', 'rejected', 'returned']),
      comment: z.string(),
      decided_at: z.string(),
    }),
  ),
});

export const requisition = requisitionSummary
  .extend({
    justification: z.string(),
    lines: z.array(requisitionLine),
    updated_at: z.string(),
    /** Null until first submitted. */
    approval: requisitionApproval.nullable(),
    /**
     * What the caller may do now (the server checks again): edit, submit, cancel (the requester), approve,
     * reject, return (the approver whose turn it is), order (a buyer, while it is approved and something of
     * it is still to be ordered: the order is raised with POST /p2p/purchase-orders/ from its lines).
     */
    actions: z.array(z.enum(REQUISITION_ACTIONS)),
  })
  .meta({ id: 'Requisition' });
export type RequisitionView = z.infer<typeof requisition>;

export const REQUISITION_ORDERINGS = [
  'number',
  'title',
  'total',
  'status',
  'submitted_at',
  'created_at',
] as const;
const orderings = REQUISITION_ORDERINGS.flatMap((field) => [field, `-${field}`] as const);
export type RequisitionOrdering = (typeof orderings)[number];

export const requisitionsQuery = paginationQuery.extend({
  status: z.enum(REQUISITION_STATUSES).optional(),
  department: queryId.optional(),
  /** A field of REQUISITION_ORDERINGS, "-" first for descending; newest first when absent. */
  ordering: z.enum(orderings, { error: 'field.ordering' }).optional(),
  /** true: only the caller's own requisitions. */
  mine: z.enum(['true', 'false']).optional(),
});

export const requisitionCommentBody = z.object({ comment: z.string().trim().max(2000).optional() });

/** Approve, reject or return: the step the approver saw (a stale click cannot land on the next step). */
export const requisitionDecisionBody = z.object({
  comment: z.string().trim().max(2000).optional(),
  step: z.number().int().min(1).max(MAX_INTEGER, { error: MAX_INTEGER_MESSAGE }).optional(),
});

export const REQUISITION_DECISION_MESSAGES = {
  ownDocument: 'requisition.own_document',
  notYourTurn: 'requisition.not_your_turn',
  alreadyDecided: 'requisition.already_decided',
  finished: 'requisition.finished',
  commentRequired: 'requisition.comment_required',
  notSmall: 'approval.not_small',
  unassignable: 'requisition.unassignable',
} as const satisfies Record<string, MessageKey>;

/** Items up to this total may be approved together from the inbox (minor units of KES: 100,000.00). */
export const BULK_APPROVAL_LIMIT = { currency: 'KES', amount: '100000.00' } as const;

const personRef = z.object({ id: z.number().int(), name: z.string() });

export const requisitionTimeline = z.object({
  results: z.array(
    z.object({
      id: z.number().int(),
      occurred_at: z.string(),
      action: z.string(),
      actor: personRef.nullable(),
      detail: z.record(z.string(), z.unknown()),
    }),
  ),
});

export const requisitionAttachment = z
  .object({
    id: z.number().int(),
    file_name: z.string(),
    content_type: z.string(),
    size: z.number().int(),
    uploaded_by: personRef,
    uploaded_at: z.string(),
    download_url: z.string(),
  })
  .meta({ id: 'RequisitionAttachment' });

/** A draft's lines against the budgets they would charge: the form's live indicator. */
export type BudgetCheckRequest = z.output<typeof budgetCheckRequest>;
export const budgetCheckRequest = requisitionForm.extend({
  title: z.string().trim().max(200).default(''),
  /** The requisition being edited, left out of the figures it is compared with. */
  requisition_id: recordId().optional(),
});

export const BUDGET_CHECK_OUTCOMES = [
  'within',
  'over_warn',
  'over_stop',
  'over_ignore',
  'no_budget',
] as const;

export const budgetCheckResult = z.object({
  checks: z.array(
    z.object({
      budget_id: z.number().int().nullable(),
      label: z.string(),
      department: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
      currency: z.string(),
      amount: z.string().nullable(),
      proposed: z.string().nullable(),
      committed: z.string().nullable(),
      actual: z.string().nullable(),
      available: z.string().nullable(),
      /** What this requisition charges to the budget (or to the department, when it has no budget). */
      requested: z.string(),
      shortfall: z.string().nullable(),
      action: z.enum(['stop', 'warn', 'ignore']).nullable(),
      outcome: z.enum(BUDGET_CHECK_OUTCOMES),
      /** English, naming the budget and the shortfall, when over. */
      message: z.string().nullable(),
    }),
  ),
});
