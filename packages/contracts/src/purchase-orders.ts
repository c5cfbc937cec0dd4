import { isIsoDate, PO_STATUSES, quantityToThousandths } from '@zabuni/domain';
import { z } from 'zod';
import type { MessageKey } from './messages.ts';
import { recordId, required } from './fields.ts';
import { paginationQuery, queryId } from './pagination.ts';
import { documentBudgetCheck } from './budgets.ts';
import { variance } from './invoices.ts';
import { REQUISITION_MESSAGES, requisitionApproval } from './requisitions.ts';

export const PURCHASE_ORDER_MESSAGES = {
  noLines: 'field.no_lines',
  justification: 'purchase_order.justification',
  requisitionLine: 'purchase_order.requisition_line',
  overRequisition: 'purchase_order.over_requisition',
  taxRate: 'purchase_order.tax_rate',
  notEditable: 'purchase_order.not_editable',
  notAllowed: 'purchase_order.not_allowed',
  conflict: 'purchase_order.conflict',
  notPermitted: 'purchase_order.not_permitted',
  reasonRequired: 'purchase_order.reason_required',
} as const satisfies Record<string, MessageKey>;

const quantity = z
  .union([z.string(), z.number()], { error: REQUISITION_MESSAGES.quantity })
  .transform(String)
  .refine((text) => (quantityToThousandths(text) ?? 0) > 0, { error: REQUISITION_MESSAGES.quantity });

export const purchaseOrderLineForm = z.object({
  /** The approved requisition line this orders (all or part of it); null for a direct order line. */
  requisition_line_id: recordId().nullable().optional(),
  description: required(500),
  category_id: recordId(REQUISITION_MESSAGES.category),
  department_id: recordId(REQUISITION_MESSAGES.department),
  quantity,
  unit: required(20).default('each'),
  /** Unit price before tax, major units as decimal text. */
  unit_price: z.union([z.string(), z.number()], { error: 'purchase_order.price' }).transform(String),
  /** One of the organisation's tax rates; the default rate when absent. */
  tax_rate_id: recordId().nullable().optional(),
});

export const purchaseOrderForm = z.object({
  supplier_id: recordId('supplier.choose'),
  /** Required when no line comes from an approved requisition (a direct order). */
  justification: z.string().trim().max(2000).default(''),
  currency: z
    .string({ error: REQUISITION_MESSAGES.currency })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: REQUISITION_MESSAGES.currency })
    .default('KES'),
  delivery_address: required(500),
  delivery_date: z
    .string()
    .trim()
    .refine(isIsoDate, { error: REQUISITION_MESSAGES.date })
    .nullable()
    .optional(),
  /** Days; the supplier's terms with this organisation when absent. */
  payment_terms_days: z.number().int().min(0).max(365).optional(),
  lines: z.array(purchaseOrderLineForm).min(1, { error: PURCHASE_ORDER_MESSAGES.noLines }).max(200),
});
export type PurchaseOrderForm = z.output<typeof purchaseOrderForm>;

const ref = z.object({ id: z.number().int(), name: z.string() });

export const purchaseOrderLine = z.object({
  id: z.number().int(),
  line_no: z.number().int(),
  requisition_line_id: z.number().int().nullable(),
  requisition: z.object({ id: z.number().int(), number: z.string() }).nullable(),
  description: z.string(),
  category: ref,
  department: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  quantity: z.string(),
  unit: z.string(),
  unit_price: z.string(),
  /** Percent text, e.g. "16.00". */
  tax_rate: z.string(),
  net: z.string(),
  tax: z.string(),
  /** Sums over the order's goods receipts and approved invoices. */
  received_quantity: z.string(),
  accepted_quantity: z.string(),
  rejected_quantity: z.string(),
  invoiced_quantity: z.string(),
});

export const purchaseOrderSummary = z
  .object({
    id: z.number().int(),
    number: z.string(),
    status: z.enum(PO_STATUSES),
    source: z.enum(['requisition', 'direct']),
    supplier: ref,
    buyer: ref,
    currency: z.string(),
    subtotal: z.string(),
    tax: z.string(),
    total: z.string(),
    delivery_date: z.string().nullable(),
    created_at: z.string(),
    sent_at: z.string().nullable(),
  })
  .meta({ id: 'PurchaseOrderSummary' });

export const purchaseOrder = purchaseOrderSummary
  .extend({
    justification: z.string(),
    delivery_address: z.string(),
    payment_terms_days: z.number().int(),
    created_by: ref,
    submitted_at: z.string().nullable(),
    approved_at: z.string().nullable(),
    acknowledged_at: z.string().nullable(),
    decline_reason: z.string().nullable(),
    updated_at: z.string(),
    lines: z.array(purchaseOrderLine),
    approval: requisitionApproval.nullable(),
    /**
     * Buyer's side only (null for the supplier): the order against the requisitions it came from, its
     * quantities and prices over the requisitioned ones and the estimates, shown to the approver before
     * approving (an invoice is never held over them).
     */
    requisition_variances: z.array(variance).nullable(),
    /** Buyer's side, while it waits for approval: the budget panel the approver sees before deciding. */
    budget_checks: z.array(documentBudgetCheck).nullable(),
    /** What the caller may do now (the server checks again). */
    actions: z.array(z.string()),
  })
  .meta({ id: 'PurchaseOrder' });
export type PurchaseOrderView = z.infer<typeof purchaseOrder>;

export const purchaseOrdersQuery = paginationQuery.extend({
  status: z.enum(PO_STATUSES).optional(),
  supplier: queryId.optional(),
  ordering: z
    .enum(['number', '-number', 'total', '-total', 'created_at', '-created_at', 'status', '-status'])
    .optional(),
});

export const purchaseOrderReasonBody = z.object({ reason: z.string().trim().max(2000).optional() });

export const GOODS_RECEIPT_MESSAGES = {
  noLines: 'goods_receipt.no_lines',
  line: 'goods_receipt.line',
  nothingReceived: 'goods_receipt.nothing_received',
  mismatch: 'goods_receipt.mismatch',
  overTolerance: 'goods_receipt.over_tolerance',
  reason: 'goods_receipt.reason',
} as const satisfies Record<string, MessageKey>;

const receiptQuantity = z
  .union([z.string(), z.number()], { error: REQUISITION_MESSAGES.quantity })
  .transform(String)
  .refine((text) => quantityToThousandths(text) !== null, { error: REQUISITION_MESSAGES.quantity });

/** A delivery recorded against a purchase order (GRN): per line received = accepted + rejected. */
export const goodsReceiptForm = z.object({
  received_on: z.string().trim().refine(isIsoDate, { error: REQUISITION_MESSAGES.date }),
  note: z.string().trim().max(2000).default(''),
  lines: z
    .array(
      z.object({
        purchase_order_line_id: recordId(),
        received: receiptQuantity,
        accepted: receiptQuantity,
        rejected: receiptQuantity.default('0'),
        rejection_reason: z.string().trim().max(500).default(''),
      }),
    )
    .min(1, { error: GOODS_RECEIPT_MESSAGES.noLines })
    .max(200),
});
export type GoodsReceiptForm = z.output<typeof goodsReceiptForm>;

export const goodsReceipt = z
  .object({
    id: z.number().int(),
    number: z.string(),
    purchase_order: z.object({ id: z.number().int(), number: z.string() }),
    received_on: z.string(),
    note: z.string(),
    received_by: ref,
    created_at: z.string(),
    lines: z.array(
      z.object({
        purchase_order_line_id: z.number().int(),
        line_no: z.number().int(),
        description: z.string(),
        received: z.string(),
        accepted: z.string(),
        rejected: z.string(),
        rejection_reason: z.string(),
      }),
    ),
  })
  .meta({ id: 'GoodsReceipt' });
