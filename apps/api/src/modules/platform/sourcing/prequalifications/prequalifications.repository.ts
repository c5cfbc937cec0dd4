import { aliasedTable, and, count, desc, eq, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PrequalificationStatus } from '@zabuni/domain';
import type { Executor } from '../../../../infra/database.ts';
import { users } from '../../../../schema/authentication.tables.ts';
import { categories } from '../../../../schema/core.tables.ts';
import { organisations } from '../../../../schema/organisations.tables.ts';
import {
  prequalificationCategories,
  prequalificationDocumentAlerts,
  prequalificationDocuments,
  prequalificationEvaluators,
  prequalificationInvitations,
  prequalificationResponses,
  prequalificationResults,
  prequalifications,
  prequalificationScores,
} from '../../../../schema/prequalifications.tables.ts';

const suppliers = aliasedTable(organisations, 'suppliers');
const buyers = aliasedTable(organisations, 'buyers');

export type PrequalificationRow = typeof prequalifications.$inferSelect;
export type ResponseRow = typeof prequalificationResponses.$inferSelect;
export type ResultRow = typeof prequalificationResults.$inferSelect;
export type DocumentRow = typeof prequalificationDocuments.$inferSelect;

/**
 * The only SQL of prequalification exercises, their responses, scores and results. Every buyer-side read
 * and write is scoped to the owning organisation; supplier-side reads to the supplier as well.
 */
export function prequalificationsRepository(db: Executor) {
  return {
    async insert(values: typeof prequalifications.$inferInsert) {
      const [row] = await db.insert(prequalifications).values(values).returning();
      return row!;
    },

    async update(
      organisationId: number,
      id: number,
      from: readonly PrequalificationStatus[],
      values: Partial<typeof prequalifications.$inferInsert>,
    ) {
      const rows = await db
        .update(prequalifications)
        .set({ ...values, updatedAt: new Date() })
        .where(
          and(
            eq(prequalifications.organisationId, organisationId),
            eq(prequalifications.id, id),
            inArray(prequalifications.status, [...from]),
          ),
        )
        .returning({ id: prequalifications.id });
      return rows.length > 0;
    },

    async lock(organisationId: number, id: number) {
      const rows = await db
        .select({ id: prequalifications.id })
        .from(prequalifications)
        .where(and(eq(prequalifications.organisationId, organisationId), eq(prequalifications.id, id)))
        .for('update');
      return rows.length > 0;
    },

    async find(organisationId: number, id: number) {
      const [row] = await db
        .select()
        .from(prequalifications)
        .where(and(eq(prequalifications.organisationId, organisationId), eq(prequalifications.id, id)));
      return row ?? null;
    },

    /** An exercise by id alone: the supplier side checks the invitation itself. */
    async findAny(id: number) {
      const [row] = await db
        .select({ prequalification: prequalifications, buyerName: buyers.name })
        .from(prequalifications)
        .innerJoin(buyers, eq(buyers.id, prequalifications.organisationId))
        .where(eq(prequalifications.id, id));
      return row ?? null;
    },

    async page(
      organisationId: number,
      status: PrequalificationStatus | undefined,
      offset: number,
      limit: number,
    ) {
      const where = and(
        eq(prequalifications.organisationId, organisationId),
        status ? eq(prequalifications.status, status) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            prequalification: prequalifications,
            // Spelled out: in a one-table select drizzle leaves columns unqualified, and a bare "id"
            // inside the subquery would be the response's own.
            responses: sql<number>`(SELECT count(*) FROM prequalification_responses pr
              WHERE pr.prequalification_id = "prequalifications"."id" AND pr.status = 'submitted')`.mapWith(
              Number,
            ),
          })
          .from(prequalifications)
          .where(where)
          .orderBy(desc(prequalifications.id))
          .offset(offset)
          .limit(limit),
        db.select({ n: count() }).from(prequalifications).where(where),
      ]);
      return { count: total?.n ?? 0, rows };
    },

    async categories(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          prequalificationId: prequalificationCategories.prequalificationId,
          id: categories.id,
          name: categories.name,
        })
        .from(prequalificationCategories)
        .innerJoin(categories, eq(categories.id, prequalificationCategories.categoryId))
        .where(inArray(prequalificationCategories.prequalificationId, ids));
    },

    async setCategories(organisationId: number, id: number, categoryIds: readonly number[]) {
      await db
        .delete(prequalificationCategories)
        .where(eq(prequalificationCategories.prequalificationId, id));
      if (categoryIds.length > 0)
        await db
          .insert(prequalificationCategories)
          .values(categoryIds.map((categoryId) => ({ prequalificationId: id, organisationId, categoryId })));
    },

    async existingCategories(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(inArray(categories.id, [...ids]));
    },

    async evaluators(id: number) {
      return db
        .select({
          userId: prequalificationEvaluators.userId,
          submittedAt: prequalificationEvaluators.submittedAt,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(prequalificationEvaluators)
        .innerJoin(users, eq(users.id, prequalificationEvaluators.userId))
        .where(eq(prequalificationEvaluators.prequalificationId, id))
        .orderBy(prequalificationEvaluators.userId);
    },

    async setEvaluators(organisationId: number, id: number, userIds: readonly number[]) {
      await db
        .delete(prequalificationEvaluators)
        .where(eq(prequalificationEvaluators.prequalificationId, id));
      await db
        .insert(prequalificationEvaluators)
        .values(userIds.map((userId) => ({ prequalificationId: id, organisationId, userId })));
    },

    /** Fixes a member's scores: WHERE not yet submitted (zero rows: already submitted). */
    async submitSheet(id: number, userId: number, at: Date) {
      const rows = await db
        .update(prequalificationEvaluators)
        .set({ submittedAt: at })
        .where(
          and(
            eq(prequalificationEvaluators.prequalificationId, id),
            eq(prequalificationEvaluators.userId, userId),
            isNull(prequalificationEvaluators.submittedAt),
          ),
        )
        .returning({ userId: prequalificationEvaluators.userId });
      return rows.length > 0;
    },

    async invite(organisationId: number, id: number, supplierIds: readonly number[]) {
      if (supplierIds.length === 0) return;
      await db
        .insert(prequalificationInvitations)
        .values(supplierIds.map((supplierId) => ({ prequalificationId: id, organisationId, supplierId })))
        .onConflictDoNothing();
    },

    async invitedCount(id: number) {
      const [row] = await db
        .select({ n: count() })
        .from(prequalificationInvitations)
        .where(eq(prequalificationInvitations.prequalificationId, id));
      return row?.n ?? 0;
    },

    async isInvited(id: number, supplierId: number) {
      const rows = await db
        .select({ id: prequalificationInvitations.supplierId })
        .from(prequalificationInvitations)
        .where(
          and(
            eq(prequalificationInvitations.prequalificationId, id),
            eq(prequalificationInvitations.supplierId, supplierId),
          ),
        );
      return rows.length > 0;
    },

    /** The exercises a supplier is invited to (published or later), newest first. */
    /** A supplier's invitations from one buyer (the one selected in the portal). */
    async invitationsOf(buyerId: number, supplierId: number, offset: number, limit: number) {
      const where = and(
        eq(prequalifications.organisationId, buyerId),
        eq(prequalificationInvitations.supplierId, supplierId),
        inArray(prequalifications.status, ['published', 'results', 'completed']),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            prequalification: prequalifications,
            buyerName: buyers.name,
            responseStatus: prequalificationResponses.status,
          })
          .from(prequalificationInvitations)
          .innerJoin(
            prequalifications,
            eq(prequalifications.id, prequalificationInvitations.prequalificationId),
          )
          .innerJoin(buyers, eq(buyers.id, prequalifications.organisationId))
          .leftJoin(
            prequalificationResponses,
            and(
              eq(prequalificationResponses.prequalificationId, prequalifications.id),
              eq(prequalificationResponses.supplierId, supplierId),
            ),
          )
          .where(where)
          .orderBy(desc(prequalifications.closesAt), desc(prequalifications.id))
          .offset(offset)
          .limit(limit),
        db
          .select({ n: count() })
          .from(prequalificationInvitations)
          .innerJoin(
            prequalifications,
            eq(prequalifications.id, prequalificationInvitations.prequalificationId),
          )
          .where(where),
      ]);
      return { count: total?.n ?? 0, rows };
    },

    async response(id: number, supplierId: number) {
      const [row] = await db
        .select()
        .from(prequalificationResponses)
        .where(
          and(
            eq(prequalificationResponses.prequalificationId, id),
            eq(prequalificationResponses.supplierId, supplierId),
          ),
        );
      return row ?? null;
    },

    async lockResponse(id: number, supplierId: number) {
      const [row] = await db
        .select()
        .from(prequalificationResponses)
        .where(
          and(
            eq(prequalificationResponses.prequalificationId, id),
            eq(prequalificationResponses.supplierId, supplierId),
          ),
        )
        .for('update');
      return row ?? null;
    },

    async upsertResponse(values: typeof prequalificationResponses.$inferInsert) {
      const [row] = await db
        .insert(prequalificationResponses)
        .values(values)
        .onConflictDoUpdate({
          target: [prequalificationResponses.prequalificationId, prequalificationResponses.supplierId],
          set: { categoryIds: values.categoryIds, answers: values.answers, updatedAt: new Date() },
          setWhere: sql`${prequalificationResponses.status} <> 'submitted'`,
        })
        .returning();
      return row ?? null;
    },

    async setResponseStatus(
      responseId: number,
      from: ResponseRow['status'],
      values: Partial<typeof prequalificationResponses.$inferInsert>,
    ) {
      const rows = await db
        .update(prequalificationResponses)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(prequalificationResponses.id, responseId), eq(prequalificationResponses.status, from)))
        .returning({ id: prequalificationResponses.id });
      return rows.length > 0;
    },

    /** Every response of an exercise (submitted only unless `all`), with the supplier's name. */
    async responses(organisationId: number, id: number, submittedOnly = true) {
      return db
        .select({ response: prequalificationResponses, supplierName: suppliers.name })
        .from(prequalificationResponses)
        .innerJoin(suppliers, eq(suppliers.id, prequalificationResponses.supplierId))
        .where(
          and(
            eq(prequalificationResponses.organisationId, organisationId),
            eq(prequalificationResponses.prequalificationId, id),
            submittedOnly ? eq(prequalificationResponses.status, 'submitted') : undefined,
          ),
        )
        .orderBy(suppliers.name);
    },

    async responseById(responseId: number) {
      return db
        .select({ prequalificationId: prequalificationResponses.prequalificationId })
        .from(prequalificationResponses)
        .where(eq(prequalificationResponses.id, responseId));
    },

    async insertDocument(values: typeof prequalificationDocuments.$inferInsert) {
      const [row] = await db.insert(prequalificationDocuments).values(values).returning();
      return row!;
    },

    async documents(responseIds: number[]) {
      if (responseIds.length === 0) return [];
      return db
        .select()
        .from(prequalificationDocuments)
        .where(inArray(prequalificationDocuments.responseId, responseIds))
        .orderBy(prequalificationDocuments.id);
    },

    async document(organisationId: number, documentId: number) {
      const [row] = await db
        .select()
        .from(prequalificationDocuments)
        .where(
          and(
            eq(prequalificationDocuments.organisationId, organisationId),
            eq(prequalificationDocuments.id, documentId),
          ),
        );
      return row ?? null;
    },

    async scores(organisationId: number, responseIds: number[]) {
      if (responseIds.length === 0) return [];
      return db
        .select()
        .from(prequalificationScores)
        .where(
          and(
            eq(prequalificationScores.organisationId, organisationId),
            inArray(prequalificationScores.responseId, responseIds),
          ),
        );
    },

    async saveScores(
      organisationId: number,
      evaluatorUserId: number,
      sheets: ReadonlyArray<{
        responseId: number;
        scores: Record<string, number>;
        comments: Record<string, string>;
      }>,
    ) {
      for (const sheet of sheets) {
        await db
          .insert(prequalificationScores)
          .values({ organisationId, evaluatorUserId, ...sheet })
          .onConflictDoUpdate({
            target: [prequalificationScores.responseId, prequalificationScores.evaluatorUserId],
            set: { scores: sheet.scores, comments: sheet.comments, updatedAt: new Date() },
          });
      }
    },

    async insertResults(values: Array<typeof prequalificationResults.$inferInsert>) {
      if (values.length === 0) return [];
      return db.insert(prequalificationResults).values(values).returning();
    },

    async results(organisationId: number, id: number) {
      return db
        .select({
          result: prequalificationResults,
          supplierName: suppliers.name,
          categoryName: categories.name,
        })
        .from(prequalificationResults)
        .innerJoin(suppliers, eq(suppliers.id, prequalificationResults.supplierId))
        .innerJoin(categories, eq(categories.id, prequalificationResults.categoryId))
        .where(
          and(
            eq(prequalificationResults.organisationId, organisationId),
            eq(prequalificationResults.prequalificationId, id),
          ),
        )
        .orderBy(suppliers.name, categories.name);
    },

    async resultsOfSupplier(id: number, supplierId: number) {
      return db
        .select({ result: prequalificationResults, categoryName: categories.name })
        .from(prequalificationResults)
        .innerJoin(categories, eq(categories.id, prequalificationResults.categoryId))
        .where(
          and(
            eq(prequalificationResults.prequalificationId, id),
            eq(prequalificationResults.supplierId, supplierId),
          ),
        );
    },

    async result(organisationId: number, resultId: number) {
      const [row] = await db
        .select({
          result: prequalificationResults,
          supplierName: suppliers.name,
          categoryName: categories.name,
          title: prequalifications.title,
          buyerName: buyers.name,
          proposerFirstName: users.firstName,
          proposerLastName: users.lastName,
        })
        .from(prequalificationResults)
        .innerJoin(suppliers, eq(suppliers.id, prequalificationResults.supplierId))
        .innerJoin(categories, eq(categories.id, prequalificationResults.categoryId))
        .innerJoin(prequalifications, eq(prequalifications.id, prequalificationResults.prequalificationId))
        .innerJoin(buyers, eq(buyers.id, prequalificationResults.organisationId))
        .innerJoin(users, eq(users.id, prequalificationResults.proposedByUserId))
        .where(
          and(
            eq(prequalificationResults.organisationId, organisationId),
            eq(prequalificationResults.id, resultId),
          ),
        );
      return row ?? null;
    },

    async resultsByIds(organisationId: number, ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: prequalificationResults.id })
        .from(prequalificationResults)
        .where(
          and(
            eq(prequalificationResults.organisationId, organisationId),
            inArray(prequalificationResults.id, ids),
          ),
        );
    },

    async pendingResults(organisationId: number) {
      return db
        .select({ id: prequalificationResults.id, proposedAt: prequalificationResults.proposedAt })
        .from(prequalificationResults)
        .where(
          and(
            eq(prequalificationResults.organisationId, organisationId),
            eq(prequalificationResults.status, 'pending'),
          ),
        );
    },

    async lockResult(organisationId: number, resultId: number) {
      const rows = await db
        .select({ id: prequalificationResults.id })
        .from(prequalificationResults)
        .where(
          and(
            eq(prequalificationResults.organisationId, organisationId),
            eq(prequalificationResults.id, resultId),
          ),
        )
        .for('update');
      return rows.length > 0;
    },

    async decideResult(
      organisationId: number,
      resultId: number,
      values: Pick<ResultRow, 'status' | 'comment' | 'validUntil' | 'decidedAt' | 'decidedByUserId'>,
    ) {
      const rows = await db
        .update(prequalificationResults)
        .set(values)
        .where(
          and(
            eq(prequalificationResults.organisationId, organisationId),
            eq(prequalificationResults.id, resultId),
            eq(prequalificationResults.status, 'pending'),
          ),
        )
        .returning({ id: prequalificationResults.id });
      return rows.length > 0;
    },

    async undecidedCount(id: number) {
      const [row] = await db
        .select({ n: count() })
        .from(prequalificationResults)
        .where(
          and(
            eq(prequalificationResults.prequalificationId, id),
            eq(prequalificationResults.status, 'pending'),
          ),
        );
      return row?.n ?? 0;
    },

    /** Approved, still valid on `today`: the buyer's prequalified list (optionally for some categories). */
    async prequalified(
      organisationId: number,
      filter: { categoryIds?: readonly number[]; supplierId?: number; today: string },
      page?: { offset: number; limit: number },
    ) {
      const conditions: SQL[] = [
        eq(prequalificationResults.organisationId, organisationId),
        eq(prequalificationResults.status, 'approved'),
        gte(prequalificationResults.validUntil, filter.today),
      ];
      if (filter.categoryIds)
        conditions.push(inArray(prequalificationResults.categoryId, [...filter.categoryIds]));
      if (filter.supplierId !== undefined)
        conditions.push(eq(prequalificationResults.supplierId, filter.supplierId));
      const query = db
        .select({
          result: prequalificationResults,
          supplierName: suppliers.name,
          categoryName: categories.name,
        })
        .from(prequalificationResults)
        .innerJoin(suppliers, eq(suppliers.id, prequalificationResults.supplierId))
        .innerJoin(categories, eq(categories.id, prequalificationResults.categoryId))
        .where(and(...conditions))
        .orderBy(categories.name, suppliers.name, desc(prequalificationResults.validUntil));
      if (!page) return { count: -1, rows: await query };
      const [rows, [total]] = await Promise.all([
        query.offset(page.offset).limit(page.limit),
        db
          .select({ n: count() })
          .from(prequalificationResults)
          .where(and(...conditions)),
      ]);
      return { count: total?.n ?? 0, rows };
    },

    /** Every decided result of a supplier at this buyer (its standing, for the risk register and RFQs). */
    async standing(organisationId: number, supplierId: number) {
      return db
        .select({ result: prequalificationResults, categoryName: categories.name })
        .from(prequalificationResults)
        .innerJoin(categories, eq(categories.id, prequalificationResults.categoryId))
        .where(
          and(
            eq(prequalificationResults.organisationId, organisationId),
            eq(prequalificationResults.supplierId, supplierId),
          ),
        )
        .orderBy(desc(prequalificationResults.proposedAt));
    },

    /** Documents of submitted responses expiring on or before `until`, not yet alerted at `threshold`. */
    async documentsToAlert(today: string, until: string, threshold: number) {
      return db
        .select({
          document: prequalificationDocuments,
          title: prequalifications.title,
          createdByUserId: prequalifications.createdByUserId,
          supplierName: suppliers.name,
        })
        .from(prequalificationDocuments)
        .innerJoin(
          prequalificationResponses,
          eq(prequalificationResponses.id, prequalificationDocuments.responseId),
        )
        .innerJoin(prequalifications, eq(prequalifications.id, prequalificationResponses.prequalificationId))
        .innerJoin(suppliers, eq(suppliers.id, prequalificationDocuments.supplierId))
        .where(
          and(
            eq(prequalificationResponses.status, 'submitted'),
            gte(prequalificationDocuments.expiresOn, today),
            sql`${prequalificationDocuments.expiresOn} <= ${until}`,
            sql`NOT EXISTS (SELECT 1 FROM ${prequalificationDocumentAlerts}
              WHERE ${prequalificationDocumentAlerts.documentId} = ${prequalificationDocuments.id}
              AND ${prequalificationDocumentAlerts.thresholdDays} = ${threshold})`,
          ),
        )
        .limit(500);
    },

    /** Claims the alert (once per document and threshold): false when another run already sent it. */
    async claimAlert(documentId: number, organisationId: number, thresholdDays: number) {
      const rows = await db
        .insert(prequalificationDocumentAlerts)
        .values({ documentId, organisationId, thresholdDays })
        .onConflictDoNothing()
        .returning({ id: prequalificationDocumentAlerts.documentId });
      return rows.length > 0;
    },
  };
}
