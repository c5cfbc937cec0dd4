import { and, asc, count, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { delegationWindow } from '@zabuni/domain';
import type { Executor } from '../../../../infra/database.ts';
import { users } from '../../../../schema/authentication.tables.ts';
import { categories } from '../../../../schema/core.tables.ts';
import { approvalDelegations } from '../../../../schema/delegations.tables.ts';
import { departments } from '../../../../schema/departments.tables.ts';
import { memberships } from '../../../../schema/organisations.tables.ts';
import {
  approvalWorkflowRules,
  organisationApprovalSettings,
} from '../../../../schema/approval-workflows.tables.ts';

export type WorkflowRuleRow = typeof approvalWorkflowRules.$inferSelect;
export type WorkflowRuleValues = Omit<
  typeof approvalWorkflowRules.$inferInsert,
  'id' | 'organisationId' | 'createdAt' | 'updatedAt'
>;

/** The only SQL of approval workflow rules, plus the organisation directory their resolution reads. */
export function approvalWorkflowsRepository(db: Executor) {
  return {
    async list(organisationId: number, documentType: string | undefined, offset: number, limit: number) {
      const conditions: SQL[] = [eq(approvalWorkflowRules.organisationId, organisationId)];
      if (documentType) conditions.push(sql`${approvalWorkflowRules.documentType} = ${documentType}`);
      const where = and(...conditions);
      const [total] = await db.select({ value: count() }).from(approvalWorkflowRules).where(where);
      const rows = await db
        .select()
        .from(approvalWorkflowRules)
        .where(where)
        .orderBy(
          asc(approvalWorkflowRules.documentType),
          asc(approvalWorkflowRules.priority),
          asc(approvalWorkflowRules.id),
        )
        .offset(offset)
        .limit(limit);
      return { count: total?.value ?? 0, rows };
    },

    /** Every active rule for one document type: the candidates a document is routed by. */
    activeRules(organisationId: number, documentType: string) {
      return db
        .select()
        .from(approvalWorkflowRules)
        .where(
          and(
            eq(approvalWorkflowRules.organisationId, organisationId),
            sql`${approvalWorkflowRules.documentType} = ${documentType}`,
            eq(approvalWorkflowRules.active, true),
          ),
        );
    },

    async find(organisationId: number, id: number): Promise<WorkflowRuleRow | null> {
      const [row] = await db
        .select()
        .from(approvalWorkflowRules)
        .where(
          and(eq(approvalWorkflowRules.organisationId, organisationId), eq(approvalWorkflowRules.id, id)),
        );
      return row ?? null;
    },

    async insert(organisationId: number, values: WorkflowRuleValues): Promise<number> {
      const [row] = await db
        .insert(approvalWorkflowRules)
        .values({ organisationId, ...values })
        .returning({ id: approvalWorkflowRules.id });
      return row!.id;
    },

    async update(organisationId: number, id: number, values: WorkflowRuleValues): Promise<boolean> {
      const rows = await db
        .update(approvalWorkflowRules)
        .set({ ...values, updatedAt: sql`now()` })
        .where(
          and(eq(approvalWorkflowRules.organisationId, organisationId), eq(approvalWorkflowRules.id, id)),
        )
        .returning({ id: approvalWorkflowRules.id });
      return rows.length > 0;
    },

    /** Of these users, the ones who belong to the organisation. */
    async membersAmong(organisationId: number, userIds: number[]): Promise<number[]> {
      if (userIds.length === 0) return [];
      const rows = await db
        .selectDistinct({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.organisationId, organisationId), inArray(memberships.userId, userIds)));
      return rows.map((row) => row.userId);
    },

    async ourDepartments(organisationId: number, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: departments.id })
        .from(departments)
        .where(and(eq(departments.organisationId, organisationId), inArray(departments.id, ids)));
      return rows.map((row) => row.id);
    },

    async existingCategories(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
      return rows.map((row) => row.id);
    },

    /** The organisation's approval settings; the defaults (everything on) when it never changed them. */
    async settings(organisationId: number) {
      const [row] = await db
        .select()
        .from(organisationApprovalSettings)
        .where(eq(organisationApprovalSettings.organisationId, organisationId));
      return { sodOneStepPerPerson: row?.sodOneStepPerPerson ?? true };
    },

    async saveSettings(organisationId: number, values: { sodOneStepPerPerson: boolean }) {
      await db
        .insert(organisationApprovalSettings)
        .values({ organisationId, ...values })
        .onConflictDoUpdate({
          target: organisationApprovalSettings.organisationId,
          set: { ...values, updatedAt: sql`now()` },
        });
    },

    /** Who holds which role, who owns which department, and everyone's name: one resolution's directory. */
    async directory(organisationId: number, now: Date) {
      const members = await db
        .select({
          userId: memberships.userId,
          role: memberships.role,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.organisationId, organisationId), eq(users.isActive, true)));
      const owners = await db
        .select({ id: departments.id, name: departments.name, ownerId: departments.budgetOwnerUserId })
        .from(departments)
        .where(eq(departments.organisationId, organisationId));
      // Delegations not over a day before now (resolution then checks each window exactly).
      const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
      const running = await db
        .select()
        .from(approvalDelegations)
        .where(
          and(
            eq(approvalDelegations.organisationId, organisationId),
            gte(approvalDelegations.endsOn, yesterday),
          ),
        );
      const delegations = running.map((d) => ({
        fromUserId: String(d.delegatorUserId),
        toUserId: String(d.delegateUserId),
        ...delegationWindow(d.startsOn, d.endsOn),
      }));
      return { members, departments: owners, delegations };
    },
  };
}
