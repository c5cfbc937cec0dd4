import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../infra/database.ts';
import { categories, countries } from '../../../schema/core.tables.ts';
import { organisations } from '../../../schema/organisations.tables.ts';
import type { DeliveredSupplier } from '../../../schema/prequalified-lists.tables.ts';
import { supplierRegistrations } from '../../../schema/supplier-registry.tables.ts';

/**
 * Read-only queries of site/prequalified-lists over other modules' tables: categories and countries (reference
 * data) and the registered suppliers a list is made of (site/supplier-registry's approved registrations and
 * their supplier organisations).
 */
export function prequalifiedListsQueries(db: Executor) {
  /**
   * "Registered supplier of a category and country": a supplier organisation made from a self-registration
   * that was approved (automatically on a verified PIN, or by an operator), in that country, with the
   * category among its categories. Those whose PIN the tax authority verified come first, then by name.
   */
  const registered = (categoryId: number, countryId: number) =>
    and(
      eq(organisations.kind, 'supplier'),
      eq(supplierRegistrations.status, 'approved'),
      eq(supplierRegistrations.countryId, countryId),
      // Containment, so the partial GIN index on approved registrations' categories answers it.
      sql`${supplierRegistrations.categoryIds} @> ARRAY[${categoryId}::integer]`,
    );

  return {
    /** The categories a list can be ordered for, by name, searched by part of the name. */
    async categories(search: string | undefined, offset: number, limit: number) {
      const where = search ? ilike(categories.name, `%${search.replace(/[\\%_]/g, '\\$&')}%`) : undefined;
      const [total] = await db.select({ n: count() }).from(categories).where(where);
      const results = await db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(where)
        .orderBy(asc(categories.name), asc(categories.id))
        .limit(limit)
        .offset(offset);
      return { count: total?.n ?? 0, results };
    },

    async existingCategoryIds(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
      return rows.map((row) => row.id);
    },

    async countryExists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, id));
      return row !== undefined;
    },

    /** How many registered suppliers of the category and country there are, counted up to `cap`. */
    async registeredCount(categoryId: number, countryId: number, cap: number): Promise<number> {
      if (cap <= 0) return 0;
      const capped = db
        .select({ id: organisations.id })
        .from(organisations)
        .innerJoin(supplierRegistrations, eq(supplierRegistrations.supplierId, organisations.id))
        .where(registered(categoryId, countryId))
        .limit(cap)
        .as('capped');
      const [row] = await db.select({ n: count() }).from(capped);
      return row?.n ?? 0;
    },

    /** Up to `limit` registered suppliers of the category and country, as delivered (what the public profile shows). */
    async registeredSuppliers(
      categoryId: number,
      countryId: number,
      limit: number,
      exclude: ReadonlySet<number> = new Set(),
    ): Promise<DeliveredSupplier[]> {
      if (limit <= 0) return [];
      const rows = await db
        .select({
          id: organisations.id,
          name: organisations.name,
          country: countries.name,
          city: supplierRegistrations.city,
          verified: sql<boolean>`(${supplierRegistrations.pinCheck} = 'verified')`,
        })
        .from(organisations)
        .innerJoin(supplierRegistrations, eq(supplierRegistrations.supplierId, organisations.id))
        .innerJoin(countries, eq(countries.id, supplierRegistrations.countryId))
        .where(registered(categoryId, countryId))
        .orderBy(
          sql`(${supplierRegistrations.pinCheck} = 'verified') DESC`,
          asc(organisations.name),
          asc(organisations.id),
        )
        .limit(limit + exclude.size);
      return rows
        .filter((row) => !exclude.has(row.id))
        .slice(0, limit)
        .map((row) => ({ ...row, source: 'registered' as const }));
    },
  };
}
