import { isIsoDate, quantityToThousandths, REQUISITION_STATUSES } from '@zabuni/domain';
import { z } from 'zod';
import { required } from './fields.ts';
import { paginationQuery } from './pagination.ts';

/** Issue 6 requisitions: what a department asks to buy, before anyone orders it. */
export const REQUISITION_MESSAGES = {
  noLines: 'Add at least one line.',
  quantity: 'Enter a quantity greater than 0 with at most three decimals.',
  price: 'Enter a unit price of 0 or more with at most the currency’s decimals.',
  currency: 'Enter a three-letter currency code, e.g. KES.',
  date: 'Enter a valid date (YYYY-MM-DD).',
  department: 'Choose one of this organisation’s departments.',
  inactiveDepartment: 'This department no longer takes requisitions.',
  category: 'Choose a category from the list.',
  notEditable: 'Only a draft or returned requisition can be changed, by its requester.',
  notYours: 'Only the requester can do this.',
  notAllowed: 'This requisition cannot be {action} now: it is {status}.',
  conflict: 'Someone else changed this requisition a moment ago. Reload it and try again.',
} as const;

export const requisitionLineForm = z.object({
  description: required(500),
  category_id: z.number({ error: REQUISITION_MESSAGES.category }).int().positive(),
  department_id: z.number({ error: REQUISITION_MESSAGES.department }).int().positive(),
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
  })
  .meta({ id: 'Requisition' });
export type RequisitionView = z.infer<typeof requisition>;

export const requisitionsQuery = paginationQuery.extend({
  status: z.enum(REQUISITION_STATUSES).optional(),
  /** true: only the caller's own requisitions. */
  mine: z.enum(['true', 'false']).optional(),
});

export const requisitionCommentBody = z.object({ comment: z.string().trim().max(2000).optional() });

/** Approve, reject or return: the step the approver saw (a stale click cannot land on the next step). */
export const requisitionDecisionBody = z.object({
  comment: z.string().trim().max(2000).optional(),
  step: z.number().int().min(1).optional(),
});

export const approvalsInboxItem = requisitionSummary
  .extend({ document_type: z.literal('requisition'), step: z.number().int(), route: z.array(z.string()) })
  .meta({ id: 'ApprovalsInboxItem' });

export const REQUISITION_DECISION_MESSAGES = {
  ownDocument: 'You cannot approve, reject or return your own requisition.',
  notYourTurn: 'This requisition is not waiting for you.',
  alreadyDecided: 'You have already decided on this step.',
  finished: 'This requisition is no longer waiting for approval.',
  commentRequired: 'Say why in a comment.',
  unassignable:
    'Nobody but you could approve this requisition: {route}. Ask your administrator to adjust the approval workflow.',
} as const;
