import { aliasedTable, and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { escapeLikePattern, type InvoiceStatus } from '@zabuni/domain';
import type { Executor } from '../../../../infra/database.ts';
import { users } from '../../../../schema/authentication.tables.ts';
import { creditNoteLines, creditNotes } from '../../../../schema/credit-notes.tables.ts';
import { memberships, organisations } from '../../../../schema/organisations.tables.ts';
import { purchaseOrders } from '../../../../schema/purchase-orders.tables.ts';
import {
  invoiceLines,
  invoiceResolutions,
  invoices,
  supplierPayments,
} from '../../../../schema/invoices.tables.ts';

const suppliers = aliasedTable(organisations, 'suppliers');
const buyers = aliasedTable(organisations, 'buyers');

const summaryColumns = {
  invoice: invoices,
  supplierName: suppliers.name,
  buyerName: buyers.name,
  orderNumber: purchaseOrders.number,
  submitterFirstName: users.firstName,
  submitterLastName: users.lastName,
  paidMinor: sql<number>`coalesce((SELECT sum(${supplierPayments.amountMinor}) FROM ${supplierPayments}
    WHERE ${supplierPayments.invoiceId} = ${invoices.id}), 0)`.mapWith(Number),
  /** What the invoice's credit notes take off its total. */
  creditedMinor: sql<number>`coalesce((SELECT sum(${creditNotes.totalMinor}) FROM ${creditNotes}
    WHERE ${creditNotes.invoiceId} = ${invoices.id}), 0)`.mapWith(Number),
};

/** Invoices that count as billed: neither rejected nor replaced. */
export const COUNTED_INVOICE_STATUSES: InvoiceStatus[] = ['approved', 'partially_paid', 'paid'];

/** The only SQL of invoices, their lines, resolutions and payments; scoped to one buyer (and supplier). */
export function invoicesRepository(db: Executor) {
  const summaries = () =>
    db
      .select(summaryColumns)
      .from(invoices)
      .innerJoin(suppliers, eq(suppliers.id, invoices.supplierId))
      .innerJoin(buyers, eq(buyers.id, invoices.organisationId))
      .innerJoin(purchaseOrders, eq(purchaseOrders.id, invoices.purchaseOrderId))
      .innerJoin(users, eq(users.id, invoices.submittedByUserId));

  return {
    async list(
      scope: { organisationId: number; supplierId?: number },
      filter: {
        status?: InvoiceStatus;
        exceptions?: boolean;
        supplierId?: number;
        purchaseOrderId?: number;
        search?: string;
      },
      offset: number,
      limit: number,
    ) {
      const conditions: SQL[] = [eq(invoices.organisationId, scope.organisationId)];
      if (scope.supplierId !== undefined) conditions.push(eq(invoices.supplierId, scope.supplierId));
      if (filter.status) conditions.push(eq(invoices.status, filter.status));
      if (filter.exceptions) conditions.push(inArray(invoices.status, ['exception', 'awaiting_credit_note']));
      if (filter.supplierId) conditions.push(eq(invoices.supplierId, filter.supplierId));
      if (filter.purchaseOrderId) conditions.push(eq(invoices.purchaseOrderId, filter.purchaseOrderId));
      if (filter.search) {
        const pattern = `%${escapeLikePattern(filter.search)}%`;
        conditions.push(
          sql`(${invoices.invoiceNumber} ILIKE ${pattern} OR ${suppliers.name} ILIKE ${pattern})`,
        );
      }
      const where = and(...conditions);
      const [total] = await db
        .select({ value: count() })
        .from(invoices)
        .innerJoin(suppliers, eq(suppliers.id, invoices.supplierId))
        .where(where);
      const rows = await summaries()
        .where(where)
        .orderBy(desc(invoices.submittedAt), desc(invoices.id))
        .offset(offset)
        .limit(limit);
      return { count: total?.value ?? 0, rows };
    },

    async find(organisationId: number, id: number) {
      const [row] = await summaries().where(
        and(eq(invoices.organisationId, organisationId), eq(invoices.id, id)),
      );
      return row ?? null;
    },

    findMany(organisationId: number, ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return summaries().where(and(eq(invoices.organisationId, organisationId), inArray(invoices.id, ids)));
    },

    /** Matched invoices of the organisation (waiting for approval): the approvals inbox reads these. */
    matched(organisationId: number) {
      return db
        .select({
          id: invoices.id,
          purchaseOrderId: invoices.purchaseOrderId,
          submittedByUserId: invoices.submittedByUserId,
          submittedAt: invoices.submittedAt,
        })
        .from(invoices)
        .where(and(eq(invoices.organisationId, organisationId), eq(invoices.status, 'matched')))
        .orderBy(asc(invoices.submittedAt));
    },

    async lock(organisationId: number, id: number) {
      const [row] = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.organisationId, organisationId), eq(invoices.id, id)))
        .for('no key update');
      return row !== undefined;
    },

    lines(invoiceId: number) {
      return db
        .select()
        .from(invoiceLines)
        .where(eq(invoiceLines.invoiceId, invoiceId))
        .orderBy(asc(invoiceLines.lineNo));
    },

    /** What other counted invoices of the order billed, per order line (quantity and net). */
    /**
     * What the order's other invoices billed, per order line: `approved` counts only approved (and paid)
     * ones (what the budget has as actual); `not_rejected` every one still standing (what matching counts).
     */
    async billedBefore(
      purchaseOrderId: number,
      exceptInvoiceId: number | null,
      counting: 'approved' | 'not_rejected',
    ) {
      // Net of credit notes: what they took off a line is no longer billed.
      const credited = (column: 'quantity_thousandths' | 'net_minor') =>
        sql`coalesce((SELECT sum(cnl.${sql.raw(column)}) FROM ${creditNoteLines} cnl
          WHERE cnl.invoice_line_id = ${invoiceLines.id}), 0)`;
      return db
        .select({
          purchaseOrderLineId: invoiceLines.purchaseOrderLineId,
          quantity:
            sql<number>`sum(${invoiceLines.quantityThousandths} - ${credited('quantity_thousandths')})::bigint`.mapWith(
              Number,
            ),
          netMinor: sql<number>`sum(${invoiceLines.netMinor} - ${credited('net_minor')})::bigint`.mapWith(
            Number,
          ),
        })
        .from(invoiceLines)
        .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
        .where(
          and(
            eq(invoices.purchaseOrderId, purchaseOrderId),
            counting === 'approved'
              ? inArray(invoices.status, COUNTED_INVOICE_STATUSES)
              : ne(invoices.status, 'rejected'),
            exceptInvoiceId === null ? undefined : ne(invoices.id, exceptInvoiceId),
          ),
        )
        .groupBy(invoiceLines.purchaseOrderLineId);
    },

    /** What credit notes took off each line of the invoice, before tax (invoice line id → minor units). */
    async creditedPerLine(invoiceId: number): Promise<Map<number, number>> {
      const rows = await db
        .select({
          invoiceLineId: creditNoteLines.invoiceLineId,
          netMinor: sql<number>`sum(${creditNoteLines.netMinor})::bigint`.mapWith(Number),
        })
        .from(creditNoteLines)
        .innerJoin(creditNotes, eq(creditNotes.id, creditNoteLines.creditNoteId))
        .where(eq(creditNotes.invoiceId, invoiceId))
        .groupBy(creditNoteLines.invoiceLineId);
      return new Map(rows.map((row) => [row.invoiceLineId, row.netMinor]));
    },

    async insert(values: typeof invoices.$inferInsert): Promise<number> {
      const [row] = await db.insert(invoices).values(values).returning({ id: invoices.id });
      return row!.id;
    },

    async insertLines(lines: (typeof invoiceLines.$inferInsert)[]) {
      await db.insert(invoiceLines).values(lines);
    },

    async updateWhere(
      organisationId: number,
      id: number,
      from: readonly InvoiceStatus[],
      values: Partial<typeof invoices.$inferInsert>,
    ) {
      const rows = await db
        .update(invoices)
        .set({ ...values, updatedAt: sql`now()` })
        .where(
          and(
            eq(invoices.organisationId, organisationId),
            eq(invoices.id, id),
            inArray(invoices.status, [...from]),
          ),
        )
        .returning({ id: invoices.id });
      return rows.length > 0;
    },

    resolutions(invoiceId: number) {
      return db
        .select({ resolution: invoiceResolutions, firstName: users.firstName, lastName: users.lastName })
        .from(invoiceResolutions)
        .innerJoin(users, eq(users.id, invoiceResolutions.userId))
        .where(eq(invoiceResolutions.invoiceId, invoiceId))
        .orderBy(asc(invoiceResolutions.id));
    },

    async insertResolution(values: typeof invoiceResolutions.$inferInsert) {
      await db.insert(invoiceResolutions).values(values);
    },

    payments(invoiceId: number) {
      return db
        .select()
        .from(supplierPayments)
        .where(eq(supplierPayments.invoiceId, invoiceId))
        .orderBy(asc(supplierPayments.paidOn), asc(supplierPayments.id));
    },

    async insertPayment(values: typeof supplierPayments.$inferInsert): Promise<number> {
      const [row] = await db.insert(supplierPayments).values(values).returning({ id: supplierPayments.id });
      return row!.id;
    },

    async paymentsPage(
      organisationId: number,
      filter: { supplierId?: number },
      offset: number,
      limit: number,
    ) {
      const where = and(
        eq(supplierPayments.organisationId, organisationId),
        filter.supplierId ? eq(invoices.supplierId, filter.supplierId) : undefined,
      );
      const [total] = await db
        .select({ value: count() })
        .from(supplierPayments)
        .innerJoin(invoices, eq(invoices.id, supplierPayments.invoiceId))
        .where(where);
      const rows = await db
        .select({
          payment: supplierPayments,
          invoiceNumber: invoices.invoiceNumber,
          currency: invoices.currency,
          supplierId: invoices.supplierId,
          supplierName: suppliers.name,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(supplierPayments)
        .innerJoin(invoices, eq(invoices.id, supplierPayments.invoiceId))
        .innerJoin(suppliers, eq(suppliers.id, invoices.supplierId))
        .innerJoin(users, eq(users.id, supplierPayments.recordedByUserId))
        .where(where)
        .orderBy(desc(supplierPayments.paidOn), desc(supplierPayments.id))
        .offset(offset)
        .limit(limit);
      return { count: total?.value ?? 0, rows };
    },

    /** Users with one of these roles in the organisation (finance, to hear about exceptions). */
    async usersWithRole(organisationId: number, role: 'finance'): Promise<number[]> {
      const rows = await db
        .selectDistinct({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.organisationId, organisationId), eq(memberships.role, role)));
      return rows.map((row) => row.userId);
    },
  };
}
