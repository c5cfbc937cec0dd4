import { PO_STATUSES, WORKFLOW_DECISIONS, type ResolvedRoute } from '@zabuni/domain';
import {
  bigint,
  char,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './authentication.tables.ts';
import { categories } from './core.tables.ts';
import { departments } from './departments.tables.ts';
import { organisations } from './organisations.tables.ts';
import { requisitionLines } from './requisitions.tables.ts';

export const purchaseOrderStatus = pgEnum('purchase_order_status', PO_STATUSES);
export const purchaseOrderSource = pgEnum('purchase_order_source', ['requisition', 'direct']);

/** An order to one supplier, numbered per buying organisation (PO-2026-00042) when it is created. */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => organisations.id),
    number: text('number').notNull(),
    status: purchaseOrderStatus('status').notNull().default('draft'),
    source: purchaseOrderSource('source').notNull(),
    /** Why an order is placed without an approved requisition (required for a direct order). */
    justification: text('justification').notNull().default(''),
    currency: char('currency', { length: 3 }).notNull(),
    deliveryAddress: text('delivery_address').notNull(),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    paymentTermsDays: integer('payment_terms_days').notNull(),
    /** Net of tax, tax, and their sum: kept with the lines in one transaction. */
    subtotalMinor: bigint('subtotal_minor', { mode: 'number' }).notNull(),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    createdByUserId: integer('created_by_user_id')
      .notNull()
      .references(() => users.id),
    round: integer('round').notNull().default(0),
    route: jsonb('route').$type<ResolvedRoute>(),
    workflowRuleId: integer('workflow_rule_id'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchase_orders_organisation_number_idx').on(t.organisationId, t.number),
    index('purchase_orders_organisation_status_idx').on(t.organisationId, t.status, t.createdAt),
    index('purchase_orders_supplier_idx').on(t.supplierId, t.organisationId, t.createdAt),
  ],
);

export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    purchaseOrderId: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    /** The approved requisition line this orders (part of it, when a line is split across suppliers). */
    requisitionLineId: integer('requisition_line_id').references(() => requisitionLines.id),
    description: text('description').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    quantityThousandths: bigint('quantity_thousandths', { mode: 'number' }).notNull(),
    unit: text('unit').notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    /** Tax rate in basis points at ordering (1600 = 16 %), copied so later rate changes do not alter it. */
    taxBasisPoints: integer('tax_basis_points').notNull(),
    netMinor: bigint('net_minor', { mode: 'number' }).notNull(),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('purchase_order_lines_order_idx').on(t.purchaseOrderId, t.lineNo),
    index('purchase_order_lines_requisition_line_idx').on(t.requisitionLineId),
    index('purchase_order_lines_department_idx').on(t.departmentId, t.categoryId),
  ],
);

export const purchaseOrderDecision = pgEnum('purchase_order_decision', WORKFLOW_DECISIONS);

/** Approvals and rejections of a purchase order, per round and step, as for requisitions. */
export const purchaseOrderDecisions = pgTable(
  'purchase_order_decisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    purchaseOrderId: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    stepIndex: integer('step_index').notNull(),
    slotIndex: integer('slot_index').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    onBehalfOf: integer('on_behalf_of').array().notNull(),
    decision: purchaseOrderDecision('decision').notNull(),
    comment: text('comment').notNull().default(''),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchase_order_decisions_once_idx').on(t.purchaseOrderId, t.round, t.stepIndex, t.userId),
  ],
);

/** A delivery against a purchase order (GRN-2026-00007): several per order. */
export const goodsReceipts = pgTable(
  'goods_receipts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    purchaseOrderId: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id),
    number: text('number').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    receivedByUserId: integer('received_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('goods_receipts_organisation_number_idx').on(t.organisationId, t.number),
    index('goods_receipts_order_idx').on(t.purchaseOrderId),
  ],
);

export const goodsReceiptLines = pgTable(
  'goods_receipt_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    goodsReceiptId: integer('goods_receipt_id')
      .notNull()
      .references(() => goodsReceipts.id, { onDelete: 'cascade' }),
    purchaseOrderLineId: integer('purchase_order_line_id')
      .notNull()
      .references(() => purchaseOrderLines.id),
    receivedThousandths: bigint('received_thousandths', { mode: 'number' }).notNull(),
    acceptedThousandths: bigint('accepted_thousandths', { mode: 'number' }).notNull(),
    rejectedThousandths: bigint('rejected_thousandths', { mode: 'number' }).notNull(),
    rejectionReason: text('rejection_reason').notNull().default(''),
  },
  (t) => [index('goods_receipt_lines_po_line_idx').on(t.purchaseOrderLineId)],
);
