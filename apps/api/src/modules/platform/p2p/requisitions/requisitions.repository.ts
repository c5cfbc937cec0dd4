import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { RequisitionOrdering } from '@zabuni/contracts';
import { escapeLikePattern, type RequisitionStatus } from '@zabuni/domain';
import type { Executor } from '../../../../infra/database.ts';
import { users } from '../../../../schema/authentication.tables.ts';
import { categories } from '../../../../schema/core.tables.ts';
import { departments } from '../../../../schema/departments.tables.ts';
import {
  requisitionAttachments,
  requisitionDecisions,
  requisitionLines,
  requisitions,
} from '../../../../schema/requisitions.tables.ts';

export type RequisitionRow = typeof requisitions.$inferSelect;
export type LineValues = Omit<typeof requisitionLines.$inferInsert, 'id' | 'requisitionId'>;

const summaryColumns = {
  requisition: requisitions,
  requesterFirstName: users.firstName,
  requesterLastName: users.lastName,
};

const ORDER_COLUMNS = {
  number: requisitions.number,
  title: requisitions.title,
  total: requisitions.totalMinor,
  status: requisitions.status,
  submitted_at: requisitions.submittedAt,
  created_at: requisitions.createdAt,
} as const;

/** Newest first unless asked otherwise; the id breaks ties so pages never overlap. */
function orderOf(ordering: RequisitionOrdering | undefined): SQL[] {
  if (!ordering) return [desc(requisitions.createdAt), desc(requisitions.id)];
  const descending = ordering.startsWith('-');
  const column = ORDER_COLUMNS[ordering.replace(/^-/, '') as keyof typeof ORDER_COLUMNS];
  return descending
    ? [sql`${column} DESC NULLS LAST`, desc(requisitions.id)]
    : [sql`${column} ASC NULLS LAST`, asc(requisitions.id)];
}

/** The only SQL of requisitions and their lines. Every query is scoped to one organisation. */
export function requisitionsRepository(db: Executor) {
  return {
    async list(
      organisationId: number,
      filter: {
        status?: RequisitionStatus;
        requesterId?: number;
        search?: string;
        departmentId?: number;
        ordering?: RequisitionOrdering;
      },
      offset: number,
      limit: number,
    ) {
      const conditions: SQL[] = [eq(requisitions.organisationId, organisationId)];
      if (filter.status) conditions.push(eq(requisitions.status, filter.status));
      if (filter.requesterId) conditions.push(eq(requisitions.requesterUserId, filter.requesterId));
      if (filter.departmentId) {
        conditions.push(
          sql`EXISTS (SELECT 1 FROM ${requisitionLines} WHERE ${requisitionLines.requisitionId} = ${requisitions.id} AND ${requisitionLines.departmentId} = ${filter.departmentId})`,
        );
      }
      if (filter.search) {
        const pattern = `%${escapeLikePattern(filter.search)}%`;
        conditions.push(
          sql`(${requisitions.title} ILIKE ${pattern} OR ${requisitions.number} ILIKE ${pattern})`,
        );
      }
      const where = and(...conditions);
      const [total] = await db.select({ value: count() }).from(requisitions).where(where);
      const rows = await db
        .select(summaryColumns)
        .from(requisitions)
        .innerJoin(users, eq(users.id, requisitions.requesterUserId))
        .where(where)
        .orderBy(...orderOf(filter.ordering))
        .offset(offset)
        .limit(limit);
      return { count: total?.value ?? 0, rows };
    },

    async find(organisationId: number, id: number) {
      const [row] = await db
        .select(summaryColumns)
        .from(requisitions)
        .innerJoin(users, eq(users.id, requisitions.requesterUserId))
        .where(and(eq(requisitions.organisationId, organisationId), eq(requisitions.id, id)));
      return row ?? null;
    },

    findMany(organisationId: number, ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select(summaryColumns)
        .from(requisitions)
        .innerJoin(users, eq(users.id, requisitions.requesterUserId))
        .where(and(eq(requisitions.organisationId, organisationId), inArray(requisitions.id, ids)));
    },

    lines(requisitionId: number) {
      return db
        .select({
          line: requisitionLines,
          // What orders (not cancelled) already take of the line: the rest is still to be ordered.
          orderedThousandths: sql<number>`coalesce((SELECT sum(pol.quantity_thousandths)
            FROM purchase_order_lines pol JOIN purchase_orders po ON po.id = pol.purchase_order_id
            WHERE pol.requisition_line_id = ${requisitionLines.id} AND po.status <> 'cancelled'), 0)`.mapWith(
            Number,
          ),
          categoryName: categories.name,
          departmentCode: departments.code,
          departmentName: departments.name,
        })
        .from(requisitionLines)
        .innerJoin(categories, eq(categories.id, requisitionLines.categoryId))
        .innerJoin(departments, eq(departments.id, requisitionLines.departmentId))
        .where(eq(requisitionLines.requisitionId, requisitionId))
        .orderBy(asc(requisitionLines.lineNo));
    },

    /** The organisation's departments among these ids, with whether they still take documents. */
    departmentsAmong(organisationId: number, ids: number[]) {
      return db
        .select({
          id: departments.id,
          active: departments.active,
          code: departments.code,
          name: departments.name,
        })
        .from(departments)
        .where(and(eq(departments.organisationId, organisationId), inArray(departments.id, ids)));
    },

    async existingCategories(ids: number[]): Promise<number[]> {
      const rows = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
      return rows.map((row) => row.id);
    },

    async insert(values: typeof requisitions.$inferInsert): Promise<number> {
      const [row] = await db.insert(requisitions).values(values).returning({ id: requisitions.id });
      return row!.id;
    },

    async replaceLines(requisitionId: number, lines: LineValues[]) {
      await db.delete(requisitionLines).where(eq(requisitionLines.requisitionId, requisitionId));
      await db.insert(requisitionLines).values(lines.map((line) => ({ ...line, requisitionId })));
    },

    /** Serialises decisions on one requisition: two approvers at the same moment see each other's. */
    async lockForDecision(organisationId: number, id: number) {
      const [row] = await db
        .select({ id: requisitions.id })
        .from(requisitions)
        .where(and(eq(requisitions.organisationId, organisationId), eq(requisitions.id, id)))
        .for('no key update');
      return row !== undefined;
    },

    decisions(requisitionId: number, round?: number) {
      return db
        .select({
          decision: requisitionDecisions,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(requisitionDecisions)
        .innerJoin(users, eq(users.id, requisitionDecisions.userId))
        .where(
          and(
            eq(requisitionDecisions.requisitionId, requisitionId),
            round === undefined ? undefined : eq(requisitionDecisions.round, round),
          ),
        )
        .orderBy(asc(requisitionDecisions.decidedAt), asc(requisitionDecisions.id));
    },

    async insertDecision(values: typeof requisitionDecisions.$inferInsert) {
      await db.insert(requisitionDecisions).values(values);
    },

    /** Submitted requisitions of the organisation with their routes: the inbox reads who is waited for. */
    submittedWithRoutes(organisationId: number) {
      return db
        .select({
          id: requisitions.id,
          round: requisitions.round,
          route: requisitions.route,
          requesterUserId: requisitions.requesterUserId,
          submittedAt: requisitions.submittedAt,
        })
        .from(requisitions)
        .where(and(eq(requisitions.organisationId, organisationId), eq(requisitions.status, 'submitted')))
        .orderBy(asc(requisitions.submittedAt));
    },

    /** Decisions of the current rounds of these requisitions (for the inbox). */
    currentDecisions(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({ decision: requisitionDecisions })
        .from(requisitionDecisions)
        .innerJoin(requisitions, eq(requisitions.id, requisitionDecisions.requisitionId))
        .where(
          and(
            inArray(requisitionDecisions.requisitionId, ids),
            eq(requisitionDecisions.round, requisitions.round),
          ),
        );
    },

    attachments(requisitionId: number) {
      return db
        .select({ attachment: requisitionAttachments, firstName: users.firstName, lastName: users.lastName })
        .from(requisitionAttachments)
        .innerJoin(users, eq(users.id, requisitionAttachments.uploadedByUserId))
        .where(eq(requisitionAttachments.requisitionId, requisitionId))
        .orderBy(asc(requisitionAttachments.id));
    },

    async insertAttachment(values: typeof requisitionAttachments.$inferInsert): Promise<number> {
      const [row] = await db
        .insert(requisitionAttachments)
        .values(values)
        .returning({ id: requisitionAttachments.id });
      return row!.id;
    },

    async deleteAttachment(requisitionId: number, id: number) {
      const [row] = await db
        .delete(requisitionAttachments)
        .where(
          and(eq(requisitionAttachments.requisitionId, requisitionId), eq(requisitionAttachments.id, id)),
        )
        .returning({
          fileName: requisitionAttachments.fileName,
          storageKey: requisitionAttachments.storageKey,
        });
      return row ?? null;
    },

    userNames(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, ids));
    },

    /**
     * Changes a requisition only while it is still in one of `from`: zero rows means someone else moved it
     * first (or it is not this organisation's), and the caller answers a conflict or 404.
     */
    async updateWhere(
      organisationId: number,
      id: number,
      from: readonly RequisitionStatus[],
      values: Partial<typeof requisitions.$inferInsert>,
    ): Promise<boolean> {
      const rows = await db
        .update(requisitions)
        .set({ ...values, updatedAt: sql`now()` })
        .where(
          and(
            eq(requisitions.organisationId, organisationId),
            eq(requisitions.id, id),
            inArray(requisitions.status, [...from]),
          ),
        )
        .returning({ id: requisitions.id });
      return rows.length > 0;
    },
  };
}
