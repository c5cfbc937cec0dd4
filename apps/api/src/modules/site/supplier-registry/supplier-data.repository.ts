import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../../infra/database.ts';
import { organisations } from '../../../schema/organisations.tables.ts';
import { supplierErasureRequests, supplierRegistrations } from '../../../schema/supplier-registry.tables.ts';

export type ErasureRow = typeof supplierErasureRequests.$inferSelect;
type RegistrationPatch = Partial<
  Pick<
    typeof supplierRegistrations.$inferInsert,
    | 'companyName'
    | 'firstName'
    | 'lastName'
    | 'phone'
    | 'email'
    | 'city'
    | 'categoryIds'
    | 'consentIp'
    | 'pinName'
    | 'status'
  >
>;

/** Issue 18, data protection: the registration's corrections and erasure, and the erasure requests table. */
export function supplierDataRepository(db: Executor) {
  return {
    /** The approved (or erased) registration that made this supplier organisation. */
    async registrationOfSupplier(supplierId: number, lock = false) {
      const query = db
        .select()
        .from(supplierRegistrations)
        .where(eq(supplierRegistrations.supplierId, supplierId))
        .orderBy(desc(supplierRegistrations.id))
        .limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async updateRegistration(id: number, patch: RegistrationPatch) {
      if (Object.keys(patch).length === 0) return;
      await db.update(supplierRegistrations).set(patch).where(eq(supplierRegistrations.id, id));
    },

    async openErasure(supplierId: number) {
      const [row] = await db
        .select()
        .from(supplierErasureRequests)
        .where(
          and(
            eq(supplierErasureRequests.supplierId, supplierId),
            eq(supplierErasureRequests.status, 'requested'),
          ),
        );
      return row ?? null;
    },

    async latestErasure(supplierId: number) {
      const [row] = await db
        .select()
        .from(supplierErasureRequests)
        .where(eq(supplierErasureRequests.supplierId, supplierId))
        .orderBy(desc(supplierErasureRequests.id))
        .limit(1);
      return row ?? null;
    },

    async erasuresOf(supplierId: number) {
      return db
        .select()
        .from(supplierErasureRequests)
        .where(eq(supplierErasureRequests.supplierId, supplierId))
        .orderBy(desc(supplierErasureRequests.id));
    },

    /** Inserts a request; null when one is open already (the partial unique index decides a race). */
    async insertErasure(row: typeof supplierErasureRequests.$inferInsert): Promise<number | null> {
      const [inserted] = await db
        .insert(supplierErasureRequests)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: supplierErasureRequests.id });
      return inserted?.id ?? null;
    },

    async findErasure(id: number, lock = false) {
      const query = db.select().from(supplierErasureRequests).where(eq(supplierErasureRequests.id, id));
      const [row] = lock ? await query.for('update') : await query;
      return row ?? null;
    },

    async completeErasure(id: number, by: number, at: Date, kept: string[]) {
      const rows = await db
        .update(supplierErasureRequests)
        .set({ status: 'carried_out', carriedOutBy: by, carriedOutAt: at, kept })
        .where(and(eq(supplierErasureRequests.id, id), eq(supplierErasureRequests.status, 'requested')))
        .returning({ id: supplierErasureRequests.id });
      return rows.length === 1;
    },

    async erasurePage(status: ErasureRow['status'] | undefined, offset: number, limit: number) {
      const where = status ? eq(supplierErasureRequests.status, status) : undefined;
      const [total] = await db.select({ n: count() }).from(supplierErasureRequests).where(where);
      const rows = await db
        .select({ request: supplierErasureRequests, companyName: organisations.name })
        .from(supplierErasureRequests)
        .innerJoin(organisations, eq(organisations.id, supplierErasureRequests.supplierId))
        .where(where)
        .orderBy(desc(supplierErasureRequests.id))
        .offset(offset)
        .limit(limit);
      return { count: total?.n ?? 0, rows };
    },
  };
}
