import { aliasedTable, and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { escapeLikePattern, type PurchaseOrderStatus } from '@zabuni/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../../infra/database.ts';
import { users } from '../../../../schema/authentication.tables.ts';
import { categories } from '../../../../schema/core.tables.ts';
import { departments } from '../../../../schema/departments.tables.ts';
import { invoiceLines, invoices } from '../../../../schema/invoices.tables.ts';
import { buyerSuppliers, memberships, organisations } from '../../../../schema/organisations.tables.ts';
import { requisitionLines, requisitions } from '../../../../schema/requisitions.tables.ts';
import { taxRates } from '../../../../schema/tax-rates.tables.ts';
import {
  goodsReceiptLines,
  goodsReceipts,
  purchaseOrderDecisions,
  purchaseOrderLines,
  purchaseOrders,
} from '../../../../schema/purchase-orders.tables.ts';

export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;
export type OrderLineValues = Omit<typeof purchaseOrderLines.$inferInsert, 'id' | 'purchaseOrderId'>;

const suppliers = aliasedTable(organisations, 'suppliers');
const buyers = aliasedTable(organisations, 'buyers');

const summaryColumns = {
  order: purchaseOrders,
  supplierName: suppliers.name,
  buyerName: buyers.name,
  creatorFirstName: users.firstName,
  creatorLastName: users.lastName,
};

const ORDER_COLUMNS = {
  number: purchaseOrders.number,
  total: purchaseOrders.totalMinor,
  created_at: purchaseOrders.createdAt,
  status: purchaseOrders.status,
} as const;

/**
 * The only SQL of purchase orders, their lines, decisions and goods receipts. Every query is scoped to one
 * buying organisation, or to one supplier and one buyer for the portal.
 */
export function purchaseOrdersRepository(db: Executor) {
  const summaries = () =>
    db
      .select(summaryColumns)
      .from(purchaseOrders)
      .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
      .innerJoin(buyers, eq(buyers.id, purchaseOrders.organisationId))
      .innerJoin(users, eq(users.id, purchaseOrders.createdByUserId));

  return {
    async list(
      scope: { organisationId: number; supplierId?: number; sentOnly?: boolean },
      filter: { status?: PurchaseOrderStatus; supplierId?: number; search?: string; ordering?: string },
      offset: number,
      limit: number,
    ) {
      const conditions: SQL[] = [eq(purchaseOrders.organisationId, scope.organisationId)];
      if (scope.supplierId !== undefined) conditions.push(eq(purchaseOrders.supplierId, scope.supplierId));
      // A supplier sees an order from the moment it is sent to it.
      if (scope.sentOnly) conditions.push(sql`${purchaseOrders.sentAt} IS NOT NULL`);
      if (filter.status) conditions.push(eq(purchaseOrders.status, filter.status));
      if (filter.supplierId) conditions.push(eq(purchaseOrders.supplierId, filter.supplierId));
      if (filter.search) {
        const pattern = `%${escapeLikePattern(filter.search)}%`;
        conditions.push(
          sql`(${purchaseOrders.number} ILIKE ${pattern} OR ${suppliers.name} ILIKE ${pattern})`,
        );
      }
      const where = and(...conditions);
      const [total] = await db
        .select({ value: count() })
        .from(purchaseOrders)
        .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
        .where(where);
      const field = filter.ordering?.replace(/^-/, '') as keyof typeof ORDER_COLUMNS | undefined;
      const order =
        field && ORDER_COLUMNS[field]
          ? filter.ordering!.startsWith('-')
            ? [desc(ORDER_COLUMNS[field]), desc(purchaseOrders.id)]
            : [asc(ORDER_COLUMNS[field]), asc(purchaseOrders.id)]
          : [desc(purchaseOrders.createdAt), desc(purchaseOrders.id)];
      const rows = await summaries()
        .where(where)
        .orderBy(...order)
        .offset(offset)
        .limit(limit);
      return { count: total?.value ?? 0, rows };
    },

    async find(organisationId: number, id: number) {
      const [row] = await summaries().where(
        and(eq(purchaseOrders.organisationId, organisationId), eq(purchaseOrders.id, id)),
      );
      return row ?? null;
    },

    findMany(organisationId: number, ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return summaries().where(
        and(eq(purchaseOrders.organisationId, organisationId), inArray(purchaseOrders.id, ids)),
      );
    },

    /**
     * Orders of the organisation waiting for approval, with their routes and the requesters of the
     * requisitions they order (segregation of duties): the approvals inbox reads who is waited for.
     */
    pendingWithRoutes(organisationId: number) {
      return db
        .select({
          id: purchaseOrders.id,
          round: purchaseOrders.round,
          route: purchaseOrders.route,
          createdByUserId: purchaseOrders.createdByUserId,
          submittedAt: purchaseOrders.submittedAt,
          sourceRequesterIds: sql<number[]>`coalesce((SELECT array_agg(DISTINCT r.requester_user_id)
            FROM purchase_order_lines pol
            JOIN requisition_lines rl ON rl.id = pol.requisition_line_id
            JOIN requisitions r ON r.id = rl.requisition_id
            WHERE pol.purchase_order_id = purchase_orders.id), '{}')`,
        })
        .from(purchaseOrders)
        .where(
          and(
            eq(purchaseOrders.organisationId, organisationId),
            eq(purchaseOrders.status, 'pending_approval'),
          ),
        )
        .orderBy(asc(purchaseOrders.submittedAt));
    },

    /** Decisions of the current rounds of these orders (for the inbox). */
    currentDecisions(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({ decision: purchaseOrderDecisions })
        .from(purchaseOrderDecisions)
        .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderDecisions.purchaseOrderId))
        .where(
          and(
            inArray(purchaseOrderDecisions.purchaseOrderId, ids),
            eq(purchaseOrderDecisions.round, purchaseOrders.round),
          ),
        );
    },

    /** Lines with names, their requisition, and what receipts and approved invoices counted against them. */
    lines(purchaseOrderId: number) {
      const received = (column: AnyPgColumn) =>
        sql<number>`coalesce((SELECT sum(${column}) FROM ${goodsReceiptLines}
          WHERE ${goodsReceiptLines.purchaseOrderLineId} = ${purchaseOrderLines.id}), 0)`.mapWith(Number);
      return db
        .select({
          line: purchaseOrderLines,
          categoryName: categories.name,
          departmentCode: departments.code,
          departmentName: departments.name,
          requisitionId: requisitions.id,
          requisitionNumber: requisitions.number,
          requisitionRequesterId: requisitions.requesterUserId,
          requisitionedThousandths: requisitionLines.quantityThousandths,
          estimatedUnitPriceMinor: requisitionLines.unitPriceMinor,
          receivedThousandths: received(goodsReceiptLines.receivedThousandths),
          acceptedThousandths: received(goodsReceiptLines.acceptedThousandths),
          rejectedThousandths: received(goodsReceiptLines.rejectedThousandths),
          invoicedThousandths: sql<number>`coalesce((SELECT sum(${invoiceLines.quantityThousandths})
            FROM ${invoiceLines} JOIN ${invoices} ON ${invoices.id} = ${invoiceLines.invoiceId}
            WHERE ${invoiceLines.purchaseOrderLineId} = ${purchaseOrderLines.id}
              AND ${invoices.status} IN ('approved', 'partially_paid', 'paid')), 0)`.mapWith(Number),
        })
        .from(purchaseOrderLines)
        .innerJoin(categories, eq(categories.id, purchaseOrderLines.categoryId))
        .innerJoin(departments, eq(departments.id, purchaseOrderLines.departmentId))
        .leftJoin(requisitionLines, eq(requisitionLines.id, purchaseOrderLines.requisitionLineId))
        .leftJoin(requisitions, eq(requisitions.id, requisitionLines.requisitionId))
        .where(eq(purchaseOrderLines.purchaseOrderId, purchaseOrderId))
        .orderBy(asc(purchaseOrderLines.lineNo));
    },

    /**
     * Requisition lines of this organisation among these ids, with their requisition's status and how much
     * other (not cancelled) orders already ordered of each.
     */
    requisitionLinesAmong(organisationId: number, ids: number[], exceptPurchaseOrderId: number | null) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({
          line: requisitionLines,
          requisitionId: requisitions.id,
          requisitionStatus: requisitions.status,
          currency: requisitions.currency,
          orderedThousandths: sql<number>`coalesce((SELECT sum(pol.quantity_thousandths)
            FROM purchase_order_lines pol JOIN purchase_orders po ON po.id = pol.purchase_order_id
            WHERE pol.requisition_line_id = ${requisitionLines.id}
              AND po.status NOT IN ('cancelled')
              ${exceptPurchaseOrderId === null ? sql`` : sql`AND po.id <> ${exceptPurchaseOrderId}`}), 0)`.mapWith(
            Number,
          ),
        })
        .from(requisitionLines)
        .innerJoin(requisitions, eq(requisitions.id, requisitionLines.requisitionId))
        .where(and(eq(requisitions.organisationId, organisationId), inArray(requisitionLines.id, ids)));
    },

    /** Approved requisitions whose every line is now fully ordered by approved (or later) orders. */
    async fullyOrderedRequisitions(requisitionIds: number[]) {
      if (requisitionIds.length === 0) return [];
      const rows = await db.execute<{ id: number }>(sql`
        SELECT r.id FROM requisitions r
        WHERE r.id IN (${sql.join(
          requisitionIds.map((id) => sql`${id}`),
          sql`, `,
        )}) AND r.status = 'approved'
          AND NOT EXISTS (
            SELECT 1 FROM requisition_lines rl
            WHERE rl.requisition_id = r.id
              AND rl.quantity_thousandths > coalesce((
                SELECT sum(pol.quantity_thousandths) FROM purchase_order_lines pol
                JOIN purchase_orders po ON po.id = pol.purchase_order_id
                WHERE pol.requisition_line_id = rl.id
                  AND po.status NOT IN ('draft', 'pending_approval', 'cancelled')
              ), 0)
          )`);
      return rows.rows.map((row) => Number(row.id));
    },

    async markRequisitionsOrdered(ids: number[]) {
      if (ids.length === 0) return;
      await db
        .update(requisitions)
        .set({ status: 'ordered', updatedAt: sql`now()` })
        .where(and(inArray(requisitions.id, ids), eq(requisitions.status, 'approved')));
    },

    departmentsAmong(organisationId: number, ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({ id: departments.id, active: departments.active })
        .from(departments)
        .where(and(eq(departments.organisationId, organisationId), inArray(departments.id, ids)));
    },

    async existingCategories(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
      return rows.map((row) => row.id);
    },

    taxRatesOf(organisationId: number) {
      return db
        .select({ id: taxRates.id, basisPoints: taxRates.rateBasisPoints, isDefault: taxRates.isDefault })
        .from(taxRates)
        .where(and(eq(taxRates.organisationId, organisationId), eq(taxRates.active, true)));
    },

    async supplierTerms(buyerId: number, supplierId: number) {
      const [row] = await db
        .select({ days: buyerSuppliers.paymentTermsDays })
        .from(buyerSuppliers)
        .where(and(eq(buyerSuppliers.buyerId, buyerId), eq(buyerSuppliers.supplierId, supplierId)));
      return row?.days ?? 30;
    },

    async insert(values: typeof purchaseOrders.$inferInsert): Promise<number> {
      const [row] = await db.insert(purchaseOrders).values(values).returning({ id: purchaseOrders.id });
      return row!.id;
    },

    async replaceLines(purchaseOrderId: number, lines: OrderLineValues[]) {
      await db.delete(purchaseOrderLines).where(eq(purchaseOrderLines.purchaseOrderId, purchaseOrderId));
      await db.insert(purchaseOrderLines).values(lines.map((line) => ({ ...line, purchaseOrderId })));
    },

    /** Locks the order's row: decisions, receipts and invoices against it are applied one at a time. */
    async lock(organisationId: number, id: number) {
      const [row] = await db
        .select({ id: purchaseOrders.id })
        .from(purchaseOrders)
        .where(and(eq(purchaseOrders.organisationId, organisationId), eq(purchaseOrders.id, id)))
        .for('no key update');
      return row !== undefined;
    },

    /** Changes an order only while it is still in one of `from`; false: someone else moved it first. */
    async updateWhere(
      organisationId: number,
      id: number,
      from: readonly PurchaseOrderStatus[],
      values: Partial<typeof purchaseOrders.$inferInsert>,
    ): Promise<boolean> {
      const rows = await db
        .update(purchaseOrders)
        .set({ ...values, updatedAt: sql`now()` })
        .where(
          and(
            eq(purchaseOrders.organisationId, organisationId),
            eq(purchaseOrders.id, id),
            inArray(purchaseOrders.status, [...from]),
          ),
        )
        .returning({ id: purchaseOrders.id });
      return rows.length > 0;
    },

    decisions(purchaseOrderId: number, round?: number) {
      return db
        .select({
          decision: purchaseOrderDecisions,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(purchaseOrderDecisions)
        .innerJoin(users, eq(users.id, purchaseOrderDecisions.userId))
        .where(
          and(
            eq(purchaseOrderDecisions.purchaseOrderId, purchaseOrderId),
            round === undefined ? undefined : eq(purchaseOrderDecisions.round, round),
          ),
        )
        .orderBy(asc(purchaseOrderDecisions.decidedAt), asc(purchaseOrderDecisions.id));
    },

    async insertDecision(values: typeof purchaseOrderDecisions.$inferInsert) {
      await db.insert(purchaseOrderDecisions).values(values);
    },

    /** Contact details of the buyer and the supplier, for the printed order. */
    async parties(buyerId: number, supplierId: number) {
      const rows = await db
        .select({
          id: organisations.id,
          email: organisations.email,
          phone: organisations.phone,
          taxPin: organisations.taxPin,
        })
        .from(organisations)
        .where(inArray(organisations.id, [buyerId, supplierId]));
      const of = (id: number) => {
        const row = rows.find((r) => r.id === id);
        return { email: row?.email ?? null, phone: row?.phone ?? null, taxPin: row?.taxPin ?? null };
      };
      return { buyer: of(buyerId), supplier: of(supplierId) };
    },

    /** Users of a supplier organisation, to tell them about an order. */
    async supplierUsers(supplierId: number): Promise<number[]> {
      const rows = await db
        .selectDistinct({ userId: memberships.userId })
        .from(memberships)
        .where(eq(memberships.organisationId, supplierId));
      return rows.map((row) => row.userId);
    },

    async insertReceipt(values: typeof goodsReceipts.$inferInsert): Promise<number> {
      const [row] = await db.insert(goodsReceipts).values(values).returning({ id: goodsReceipts.id });
      return row!.id;
    },

    async insertReceiptLines(lines: (typeof goodsReceiptLines.$inferInsert)[]) {
      if (lines.length > 0) await db.insert(goodsReceiptLines).values(lines);
    },

    receipts(purchaseOrderId: number) {
      return db
        .select({ receipt: goodsReceipts, firstName: users.firstName, lastName: users.lastName })
        .from(goodsReceipts)
        .innerJoin(users, eq(users.id, goodsReceipts.receivedByUserId))
        .where(eq(goodsReceipts.purchaseOrderId, purchaseOrderId))
        .orderBy(asc(goodsReceipts.id));
    },

    receiptLines(receiptIds: number[]) {
      if (receiptIds.length === 0) return Promise.resolve([]);
      return db.select().from(goodsReceiptLines).where(inArray(goodsReceiptLines.goodsReceiptId, receiptIds));
    },
  };
}
