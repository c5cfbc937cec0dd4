import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../../infra/database.ts';
import { disposalAssets } from '../../../../schema/disposals.tables.ts';
import { organisations } from '../../../../schema/organisations.tables.ts';

export type DisposalRow = typeof disposalAssets.$inferSelect;
export type DisposalStatus = DisposalRow['status'];

/** The only SQL of asset disposals: every read scoped to the organisation, or to listed assets for the public. */
export function disposalsRepository(db: Executor) {
  return {
    async insert(values: typeof disposalAssets.$inferInsert) {
      const [row] = await db.insert(disposalAssets).values(values).returning({ id: disposalAssets.id });
      return row!.id;
    },

    async find(organisationId: number, id: number) {
      const [row] = await db
        .select({ asset: disposalAssets, buyerOrgName: organisations.name })
        .from(disposalAssets)
        .leftJoin(organisations, eq(organisations.id, disposalAssets.buyerSupplierId))
        .where(and(eq(disposalAssets.organisationId, organisationId), eq(disposalAssets.id, id)));
      return row ?? null;
    },

    async lock(organisationId: number, id: number) {
      const [row] = await db
        .select({ id: disposalAssets.id })
        .from(disposalAssets)
        .where(and(eq(disposalAssets.organisationId, organisationId), eq(disposalAssets.id, id)))
        .for('no key update');
      return row !== undefined;
    },

    async updateWhere(
      organisationId: number,
      id: number,
      from: readonly DisposalStatus[],
      values: Partial<typeof disposalAssets.$inferInsert>,
    ) {
      const rows = await db
        .update(disposalAssets)
        .set({ ...values, updatedAt: sql`now()` })
        .where(
          and(
            eq(disposalAssets.organisationId, organisationId),
            eq(disposalAssets.id, id),
            inArray(disposalAssets.status, [...from]),
          ),
        )
        .returning({ id: disposalAssets.id });
      return rows.length > 0;
    },

    async list(organisationId: number, filter: { status?: DisposalStatus }, offset: number, limit: number) {
      const conditions: SQL[] = [eq(disposalAssets.organisationId, organisationId)];
      if (filter.status) conditions.push(eq(disposalAssets.status, filter.status));
      const where = and(...conditions);
      const [total] = await db.select({ value: count() }).from(disposalAssets).where(where);
      const rows = await db
        .select({ asset: disposalAssets, buyerOrgName: organisations.name })
        .from(disposalAssets)
        .leftJoin(organisations, eq(organisations.id, disposalAssets.buyerSupplierId))
        .where(where)
        .orderBy(desc(disposalAssets.createdAt), desc(disposalAssets.id))
        .offset(offset)
        .limit(limit);
      return { count: total?.value ?? 0, rows };
    },

    /** Listed (and sold, for a while) assets of every organisation, for the public site. */
    async listedPublicly(limit: number) {
      return db
        .select({ asset: disposalAssets, seller: organisations.name })
        .from(disposalAssets)
        .innerJoin(organisations, eq(organisations.id, disposalAssets.organisationId))
        .where(inArray(disposalAssets.status, ['listed']))
        .orderBy(desc(disposalAssets.listedAt))
        .limit(limit);
    },

    async publicByCode(code: string) {
      const [row] = await db
        .select({ asset: disposalAssets, seller: organisations.name })
        .from(disposalAssets)
        .innerJoin(organisations, eq(organisations.id, disposalAssets.organisationId))
        .where(
          and(
            eq(disposalAssets.publicCode, code),
            inArray(disposalAssets.status, ['listed', 'sold', 'disposed']),
          ),
        );
      return row ?? null;
    },
  };
}
