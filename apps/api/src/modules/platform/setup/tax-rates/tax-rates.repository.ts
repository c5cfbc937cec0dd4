import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../../infra/database.ts';
import { taxRates } from '../../../../schema/tax-rates.tables.ts';

export type TaxRateRow = typeof taxRates.$inferSelect;

/** The only SQL of tax rates. Every query is scoped to one organisation. */
export function taxRatesRepository(db: Executor) {
  return {
    /** The starting rate of an organisation that has none yet; a no-op once it has any. */
    async insertDefaultIfNone(organisationId: number, name: string, rateBasisPoints: number) {
      await db.execute(sql`
        INSERT INTO ${taxRates} (organisation_id, name, rate_basis_points, is_default)
        SELECT ${organisationId}, ${name}, ${rateBasisPoints}, true
        WHERE NOT EXISTS (SELECT 1 FROM ${taxRates} WHERE organisation_id = ${organisationId})
        ON CONFLICT DO NOTHING`);
    },

    list(organisationId: number) {
      return db
        .select()
        .from(taxRates)
        .where(eq(taxRates.organisationId, organisationId))
        .orderBy(desc(taxRates.isDefault), asc(taxRates.name));
    },

    async find(organisationId: number, id: number): Promise<TaxRateRow | null> {
      const [row] = await db
        .select()
        .from(taxRates)
        .where(and(eq(taxRates.organisationId, organisationId), eq(taxRates.id, id)));
      return row ?? null;
    },

    async nameTaken(organisationId: number, name: string, exceptId?: number) {
      const [row] = await db
        .select({ id: taxRates.id })
        .from(taxRates)
        .where(
          and(
            eq(taxRates.organisationId, organisationId),
            eq(taxRates.name, name),
            exceptId === undefined ? undefined : ne(taxRates.id, exceptId),
          ),
        );
      return row !== undefined;
    },

    async clearDefault(organisationId: number) {
      await db
        .update(taxRates)
        .set({ isDefault: false })
        .where(and(eq(taxRates.organisationId, organisationId), eq(taxRates.isDefault, true)));
    },

    async insert(values: typeof taxRates.$inferInsert): Promise<number> {
      const [row] = await db.insert(taxRates).values(values).returning({ id: taxRates.id });
      return row!.id;
    },

    async update(organisationId: number, id: number, values: Partial<TaxRateRow>) {
      const rows = await db
        .update(taxRates)
        .set(values)
        .where(and(eq(taxRates.organisationId, organisationId), eq(taxRates.id, id)))
        .returning({ id: taxRates.id });
      return rows.length > 0;
    },

    /** Serialises default changes within one organisation. */
    async lock(organisationId: number) {
      await db.execute(sql`SELECT pg_advisory_xact_lock(7231012, ${organisationId})`);
    },
  };
}
