import { aliasedTable, and, count, desc, eq, gte, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../../infra/database.ts';
import { users } from '../../../../schema/authentication.tables.ts';
import { memberships } from '../../../../schema/organisations.tables.ts';
import { approvalDelegations } from '../../../../schema/delegations.tables.ts';

const delegators = aliasedTable(users, 'delegators');
const delegates = aliasedTable(users, 'delegates');

/** The only SQL of approval delegations; every query is scoped to one organisation. */
export function delegationsRepository(db: Executor) {
  return {
    async page(
      organisationId: number,
      filter: { involving?: number; notBefore?: string },
      offset: number,
      limit: number,
    ) {
      const conditions: SQL[] = [eq(approvalDelegations.organisationId, organisationId)];
      if (filter.involving !== undefined) {
        conditions.push(
          or(
            eq(approvalDelegations.delegatorUserId, filter.involving),
            eq(approvalDelegations.delegateUserId, filter.involving),
          )!,
        );
      }
      if (filter.notBefore) conditions.push(gte(approvalDelegations.endsOn, filter.notBefore));
      const where = and(...conditions);
      const [total] = await db.select({ value: count() }).from(approvalDelegations).where(where);
      const rows = await db
        .select({
          delegation: approvalDelegations,
          delegatorFirst: delegators.firstName,
          delegatorLast: delegators.lastName,
          delegateFirst: delegates.firstName,
          delegateLast: delegates.lastName,
        })
        .from(approvalDelegations)
        .innerJoin(delegators, eq(delegators.id, approvalDelegations.delegatorUserId))
        .innerJoin(delegates, eq(delegates.id, approvalDelegations.delegateUserId))
        .where(where)
        .orderBy(desc(approvalDelegations.startsOn), desc(approvalDelegations.id))
        .offset(offset)
        .limit(limit);
      return { count: total?.value ?? 0, rows };
    },

    async insert(values: typeof approvalDelegations.$inferInsert): Promise<number> {
      const [row] = await db
        .insert(approvalDelegations)
        .values(values)
        .returning({ id: approvalDelegations.id });
      return row!.id;
    },

    async find(organisationId: number, id: number) {
      const [row] = await db
        .select()
        .from(approvalDelegations)
        .where(and(eq(approvalDelegations.organisationId, organisationId), eq(approvalDelegations.id, id)));
      return row ?? null;
    },

    async delete(id: number) {
      await db.delete(approvalDelegations).where(eq(approvalDelegations.id, id));
    },

    /** The roles this user holds in the organisation (a delegate must hold one that decides). */
    async rolesOf(organisationId: number, userId: number): Promise<string[]> {
      const rows = await db
        .select({ role: memberships.role })
        .from(memberships)
        .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId)));
      return rows.map((row) => row.role);
    },
  };
}
