import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { escapeLikePattern } from '@zabuni/domain';
import type { Executor } from '../../../../infra/database.ts';
import { users } from '../../../../schema/authentication.tables.ts';
import { categories } from '../../../../schema/core.tables.ts';
import { buyerSuppliers, memberships, organisations } from '../../../../schema/organisations.tables.ts';

const columns = {
  link: buyerSuppliers,
  name: organisations.name,
  email: organisations.email,
  phone: organisations.phone,
  country: organisations.countryIso2,
  taxPin: organisations.taxPin,
};

/** The only SQL of a buyer's supplier list; every query is scoped to one buyer. */
export function suppliersRepository(db: Executor) {
  return {
    async page(
      buyerId: number,
      filter: { status?: 'active' | 'blocked'; categoryId?: number; search?: string },
      offset: number,
      limit: number,
    ) {
      const conditions: SQL[] = [eq(buyerSuppliers.buyerId, buyerId)];
      if (filter.status) conditions.push(eq(buyerSuppliers.status, filter.status));
      if (filter.categoryId) conditions.push(sql`${filter.categoryId} = ANY(${buyerSuppliers.categoryIds})`);
      if (filter.search) {
        conditions.push(sql`${organisations.name} ILIKE ${`%${escapeLikePattern(filter.search)}%`}`);
      }
      const where = and(...conditions);
      const [total] = await db
        .select({ value: count() })
        .from(buyerSuppliers)
        .innerJoin(organisations, eq(organisations.id, buyerSuppliers.supplierId))
        .where(where);
      const rows = await db
        .select(columns)
        .from(buyerSuppliers)
        .innerJoin(organisations, eq(organisations.id, buyerSuppliers.supplierId))
        .where(where)
        .orderBy(asc(organisations.name), asc(organisations.id))
        .offset(offset)
        .limit(limit);
      return { count: total?.value ?? 0, rows };
    },

    async find(buyerId: number, supplierId: number) {
      const [row] = await db
        .select(columns)
        .from(buyerSuppliers)
        .innerJoin(organisations, eq(organisations.id, buyerSuppliers.supplierId))
        .where(and(eq(buyerSuppliers.buyerId, buyerId), eq(buyerSuppliers.supplierId, supplierId)));
      return row ?? null;
    },

    categoryNames(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(inArray(categories.id, ids));
    },

    /** The supplier organisation a user belongs to (null: no account, or not a supplier's). */
    async supplierOfEmail(email: string) {
      const rows = await db
        .select({ userId: users.id, organisationId: organisations.id, kind: organisations.kind })
        .from(users)
        .leftJoin(memberships, eq(memberships.userId, users.id))
        .leftJoin(organisations, eq(organisations.id, memberships.organisationId))
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
      if (rows.length === 0) return { exists: false as const };
      const supplier = rows.find((row) => row.kind === 'supplier');
      return { exists: true as const, supplierId: supplier?.organisationId ?? null };
    },

    async createSupplier(values: typeof organisations.$inferInsert): Promise<number> {
      const [row] = await db.insert(organisations).values(values).returning({ id: organisations.id });
      return row!.id;
    },

    async link(values: typeof buyerSuppliers.$inferInsert) {
      await db
        .insert(buyerSuppliers)
        .values(values)
        .onConflictDoUpdate({
          target: [buyerSuppliers.buyerId, buyerSuppliers.supplierId],
          set: {
            categoryIds: values.categoryIds,
            paymentTermsDays: values.paymentTermsDays,
            updatedAt: sql`now()`,
          },
        });
    },

    async update(buyerId: number, supplierId: number, values: Partial<typeof buyerSuppliers.$inferInsert>) {
      const rows = await db
        .update(buyerSuppliers)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(buyerSuppliers.buyerId, buyerId), eq(buyerSuppliers.supplierId, supplierId)))
        .returning({ id: buyerSuppliers.supplierId });
      return rows.length > 0;
    },

    async addSupplierAdmin(userId: number, supplierId: number) {
      await db
        .insert(memberships)
        .values({ userId, organisationId: supplierId, role: 'supplier_admin' })
        .onConflictDoNothing();
    },

    async organisationName(id: number): Promise<string> {
      const [row] = await db
        .select({ name: organisations.name })
        .from(organisations)
        .where(eq(organisations.id, id));
      return row?.name ?? '';
    },

    /** Categories that exist, among these. */
    async existingCategories(ids: number[]) {
      return (await this.categoryNames(ids)).map((row) => row.id);
    },
  };
}
