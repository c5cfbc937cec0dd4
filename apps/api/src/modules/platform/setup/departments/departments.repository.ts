import { escapeLikePattern } from '@zabuni/domain';
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../../infra/database.ts';
import { users } from '../../../../schema/authentication.tables.ts';
import { departments } from '../../../../schema/departments.tables.ts';

export interface DepartmentValues {
  code: string;
  name: string;
  budgetOwnerUserId: number | null;
  active: boolean;
}

const columns = {
  id: departments.id,
  code: departments.code,
  name: departments.name,
  active: departments.active,
  createdAt: departments.createdAt,
  updatedAt: departments.updatedAt,
  ownerId: users.id,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
  ownerEmail: users.email,
};
export interface DepartmentRow {
  id: number;
  code: string;
  name: string;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
  ownerId: number | null;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  ownerEmail: string | null;
}

/** The only SQL of departments. Every query is scoped to one organisation. */
export function departmentsRepository(db: Executor) {
  const select = () =>
    db.select(columns).from(departments).leftJoin(users, eq(users.id, departments.budgetOwnerUserId));

  return {
    async list(
      organisationId: number,
      filter: { search?: string; active?: boolean },
      offset: number,
      limit: number,
    ) {
      const conditions: SQL[] = [eq(departments.organisationId, organisationId)];
      if (filter.active !== undefined) conditions.push(eq(departments.active, filter.active));
      if (filter.search) {
        const pattern = `%${escapeLikePattern(filter.search)}%`;
        conditions.push(or(ilike(departments.code, pattern), ilike(departments.name, pattern))!);
      }
      const where = and(...conditions);
      const [total] = await db.select({ value: count() }).from(departments).where(where);
      const rows = await select().where(where).orderBy(asc(departments.code)).offset(offset).limit(limit);
      return { count: total?.value ?? 0, rows: rows satisfies DepartmentRow[] };
    },

    async find(organisationId: number, id: number): Promise<DepartmentRow | null> {
      const [row] = await select().where(
        and(eq(departments.organisationId, organisationId), eq(departments.id, id)),
      );
      return row ?? null;
    },

    async codeTaken(organisationId: number, code: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: departments.id })
        .from(departments)
        .where(
          and(
            eq(departments.organisationId, organisationId),
            eq(departments.code, code),
            exceptId === undefined ? undefined : sql`${departments.id} <> ${exceptId}`,
          ),
        );
      return row !== undefined;
    },

    async insert(organisationId: number, values: DepartmentValues): Promise<number> {
      const [row] = await db
        .insert(departments)
        .values({ organisationId, ...values })
        .returning({ id: departments.id });
      return row!.id;
    },

    /** Zero rows: the department is not this organisation's (the caller answers 404). */
    async update(organisationId: number, id: number, values: Partial<DepartmentValues>): Promise<boolean> {
      const rows = await db
        .update(departments)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(departments.organisationId, organisationId), eq(departments.id, id)))
        .returning({ id: departments.id });
      return rows.length > 0;
    },
  };
}
