import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { escapeLikePattern, lineAmountMinor, type RfqStatus } from '@zabuni/domain';
import type { Executor } from '../../../../infra/database.ts';
import { users } from '../../../../schema/authentication.tables.ts';
import { categories } from '../../../../schema/core.tables.ts';
import { departments } from '../../../../schema/departments.tables.ts';
import { buyerSuppliers, memberships, organisations } from '../../../../schema/organisations.tables.ts';
import { purchaseOrders } from '../../../../schema/purchase-orders.tables.ts';
import { taxRates } from '../../../../schema/tax-rates.tables.ts';
import {
  openingKeys,
  rfqAddenda,
  rfqAwardLines,
  rfqCommitteeMembers,
  rfqDocuments,
  rfqInvitations,
  rfqLines,
  rfqQuestions,
  rfqQuoteReceipts,
  rfqQuotes,
  rfqs,
} from '../../../../schema/rfqs.tables.ts';

export type RfqRow = typeof rfqs.$inferSelect;
export type RfqLineValues = Omit<typeof rfqLines.$inferInsert, 'id' | 'rfqId'>;

/**
 * The only SQL of requests for quotations. Every read is scoped to the buying organisation (or, for the
 * portal, to an invited supplier of a published RFQ). Reads of quotes never select their envelope or opened
 * content except `sealedQuotes` (the opening) and `openedQuotes` (after it).
 */
export function rfqsRepository(db: Executor) {
  const submittedCount = sql<number>`(SELECT count(*)::int FROM ${rfqQuotes} q WHERE q.rfq_id = ${rfqs.id})`;
  const invitedCount = sql<number>`(SELECT count(*)::int FROM ${rfqInvitations} i WHERE i.rfq_id = ${rfqs.id})`;
  const estimateMinor = sql<number>`(SELECT coalesce(sum(round(l.quantity_thousandths::numeric * l.estimated_unit_price_minor / 1000)), 0)::bigint
    FROM ${rfqLines} l WHERE l.rfq_id = ${rfqs.id})`;
  const summary = {
    rfq: rfqs,
    departmentName: departments.name,
    creatorFirstName: users.firstName,
    creatorLastName: users.lastName,
    buyerName: organisations.name,
    invited: invitedCount,
    submitted: submittedCount,
    estimateMinor,
  };
  const summaries = () =>
    db
      .select(summary)
      .from(rfqs)
      .innerJoin(departments, eq(departments.id, rfqs.departmentId))
      .innerJoin(users, eq(users.id, rfqs.createdByUserId))
      .innerJoin(organisations, eq(organisations.id, rfqs.organisationId));

  return {
    async insert(values: typeof rfqs.$inferInsert) {
      const [row] = await db.insert(rfqs).values(values).returning({ id: rfqs.id });
      return row!.id;
    },

    /** A move made only from the expected statuses: false (zero rows) when someone else moved it first. */
    async updateWhere(
      organisationId: number,
      id: number,
      from: readonly RfqStatus[],
      values: Partial<typeof rfqs.$inferInsert>,
    ) {
      const rows = await db
        .update(rfqs)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(rfqs.organisationId, organisationId), eq(rfqs.id, id), inArray(rfqs.status, [...from])))
        .returning({ id: rfqs.id });
      return rows.length > 0;
    },

    async lock(organisationId: number, id: number) {
      const [row] = await db
        .select({ id: rfqs.id })
        .from(rfqs)
        .where(and(eq(rfqs.organisationId, organisationId), eq(rfqs.id, id)))
        .for('no key update');
      return row !== undefined;
    },

    async find(organisationId: number, id: number) {
      const [row] = await summaries().where(and(eq(rfqs.organisationId, organisationId), eq(rfqs.id, id)));
      return row ?? null;
    },

    async list(
      organisationId: number,
      filter: { status?: RfqStatus; closedBefore?: Date; openAfter?: Date; search?: string },
      offset: number,
      limit: number,
    ) {
      const conditions: SQL[] = [eq(rfqs.organisationId, organisationId)];
      if (filter.status) conditions.push(eq(rfqs.status, filter.status));
      if (filter.closedBefore) conditions.push(sql`${rfqs.closingAt} <= ${filter.closedBefore}`);
      if (filter.openAfter) conditions.push(sql`${rfqs.closingAt} > ${filter.openAfter}`);
      if (filter.search) {
        const pattern = `%${escapeLikePattern(filter.search)}%`;
        conditions.push(sql`(${rfqs.number} ILIKE ${pattern} OR ${rfqs.title} ILIKE ${pattern})`);
      }
      const where = and(...conditions);
      const [total] = await db.select({ value: count() }).from(rfqs).where(where);
      const rows = await summaries()
        .where(where)
        .orderBy(desc(rfqs.createdAt), desc(rfqs.id))
        .offset(offset)
        .limit(limit);
      return { count: total?.value ?? 0, rows };
    },

    lines: (rfqId: number) =>
      db
        .select({ line: rfqLines, categoryName: categories.name })
        .from(rfqLines)
        .innerJoin(categories, eq(categories.id, rfqLines.categoryId))
        .where(eq(rfqLines.rfqId, rfqId))
        .orderBy(asc(rfqLines.lineNo)),

    async replaceLines(rfqId: number, lines: RfqLineValues[]) {
      await db.delete(rfqLines).where(eq(rfqLines.rfqId, rfqId));
      if (lines.length) await db.insert(rfqLines).values(lines.map((line) => ({ ...line, rfqId })));
    },

    invitations: (rfqId: number) =>
      db
        .select({
          supplierId: rfqInvitations.supplierId,
          name: organisations.name,
          submittedAt: rfqQuotes.submittedAt,
          version: rfqQuotes.version,
        })
        .from(rfqInvitations)
        .innerJoin(organisations, eq(organisations.id, rfqInvitations.supplierId))
        .leftJoin(
          rfqQuotes,
          and(eq(rfqQuotes.rfqId, rfqInvitations.rfqId), eq(rfqQuotes.supplierId, rfqInvitations.supplierId)),
        )
        .where(eq(rfqInvitations.rfqId, rfqId))
        .orderBy(asc(organisations.name)),

    async replaceInvitations(rfqId: number, supplierIds: readonly number[]) {
      await db.delete(rfqInvitations).where(eq(rfqInvitations.rfqId, rfqId));
      if (supplierIds.length)
        await db.insert(rfqInvitations).values(supplierIds.map((supplierId) => ({ rfqId, supplierId })));
    },

    async isInvited(rfqId: number, supplierId: number) {
      const [row] = await db
        .select({ rfqId: rfqInvitations.rfqId })
        .from(rfqInvitations)
        .where(and(eq(rfqInvitations.rfqId, rfqId), eq(rfqInvitations.supplierId, supplierId)));
      return row !== undefined;
    },

    committee: (rfqId: number) =>
      db
        .select({
          member: rfqCommitteeMembers,
          firstName: users.firstName,
          lastName: users.lastName,
          openingPublicKey: openingKeys.publicKey,
        })
        .from(rfqCommitteeMembers)
        .innerJoin(users, eq(users.id, rfqCommitteeMembers.userId))
        .leftJoin(openingKeys, eq(openingKeys.userId, rfqCommitteeMembers.userId))
        .where(eq(rfqCommitteeMembers.rfqId, rfqId))
        .orderBy(asc(users.firstName), asc(users.lastName)),

    async replaceCommittee(rfqId: number, userIds: readonly number[]) {
      await db.delete(rfqCommitteeMembers).where(eq(rfqCommitteeMembers.rfqId, rfqId));
      if (userIds.length)
        await db.insert(rfqCommitteeMembers).values(userIds.map((userId) => ({ rfqId, userId })));
    },

    async setShare(rfqId: number, userId: number, encryptedShare: string) {
      await db
        .update(rfqCommitteeMembers)
        .set({ encryptedShare })
        .where(and(eq(rfqCommitteeMembers.rfqId, rfqId), eq(rfqCommitteeMembers.userId, userId)));
    },

    /** The member's confirmation, once: false when they had confirmed already. */
    async confirm(rfqId: number, userId: number, heldShare: string, at: Date) {
      const rows = await db
        .update(rfqCommitteeMembers)
        .set({ heldShare, confirmedAt: at })
        .where(
          and(
            eq(rfqCommitteeMembers.rfqId, rfqId),
            eq(rfqCommitteeMembers.userId, userId),
            isNull(rfqCommitteeMembers.confirmedAt),
          ),
        )
        .returning({ userId: rfqCommitteeMembers.userId });
      return rows.length > 0;
    },

    async heldShares(rfqId: number) {
      const rows = await db
        .select({ heldShare: rfqCommitteeMembers.heldShare })
        .from(rfqCommitteeMembers)
        .where(and(eq(rfqCommitteeMembers.rfqId, rfqId), isNotNull(rfqCommitteeMembers.heldShare)));
      return rows.map((row) => row.heldShare!);
    },

    async dropHeldShares(rfqId: number) {
      await db
        .update(rfqCommitteeMembers)
        .set({ heldShare: null })
        .where(eq(rfqCommitteeMembers.rfqId, rfqId));
    },

    /** Who submitted and when, never what (the envelope and the opened content are not selected). */
    submissions: (rfqId: number) =>
      db
        .select({
          id: rfqQuotes.id,
          supplierId: rfqQuotes.supplierId,
          supplierName: organisations.name,
          sha256: rfqQuotes.sha256,
          version: rfqQuotes.version,
          submittedAt: rfqQuotes.submittedAt,
        })
        .from(rfqQuotes)
        .innerJoin(organisations, eq(organisations.id, rfqQuotes.supplierId))
        .where(eq(rfqQuotes.rfqId, rfqId))
        .orderBy(asc(rfqQuotes.submittedAt)),

    async submissionOf(rfqId: number, supplierId: number) {
      const [row] = await db
        .select({ version: rfqQuotes.version, sha256: rfqQuotes.sha256, submittedAt: rfqQuotes.submittedAt })
        .from(rfqQuotes)
        .where(and(eq(rfqQuotes.rfqId, rfqId), eq(rfqQuotes.supplierId, supplierId)));
      return row ?? null;
    },

    /** The sealed envelopes, for the opening only. */
    sealedQuotes: (rfqId: number) =>
      db
        .select({
          id: rfqQuotes.id,
          supplierId: rfqQuotes.supplierId,
          envelope: rfqQuotes.envelope,
          sha256: rfqQuotes.sha256,
        })
        .from(rfqQuotes)
        .where(eq(rfqQuotes.rfqId, rfqId)),

    /** The quotes as opened (null content before the opening). */
    openedQuotes: (rfqId: number) =>
      db
        .select({
          supplierId: rfqQuotes.supplierId,
          supplierName: organisations.name,
          sha256: rfqQuotes.sha256,
          envelope: rfqQuotes.envelope,
          submittedAt: rfqQuotes.submittedAt,
          content: rfqQuotes.openedContent,
        })
        .from(rfqQuotes)
        .innerJoin(organisations, eq(organisations.id, rfqQuotes.supplierId))
        .where(and(eq(rfqQuotes.rfqId, rfqId), isNotNull(rfqQuotes.openedContent)))
        .orderBy(asc(rfqQuotes.submittedAt)),

    async setOpened(id: number, content: unknown) {
      await db.update(rfqQuotes).set({ openedContent: content }).where(eq(rfqQuotes.id, id));
    },

    /** Seals a new version of the supplier's quote (the first, or a revision replacing the envelope). */
    async upsertQuote(values: {
      rfqId: number;
      supplierId: number;
      envelope: string;
      sha256: string;
      submittedAt: Date;
      submittedByUserId: number;
    }) {
      const [row] = await db
        .insert(rfqQuotes)
        .values({ ...values, version: 1 })
        .onConflictDoUpdate({
          target: [rfqQuotes.rfqId, rfqQuotes.supplierId],
          set: {
            envelope: values.envelope,
            sha256: values.sha256,
            submittedAt: values.submittedAt,
            submittedByUserId: values.submittedByUserId,
            version: sql`${rfqQuotes.version} + 1`,
          },
        })
        .returning({ version: rfqQuotes.version });
      return row!.version;
    },

    async insertReceipt(values: typeof rfqQuoteReceipts.$inferInsert) {
      await db.insert(rfqQuoteReceipts).values(values);
    },

    async receipt(code: string, supplierId: number) {
      const [row] = await db
        .select({ receipt: rfqQuoteReceipts, number: rfqs.number, openedAt: rfqs.openedAt })
        .from(rfqQuoteReceipts)
        .innerJoin(rfqs, eq(rfqs.id, rfqQuoteReceipts.rfqId))
        .where(and(eq(rfqQuoteReceipts.code, code), eq(rfqQuoteReceipts.supplierId, supplierId)));
      return row ?? null;
    },

    async insertQuestion(values: typeof rfqQuestions.$inferInsert) {
      const [row] = await db.insert(rfqQuestions).values(values).returning({ id: rfqQuestions.id });
      return row!.id;
    },

    questions: (rfqId: number) =>
      db
        .select()
        .from(rfqQuestions)
        .where(eq(rfqQuestions.rfqId, rfqId))
        .orderBy(asc(rfqQuestions.createdAt)),

    async answer(rfqId: number, questionId: number, answer: string, userId: number, at: Date) {
      const rows = await db
        .update(rfqQuestions)
        .set({ answer, answeredByUserId: userId, answeredAt: at })
        .where(and(eq(rfqQuestions.rfqId, rfqId), eq(rfqQuestions.id, questionId)))
        .returning({ id: rfqQuestions.id });
      return rows.length > 0;
    },

    async insertAddendum(values: typeof rfqAddenda.$inferInsert) {
      await db.insert(rfqAddenda).values(values);
    },

    addenda: (rfqId: number) =>
      db.select().from(rfqAddenda).where(eq(rfqAddenda.rfqId, rfqId)).orderBy(asc(rfqAddenda.createdAt)),

    async insertAwardLines(values: Array<typeof rfqAwardLines.$inferInsert>) {
      if (values.length) await db.insert(rfqAwardLines).values(values);
    },

    async setAwardOrder(rfqId: number, supplierId: number, purchaseOrderId: number) {
      await db
        .update(rfqAwardLines)
        .set({ purchaseOrderId })
        .where(and(eq(rfqAwardLines.rfqId, rfqId), eq(rfqAwardLines.supplierId, supplierId)));
    },

    /** The net of the proposed award (its allocations priced), for the approver; null when none. */
    async awardPlanTotal(rfqId: number) {
      const [row] = await db
        .select({ award: rfqs.award, currency: rfqs.currency })
        .from(rfqs)
        .where(eq(rfqs.id, rfqId));
      if (!row?.award) return null;
      const quotes = await db
        .select({ supplierId: rfqQuotes.supplierId, content: rfqQuotes.openedContent })
        .from(rfqQuotes)
        .where(eq(rfqQuotes.rfqId, rfqId));
      const lines = await db.select().from(rfqLines).where(eq(rfqLines.rfqId, rfqId));
      let total = 0;
      for (const allocation of row.award) {
        const content = quotes.find((q) => q.supplierId === allocation.supplierId)?.content as
          { lines?: Array<{ line_no: number; unit_price_minor: number | null }> } | null | undefined;
        const price = content?.lines?.find((l) => l.line_no === allocation.lineNo)?.unit_price_minor ?? 0;
        if (!lines.some((l) => l.lineNo === allocation.lineNo)) continue;
        total += lineAmountMinor(allocation.quantityThousandths, price);
      }
      return total;
    },

    awardLines: (rfqId: number) =>
      db
        .select({ line: rfqAwardLines, supplierName: organisations.name, orderNumber: purchaseOrders.number })
        .from(rfqAwardLines)
        .innerJoin(organisations, eq(organisations.id, rfqAwardLines.supplierId))
        .leftJoin(purchaseOrders, eq(purchaseOrders.id, rfqAwardLines.purchaseOrderId))
        .where(eq(rfqAwardLines.rfqId, rfqId))
        .orderBy(asc(rfqAwardLines.lineNo), asc(rfqAwardLines.id)),

    async insertDocument(values: typeof rfqDocuments.$inferInsert) {
      const [row] = await db.insert(rfqDocuments).values(values).returning({ id: rfqDocuments.id });
      return row!.id;
    },

    documents: (rfqId: number) =>
      db
        .select({ id: rfqDocuments.id, fileName: rfqDocuments.fileName, size: rfqDocuments.size })
        .from(rfqDocuments)
        .where(eq(rfqDocuments.rfqId, rfqId))
        .orderBy(asc(rfqDocuments.id)),

    async document(rfqId: number, id: number) {
      const [row] = await db
        .select()
        .from(rfqDocuments)
        .where(and(eq(rfqDocuments.rfqId, rfqId), eq(rfqDocuments.id, id)));
      return row ?? null;
    },

    async openingKey(userId: number) {
      const [row] = await db.select().from(openingKeys).where(eq(openingKeys.userId, userId));
      return row ?? null;
    },

    /** A first key pair; false when the user has one already (set meanwhile by a parallel request). */
    async createOpeningKey(values: { userId: number; publicKey: string; wrappedPrivateKey: string }) {
      const rows = await db
        .insert(openingKeys)
        .values(values)
        .onConflictDoNothing({ target: openingKeys.userId })
        .returning({ userId: openingKeys.userId });
      return rows.length > 0;
    },

    /** The same key under a new passphrase; false when the key is no longer the one that was opened. */
    async rewrapOpeningKey(userId: number, publicKey: string, wrappedPrivateKey: string) {
      const rows = await db
        .update(openingKeys)
        .set({ wrappedPrivateKey, updatedAt: sql`now()` })
        .where(and(eq(openingKeys.userId, userId), eq(openingKeys.publicKey, publicKey)))
        .returning({ userId: openingKeys.userId });
      return rows.length > 0;
    },

    /** Of these suppliers, those active on the buyer's list, with their names. */
    listedSuppliers: (buyerId: number, supplierIds: readonly number[]) =>
      supplierIds.length === 0
        ? Promise.resolve([])
        : db
            .select({ id: organisations.id, name: organisations.name })
            .from(buyerSuppliers)
            .innerJoin(organisations, eq(organisations.id, buyerSuppliers.supplierId))
            .where(
              and(
                eq(buyerSuppliers.buyerId, buyerId),
                eq(buyerSuppliers.status, 'active'),
                inArray(buyerSuppliers.supplierId, [...supplierIds]),
              ),
            ),

    /** Every active supplier on the buyer's list, by name. */
    allListedSuppliers: (buyerId: number) =>
      db
        .select({ id: organisations.id, name: organisations.name })
        .from(buyerSuppliers)
        .innerJoin(organisations, eq(organisations.id, buyerSuppliers.supplierId))
        .where(and(eq(buyerSuppliers.buyerId, buyerId), eq(buyerSuppliers.status, 'active')))
        .orderBy(asc(organisations.name)),

    /** Of these users, the staff of the organisation (any buyer role). */
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

    async department(organisationId: number, id: number) {
      const [row] = await db
        .select({ id: departments.id, active: departments.active })
        .from(departments)
        .where(and(eq(departments.organisationId, organisationId), eq(departments.id, id)));
      return row ?? null;
    },

    async existingCategories(ids: readonly number[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: categories.id })
        .from(categories)
        .where(inArray(categories.id, [...ids]));
      return rows.map((row) => row.id);
    },

    taxRatesOf: (organisationId: number) =>
      db
        .select({ id: taxRates.id, basisPoints: taxRates.rateBasisPoints, isDefault: taxRates.isDefault })
        .from(taxRates)
        .where(and(eq(taxRates.organisationId, organisationId), eq(taxRates.active, true))),

    /** Published (or later) RFQs the supplier is invited to, of one buyer. */
    async invitedTo(buyerId: number, supplierId: number, offset: number, limit: number) {
      const where = and(
        eq(rfqs.organisationId, buyerId),
        inArray(rfqs.status, ['published', 'opened', 'award_pending', 'awarded']),
        sql`EXISTS (SELECT 1 FROM ${rfqInvitations} i WHERE i.rfq_id = ${rfqs.id} AND i.supplier_id = ${supplierId})`,
      );
      const [total] = await db.select({ value: count() }).from(rfqs).where(where);
      const rows = await summaries()
        .where(where)
        .orderBy(desc(rfqs.closingAt), desc(rfqs.id))
        .offset(offset)
        .limit(limit);
      return { count: total?.value ?? 0, rows };
    },

    /** The awarded lines of the organisation's awarded RFQs, for the savings report. */
    savingsRows: (organisationId: number, from: Date | null, to: Date | null) =>
      db
        .select({
          rfqId: rfqs.id,
          number: rfqs.number,
          title: rfqs.title,
          currency: rfqs.currency,
          awardedAt: rfqs.awardedAt,
          departmentId: rfqs.departmentId,
          departmentName: departments.name,
          categoryId: rfqLines.categoryId,
          categoryName: categories.name,
          netMinor: rfqAwardLines.netMinor,
          estimateNetMinor: rfqAwardLines.estimateNetMinor,
          quotes: submittedCount,
        })
        .from(rfqAwardLines)
        .innerJoin(rfqs, eq(rfqs.id, rfqAwardLines.rfqId))
        .innerJoin(rfqLines, and(eq(rfqLines.rfqId, rfqs.id), eq(rfqLines.lineNo, rfqAwardLines.lineNo)))
        .innerJoin(categories, eq(categories.id, rfqLines.categoryId))
        .innerJoin(departments, eq(departments.id, rfqs.departmentId))
        .where(
          and(
            eq(rfqs.organisationId, organisationId),
            eq(rfqs.status, 'awarded'),
            ...(from ? [sql`${rfqs.awardedAt} >= ${from}`] : []),
            ...(to ? [sql`${rfqs.awardedAt} < ${to}`] : []),
          ),
        )
        .orderBy(asc(rfqs.awardedAt), asc(rfqs.id)),

    /**
     * Published RFQs whose closing has come and whose committee has not been told yet, locked for this
     * worker (another worker skips them), a batch at a time.
     */
    dueClosings: (now: Date, limit = 50) =>
      db
        .select({ id: rfqs.id, organisationId: rfqs.organisationId })
        .from(rfqs)
        .where(
          and(
            eq(rfqs.status, 'published'),
            isNull(rfqs.closingAnnouncedAt),
            sql`${rfqs.closingAt} <= ${now}`,
          ),
        )
        .orderBy(asc(rfqs.closingAt))
        .limit(limit)
        .for('update', { skipLocked: true }),

    async markClosingAnnounced(id: number, at: Date) {
      const rows = await db
        .update(rfqs)
        .set({ closingAnnouncedAt: at })
        .where(and(eq(rfqs.id, id), isNull(rfqs.closingAnnouncedAt)))
        .returning({ id: rfqs.id });
      return rows.length > 0;
    },

    /** Every RFQ the organisation awaits a publication or award decision on (for the approval inbox). */
    async withStatus(organisationId: number, status: RfqStatus) {
      return db
        .select({
          id: rfqs.id,
          createdByUserId: rfqs.createdByUserId,
          awardRequestedByUserId: rfqs.awardRequestedByUserId,
          updatedAt: rfqs.updatedAt,
        })
        .from(rfqs)
        .where(and(eq(rfqs.organisationId, organisationId), eq(rfqs.status, status)));
    },
  };
}
