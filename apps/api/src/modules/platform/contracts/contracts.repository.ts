import { aliasedTable, and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { ContractKind, ContractStatus, ResolvedRoute } from '@zabuni/domain';
import type { Executor } from '../../../infra/database.ts';
import { users } from '../../../schema/authentication.tables.ts';
import { categories } from '../../../schema/core.tables.ts';
import { departments } from '../../../schema/departments.tables.ts';
import { buyerSuppliers, memberships, organisations } from '../../../schema/organisations.tables.ts';
import { purchaseOrders } from '../../../schema/purchase-orders.tables.ts';
import {
  contractAlerts,
  contractClauses,
  contractDocuments,
  contractObligations,
  contractPurchaseOrders,
  contracts,
  contractSettings,
  contractSignatureCodes,
  contractSignatures,
  contractTemplates,
  contractVersions,
} from '../../../schema/contracts.tables.ts';

const suppliers = aliasedTable(organisations, 'suppliers');
const buyers = aliasedTable(organisations, 'buyers');
const owners = aliasedTable(users, 'owners');

const summaryColumns = {
  contract: contracts,
  supplierName: suppliers.name,
  buyerName: buyers.name,
  ownerFirstName: owners.firstName,
  ownerLastName: owners.lastName,
  departmentName: departments.name,
  categoryName: categories.name,
};

export type ContractRow = typeof contracts.$inferSelect;
export type FoundContract = Awaited<ReturnType<ReturnType<typeof contractsRepository>['find']>> & {};

/** Who may see which contracts of an organisation: everyone, or those they own, are named on or whose department they own. */
export type ContractVisibility = { all: true } | { all: false; userId: number };

/** One buyer's contracts, or (the portal) one supplier's, only those sent for signature and after. */
/** The statuses a supplier sees: sent for signature and after, never drafts or approvals. */
const SENT_STATUSES: ContractStatus[] = ['signing', 'active', 'expired', 'terminated'];

export interface ContractScope {
  organisationId?: number;
  supplierId?: number;
  sentForSignature?: boolean;
}

export interface ContractFilter {
  status?: ContractStatus;
  kind?: ContractKind;
  supplierId?: number;
  departmentId?: number;
  search?: string;
  endsFrom?: string;
  endsTo?: string;
  valueMin?: number;
  valueMax?: number;
  /** Active and ending on or before this date. */
  activeEndingBy?: string;
}

/** The only SQL of contract management's tables; every read and write is scoped to one organisation. */
export function contractsRepository(db: Executor) {
  const summaries = () =>
    db
      .select(summaryColumns)
      .from(contracts)
      .innerJoin(suppliers, eq(suppliers.id, contracts.supplierId))
      .innerJoin(buyers, eq(buyers.id, contracts.organisationId))
      .innerJoin(owners, eq(owners.id, contracts.ownerUserId))
      .leftJoin(departments, eq(departments.id, contracts.departmentId))
      .leftJoin(categories, eq(categories.id, contracts.categoryId));

  const visibleTo = (visibility: ContractVisibility): SQL | undefined =>
    visibility.all
      ? undefined
      : sql`(${contracts.ownerUserId} = ${visibility.userId}
          OR ${contracts.createdByUserId} = ${visibility.userId}
          OR ${visibility.userId} = ANY(${contracts.alertUserIds})
          OR ${departments.budgetOwnerUserId} = ${visibility.userId}
          OR ${contracts.route}::text LIKE ${`%"${visibility.userId}"%`})`;

  const filtered = (scope: ContractScope, filter: ContractFilter) => {
    const conditions: Array<SQL | undefined> = [];
    if (scope.sentForSignature) {
      conditions.push(inArray(contracts.status, SENT_STATUSES));
    }
    if (scope.organisationId !== undefined)
      conditions.push(eq(contracts.organisationId, scope.organisationId));
    if (scope.supplierId !== undefined) conditions.push(eq(contracts.supplierId, scope.supplierId));
    if (filter.status) conditions.push(eq(contracts.status, filter.status));
    if (filter.kind) conditions.push(eq(contracts.kind, filter.kind));
    if (filter.supplierId) conditions.push(eq(contracts.supplierId, filter.supplierId));
    if (filter.departmentId) conditions.push(eq(contracts.departmentId, filter.departmentId));
    if (filter.endsFrom) conditions.push(gte(contracts.endDate, filter.endsFrom));
    if (filter.endsTo) conditions.push(lte(contracts.endDate, filter.endsTo));
    if (filter.valueMin !== undefined) conditions.push(gte(contracts.valueMinor, filter.valueMin));
    if (filter.valueMax !== undefined) conditions.push(lte(contracts.valueMinor, filter.valueMax));
    if (filter.activeEndingBy) {
      // Contracts only: an amendment or a termination in force ends nothing itself.
      conditions.push(
        eq(contracts.status, 'active'),
        eq(contracts.kind, 'contract'),
        lte(contracts.endDate, filter.activeEndingBy),
      );
    }
    if (filter.search) {
      // Full text over number, title and text (the GIN index), or the supplier's name.
      conditions.push(
        sql`(${contracts.searchVector} @@ websearch_to_tsquery('simple', ${filter.search})
          OR ${suppliers.name} ILIKE ${`%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`})`,
      );
    }
    return conditions;
  };

  return {
    // Templates and clauses ----------------------------------------------------------------------------
    templates(organisationId: number) {
      return db
        .select()
        .from(contractTemplates)
        .where(eq(contractTemplates.organisationId, organisationId))
        .orderBy(asc(contractTemplates.name), asc(contractTemplates.id));
    },
    async template(organisationId: number, id: number) {
      const [row] = await db
        .select()
        .from(contractTemplates)
        .where(and(eq(contractTemplates.organisationId, organisationId), eq(contractTemplates.id, id)));
      return row ?? null;
    },
    async insertTemplate(values: typeof contractTemplates.$inferInsert) {
      const [row] = await db.insert(contractTemplates).values(values).returning();
      return row!;
    },
    async updateTemplate(
      organisationId: number,
      id: number,
      values: Partial<typeof contractTemplates.$inferInsert>,
    ) {
      const [row] = await db
        .update(contractTemplates)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(contractTemplates.organisationId, organisationId), eq(contractTemplates.id, id)))
        .returning();
      return row ?? null;
    },
    clauses(organisationId: number, language?: string) {
      return db
        .select()
        .from(contractClauses)
        .where(
          and(
            eq(contractClauses.organisationId, organisationId),
            language ? eq(contractClauses.language, language) : undefined,
          ),
        )
        .orderBy(asc(contractClauses.title), asc(contractClauses.id));
    },
    clausesByIds(organisationId: number, ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(contractClauses)
        .where(and(eq(contractClauses.organisationId, organisationId), inArray(contractClauses.id, ids)));
    },
    async insertClause(values: typeof contractClauses.$inferInsert) {
      const [row] = await db.insert(contractClauses).values(values).returning();
      return row!;
    },
    async updateClause(
      organisationId: number,
      id: number,
      values: Partial<typeof contractClauses.$inferInsert>,
    ) {
      const [row] = await db
        .update(contractClauses)
        .set(values)
        .where(and(eq(contractClauses.organisationId, organisationId), eq(contractClauses.id, id)))
        .returning();
      return row ?? null;
    },

    // Contracts ----------------------------------------------------------------------------------------
    async list(
      scope: ContractScope,
      visibility: ContractVisibility,
      filter: ContractFilter,
      offset: number,
      limit: number,
    ) {
      const where = and(...filtered(scope, filter), visibleTo(visibility));
      const [total] = await db
        .select({ value: count() })
        .from(contracts)
        .innerJoin(suppliers, eq(suppliers.id, contracts.supplierId))
        .leftJoin(departments, eq(departments.id, contracts.departmentId))
        .where(where);
      const rows = await summaries()
        .where(where)
        .orderBy(desc(contracts.createdAt), desc(contracts.id))
        .offset(offset)
        .limit(limit);
      return { count: total?.value ?? 0, rows };
    },

    /** Every contract the caller may see (reports and CSV), at most `limit`. */
    all(organisationId: number, visibility: ContractVisibility, filter: ContractFilter, limit = 10_000) {
      return summaries()
        .where(and(...filtered({ organisationId }, filter), visibleTo(visibility)))
        .orderBy(desc(contracts.createdAt))
        .limit(limit);
    },

    async find(organisationId: number, id: number, visibility: ContractVisibility = { all: true }) {
      const [row] = await summaries().where(
        and(eq(contracts.organisationId, organisationId), eq(contracts.id, id), visibleTo(visibility)),
      );
      return row ?? null;
    },

    /** A contract the selected buyer addressed to a supplier (the portal). */
    async findForSupplier(organisationId: number, supplierId: number, id: number) {
      const [row] = await summaries().where(
        and(
          eq(contracts.organisationId, organisationId),
          eq(contracts.supplierId, supplierId),
          eq(contracts.id, id),
        ),
      );
      return row ?? null;
    },

    findMany(organisationId: number, ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return summaries().where(and(eq(contracts.organisationId, organisationId), inArray(contracts.id, ids)));
    },

    async lock(organisationId: number, id: number) {
      const [row] = await db
        .select({ id: contracts.id })
        .from(contracts)
        .where(and(eq(contracts.organisationId, organisationId), eq(contracts.id, id)))
        .for('no key update');
      return row !== undefined;
    },

    /**
     * Serialises the drafting of contracts from one award until the transaction ends, so that its
     * one-contract-per-supplier check and the insert are one step.
     */
    async lockSource(organisationId: number, sourceType: string, sourceId: number) {
      await db.execute(
        sql`SELECT pg_advisory_xact_lock(hashtext(${`contract-source:${organisationId}:${sourceType}`}), ${sourceId})`,
      );
    },

    /** The contracts drafted from one award (source type and id), oldest first. */
    async bySource(organisationId: number, sourceType: string, sourceId: number) {
      return db
        .select({
          id: contracts.id,
          number: contracts.number,
          status: contracts.status,
          supplierId: contracts.supplierId,
        })
        .from(contracts)
        .where(
          and(
            eq(contracts.organisationId, organisationId),
            eq(contracts.sourceType, sourceType),
            eq(contracts.sourceId, sourceId),
            eq(contracts.kind, 'contract'),
          ),
        )
        .orderBy(contracts.id);
    },
    async insert(values: typeof contracts.$inferInsert) {
      const [row] = await db.insert(contracts).values(values).returning();
      return row!;
    },

    /** Changes a contract only while it is in one of `from` (zero rows: someone moved it meanwhile). */
    async updateWhere(
      organisationId: number,
      id: number,
      from: readonly ContractStatus[],
      values: Partial<typeof contracts.$inferInsert>,
    ): Promise<boolean> {
      const rows = await db
        .update(contracts)
        .set({ ...values, updatedAt: sql`now()` })
        .where(
          and(
            eq(contracts.organisationId, organisationId),
            eq(contracts.id, id),
            inArray(contracts.status, [...from]),
          ),
        )
        .returning({ id: contracts.id });
      return rows.length > 0;
    },

    /** Amendments and terminations; for the supplier (`sentOnly`) only those sent for signature or after. */
    changesOf(contractId: number, sentOnly = false) {
      return db
        .select({
          id: contracts.id,
          number: contracts.number,
          kind: contracts.kind,
          status: contracts.status,
        })
        .from(contracts)
        .where(
          and(
            eq(contracts.parentId, contractId),
            sentOnly ? inArray(contracts.status, SENT_STATUSES) : undefined,
          ),
        )
        .orderBy(asc(contracts.id));
    },

    /** Contracts waiting for approval with their routes (the approvals inbox reads these). */
    pendingWithRoutes(organisationId: number) {
      return db
        .select({
          id: contracts.id,
          route: contracts.route,
          round: contracts.round,
          createdByUserId: contracts.createdByUserId,
          submittedAt: contracts.submittedAt,
        })
        .from(contracts)
        .where(and(eq(contracts.organisationId, organisationId), eq(contracts.status, 'in_approval')))
        .orderBy(asc(contracts.submittedAt));
    },

    async saveRoute(organisationId: number, id: number, route: ResolvedRoute) {
      return this.updateWhere(organisationId, id, ['in_approval'], { route });
    },

    /** Active contracts of every organisation (the daily alerts and end-of-term job). */
    activeContracts() {
      return db
        .select({
          contract: contracts,
          supplierName: suppliers.name,
          settingsDays: contractSettings.alertDays,
        })
        .from(contracts)
        .innerJoin(suppliers, eq(suppliers.id, contracts.supplierId))
        .leftJoin(contractSettings, eq(contractSettings.organisationId, contracts.organisationId))
        .where(and(eq(contracts.status, 'active'), eq(contracts.kind, 'contract')))
        .orderBy(asc(contracts.id));
    },

    // Versions -----------------------------------------------------------------------------------------
    async insertVersion(values: typeof contractVersions.$inferInsert) {
      await db.insert(contractVersions).values(values);
    },
    versions(organisationId: number, contractId: number) {
      return db
        .select({ version: contractVersions, firstName: users.firstName, lastName: users.lastName })
        .from(contractVersions)
        .innerJoin(users, eq(users.id, contractVersions.createdByUserId))
        .where(
          and(
            eq(contractVersions.organisationId, organisationId),
            eq(contractVersions.contractId, contractId),
          ),
        )
        .orderBy(asc(contractVersions.versionNo));
    },
    async version(organisationId: number, contractId: number, versionNo: number) {
      const [row] = await db
        .select()
        .from(contractVersions)
        .where(
          and(
            eq(contractVersions.organisationId, organisationId),
            eq(contractVersions.contractId, contractId),
            eq(contractVersions.versionNo, versionNo),
          ),
        );
      return row ?? null;
    },

    // Linked purchase orders ---------------------------------------------------------------------------
    async linkedOrders(contractId: number) {
      return db
        .select({ id: purchaseOrders.id, number: purchaseOrders.number })
        .from(contractPurchaseOrders)
        .innerJoin(purchaseOrders, eq(purchaseOrders.id, contractPurchaseOrders.purchaseOrderId))
        .where(eq(contractPurchaseOrders.contractId, contractId))
        .orderBy(asc(purchaseOrders.id));
    },
    /** The orders among `ids` that belong to the organisation and go to this supplier. */
    async ordersOf(organisationId: number, supplierId: number, ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: purchaseOrders.id })
        .from(purchaseOrders)
        .where(
          and(
            eq(purchaseOrders.organisationId, organisationId),
            eq(purchaseOrders.supplierId, supplierId),
            inArray(purchaseOrders.id, ids),
          ),
        );
    },
    async replaceLinkedOrders(organisationId: number, contractId: number, ids: number[]) {
      await db.delete(contractPurchaseOrders).where(eq(contractPurchaseOrders.contractId, contractId));
      if (ids.length > 0) {
        await db
          .insert(contractPurchaseOrders)
          .values(ids.map((purchaseOrderId) => ({ organisationId, contractId, purchaseOrderId })));
      }
    },

    // People, departments, suppliers -------------------------------------------------------------------
    /** Which of these users are members of the organisation. */
    async members(organisationId: number, userIds: number[]) {
      if (userIds.length === 0) return [];
      const rows = await db
        .selectDistinct({ userId: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.organisationId, organisationId), inArray(memberships.userId, userIds)));
      return rows.map((r) => r.userId);
    },
    async hasDepartment(organisationId: number, id: number) {
      const [row] = await db
        .select({ id: departments.id })
        .from(departments)
        .where(and(eq(departments.organisationId, organisationId), eq(departments.id, id)));
      return row !== undefined;
    },
    async hasCategory(id: number) {
      const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
      return row !== undefined;
    },
    async onSupplierList(buyerId: number, supplierId: number) {
      const [row] = await db
        .select({ supplierId: buyerSuppliers.supplierId })
        .from(buyerSuppliers)
        .where(and(eq(buyerSuppliers.buyerId, buyerId), eq(buyerSuppliers.supplierId, supplierId)));
      return row !== undefined;
    },
    async organisationName(id: number) {
      const [row] = await db
        .select({ name: organisations.name })
        .from(organisations)
        .where(eq(organisations.id, id));
      return row?.name ?? '';
    },
    async user(id: number) {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          language: users.language,
          twoFactorEnabled: users.twoFactorEnabled,
          twoFactorMethod: users.twoFactorMethod,
        })
        .from(users)
        .where(eq(users.id, id));
      return row ?? null;
    },
    /** The staff of a supplier organisation (who hear that a contract waits for their signature). */
    async supplierUsers(supplierId: number) {
      const rows = await db
        .selectDistinct({ userId: memberships.userId })
        .from(memberships)
        .where(
          and(
            eq(memberships.organisationId, supplierId),
            inArray(memberships.role, ['supplier_admin', 'supplier_user']),
          ),
        );
      return rows.map((r) => r.userId);
    },

    // Signatures ---------------------------------------------------------------------------------------
    signatures(contractId: number) {
      return db
        .select()
        .from(contractSignatures)
        .where(eq(contractSignatures.contractId, contractId))
        .orderBy(asc(contractSignatures.signedAt));
    },
    async insertSignature(values: typeof contractSignatures.$inferInsert) {
      const rows = await db.insert(contractSignatures).values(values).onConflictDoNothing().returning();
      return rows.length > 0;
    },
    /**
     * A new mailed code. The failed attempts are kept while the row's window (opened at `createdAt`) runs,
     * so asking again does not buy five more guesses; a row older than `windowStart` starts afresh.
     */
    async saveCode(
      values: typeof contractSignatureCodes.$inferInsert & { createdAt: Date },
      windowStart: Date,
    ) {
      const stale = sql`${contractSignatureCodes.createdAt} < ${windowStart.toISOString()}::timestamptz`;
      await db
        .insert(contractSignatureCodes)
        .values(values)
        .onConflictDoUpdate({
          target: [contractSignatureCodes.contractId, contractSignatureCodes.userId],
          set: {
            codeHash: values.codeHash,
            expiresAt: values.expiresAt,
            attempts: sql`case when ${stale} then 0 else ${contractSignatureCodes.attempts} end`,
            createdAt: sql`case when ${stale} then ${values.createdAt.toISOString()}::timestamptz else ${contractSignatureCodes.createdAt} end`,
          },
        });
    },
    /**
     * Counts one authenticator attempt before it is checked (atomic, so parallel guesses are counted too)
     * and returns the attempts in the window; a row older than `windowStart` starts afresh at 1.
     */
    async countAuthenticatorAttempt(
      values: Omit<typeof contractSignatureCodes.$inferInsert, 'attempts'> & { createdAt: Date },
      windowStart: Date,
    ): Promise<number> {
      const stale = sql`${contractSignatureCodes.createdAt} < ${windowStart.toISOString()}::timestamptz`;
      const [row] = await db
        .insert(contractSignatureCodes)
        .values({ ...values, attempts: 1 })
        .onConflictDoUpdate({
          target: [contractSignatureCodes.contractId, contractSignatureCodes.userId],
          set: {
            attempts: sql`case when ${stale} then 1 else ${contractSignatureCodes.attempts} + 1 end`,
            createdAt: sql`case when ${stale} then ${values.createdAt.toISOString()}::timestamptz else ${contractSignatureCodes.createdAt} end`,
          },
        })
        .returning({ attempts: contractSignatureCodes.attempts });
      return row!.attempts;
    },
    async code(contractId: number, userId: number) {
      const [row] = await db
        .select()
        .from(contractSignatureCodes)
        .where(
          and(eq(contractSignatureCodes.contractId, contractId), eq(contractSignatureCodes.userId, userId)),
        )
        .for('update');
      return row ?? null;
    },
    async countAttempt(contractId: number, userId: number) {
      await db
        .update(contractSignatureCodes)
        .set({ attempts: sql`${contractSignatureCodes.attempts} + 1` })
        .where(
          and(eq(contractSignatureCodes.contractId, contractId), eq(contractSignatureCodes.userId, userId)),
        );
    },
    async deleteCode(contractId: number, userId: number) {
      await db
        .delete(contractSignatureCodes)
        .where(
          and(eq(contractSignatureCodes.contractId, contractId), eq(contractSignatureCodes.userId, userId)),
        );
    },
    /** The signed contract whose PDF has this SHA-256 (any organisation: the hash is the capability). */
    async byPdfHash(sha256: string) {
      const [row] = await summaries().where(eq(contracts.pdfSha256, sha256));
      return row ?? null;
    },

    // Obligations --------------------------------------------------------------------------------------
    obligations(contractId: number) {
      return db
        .select({ obligation: contractObligations, firstName: users.firstName, lastName: users.lastName })
        .from(contractObligations)
        .innerJoin(users, eq(users.id, contractObligations.ownerUserId))
        .where(eq(contractObligations.contractId, contractId))
        .orderBy(asc(contractObligations.dueDate), asc(contractObligations.id));
    },
    async insertObligation(values: typeof contractObligations.$inferInsert) {
      const [row] = await db.insert(contractObligations).values(values).returning();
      return row!;
    },
    async completeObligation(organisationId: number, contractId: number, id: number, at: Date) {
      const rows = await db
        .update(contractObligations)
        .set({ doneAt: at })
        .where(
          and(
            eq(contractObligations.organisationId, organisationId),
            eq(contractObligations.contractId, contractId),
            eq(contractObligations.id, id),
          ),
        )
        .returning({ id: contractObligations.id });
      return rows.length > 0;
    },
    /** Open obligations of active contracts due by `by` (the reminder job). */
    openObligationsDueBy(by: string) {
      return db
        .select({ obligation: contractObligations, contract: contracts })
        .from(contractObligations)
        .innerJoin(contracts, eq(contracts.id, contractObligations.contractId))
        .where(
          and(
            sql`${contractObligations.doneAt} IS NULL`,
            lte(contractObligations.dueDate, by),
            eq(contracts.status, 'active'),
          ),
        );
    },

    // Alerts -------------------------------------------------------------------------------------------
    async sentAlerts(contractId: number) {
      return db.select().from(contractAlerts).where(eq(contractAlerts.contractId, contractId));
    },
    /** Records an alert; false when it was already recorded (the job ran twice): then it is not sent again. */
    async recordAlert(values: typeof contractAlerts.$inferInsert) {
      const rows = await db.insert(contractAlerts).values(values).onConflictDoNothing().returning();
      return rows.length > 0;
    },

    // Settings -----------------------------------------------------------------------------------------
    async settings(organisationId: number) {
      const [row] = await db
        .select()
        .from(contractSettings)
        .where(eq(contractSettings.organisationId, organisationId));
      return row ?? null;
    },
    async saveSettings(organisationId: number, alertDays: number[]) {
      await db
        .insert(contractSettings)
        .values({ organisationId, alertDays })
        .onConflictDoUpdate({
          target: contractSettings.organisationId,
          set: { alertDays, updatedAt: sql`now()` },
        });
    },

    // Documents ----------------------------------------------------------------------------------------
    async insertDocument(values: typeof contractDocuments.$inferInsert) {
      const [row] = await db.insert(contractDocuments).values(values).returning();
      return row!;
    },
    async document(contractId: number, id: number) {
      const [row] = await db
        .select()
        .from(contractDocuments)
        .where(and(eq(contractDocuments.contractId, contractId), eq(contractDocuments.id, id)));
      return row ?? null;
    },
    documents(contractId: number) {
      return db
        .select()
        .from(contractDocuments)
        .where(eq(contractDocuments.contractId, contractId))
        .orderBy(asc(contractDocuments.id));
    },
  };
}
