import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../../infra/database.ts';
import { users } from '../../../../schema/authentication.tables.ts';
import { disposalAssets, disposalCommittee, disposalOffers } from '../../../../schema/disposals.tables.ts';
import { memberships } from '../../../../schema/organisations.tables.ts';
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

    /** Assets whose method or public tender award may be waiting for approval. */
    async waiting(organisationId: number) {
      return db
        .select()
        .from(disposalAssets)
        .where(
          and(
            eq(disposalAssets.organisationId, organisationId),
            inArray(disposalAssets.status, ['method_pending', 'listed']),
          ),
        )
        .orderBy(asc(disposalAssets.id));
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

    /** Listed assets of every organisation, for the public site, newest listing first. */
    async listedPublicly(offset: number, limit: number) {
      const where = eq(disposalAssets.status, 'listed');
      const [total] = await db.select({ value: count() }).from(disposalAssets).where(where);
      const rows = await db
        .select({ asset: disposalAssets, seller: organisations.name })
        .from(disposalAssets)
        .innerJoin(organisations, eq(organisations.id, disposalAssets.organisationId))
        .where(where)
        .orderBy(desc(disposalAssets.listedAt), desc(disposalAssets.id))
        .offset(offset)
        .limit(limit);
      return { count: total?.value ?? 0, rows };
    },

    /** Assets offered by public tender (listed, or sold/disposed for the record), for bidders in the portal. */
    async tenderedPublicly(offset: number, limit: number) {
      const where = and(
        eq(disposalAssets.method, 'public_tender'),
        inArray(disposalAssets.status, ['listed', 'sold', 'disposed']),
      );
      const [total] = await db.select({ value: count() }).from(disposalAssets).where(where);
      const rows = await db
        .select({ asset: disposalAssets, seller: organisations.name })
        .from(disposalAssets)
        .innerJoin(organisations, eq(organisations.id, disposalAssets.organisationId))
        .where(where)
        .orderBy(desc(disposalAssets.listedAt), desc(disposalAssets.id))
        .offset(offset)
        .limit(limit);
      return { count: total?.value ?? 0, rows };
    },

    async tenderedById(id: number) {
      const [row] = await db
        .select({ asset: disposalAssets, seller: organisations.name })
        .from(disposalAssets)
        .innerJoin(organisations, eq(organisations.id, disposalAssets.organisationId))
        .where(
          and(
            eq(disposalAssets.id, id),
            eq(disposalAssets.method, 'public_tender'),
            inArray(disposalAssets.status, ['listed', 'sold', 'disposed']),
          ),
        );
      return row ?? null;
    },

    /** Which of these users are active staff of the organisation (an opening committee must be). */
    async staffAmong(organisationId: number, userIds: readonly number[]) {
      if (userIds.length === 0) return [];
      const rows = await db
        .selectDistinct({ userId: memberships.userId })
        .from(memberships)
        .where(
          and(eq(memberships.organisationId, organisationId), inArray(memberships.userId, [...userIds])),
        );
      return rows.map((r) => r.userId);
    },

    async committee(assetId: number) {
      return db
        .select({ member: disposalCommittee, firstName: users.firstName, lastName: users.lastName })
        .from(disposalCommittee)
        .innerJoin(users, eq(users.id, disposalCommittee.userId))
        .where(eq(disposalCommittee.assetId, assetId))
        .orderBy(asc(users.lastName), asc(users.id));
    },
    async addMember(values: typeof disposalCommittee.$inferInsert) {
      await db.insert(disposalCommittee).values(values);
    },
    async updateMember(
      assetId: number,
      userId: number,
      values: Partial<typeof disposalCommittee.$inferInsert>,
    ) {
      await db
        .update(disposalCommittee)
        .set(values)
        .where(and(eq(disposalCommittee.assetId, assetId), eq(disposalCommittee.userId, userId)));
    },
    async clearHeld(assetId: number) {
      await db.update(disposalCommittee).set({ held: null }).where(eq(disposalCommittee.assetId, assetId));
    },

    async offers(assetId: number) {
      return db
        .select({ offer: disposalOffers, supplierName: organisations.name })
        .from(disposalOffers)
        .innerJoin(organisations, eq(organisations.id, disposalOffers.supplierId))
        .where(eq(disposalOffers.assetId, assetId))
        .orderBy(asc(sql`coalesce(${disposalOffers.rank}, 2147483647)`), asc(disposalOffers.submittedAt));
    },
    async offerOf(assetId: number, supplierId: number) {
      const [row] = await db
        .select()
        .from(disposalOffers)
        .where(and(eq(disposalOffers.assetId, assetId), eq(disposalOffers.supplierId, supplierId)));
      return row ?? null;
    },
    /** Saves (or replaces, counting versions) a supplier's sealed offer. */
    async saveOffer(values: Omit<typeof disposalOffers.$inferInsert, 'version'>) {
      const [row] = await db
        .insert(disposalOffers)
        .values(values)
        .onConflictDoUpdate({
          target: [disposalOffers.assetId, disposalOffers.supplierId],
          set: {
            envelope: values.envelope,
            sha256: values.sha256,
            receiptCode: values.receiptCode,
            submittedAt: values.submittedAt,
            version: sql`${disposalOffers.version} + 1`,
          },
          where: isNull(disposalOffers.amountMinor),
        })
        .returning();
      return row ?? null;
    },
    async updateOffer(id: number, values: Partial<typeof disposalOffers.$inferInsert>) {
      await db.update(disposalOffers).set(values).where(eq(disposalOffers.id, id));
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
