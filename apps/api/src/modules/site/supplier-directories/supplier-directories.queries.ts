import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../../infra/database.ts';
import { countries } from '../../../schema/core.tables.ts';
import { organisations } from '../../../schema/organisations.tables.ts';
import { supplierRegistrations } from '../../../schema/supplier-registry.tables.ts';

/** Read-only queries of site/supplier-directories across other modules' tables (countries, suppliers). */
export function supplierDirectoriesQueries(db: Executor) {
  return {
    async countryExists(id: number): Promise<boolean> {
      const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, id));
      return row !== undefined;
    },

    /** How many approved suppliers a country has now (what a directory bought now would hold). */
    async approvedSuppliers(countryId: number): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(supplierRegistrations)
        .innerJoin(organisations, eq(organisations.id, supplierRegistrations.supplierId))
        .where(
          and(
            eq(supplierRegistrations.status, 'approved'),
            eq(supplierRegistrations.countryId, countryId),
            eq(organisations.kind, 'supplier'),
          ),
        );
      return row?.value ?? 0;
    },
  };
}
