import { and, count, desc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../../infra/database.ts';
import { fiscalYears } from '../../../../schema/fiscal-years.tables.ts';

const FISCAL_YEAR_LOCK = 7_231_011;

export type FiscalYearRow = typeof fiscalYears.$inferSelect;

/** The only SQL of fiscal years. Every query is scoped to one organisation. */
export function fiscalYearsRepository(db: Executor) {
  return {
    /** Serialises changes to one organisation's fiscal years, so two overlapping ones cannot both pass. */
    async lock(organisationId: number) {
      await db.execute(sql`SELECT pg_advisory_xact_lock(${FISCAL_YEAR_LOCK}, ${organisationId})`);
    },

    async list(organisationId: number, offset: number, limit: number) {
      const where = eq(fiscalYears.organisationId, organisationId);
      const [total] = await db.select({ value: count() }).from(fiscalYears).where(where);
      const rows = await db
        .select()
        .from(fiscalYears)
        .where(where)
        .orderBy(desc(fiscalYears.startsOn))
        .offset(offset)
        .limit(limit);
      return { count: total?.value ?? 0, rows };
    },

    async find(organisationId: number, id: number): Promise<FiscalYearRow | null> {
      const [row] = await db
        .select()
        .from(fiscalYears)
        .where(and(eq(fiscalYears.organisationId, organisationId), eq(fiscalYears.id, id)));
      return row ?? null;
    },

    /** A fiscal year of the organisation sharing at least one day with [startsOn, endsOn]. */
    async overlapping(organisationId: number, startsOn: string, endsOn: string) {
      const [row] = await db
        .select({ name: fiscalYears.name })
        .from(fiscalYears)
        .where(
          and(
            eq(fiscalYears.organisationId, organisationId),
            lte(fiscalYears.startsOn, endsOn),
            gte(fiscalYears.endsOn, startsOn),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async nameTaken(organisationId: number, name: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: fiscalYears.id })
        .from(fiscalYears)
        .where(
          and(
            eq(fiscalYears.organisationId, organisationId),
            eq(fiscalYears.name, name),
            exceptId === undefined ? undefined : ne(fiscalYears.id, exceptId),
          ),
        );
      return row !== undefined;
    },

    async insert(values: typeof fiscalYears.$inferInsert): Promise<number> {
      const [row] = await db.insert(fiscalYears).values(values).returning({ id: fiscalYears.id });
      return row!.id;
    },

    async update(
      organisationId: number,
      id: number,
      values: Partial<Pick<FiscalYearRow, 'name' | 'status'>>,
    ): Promise<boolean> {
      const rows = await db
        .update(fiscalYears)
        .set(values)
        .where(and(eq(fiscalYears.organisationId, organisationId), eq(fiscalYears.id, id)))
        .returning({ id: fiscalYears.id });
      return rows.length > 0;
    },
  };
}
