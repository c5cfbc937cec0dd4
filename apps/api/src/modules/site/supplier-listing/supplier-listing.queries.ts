import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SupplierLetter } from '@zabuni/contracts';
import type { Executor } from '../../../infra/database.ts';
import { categories, countries } from '../../../schema/core.tables.ts';
import { organisations } from '../../../schema/organisations.tables.ts';
import { supplierRegistrations } from '../../../schema/supplier-registry.tables.ts';

export interface ListingFilters {
  country?: string | undefined;
  category?: number | undefined;
}

/** The position after a page's last entry in (name, id) order. */
export interface ListingPosition {
  name: string;
  id: number;
}

const AZ = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
/**
 * The listing is read from the approved registrations alone, in (company name, supplier id) order: the filters
 * (country, categories) are the registration's, so one table's indexes serve every filter (issue 18 bench,
 * 300,000 suppliers). The registration's company name is the supplier organisation's (approval copies it;
 * a supplier's correction changes both). Matches the expression of supplier_registrations_letter_idx.
 */
const letterOf = sql`upper(left(${supplierRegistrations.companyName}, 1))`;
const listedName = supplierRegistrations.companyName;
const listedId = supplierRegistrations.supplierId;

/**
 * "Approved supplier": a supplier organisation made from a self-registration that was approved (automatically
 * on a verified PIN, or by an operator). Suppliers a buyer added to its own list have no such registration and
 * stay out: a buyer's supplier list is confidential.
 */
function publicSuppliers(db: Executor, filters: ListingFilters, extra: SQL[]) {
  const where = [eq(supplierRegistrations.status, 'approved'), ...extra];
  // The country's id as a scalar subquery (not a join on iso2): the registration's country_id is then one
  // value, so the (country, letter, name) index gives a letter's page in order, without sorting the country.
  if (filters.country)
    where.push(
      sql`${supplierRegistrations.countryId} = (SELECT ${countries.id} FROM ${countries} WHERE ${countries.iso2} = ${filters.country})`,
    );
  // `@>` (not `= ANY`): the GIN index on category_ids answers it.
  if (filters.category !== undefined)
    where.push(sql`${supplierRegistrations.categoryIds} @> ARRAY[${filters.category}::integer]`);
  return { where: and(...where), db };
}

/** `#`: the exact predicate of supplier_registrations_other_letter_idx (a partial index), so it is a range. */
function letterCondition(letter: SupplierLetter): SQL {
  if (letter !== '#') return sql`${letterOf} = ${letter}`;
  return sql`${letterOf} NOT IN (${sql.raw(AZ.map((l) => `'${l}'`).join(', '))})`;
}

/** The only SQL of site/supplier-listing: reads of supplier organisations, their registrations and countries. */
export function supplierListingQueries(db: Executor) {
  return {
    /** The letters with at least one approved supplier: one index probe per letter, not a scan of them all. */
    async letters(filters: ListingFilters): Promise<SupplierLetter[]> {
      const found: SupplierLetter[] = [];
      const letters = [...AZ, '#'] as SupplierLetter[];
      const probes = await Promise.all(
        letters.map(async (letter) => {
          const { where } = publicSuppliers(db, filters, [letterCondition(letter)]);
          const [row] = await db
            .select({ id: supplierRegistrations.id })
            .from(supplierRegistrations)
            .innerJoin(countries, eq(countries.id, supplierRegistrations.countryId))
            .where(where)
            .limit(1);
          return row !== undefined;
        }),
      );
      letters.forEach((letter, i) => {
        if (probes[i]) found.push(letter);
      });
      return found;
    },

    /** One letter's entries after `after`, `limit` at most, in (name, id) order. */
    page(letter: SupplierLetter, filters: ListingFilters, after: ListingPosition | null, limit: number) {
      return this.pageQuery(letter, filters, after, limit).execute();
    },

    /** The statement of `page`, unexecuted (the bench's bare endpoint runs the very same SQL). */
    pageQuery(letter: SupplierLetter, filters: ListingFilters, after: ListingPosition | null, limit: number) {
      const extra = [letterCondition(letter)];
      if (after) extra.push(sql`(${listedName}, ${listedId}) > (${after.name}, ${after.id}::integer)`);
      const { where } = publicSuppliers(db, filters, extra);
      return db
        .select({
          id: sql<number>`${listedId}`.mapWith(Number),
          name: listedName,
          countryName: countries.name,
          iso2: countries.iso2,
        })
        .from(supplierRegistrations)
        .innerJoin(countries, eq(countries.id, supplierRegistrations.countryId))
        .where(where)
        .orderBy(asc(listedName), asc(listedId))
        .limit(limit);
    },

    /** The ids of approved suppliers, oldest first, `limit` at most (the sitemap's profiles). */
    async ids(limit: number): Promise<number[]> {
      const { where } = publicSuppliers(db, {}, []);
      const rows = await db
        .select({ id: organisations.id })
        .from(organisations)
        .innerJoin(supplierRegistrations, eq(supplierRegistrations.supplierId, organisations.id))
        .innerJoin(countries, eq(countries.id, supplierRegistrations.countryId))
        .where(where)
        .orderBy(asc(organisations.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** An approved supplier's public fields; null when there is none (or it is not public). */
    async profile(id: number) {
      const { where } = publicSuppliers(db, {}, [eq(organisations.id, id)]);
      const [row] = await db
        .select({
          id: organisations.id,
          name: organisations.name,
          countryName: countries.name,
          iso2: countries.iso2,
          city: supplierRegistrations.city,
          categoryIds: supplierRegistrations.categoryIds,
          pinCheck: supplierRegistrations.pinCheck,
          since: organisations.createdAt,
        })
        .from(organisations)
        .innerJoin(supplierRegistrations, eq(supplierRegistrations.supplierId, organisations.id))
        .innerJoin(countries, eq(countries.id, supplierRegistrations.countryId))
        .where(where);
      if (!row) return null;
      const named =
        row.categoryIds.length === 0
          ? []
          : await db
              .select({ id: categories.id, name: categories.name })
              .from(categories)
              .where(inArray(categories.id, row.categoryIds))
              .orderBy(asc(categories.name));
      return { ...row, categories: named };
    },
  };
}
