import { APPROVAL_DOCUMENT_TYPES } from '@zabuni/domain';
import { z } from 'zod';
import type { MessageKey } from './messages.ts';
import { MAX_INTEGER, MAX_INTEGER_MESSAGE, recordId } from './fields.ts';

/**
 * The one approvals inbox and bulk approval (issue 14): every document waiting for the caller's decision,
 * whatever its type (requisitions, purchase orders, invoices; contracts, awards and risk acceptances next).
 */

const person = z.object({ id: z.number().int(), name: z.string() });

export const approvalsInboxItem = z
  .object({
    document_type: z.enum(APPROVAL_DOCUMENT_TYPES),
    id: z.number().int(),
    /** The document's number (an invoice: the supplier's invoice number). */
    number: z.string(),
    /** A requisition's title; an order's or invoice's supplier name. */
    title: z.string(),
    /** The supplier of an order or invoice; null for a requisition. */
    supplier: person.nullable(),
    /** Who raised it (requisitioner, buyer of the order, who entered the invoice). */
    requester: person,
    status: z.string(),
    currency: z.string(),
    /** The amount to approve, as decimal text in `currency`. */
    total: z.string(),
    /** The step waiting for the caller (1-based): pass it back when deciding. */
    step: z.number().int(),
    /** The route of this round, as people read it. */
    route: z.array(z.string()),
    /** Small enough (BULK_APPROVAL_LIMIT) to approve together with others. */
    bulk_approvable: z.boolean(),
    /** The web page of the document. */
    path: z.string(),
    submitted_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'ApprovalsInboxItem' });
export type ApprovalsInboxItem = z.infer<typeof approvalsInboxItem>;

export const bulkApproveBody = z.object({
  items: z
    .array(
      z.object({
        document_type: z.enum(APPROVAL_DOCUMENT_TYPES),
        id: recordId(),
        step: z.number().int().min(1).max(MAX_INTEGER, { error: MAX_INTEGER_MESSAGE }),
      }),
    )
    .min(1, { error: 'approval.none_chosen' })
    .max(50, { error: 'approval.too_many' }),
});
export type BulkApproveBody = z.infer<typeof bulkApproveBody>;

export const bulkApproveResult = z.object({
  results: z.array(
    z.object({
      document_type: z.enum(APPROVAL_DOCUMENT_TYPES),
      id: z.number().int(),
      ok: z.boolean(),
      detail: z.string(),
      /** The catalogue key of `detail` (see messages.ts), or the class of an unconverted error. */
      code: z.string().optional(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    }),
  ),
});
export type BulkApproveResult = z.infer<typeof bulkApproveResult>;

export const APPROVALS_MESSAGES = {
  notSmall: 'approval.not_small',
} as const satisfies Record<string, MessageKey>;

/** How the engine refuses a decision on an invoice under a workflow (the others keep their own words). */
export const INVOICE_DECISION_MESSAGES = {
  ownDocument: 'invoice.own_document',
  notYourTurn: 'invoice.not_your_turn',
  alreadyDecided: 'approval.already_decided',
  finished: 'invoice.finished',
  unassignable: 'invoice.unassignable',
} as const satisfies Record<string, MessageKey>;
