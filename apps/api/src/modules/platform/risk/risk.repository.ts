import { escapeLikePattern, type RiskStatus } from '@zabuni/domain';
import { and, asc, count, desc, eq, ilike, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../infra/database.ts';
import {
  continuityPlans,
  criticalServiceSuppliers,
  criticalServices,
  outsourcingArrangements,
  riskQuestionnaires,
  riskScoreChanges,
  riskSettings,
  riskTreatments,
  risks,
} from '../../../schema/risk.tables.ts';

export type RiskRow = typeof risks.$inferSelect;
export type RiskInsert = typeof risks.$inferInsert;
export type TreatmentRow = typeof riskTreatments.$inferSelect;
export type ScoreChangeRow = typeof riskScoreChanges.$inferSelect;
export type ServiceRow = typeof criticalServices.$inferSelect;
export type PlanRow = typeof continuityPlans.$inferSelect;
export type ArrangementRow = typeof outsourcingArrangements.$inferSelect;
export type ArrangementInsert = typeof outsourcingArrangements.$inferInsert;
export type QuestionnaireRow = typeof riskQuestionnaires.$inferSelect;
export type SettingsRow = typeof riskSettings.$inferSelect;

export interface RiskFilter {
  status?: RiskStatus | undefined;
  category?: RiskRow['category'] | undefined;
  supplierId?: number | undefined;
  search?: string | undefined;
}

/** The only SQL of the risk module's tables. Every query is scoped to one organisation. */
export function riskRepository(db: Executor) {
  return {
    // Settings.
    async settings(organisationId: number) {
      const [row] = await db
        .select()
        .from(riskSettings)
        .where(eq(riskSettings.organisationId, organisationId));
      return row ?? null;
    },
    async saveSettings(values: typeof riskSettings.$inferInsert) {
      await db
        .insert(riskSettings)
        .values(values)
        .onConflictDoUpdate({
          target: riskSettings.organisationId,
          set: {
            matrix: values.matrix,
            thresholds: values.thresholds,
            currency: values.currency,
            updatedAt: sql`now()`,
          },
        });
    },

    // The register.
    async insertRisk(values: RiskInsert) {
      const [row] = await db.insert(risks).values(values).returning();
      return row!;
    },
    /** A threshold's risk, once per supplier and kind while it is not closed (null when one is open). */
    async insertThresholdRisk(values: RiskInsert) {
      const rows = await db.insert(risks).values(values).onConflictDoNothing().returning();
      return rows[0] ?? null;
    },
    async findRisk(organisationId: number, id: number) {
      const [row] = await db
        .select()
        .from(risks)
        .where(and(eq(risks.organisationId, organisationId), eq(risks.id, id)));
      return row ?? null;
    },
    async findRisks(organisationId: number, ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(risks)
        .where(and(eq(risks.organisationId, organisationId), inArray(risks.id, [...ids])));
    },
    async lockRisk(organisationId: number, id: number) {
      const rows = await db.execute(
        sql`SELECT id FROM ${risks} WHERE organisation_id = ${organisationId} AND id = ${id} FOR UPDATE`,
      );
      return rows.rows.length > 0;
    },
    async pageRisks(organisationId: number, filter: RiskFilter, offset: number, limit: number) {
      const conditions: SQL[] = [eq(risks.organisationId, organisationId)];
      if (filter.status) conditions.push(eq(risks.status, filter.status));
      if (filter.category) conditions.push(eq(risks.category, filter.category));
      if (filter.supplierId) conditions.push(eq(risks.supplierId, filter.supplierId));
      if (filter.search) {
        const pattern = `%${escapeLikePattern(filter.search)}%`;
        conditions.push(or(ilike(risks.title, pattern), ilike(risks.cause, pattern))!);
      }
      const where = and(...conditions);
      const [total] = await db.select({ value: count() }).from(risks).where(where);
      const rows = await db
        .select()
        .from(risks)
        .where(where)
        .orderBy(desc(sql`coalesce(${risks.residualScore}, ${risks.inherentScore})`), desc(risks.id))
        .offset(offset)
        .limit(limit);
      return { count: total?.value ?? 0, rows };
    },
    /** Every risk not closed (heat map, dashboard, profiles): an organisation's register is hundreds, not millions. */
    async liveRisks(organisationId: number, supplierId?: number) {
      const conditions: SQL[] = [eq(risks.organisationId, organisationId), ne(risks.status, 'closed')];
      if (supplierId !== undefined) conditions.push(eq(risks.supplierId, supplierId));
      return db
        .select()
        .from(risks)
        .where(and(...conditions))
        .orderBy(desc(sql`coalesce(${risks.residualScore}, ${risks.inherentScore})`), desc(risks.id));
    },
    async allRisks(organisationId: number) {
      return db.select().from(risks).where(eq(risks.organisationId, organisationId)).orderBy(asc(risks.id));
    },
    /** Changes a risk WHERE its status is one of `from`; false when zero rows (someone changed it). */
    async updateRisk(
      organisationId: number,
      id: number,
      from: readonly RiskStatus[],
      values: Partial<RiskInsert>,
    ) {
      const rows = await db
        .update(risks)
        .set({ ...values, updatedAt: sql`now()` })
        .where(
          and(eq(risks.organisationId, organisationId), eq(risks.id, id), inArray(risks.status, [...from])),
        )
        .returning({ id: risks.id });
      return rows.length > 0;
    },
    async acceptancePending(organisationId: number) {
      return db
        .select()
        .from(risks)
        .where(and(eq(risks.organisationId, organisationId), eq(risks.status, 'acceptance_pending')));
    },

    async insertScoreChange(values: typeof riskScoreChanges.$inferInsert) {
      await db.insert(riskScoreChanges).values(values);
    },
    async history(organisationId: number, riskId: number) {
      return db
        .select()
        .from(riskScoreChanges)
        .where(and(eq(riskScoreChanges.organisationId, organisationId), eq(riskScoreChanges.riskId, riskId)))
        .orderBy(asc(riskScoreChanges.id));
    },

    // Treatments.
    async insertTreatment(values: typeof riskTreatments.$inferInsert) {
      const [row] = await db.insert(riskTreatments).values(values).returning();
      return row!;
    },
    async findTreatment(organisationId: number, riskId: number, id: number) {
      const [row] = await db
        .select()
        .from(riskTreatments)
        .where(
          and(
            eq(riskTreatments.organisationId, organisationId),
            eq(riskTreatments.riskId, riskId),
            eq(riskTreatments.id, id),
          ),
        );
      return row ?? null;
    },
    async updateTreatment(
      organisationId: number,
      id: number,
      values: Partial<typeof riskTreatments.$inferInsert>,
    ) {
      await db
        .update(riskTreatments)
        .set(values)
        .where(and(eq(riskTreatments.organisationId, organisationId), eq(riskTreatments.id, id)));
    },
    async treatmentsOf(organisationId: number, riskIds: readonly number[]) {
      if (riskIds.length === 0) return [];
      return db
        .select()
        .from(riskTreatments)
        .where(
          and(
            eq(riskTreatments.organisationId, organisationId),
            inArray(riskTreatments.riskId, [...riskIds]),
          ),
        )
        .orderBy(asc(riskTreatments.dueOn), asc(riskTreatments.id));
    },
    async overdueTreatments(organisationId: number, today: string) {
      return db
        .select({ treatment: riskTreatments, riskTitle: risks.title })
        .from(riskTreatments)
        .innerJoin(risks, eq(risks.id, riskTreatments.riskId))
        .where(
          and(
            eq(riskTreatments.organisationId, organisationId),
            ne(riskTreatments.status, 'done'),
            sql`${riskTreatments.dueOn} < ${today}`,
            ne(risks.status, 'closed'),
          ),
        )
        .orderBy(asc(riskTreatments.dueOn));
    },

    /**
     * Claims up to `limit` overdue treatments (not done, of a risk not closed, due before `today`) not yet
     * reminded for their current due date, and marks them reminded for it: once per treatment and due date
     * (SKIP LOCKED: two runs at once never claim the same one). A moved due date reminds again.
     */
    async claimOverdueTreatments(today: string, limit: number) {
      const due = db
        .select({ id: riskTreatments.id })
        .from(riskTreatments)
        .innerJoin(risks, eq(risks.id, riskTreatments.riskId))
        .where(
          and(
            ne(riskTreatments.status, 'done'),
            sql`${riskTreatments.dueOn} < ${today}`,
            ne(risks.status, 'closed'),
            or(
              isNull(riskTreatments.remindedForDueOn),
              ne(riskTreatments.remindedForDueOn, riskTreatments.dueOn),
            ),
          ),
        )
        .orderBy(asc(riskTreatments.id))
        .limit(limit)
        .for('update', { of: riskTreatments, skipLocked: true });
      const claimed = await db
        .update(riskTreatments)
        .set({ remindedForDueOn: sql`${riskTreatments.dueOn}` })
        .where(inArray(riskTreatments.id, due))
        .returning();
      if (claimed.length === 0) return [];
      const owners = await db
        .select({ id: risks.id, title: risks.title, ownerUserId: risks.ownerUserId })
        .from(risks)
        .where(
          inArray(
            risks.id,
            claimed.map((t) => t.riskId),
          ),
        );
      return claimed.map((treatment) => ({
        treatment,
        risk: owners.find((r) => r.id === treatment.riskId)!,
      }));
    },

    // Business continuity.
    async insertService(values: typeof criticalServices.$inferInsert) {
      const [row] = await db.insert(criticalServices).values(values).returning();
      return row!;
    },
    async updateService(
      organisationId: number,
      id: number,
      values: Partial<typeof criticalServices.$inferInsert>,
    ) {
      const rows = await db
        .update(criticalServices)
        .set(values)
        .where(and(eq(criticalServices.organisationId, organisationId), eq(criticalServices.id, id)))
        .returning({ id: criticalServices.id });
      return rows.length > 0;
    },
    async findService(organisationId: number, id: number) {
      const [row] = await db
        .select()
        .from(criticalServices)
        .where(and(eq(criticalServices.organisationId, organisationId), eq(criticalServices.id, id)));
      return row ?? null;
    },
    async services(organisationId: number) {
      return db
        .select()
        .from(criticalServices)
        .where(eq(criticalServices.organisationId, organisationId))
        .orderBy(asc(criticalServices.name));
    },
    async replaceServiceSuppliers(
      organisationId: number,
      serviceId: number,
      links: ReadonlyArray<{ supplierId: number; role: 'primary' | 'alternate' }>,
    ) {
      await db
        .delete(criticalServiceSuppliers)
        .where(
          and(
            eq(criticalServiceSuppliers.organisationId, organisationId),
            eq(criticalServiceSuppliers.serviceId, serviceId),
          ),
        );
      if (links.length > 0)
        await db
          .insert(criticalServiceSuppliers)
          .values(links.map((l) => ({ organisationId, serviceId, supplierId: l.supplierId, role: l.role })))
          .onConflictDoNothing();
    },
    async serviceSuppliers(organisationId: number) {
      return db
        .select()
        .from(criticalServiceSuppliers)
        .where(eq(criticalServiceSuppliers.organisationId, organisationId));
    },
    async insertPlan(values: typeof continuityPlans.$inferInsert) {
      const [row] = await db.insert(continuityPlans).values(values).returning();
      return row!;
    },
    async updatePlan(
      organisationId: number,
      id: number,
      values: Partial<typeof continuityPlans.$inferInsert>,
    ) {
      const rows = await db
        .update(continuityPlans)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(continuityPlans.organisationId, organisationId), eq(continuityPlans.id, id)))
        .returning();
      return rows[0] ?? null;
    },
    async findPlan(organisationId: number, id: number) {
      const [row] = await db
        .select()
        .from(continuityPlans)
        .where(and(eq(continuityPlans.organisationId, organisationId), eq(continuityPlans.id, id)));
      return row ?? null;
    },
    async plans(organisationId: number) {
      return db
        .select()
        .from(continuityPlans)
        .where(eq(continuityPlans.organisationId, organisationId))
        .orderBy(asc(continuityPlans.id));
    },

    // Outsourcing.
    async insertArrangement(values: ArrangementInsert) {
      const [row] = await db.insert(outsourcingArrangements).values(values).returning();
      return row!;
    },
    async updateArrangement(organisationId: number, id: number, values: Partial<ArrangementInsert>) {
      const rows = await db
        .update(outsourcingArrangements)
        .set({ ...values, updatedAt: sql`now()` })
        .where(
          and(eq(outsourcingArrangements.organisationId, organisationId), eq(outsourcingArrangements.id, id)),
        )
        .returning();
      return rows[0] ?? null;
    },
    async findArrangement(organisationId: number, id: number) {
      const [row] = await db
        .select()
        .from(outsourcingArrangements)
        .where(
          and(eq(outsourcingArrangements.organisationId, organisationId), eq(outsourcingArrangements.id, id)),
        );
      return row ?? null;
    },
    async arrangements(organisationId: number, supplierId?: number) {
      const conditions: SQL[] = [eq(outsourcingArrangements.organisationId, organisationId)];
      if (supplierId !== undefined) conditions.push(eq(outsourcingArrangements.supplierId, supplierId));
      return db
        .select()
        .from(outsourcingArrangements)
        .where(and(...conditions))
        .orderBy(asc(outsourcingArrangements.service), asc(outsourcingArrangements.id));
    },
    /**
     * Claims the arrangements (of every organisation) whose review reminder is due and not yet sent for
     * their current review date, marking them in the same statement: each review is reminded once, even
     * with two workers.
     */
    async claimDueReviews(reminderUpTo: string, limit: number) {
      const due = db
        .select({ id: outsourcingArrangements.id })
        .from(outsourcingArrangements)
        .where(
          and(
            lte(outsourcingArrangements.nextReviewOn, reminderUpTo),
            or(
              isNull(outsourcingArrangements.remindedForReviewOn),
              ne(outsourcingArrangements.remindedForReviewOn, outsourcingArrangements.nextReviewOn),
            ),
          ),
        )
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(outsourcingArrangements)
        .set({ remindedForReviewOn: sql`${outsourcingArrangements.nextReviewOn}` })
        .where(inArray(outsourcingArrangements.id, due))
        .returning();
    },

    /** Organisations with anything in risk management (the daily threshold run covers these). */
    async organisationsUsingRisk() {
      const rows = await db.execute<{ organisation_id: number }>(sql`
        SELECT organisation_id FROM ${riskSettings}
        UNION SELECT organisation_id FROM ${riskQuestionnaires}
        UNION SELECT organisation_id FROM ${risks}`);
      return rows.rows.map((r) => Number(r.organisation_id));
    },

    // Questionnaires.
    async insertQuestionnaire(values: typeof riskQuestionnaires.$inferInsert) {
      const [row] = await db.insert(riskQuestionnaires).values(values).returning();
      return row!;
    },
    async findQuestionnaire(organisationId: number, id: number) {
      const [row] = await db
        .select()
        .from(riskQuestionnaires)
        .where(and(eq(riskQuestionnaires.organisationId, organisationId), eq(riskQuestionnaires.id, id)));
      return row ?? null;
    },
    /** A supplier's own questionnaire from one buyer (null for anyone else's). */
    async findSupplierQuestionnaire(organisationId: number, supplierId: number, id: number) {
      const [row] = await db
        .select()
        .from(riskQuestionnaires)
        .where(
          and(
            eq(riskQuestionnaires.organisationId, organisationId),
            eq(riskQuestionnaires.supplierId, supplierId),
            eq(riskQuestionnaires.id, id),
          ),
        );
      return row ?? null;
    },
    async pageQuestionnaires(
      organisationId: number,
      filter: {
        supplierId?: number | undefined;
        kind?: QuestionnaireRow['kind'] | undefined;
        status?: QuestionnaireRow['status'] | undefined;
      },
      offset: number,
      limit: number,
    ) {
      const conditions: SQL[] = [eq(riskQuestionnaires.organisationId, organisationId)];
      if (filter.supplierId) conditions.push(eq(riskQuestionnaires.supplierId, filter.supplierId));
      if (filter.kind) conditions.push(eq(riskQuestionnaires.kind, filter.kind));
      if (filter.status) conditions.push(eq(riskQuestionnaires.status, filter.status));
      const where = and(...conditions);
      const [total] = await db.select({ value: count() }).from(riskQuestionnaires).where(where);
      const rows = await db
        .select()
        .from(riskQuestionnaires)
        .where(where)
        .orderBy(desc(riskQuestionnaires.id))
        .offset(offset)
        .limit(limit);
      return { count: total?.value ?? 0, rows };
    },
    /** Answers a questionnaire WHERE it is still sent; false when it was answered meanwhile. */
    async answerQuestionnaire(id: number, values: Partial<typeof riskQuestionnaires.$inferInsert>) {
      const rows = await db
        .update(riskQuestionnaires)
        .set({ ...values, status: 'answered', answeredAt: sql`now()` })
        .where(and(eq(riskQuestionnaires.id, id), eq(riskQuestionnaires.status, 'sent')))
        .returning({ id: riskQuestionnaires.id });
      return rows.length > 0;
    },
    /** The latest answered questionnaire of each supplier, of one kind. */
    async latestAnswered(
      organisationId: number,
      kind: QuestionnaireRow['kind'],
      supplierIds?: readonly number[],
    ) {
      const conditions: SQL[] = [
        eq(riskQuestionnaires.organisationId, organisationId),
        eq(riskQuestionnaires.kind, kind),
        eq(riskQuestionnaires.status, 'answered'),
      ];
      if (supplierIds) {
        if (supplierIds.length === 0) return [];
        conditions.push(inArray(riskQuestionnaires.supplierId, [...supplierIds]));
      }
      return db
        .selectDistinctOn([riskQuestionnaires.supplierId])
        .from(riskQuestionnaires)
        .where(and(...conditions))
        .orderBy(
          riskQuestionnaires.supplierId,
          desc(riskQuestionnaires.answeredAt),
          desc(riskQuestionnaires.id),
        );
    },
    /** A supplier's questionnaires from one buyer (the portal's list). */
    async supplierQuestionnaires(organisationId: number, supplierId: number) {
      return db
        .select()
        .from(riskQuestionnaires)
        .where(
          and(
            eq(riskQuestionnaires.organisationId, organisationId),
            eq(riskQuestionnaires.supplierId, supplierId),
          ),
        )
        .orderBy(desc(riskQuestionnaires.id));
    },
  };
}
export type RiskRepository = ReturnType<typeof riskRepository>;
