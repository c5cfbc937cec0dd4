import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ApprovalDocumentType, ResolvedRoute, WorkflowDecisionKind } from '@zabuni/domain';
import type { Executor } from '../../../infra/database.ts';
import { users } from '../../../schema/authentication.tables.ts';
import { approvalDecisions, approvalRoutes } from '../../../schema/approvals.tables.ts';

/**
 * The only SQL of the approval engine's own tables: routes and decisions of the documents that keep none
 * on their own rows (invoices today). Every read names the document type.
 */
export function approvalsRepository(db: Executor) {
  return {
    /** The route of a document's round, or null when the round has none (no workflow applies). */
    async route(documentType: ApprovalDocumentType, documentId: number, round: number) {
      const [row] = await db
        .select()
        .from(approvalRoutes)
        .where(
          and(
            eq(approvalRoutes.documentType, documentType),
            eq(approvalRoutes.documentId, documentId),
            eq(approvalRoutes.round, round),
          ),
        );
      return row ?? null;
    },

    /** The latest round's route of each document, for the inbox and lists. */
    async latestRoutes(documentType: ApprovalDocumentType, documentIds: number[]) {
      if (documentIds.length === 0) return [];
      return db
        .selectDistinctOn([approvalRoutes.documentId])
        .from(approvalRoutes)
        .where(
          and(eq(approvalRoutes.documentType, documentType), inArray(approvalRoutes.documentId, documentIds)),
        )
        .orderBy(approvalRoutes.documentId, sql`${approvalRoutes.round} DESC`);
    },

    async latestRound(documentType: ApprovalDocumentType, documentId: number): Promise<number> {
      const [row] = await db
        .select({ round: sql<number>`coalesce(max(${approvalRoutes.round}), 0)::int` })
        .from(approvalRoutes)
        .where(and(eq(approvalRoutes.documentType, documentType), eq(approvalRoutes.documentId, documentId)));
      return row?.round ?? 0;
    },

    async insertRoute(values: typeof approvalRoutes.$inferInsert) {
      await db.insert(approvalRoutes).values(values);
    },

    /** Replaces the route of one round (delegates added, consent step appended); false: no such round. */
    async saveRoute(
      documentType: ApprovalDocumentType,
      documentId: number,
      round: number,
      route: ResolvedRoute,
    ): Promise<boolean> {
      const rows = await db
        .update(approvalRoutes)
        .set({ route, updatedAt: sql`now()` })
        .where(
          and(
            eq(approvalRoutes.documentType, documentType),
            eq(approvalRoutes.documentId, documentId),
            eq(approvalRoutes.round, round),
          ),
        )
        .returning({ id: approvalRoutes.id });
      return rows.length > 0;
    },

    decisions(documentType: ApprovalDocumentType, documentId: number, round?: number) {
      return db
        .select({ decision: approvalDecisions, firstName: users.firstName, lastName: users.lastName })
        .from(approvalDecisions)
        .innerJoin(users, eq(users.id, approvalDecisions.userId))
        .where(
          and(
            eq(approvalDecisions.documentType, documentType),
            eq(approvalDecisions.documentId, documentId),
            round === undefined ? undefined : eq(approvalDecisions.round, round),
          ),
        )
        .orderBy(asc(approvalDecisions.decidedAt), asc(approvalDecisions.id));
    },

    /** The decisions of many documents (all rounds; the caller keeps the current one). */
    decisionsOf(documentType: ApprovalDocumentType, documentIds: number[]) {
      if (documentIds.length === 0) return Promise.resolve([]);
      return db
        .select({ decision: approvalDecisions })
        .from(approvalDecisions)
        .where(
          and(
            eq(approvalDecisions.documentType, documentType),
            inArray(approvalDecisions.documentId, documentIds),
          ),
        )
        .orderBy(asc(approvalDecisions.decidedAt), asc(approvalDecisions.id));
    },

    async insertDecision(values: {
      documentType: ApprovalDocumentType;
      documentId: number;
      round: number;
      stepIndex: number;
      slotIndex: number;
      userId: number;
      onBehalfOf: number[];
      decision: WorkflowDecisionKind;
      comment: string;
    }) {
      await db.insert(approvalDecisions).values(values);
    },
  };
}
