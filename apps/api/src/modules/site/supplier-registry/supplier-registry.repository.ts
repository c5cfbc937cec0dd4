import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../infra/database.ts';
import { categories, countries } from '../../../schema/core.tables.ts';
import { organisations } from '../../../schema/organisations.tables.ts';
import { supplierRegistrations } from '../../../schema/supplier-registry.tables.ts';

export type RegistrationRow = typeof supplierRegistrations.$inferSelect;
export type NewRegistration = typeof supplierRegistrations.$inferInsert;

/** The only SQL of site/supplier-registry: its own table, and reads of countries, categories and suppliers. */
export function supplierRegistryRepository(db: Executor) {
  return {
    /** Whether a PIN belongs here already: a live registration, or a supplier organisation with it. */
    async pinRegistered(pin: string): Promise<boolean> {
      const [registration] = await db
        .select({ id: supplierRegistrations.id })
        .from(supplierRegistrations)
        .where(and(eq(supplierRegistrations.taxPin, pin), ne(supplierRegistrations.status, 'rejected')))
        .limit(1);
      if (registration) return true;
      return this.organisationHasPin(pin);
    },

    /** A supplier organisation already holds the PIN (registered since, or added by a buyer). */
    async organisationHasPin(pin: string): Promise<boolean> {
      const [supplier] = await db
        .select({ id: organisations.id })
        .from(organisations)
        .where(and(eq(organisations.kind, 'supplier'), eq(sql`upper(${organisations.taxPin})`, pin)))
        .limit(1);
      return supplier !== undefined;
    },

    async country(id: number) {
      const [row] = await db
        .select({ id: countries.id, iso2: countries.iso2, name: countries.name })
        .from(countries)
        .where(eq(countries.id, id));
      return row ?? null;
    },

    async categoryNames(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(inArray(categories.id, ids));
    },

    async insert(row: NewRegistration): Promise<number> {
      const [inserted] = await db
        .insert(supplierRegistrations)
        .values(row)
        .returning({ id: supplierRegistrations.id });
      return inserted!.id;
    },

    async byUser(userId: number): Promise<RegistrationRow | null> {
      const [row] = await db
        .select()
        .from(supplierRegistrations)
        .where(eq(supplierRegistrations.userId, userId))
        .for('update');
      return row ?? null;
    },

    async find(id: number, lock = false): Promise<RegistrationRow | null> {
      const query = db.select().from(supplierRegistrations).where(eq(supplierRegistrations.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    /** Moves a registration on from `from`; false when it was no longer there (a conflict). */
    async move(
      id: number,
      from: RegistrationRow['status'],
      change: Partial<Pick<RegistrationRow, 'status' | 'reason' | 'supplierId' | 'decidedAt' | 'decidedBy'>>,
    ): Promise<boolean> {
      const rows = await db
        .update(supplierRegistrations)
        .set(change)
        .where(and(eq(supplierRegistrations.id, id), eq(supplierRegistrations.status, from)))
        .returning({ id: supplierRegistrations.id });
      return rows.length === 1;
    },

    async page(status: RegistrationRow['status'] | undefined, offset: number, limit: number) {
      const where = status ? eq(supplierRegistrations.status, status) : undefined;
      const [total] = await db.select({ n: count() }).from(supplierRegistrations).where(where);
      const rows = await db
        .select({ registration: supplierRegistrations, country: countries.name })
        .from(supplierRegistrations)
        .innerJoin(countries, eq(countries.id, supplierRegistrations.countryId))
        .where(where)
        .orderBy(desc(supplierRegistrations.id))
        .offset(offset)
        .limit(limit);
      return { count: total?.n ?? 0, rows };
    },
  };
}
