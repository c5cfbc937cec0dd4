import { escapeLikePattern } from '@zabuni/domain';
import { and, asc, count, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../../infra/database.ts';
import { users } from '../../../../schema/authentication.tables.ts';
import { categories } from '../../../../schema/core.tables.ts';
import { departments } from '../../../../schema/departments.tables.ts';
import { fiscalYears } from '../../../../schema/fiscal-years.tables.ts';
import { invoiceLines, invoices } from '../../../../schema/invoices.tables.ts';
import { purchaseOrderLines, purchaseOrders } from '../../../../schema/purchase-orders.tables.ts';
import { requisitionLines, requisitions } from '../../../../schema/requisitions.tables.ts';
import { budgets } from '../../../../schema/budgets.tables.ts';

export type BudgetValues = Omit<
  typeof budgets.$inferInsert,
  'id' | 'organisationId' | 'createdAt' | 'updatedAt'
>;

const columns = {
  budget: budgets,
  fiscalYearName: fiscalYears.name,
  departmentCode: departments.code,
  departmentName: departments.name,
  categoryName: categories.name,
  ownerId: users.id,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
};

/**
 * The lines a budget covers by category: its own category, or for an "all categories" budget every
 * category without a budget of its own in that department and year.
 */
function categoryFilter(
  column: AnyPgColumn,
  budget: typeof budgets.$inferSelect,
  specificCategoryIds: number[],
): SQL | undefined {
  if (budget.categoryId !== null) return eq(column, budget.categoryId);
  if (specificCategoryIds.length === 0) return undefined;
  return sql`${column} NOT IN (${sql.join(
    specificCategoryIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** The only SQL of budgets. Every query is scoped to one organisation. */
export function budgetsRepository(db: Executor) {
  const select = () =>
    db
      .select(columns)
      .from(budgets)
      .innerJoin(fiscalYears, eq(fiscalYears.id, budgets.fiscalYearId))
      .innerJoin(departments, eq(departments.id, budgets.departmentId))
      .leftJoin(categories, eq(categories.id, budgets.categoryId))
      .leftJoin(users, eq(users.id, departments.budgetOwnerUserId));

  return {
    async list(
      organisationId: number,
      filter: { fiscalYearId?: number; departmentId?: number; search?: string },
      offset: number,
      limit: number,
    ) {
      const conditions: SQL[] = [eq(budgets.organisationId, organisationId)];
      if (filter.fiscalYearId) conditions.push(eq(budgets.fiscalYearId, filter.fiscalYearId));
      if (filter.departmentId) conditions.push(eq(budgets.departmentId, filter.departmentId));
      if (filter.search)
        conditions.push(sql`${budgets.name} ILIKE ${`%${escapeLikePattern(filter.search)}%`}`);
      const where = and(...conditions);
      const [total] = await db.select({ value: count() }).from(budgets).where(where);
      const rows = await select()
        .where(where)
        .orderBy(asc(departments.code), asc(budgets.name), asc(budgets.id))
        .offset(offset)
        .limit(limit);
      return { count: total?.value ?? 0, rows };
    },

    async find(organisationId: number, id: number) {
      const [row] = await select().where(and(eq(budgets.organisationId, organisationId), eq(budgets.id, id)));
      return row ?? null;
    },

    /** The organisation's fiscal year, or null when it is someone else's or unknown. */
    async fiscalYearOf(organisationId: number, id: number) {
      const [row] = await db
        .select({ status: fiscalYears.status })
        .from(fiscalYears)
        .where(and(eq(fiscalYears.organisationId, organisationId), eq(fiscalYears.id, id)));
      return row ?? null;
    },

    async departmentIsOurs(organisationId: number, id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: departments.id })
        .from(departments)
        .where(and(eq(departments.organisationId, organisationId), eq(departments.id, id)));
      return row !== undefined;
    },

    async categoryExists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
      return row !== undefined;
    },

    async scopeTaken(
      organisationId: number,
      scope: { fiscalYearId: number; departmentId: number; categoryId: number | null },
      exceptId?: number,
    ): Promise<boolean> {
      const [row] = await db
        .select({ id: budgets.id })
        .from(budgets)
        .where(
          and(
            eq(budgets.organisationId, organisationId),
            eq(budgets.fiscalYearId, scope.fiscalYearId),
            eq(budgets.departmentId, scope.departmentId),
            sql`coalesce(${budgets.categoryId}, 0) = ${scope.categoryId ?? 0}`,
            exceptId === undefined ? undefined : ne(budgets.id, exceptId),
          ),
        );
      return row !== undefined;
    },

    async fiscalYearRange(organisationId: number, id: number) {
      const [row] = await db
        .select({ startsOn: fiscalYears.startsOn, endsOn: fiscalYears.endsOn })
        .from(fiscalYears)
        .where(and(eq(fiscalYears.organisationId, organisationId), eq(fiscalYears.id, id)));
      return row ?? null;
    },

    /** The organisation's fiscal year holding this calendar day (YYYY-MM-DD), if any. */
    async fiscalYearOn(organisationId: number, day: string) {
      const [row] = await db
        .select({ id: fiscalYears.id, startsOn: fiscalYears.startsOn, endsOn: fiscalYears.endsOn })
        .from(fiscalYears)
        .where(
          and(
            eq(fiscalYears.organisationId, organisationId),
            lte(fiscalYears.startsOn, day),
            gte(fiscalYears.endsOn, day),
          ),
        );
      return row ?? null;
    },

    /** The fiscal year's budgets of these departments (specific categories and "all categories"). */
    budgetsOf(organisationId: number, fiscalYearId: number, departmentIds: number[]) {
      if (departmentIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(budgets)
        .where(
          and(
            eq(budgets.organisationId, organisationId),
            eq(budgets.fiscalYearId, fiscalYearId),
            inArray(budgets.departmentId, departmentIds),
          ),
        );
    },

    /**
     * What other requisitions charge to a budget: per requisition, its status, currency, submission time and
     * the sum of its lines the budget covers. A department's "all categories" budget covers the lines whose
     * category has no budget of its own in that department and year (each line counts against one budget).
     */
    async requisitionsCharging(
      budget: typeof budgets.$inferSelect,
      specificCategoryIds: number[],
      exceptRequisitionId: number | null,
    ) {
      const category =
        budget.categoryId !== null
          ? eq(requisitionLines.categoryId, budget.categoryId)
          : specificCategoryIds.length > 0
            ? sql`${requisitionLines.categoryId} NOT IN (${sql.join(
                specificCategoryIds.map((id) => sql`${id}`),
                sql`, `,
              )})`
            : undefined;
      // What approved (and later) purchase orders took over from each requisition line: its estimate for the
      // quantity ordered, at most the line's amount. That part is the orders' to commit, not the requisition's.
      const orderedOfLine = sql`least(${requisitionLines.amountMinor}, coalesce((
          SELECT sum(pol.quantity_thousandths) FROM purchase_order_lines pol
          JOIN purchase_orders po ON po.id = pol.purchase_order_id
          WHERE pol.requisition_line_id = ${requisitionLines.id}
            AND po.status NOT IN ('draft', 'pending_approval', 'cancelled')
        ), 0) * ${requisitionLines.unitPriceMinor} / 1000)`;
      return db
        .select({
          id: requisitions.id,
          status: requisitions.status,
          currency: requisitions.currency,
          submittedAt: requisitions.submittedAt,
          amountMinor: sql<number>`sum(${requisitionLines.amountMinor})::bigint`.mapWith(Number),
          orderedMinor: sql<number>`sum(${orderedOfLine})::bigint`.mapWith(Number),
        })
        .from(requisitionLines)
        .innerJoin(requisitions, eq(requisitions.id, requisitionLines.requisitionId))
        .where(
          and(
            eq(requisitions.organisationId, budget.organisationId),
            inArray(requisitions.status, ['submitted', 'approved']),
            eq(requisitionLines.departmentId, budget.departmentId),
            category,
            exceptRequisitionId === null ? undefined : ne(requisitions.id, exceptRequisitionId),
          ),
        )
        .groupBy(requisitions.id);
    },

    /**
     * What purchase orders charge to a budget (net of tax): per order its status, currency, approval time,
     * the sum of its lines the budget covers and what approved invoices already took of those lines.
     */
    async purchaseOrdersCharging(
      budget: typeof budgets.$inferSelect,
      specificCategoryIds: number[],
      exceptPurchaseOrderId: number | null,
    ) {
      // Net of credit notes: what a credit note takes off an invoice line is neither actual nor invoiced.
      const invoicedOfLine = sql`coalesce((
          SELECT sum(il.net_minor - coalesce((SELECT sum(cnl.net_minor) FROM credit_note_lines cnl
            WHERE cnl.invoice_line_id = il.id), 0))
          FROM invoice_lines il JOIN invoices i ON i.id = il.invoice_id
          WHERE il.purchase_order_line_id = ${purchaseOrderLines.id}
            AND i.status IN ('approved', 'partially_paid', 'paid')
        ), 0)`;
      return db
        .select({
          id: purchaseOrders.id,
          status: purchaseOrders.status,
          currency: purchaseOrders.currency,
          at: sql<Date>`coalesce(${purchaseOrders.approvedAt}, ${purchaseOrders.createdAt})`.mapWith(
            (value: string | Date) => new Date(value),
          ),
          amountMinor: sql<number>`sum(${purchaseOrderLines.netMinor})::bigint`.mapWith(Number),
          invoicedMinor: sql<number>`sum(${invoicedOfLine})::bigint`.mapWith(Number),
        })
        .from(purchaseOrderLines)
        .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.purchaseOrderId))
        .where(
          and(
            eq(purchaseOrders.organisationId, budget.organisationId),
            sql`${purchaseOrders.status} NOT IN ('draft', 'pending_approval', 'cancelled', 'closed')`,
            eq(purchaseOrderLines.departmentId, budget.departmentId),
            categoryFilter(purchaseOrderLines.categoryId, budget, specificCategoryIds),
            exceptPurchaseOrderId === null ? undefined : ne(purchaseOrders.id, exceptPurchaseOrderId),
          ),
        )
        .groupBy(purchaseOrders.id);
    },

    /** Approved invoices (actual spend, net of tax) on the lines a budget covers, per invoice. */
    async invoicesCharging(budget: typeof budgets.$inferSelect, specificCategoryIds: number[]) {
      return db
        .select({
          id: invoices.id,
          status: invoices.status,
          currency: invoices.currency,
          invoiceDate: invoices.invoiceDate,
          // Net of the invoice's credit notes.
          amountMinor: sql<number>`sum(${invoiceLines.netMinor} - coalesce((SELECT sum(cnl.net_minor)
            FROM credit_note_lines cnl WHERE cnl.invoice_line_id = ${invoiceLines.id}), 0))::bigint`.mapWith(
            Number,
          ),
        })
        .from(invoiceLines)
        .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
        .innerJoin(
          purchaseOrderLines,
          // A line the order does not have (an accepted extra charge) is charged like the order's first line.
          sql`${purchaseOrderLines.id} = coalesce(${invoiceLines.purchaseOrderLineId}, (
            SELECT min(first.id) FROM purchase_order_lines first WHERE first.purchase_order_id = ${invoices.purchaseOrderId}))`,
        )
        .where(
          and(
            eq(invoices.organisationId, budget.organisationId),
            inArray(invoices.status, ['approved', 'partially_paid', 'paid']),
            eq(purchaseOrderLines.departmentId, budget.departmentId),
            categoryFilter(purchaseOrderLines.categoryId, budget, specificCategoryIds),
          ),
        )
        .groupBy(invoices.id);
    },

    async insert(organisationId: number, values: BudgetValues): Promise<number> {
      const [row] = await db
        .insert(budgets)
        .values({ organisationId, ...values })
        .returning({ id: budgets.id });
      return row!.id;
    },

    async update(organisationId: number, id: number, values: BudgetValues): Promise<boolean> {
      const rows = await db
        .update(budgets)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(budgets.organisationId, organisationId), eq(budgets.id, id)))
        .returning({ id: budgets.id });
      return rows.length > 0;
    },
  };
}
export type BudgetRow = NonNullable<Awaited<ReturnType<ReturnType<typeof budgetsRepository>['find']>>>;
