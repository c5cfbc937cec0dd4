import { and, asc, desc, eq, gt, ilike, inArray, isNotNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TenderingSettings, TenderingStatus } from '@zabuni/domain';
import type { Executor } from '../../../../infra/database.ts';
import { users } from '../../../../schema/authentication.tables.ts';
import { countries } from '../../../../schema/core.tables.ts';
import { buyerSuppliers, memberships, organisations } from '../../../../schema/organisations.tables.ts';
import {
  tenderingAddenda,
  tenderingBids,
  tenderingClarifications,
  tenderingCommittee,
  tenderingEvaluations,
  tenderingInterests,
  tenderingInvitations,
  tenderingSettings,
  tenderingTenders,
} from '../../../../schema/tendering.tables.ts';

export type TenderRow = typeof tenderingTenders.$inferSelect;
export type BidRow = typeof tenderingBids.$inferSelect;

/** The only SQL of tendering (issue 21). Every tender read is scoped by its buying organisation. */
export function tenderingRepository(db: Executor) {
  const t = tenderingTenders;
  /** A restricted tender is visible to (and may be bid on by) its invited suppliers only. */
  const visibleTo = (supplierId: number) =>
    or(
      ne(t.method, 'restricted_tender'),
      sql`exists (select 1 from ${tenderingInvitations} where ${tenderingInvitations.tenderId} = ${t.id} and ${tenderingInvitations.supplierId} = ${supplierId})`,
    );
  const bidCount = sql<number>`(SELECT count(*)::int FROM ${tenderingBids} b WHERE b.tender_id = ${t.id})`;
  const summary = { tender: t, buyerName: organisations.name, bids: bidCount };
  const summaries = () =>
    db.select(summary).from(t).innerJoin(organisations, eq(organisations.id, t.organisationId));

  return {
    async insert(values: typeof t.$inferInsert) {
      const [row] = await db.insert(t).values(values).returning({ id: t.id });
      return row!.id;
    },

    /** A move made only from the expected statuses: false when someone else moved it first. */
    async updateWhere(
      organisationId: number,
      id: number,
      from: readonly TenderingStatus[],
      values: Partial<typeof t.$inferInsert>,
    ) {
      const rows = await db
        .update(t)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(t.organisationId, organisationId), eq(t.id, id), inArray(t.status, [...from])))
        .returning({ id: t.id });
      return rows.length > 0;
    },

    async lock(organisationId: number, id: number) {
      const [row] = await db
        .select({ id: t.id })
        .from(t)
        .where(and(eq(t.organisationId, organisationId), eq(t.id, id)))
        .for('no key update');
      return row !== undefined;
    },

    async find(organisationId: number, id: number) {
      const [row] = await summaries().where(and(eq(t.organisationId, organisationId), eq(t.id, id)));
      return row ?? null;
    },

    /**
     * A published (or later) tender, whichever buyer: the supplier portal's and the public's view. For a
     * supplier, a restricted tender exists only if it is invited.
     */
    async findPublished(id: number, supplierId?: number) {
      const [row] = await summaries().where(
        and(
          eq(t.id, id),
          isNotNull(t.publishedAt),
          supplierId === undefined ? undefined : visibleTo(supplierId),
        ),
      );
      return row ?? null;
    },

    async list(
      organisationId: number,
      filter: { status?: TenderingStatus; closedBefore?: Date; openAfter?: Date; search?: string },
      page: { limit: number; offset: number },
    ) {
      const conditions: SQL[] = [eq(t.organisationId, organisationId)];
      if (filter.status) conditions.push(eq(t.status, filter.status));
      if (filter.closedBefore) conditions.push(lte(t.closingAt, filter.closedBefore));
      if (filter.openAfter) conditions.push(gt(t.closingAt, filter.openAfter));
      if (filter.search)
        conditions.push(or(ilike(t.title, `%${filter.search}%`), ilike(t.number, `%${filter.search}%`))!);
      const where = and(...conditions);
      const rows = await summaries()
        .where(where)
        .orderBy(desc(t.createdAt), desc(t.id))
        .limit(page.limit)
        .offset(page.offset);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(t)
        .where(where);
      return { rows, count: count!.n };
    },

    /** Published tenders open to any registered supplier (the portal's list), newest first. */
    async published(page: { limit: number; offset: number }, supplierId: number) {
      const where = and(isNotNull(t.publishedAt), visibleTo(supplierId));
      const rows = await summaries()
        .where(where)
        .orderBy(desc(t.publishedAt), desc(t.id))
        .limit(page.limit)
        .offset(page.offset);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(t)
        .where(where);
      return { rows, count: count!.n };
    },

    async withStatus(organisationId: number, status: TenderingStatus) {
      return db
        .select()
        .from(t)
        .where(and(eq(t.organisationId, organisationId), eq(t.status, status)));
    },

    // Invitations (restricted tenders) -------------------------------------------------------------------
    async replaceInvitations(tenderId: number, supplierIds: readonly number[]) {
      await db.delete(tenderingInvitations).where(eq(tenderingInvitations.tenderId, tenderId));
      if (supplierIds.length)
        await db
          .insert(tenderingInvitations)
          .values(supplierIds.map((supplierId) => ({ tenderId, supplierId })));
    },

    invitations: (tenderId: number) =>
      db
        .select({ id: organisations.id, name: organisations.name })
        .from(tenderingInvitations)
        .innerJoin(organisations, eq(organisations.id, tenderingInvitations.supplierId))
        .where(eq(tenderingInvitations.tenderId, tenderId))
        .orderBy(asc(organisations.name)),

    /** Which of these suppliers are on the buyer's active supplier list. */
    async listedSuppliersAmong(organisationId: number, supplierIds: readonly number[]) {
      if (supplierIds.length === 0) return [];
      const rows = await db
        .select({ id: buyerSuppliers.supplierId })
        .from(buyerSuppliers)
        .where(
          and(
            eq(buyerSuppliers.buyerId, organisationId),
            eq(buyerSuppliers.status, 'active'),
            inArray(buyerSuppliers.supplierId, [...supplierIds]),
          ),
        );
      return rows.map((row) => row.id);
    },

    /** Drafts whose method's justification waits for its approval. */
    async justificationPending(organisationId: number) {
      return db
        .select()
        .from(t)
        .where(
          and(
            eq(t.organisationId, organisationId),
            eq(t.status, 'draft'),
            eq(t.justificationStatus, 'pending'),
          ),
        );
    },

    // Committee --------------------------------------------------------------------------------------
    committee: (tenderId: number) =>
      db
        .select({
          member: tenderingCommittee,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(tenderingCommittee)
        .innerJoin(users, eq(users.id, tenderingCommittee.userId))
        .where(eq(tenderingCommittee.tenderId, tenderId))
        .orderBy(asc(users.firstName), asc(users.lastName)),

    async replaceCommittee(tenderId: number, userIds: readonly number[]) {
      await db.delete(tenderingCommittee).where(eq(tenderingCommittee.tenderId, tenderId));
      if (userIds.length)
        await db.insert(tenderingCommittee).values(userIds.map((userId) => ({ tenderId, userId })));
    },

    async updateMember(
      tenderId: number,
      userId: number,
      values: Partial<typeof tenderingCommittee.$inferInsert>,
    ) {
      await db
        .update(tenderingCommittee)
        .set(values)
        .where(and(eq(tenderingCommittee.tenderId, tenderId), eq(tenderingCommittee.userId, userId)));
    },

    /** Forgets the held shares of an opening once it is done (they could rebuild the key). */
    async clearHeld(tenderId: number, stage: 'technical' | 'financial') {
      await db
        .update(tenderingCommittee)
        .set(stage === 'technical' ? { technicalHeld: null } : { financialHeld: null })
        .where(eq(tenderingCommittee.tenderId, tenderId));
    },

    async staffAmong(organisationId: number, userIds: readonly number[]) {
      if (userIds.length === 0) return [];
      const rows = await db
        .selectDistinct({ userId: memberships.userId })
        .from(memberships)
        .where(
          and(eq(memberships.organisationId, organisationId), inArray(memberships.userId, [...userIds])),
        );
      return rows.map((row) => row.userId);
    },

    async organisationUsers(organisationId: number) {
      const rows = await db
        .selectDistinct({ userId: memberships.userId })
        .from(memberships)
        .where(eq(memberships.organisationId, organisationId));
      return rows.map((row) => row.userId);
    },

    async organisationName(id: number) {
      const [row] = await db
        .select({ name: organisations.name })
        .from(organisations)
        .where(eq(organisations.id, id));
      return row?.name ?? '';
    },

    async countryOf(organisationId: number) {
      const [row] = await db
        .select({ id: countries.id })
        .from(organisations)
        .innerJoin(countries, eq(countries.iso2, sql`coalesce(${organisations.countryIso2}, 'KE')`))
        .where(eq(organisations.id, organisationId));
      return row?.id ?? null;
    },

    // Bids -------------------------------------------------------------------------------------------
    bids: (tenderId: number) =>
      db
        .select({ bid: tenderingBids, supplierName: organisations.name })
        .from(tenderingBids)
        .innerJoin(organisations, eq(organisations.id, tenderingBids.supplierId))
        .where(eq(tenderingBids.tenderId, tenderId))
        .orderBy(asc(tenderingBids.submittedAt), asc(tenderingBids.id)),

    async bidOf(tenderId: number, supplierId: number) {
      const [row] = await db
        .select()
        .from(tenderingBids)
        .where(and(eq(tenderingBids.tenderId, tenderId), eq(tenderingBids.supplierId, supplierId)));
      return row ?? null;
    },

    async saveBid(values: typeof tenderingBids.$inferInsert) {
      const [row] = await db
        .insert(tenderingBids)
        .values(values)
        .onConflictDoUpdate({
          target: [tenderingBids.tenderId, tenderingBids.supplierId],
          set: {
            technicalEnvelope: values.technicalEnvelope,
            financialEnvelope: values.financialEnvelope,
            technicalSha256: values.technicalSha256,
            financialSha256: values.financialSha256,
            receiptCode: values.receiptCode,
            version: sql`${tenderingBids.version} + 1`,
            securityKind: values.securityKind,
            securityIssuer: values.securityIssuer,
            securityReference: values.securityReference,
            securityAmountMinor: values.securityAmountMinor,
            agpoCertificate: values.agpoCertificate,
            submittedAt: values.submittedAt,
          },
        })
        .returning();
      return row!;
    },

    async updateBid(id: number, values: Partial<typeof tenderingBids.$inferInsert>) {
      await db.update(tenderingBids).set(values).where(eq(tenderingBids.id, id));
    },

    async bidByReceipt(code: string) {
      const [row] = await db.select().from(tenderingBids).where(eq(tenderingBids.receiptCode, code));
      return row ?? null;
    },

    /** Every awarded bid of an organisation with its AGPO flag (the 30 % report). */
    async awardedBids(organisationId: number) {
      return db
        .select({ priceMinor: tenderingBids.priceMinor, agpoCertificate: tenderingBids.agpoCertificate })
        .from(t)
        .innerJoin(tenderingBids, eq(tenderingBids.id, t.awardBidId))
        .where(and(eq(t.organisationId, organisationId), eq(t.status, 'awarded')));
    },

    // Evaluation -------------------------------------------------------------------------------------
    evaluations: (tenderId: number) =>
      db
        .select({ evaluation: tenderingEvaluations, firstName: users.firstName, lastName: users.lastName })
        .from(tenderingEvaluations)
        .innerJoin(users, eq(users.id, tenderingEvaluations.userId))
        .where(eq(tenderingEvaluations.tenderId, tenderId)),

    async saveEvaluation(values: typeof tenderingEvaluations.$inferInsert) {
      await db
        .insert(tenderingEvaluations)
        .values(values)
        .onConflictDoUpdate({
          target: [tenderingEvaluations.bidId, tenderingEvaluations.userId],
          set: {
            preliminaryPass: values.preliminaryPass,
            technicalScore: values.technicalScore,
            comment: values.comment,
            updatedAt: sql`now()`,
          },
        });
    },

    // Clarifications and addenda ---------------------------------------------------------------------
    clarifications: (tenderId: number) =>
      db
        .select()
        .from(tenderingClarifications)
        .where(eq(tenderingClarifications.tenderId, tenderId))
        .orderBy(asc(tenderingClarifications.askedAt), asc(tenderingClarifications.id)),

    async ask(values: typeof tenderingClarifications.$inferInsert) {
      const [row] = await db
        .insert(tenderingClarifications)
        .values(values)
        .returning({ id: tenderingClarifications.id });
      return row!.id;
    },

    /** Answers a question; its text, or null when the tender has no such question. */
    async answer(tenderId: number, id: number, answer: string, at: Date) {
      const [row] = await db
        .update(tenderingClarifications)
        .set({ answer, answeredAt: at })
        .where(and(eq(tenderingClarifications.tenderId, tenderId), eq(tenderingClarifications.id, id)))
        .returning({ question: tenderingClarifications.question });
      return row?.question ?? null;
    },

    // Interest -----------------------------------------------------------------------------------------
    async registerInterest(tenderId: number, supplierId: number, at: Date) {
      await db
        .insert(tenderingInterests)
        .values({ tenderId, supplierId, registeredAt: at })
        .onConflictDoNothing();
    },

    async interested(tenderId: number, supplierId: number) {
      const [row] = await db
        .select({ at: tenderingInterests.registeredAt })
        .from(tenderingInterests)
        .where(and(eq(tenderingInterests.tenderId, tenderId), eq(tenderingInterests.supplierId, supplierId)));
      return row !== undefined;
    },

    /**
     * The suppliers a tender's clarifications and addenda concern: those that bid, registered their
     * interest or asked a question.
     */
    async concernedSuppliers(tenderId: number): Promise<number[]> {
      const result = await db.execute<{ supplier_id: number }>(sql`
        SELECT ${tenderingBids.supplierId} AS supplier_id FROM ${tenderingBids} WHERE ${tenderingBids.tenderId} = ${tenderId}
        UNION
        SELECT ${tenderingInterests.supplierId} FROM ${tenderingInterests} WHERE ${tenderingInterests.tenderId} = ${tenderId}
        UNION
        SELECT ${tenderingClarifications.supplierId} FROM ${tenderingClarifications}
        WHERE ${tenderingClarifications.tenderId} = ${tenderId} AND ${tenderingClarifications.supplierId} IS NOT NULL
        ORDER BY 1`);
      return result.rows.map((r) => Number(r.supplier_id));
    },

    addenda: (tenderId: number) =>
      db
        .select()
        .from(tenderingAddenda)
        .where(eq(tenderingAddenda.tenderId, tenderId))
        .orderBy(asc(tenderingAddenda.createdAt), asc(tenderingAddenda.id)),

    async insertAddendum(values: typeof tenderingAddenda.$inferInsert) {
      await db.insert(tenderingAddenda).values(values);
    },

    // Settings ---------------------------------------------------------------------------------------
    async settings(organisationId: number): Promise<TenderingSettings | null> {
      const [row] = await db
        .select({ settings: tenderingSettings.settings })
        .from(tenderingSettings)
        .where(eq(tenderingSettings.organisationId, organisationId));
      return row?.settings ?? null;
    },

    async saveSettings(organisationId: number, settings: TenderingSettings) {
      await db
        .insert(tenderingSettings)
        .values({ organisationId, settings })
        .onConflictDoUpdate({
          target: tenderingSettings.organisationId,
          set: { settings, updatedAt: sql`now()` },
        });
    },

    // OCDS reads -------------------------------------------------------------------------------------
    /** Published tenders (any buyer) for the OCDS releases, oldest first, with their bids. */
    async publishedForOcds(filter: { id?: number }, page: { limit: number; offset: number }) {
      const where = and(isNotNull(t.publishedAt), filter.id ? eq(t.id, filter.id) : undefined);
      const rows = await summaries()
        .where(where)
        .orderBy(asc(t.publishedAt), asc(t.id))
        .limit(page.limit)
        .offset(page.offset);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(t)
        .where(where);
      return { rows, count: count!.n };
    },
  };
}
