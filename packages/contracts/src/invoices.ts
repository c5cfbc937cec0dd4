import {
  EXCEPTION_RESOLUTIONS,
  INVOICE_STATUSES,
  isIsoDate,
  MATCH_LEVELS,
  quantityToThousandths,
  TOLERANCE_COMBINES,
  VARIANCE_KINDS,
} from '@zabuni/domain';
import { z } from 'zod';
import { documentBudgetCheck } from './budgets.ts';
import { recordId, required } from './fields.ts';
import type { MessageKey } from './messages.ts';
import { paginationQuery, queryId } from './pagination.ts';
import { REQUISITION_MESSAGES, requisitionApproval } from './requisitions.ts';

export const INVOICE_MESSAGES = {
  duplicate: 'invoice.duplicate',
  order: 'invoice.order',
  orderNotOpen: 'invoice.order_not_open',
  line: 'invoice.line',
  future: 'invoice.future',
  reason: 'invoice.reason',
  notPermitted: 'invoice.not_permitted',
  notAllowed: 'invoice.not_allowed',
  budgetException: 'invoice.budget_exception',
  file: 'invoice.file',
  payment: 'invoice.payment',
  paymentReference: 'invoice.payment_reference',
} as const satisfies Record<string, MessageKey>;

const quantity = z
  .union([z.string(), z.number()], { error: REQUISITION_MESSAGES.quantity })
  .transform(String)
  .refine((text) => (quantityToThousandths(text) ?? 0) > 0, { error: REQUISITION_MESSAGES.quantity });

/** A supplier's invoice against one of its purchase orders (or entered by finance on its behalf). */
export const invoiceForm = z.object({
  purchase_order_id: recordId(INVOICE_MESSAGES.order),
  invoice_number: required(60),
  invoice_date: z.string().trim().refine(isIsoDate, { error: REQUISITION_MESSAGES.date }),
  lines: z
    .array(
      z.object({
        /** Null: a line the order does not have (the match reports it). */
        purchase_order_line_id: recordId().nullable(),
        description: required(500),
        quantity,
        /** Before tax, major units as decimal text. */
        unit_price: z.union([z.string(), z.number()], { error: 'invoice.price' }).transform(String),
      }),
    )
    .min(1, { error: 'field.no_lines' })
    .max(200),
});
export type InvoiceForm = z.output<typeof invoiceForm>;

const ref = z.object({ id: z.number().int(), name: z.string() });

export const variance = z.object({
  kind: z.enum(VARIANCE_KINDS),
  /** The order line's number, or null for the document total or an extra line. */
  line_no: z.number().int().nullable(),
  expected: z.string(),
  actual: z.string(),
  difference: z.string(),
  unit: z.enum(['quantity', 'money']),
  tolerated: z.string().nullable(),
  blocking: z.boolean(),
  /** In plain words, for the supplier and for finance. */
  explanation: z.string(),
});

export const matchOutcome = z
  .object({
    level: z.enum(MATCH_LEVELS),
    within_tolerance: z.boolean(),
    variances: z.array(variance),
    /** One sentence: what happens next. */
    summary: z.string(),
  })
  .meta({ id: 'MatchResult' });

export const invoiceSummary = z
  .object({
    id: z.number().int(),
    invoice_number: z.string(),
    status: z.enum(INVOICE_STATUSES),
    supplier: ref,
    buyer: ref,
    purchase_order: z.object({ id: z.number().int(), number: z.string() }),
    invoice_date: z.string(),
    due_date: z.string(),
    currency: z.string(),
    subtotal: z.string(),
    tax: z.string(),
    total: z.string(),
    paid: z.string(),
    /** What its credit notes take off the total. */
    credited: z.string(),
    /** Still owed: total less credit notes and payments. */
    outstanding: z.string(),
    within_tolerance: z.boolean(),
    blocking_variances: z.number().int(),
    submitted_at: z.string(),
  })
  .meta({ id: 'InvoiceSummary' });

export const invoice = invoiceSummary
  .extend({
    lines: z.array(
      z.object({
        line_no: z.number().int(),
        purchase_order_line_id: z.number().int().nullable(),
        description: z.string(),
        quantity: z.string(),
        unit_price: z.string(),
        tax_rate: z.string(),
        net: z.string(),
        tax: z.string(),
      }),
    ),
    match: matchOutcome,
    resolutions: z.array(
      z.object({
        kind: z.enum(EXCEPTION_RESOLUTIONS),
        reason: z.string(),
        user: ref,
        created_at: z.string(),
      }),
    ),
    payments: z.array(
      z.object({
        id: z.number().int(),
        reference: z.string(),
        paid_on: z.string(),
        amount: z.string(),
        method: z.string(),
      }),
    ),
    file: z.object({ name: z.string(), size: z.number().int(), download_url: z.string() }).nullable(),
    submitted_by: ref,
    decided_at: z.string().nullable(),
    /** The approval under the organisation's invoice workflow; null when finance approves alone. */
    approval: requisitionApproval.nullable().optional(),
    /** Buyer's side, while it waits for approval: the budget panel the approver sees before deciding. */
    budget_checks: z.array(documentBudgetCheck).nullable().optional(),
    actions: z.array(z.string()),
  })
  .meta({ id: 'Invoice' });
export type InvoiceView = z.infer<typeof invoice>;

export const invoicesQuery = paginationQuery.extend({
  status: z.enum(INVOICE_STATUSES).optional(),
  /** true: finance's exception queue (exception and awaiting credit note). */
  exceptions: z.enum(['true', 'false']).optional(),
  supplier: queryId.optional(),
  purchase_order: queryId.optional(),
});

export const invoiceReasonBody = z.object({ reason: z.string().trim().max(2000).optional() });

export const resolveExceptionBody = z.object({
  resolution: z.enum(EXCEPTION_RESOLUTIONS),
  reason: z
    .string({ error: INVOICE_MESSAGES.reason })
    .trim()
    .min(1, { error: INVOICE_MESSAGES.reason })
    .max(2000),
});

export const PAYMENT_METHODS = ['bank_transfer', 'rtgs', 'mpesa', 'cheque', 'other'] as const;

export const supplierPaymentForm = z.object({
  invoice_id: recordId(),
  reference: required(80),
  paid_on: z.string().trim().refine(isIsoDate, { error: REQUISITION_MESSAGES.date }),
  amount: z.union([z.string(), z.number()], { error: 'invoice.price' }).transform(String),
  method: z.enum(PAYMENT_METHODS),
});
export type SupplierPaymentForm = z.output<typeof supplierPaymentForm>;

export const supplierPayment = z
  .object({
    id: z.number().int(),
    invoice: z.object({ id: z.number().int(), invoice_number: z.string() }),
    supplier: ref,
    reference: z.string(),
    paid_on: z.string(),
    amount: z.string(),
    currency: z.string(),
    method: z.string(),
    recorded_by: ref,
    created_at: z.string(),
  })
  .meta({ id: 'SupplierPayment' });

const tolerance = z.object({
  /** Percent as decimal text ("2.5") or null. */
  percent: z.string().nullable(),
  /** Major units (money) or units (quantity) as decimal text, or null. */
  absolute: z.string().nullable(),
  combine: z.enum(TOLERANCE_COMBINES).default('either'),
});

export const matchingSettingsView = z.object({
  level: z.enum(MATCH_LEVELS),
  price: tolerance,
  quantity: tolerance,
  total: tolerance,
});

export const matchingSettingsBody = z.object({
  organisation: matchingSettingsView,
  overrides: z
    .array(
      matchingSettingsView.extend({
        scope: z.enum(['supplier', 'category']),
        scope_id: recordId(),
      }),
    )
    .max(500)
    .default([]),
});

/** A supplier's statement with one buyer: documents in date order and the running balance owed to it. */
export const supplierStatement = z
  .object({
    supplier: z.object({ id: z.number().int(), name: z.string() }),
    buyer: z.object({ id: z.number().int(), name: z.string() }),
    currency: z.string(),
    from: z.string(),
    to: z.string(),
    generated_at: z.string(),
    opening_balance: z.string(),
    closing_balance: z.string(),
    rows: z.array(
      z.object({
        date: z.string(),
        type: z.enum(['purchase_order', 'invoice', 'payment', 'credit']),
        reference: z.string(),
        description: z.string(),
        debit: z.string(),
        credit: z.string(),
        balance: z.string(),
      }),
    ),
    open_invoices: z.array(
      z.object({
        number: z.string(),
        date: z.string(),
        due_date: z.string(),
        total: z.string(),
        paid: z.string(),
        outstanding: z.string(),
        status: z.string(),
      }),
    ),
  })
  .meta({ id: 'SupplierStatement' });
