import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { OrganisationKind, Role } from '@zabuni/domain';
import { rowsAndCount, type Db, type Executor } from '../../../infra/database.ts';
import { users } from '../../../schema/authentication.tables.ts';
import {
  buyerSuppliers,
  memberships,
  organisationInvitations,
  organisations,
} from '../../../schema/organisations.tables.ts';

export interface ListFilter {
  /** A prefix tsquery (see `toPrefixTsQuery`), or null for no text filter. */
  tsQuery: string | null;
  offset: number;
  limit: number;
}

export interface NewOrganisation {
  kind: OrganisationKind;
  name: string;
  website?: string | null;
  countryIso2?: string | null;
  taxPin?: string | null;
  email?: string | null;
  phone?: string | null;
  contactPerson?: string | null;
}

export const organisationsRepository = (db: Executor) => ({
  async insert(organisation: NewOrganisation): Promise<number> {
    const [row] = await db.insert(organisations).values(organisation).returning({ id: organisations.id });
    return row!.id;
  },

  async updateContact(
    id: number,
    patch: Partial<Pick<NewOrganisation, 'name' | 'email' | 'phone' | 'contactPerson'>>,
  ) {
    if (Object.keys(patch).length === 0) return;
    await db.update(organisations).set(patch).where(eq(organisations.id, id));
  },

  async addMembership(userId: number, organisationId: number, role: Role) {
    await db.insert(memberships).values({ userId, organisationId, role }).onConflictDoNothing();
  },

  async removeMembership(userId: number, organisationId: number, role: Role) {
    await db
      .delete(memberships)
      .where(
        and(
          eq(memberships.userId, userId),
          eq(memberships.organisationId, organisationId),
          eq(memberships.role, role),
        ),
      );
  },

  /** An organisation of this kind and exact name (the operator's own, for instance), if there is one. */
  async findByKindAndName(kind: OrganisationKind, name: string): Promise<number | null> {
    const [row] = await db
      .select({ id: organisations.id })
      .from(organisations)
      .where(and(eq(organisations.kind, kind), eq(organisations.name, name)));
    return row?.id ?? null;
  },

  async kindOf(organisationId: number): Promise<OrganisationKind | null> {
    const [row] = await db
      .select({ kind: organisations.kind })
      .from(organisations)
      .where(eq(organisations.id, organisationId));
    return row?.kind ?? null;
  },

  async profileOf(organisationId: number): Promise<{ kind: OrganisationKind; name: string } | null> {
    const [row] = await db
      .select({ kind: organisations.kind, name: organisations.name })
      .from(organisations)
      .where(eq(organisations.id, organisationId));
    return row ?? null;
  },

  async isMember(userId: number, organisationId: number): Promise<boolean> {
    const rows = await db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.organisationId, organisationId)))
      .limit(1);
    return rows.length > 0;
  },

  async userIdByEmail(email: string): Promise<number | null> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    return row?.id ?? null;
  },

  /**
   * What a request needs to know of its caller, in one round trip: whether the account may act, and every
   * role it holds now (a token's copy of the roles is never trusted).
   */
  async callerRecord(userId: number) {
    const rows = await db
      .select({
        active: users.isActive,
        sessionsValidAfter: users.sessionsValidAfter,
        organisationId: memberships.organisationId,
        role: memberships.role,
      })
      .from(users)
      .leftJoin(memberships, eq(memberships.userId, users.id))
      .where(eq(users.id, userId));
    return rows;
  },

  /** Every role a user holds, with the organisation it is held in. */
  async grantsOf(userId: number) {
    return db
      .select({
        organisationId: memberships.organisationId,
        role: memberships.role,
        kind: organisations.kind,
        name: organisations.name,
      })
      .from(memberships)
      .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
      .where(eq(memberships.userId, userId))
      .orderBy(asc(organisations.name), asc(memberships.role));
  },

  async addToSupplierList(buyerId: number, supplierId: number) {
    await db.insert(buyerSuppliers).values({ buyerId, supplierId }).onConflictDoNothing();
  },

  /** Buyers that have any of these suppliers on their supplier list. */
  async buyersListing(supplierIds: number[]): Promise<number[]> {
    if (supplierIds.length === 0) return [];
    const rows = await db
      .selectDistinct({ buyerId: buyerSuppliers.buyerId })
      .from(buyerSuppliers)
      .where(inArray(buyerSuppliers.supplierId, supplierIds))
      .orderBy(asc(buyerSuppliers.buyerId));
    return rows.map((row) => row.buyerId);
  },

  /** Earlier unanswered invitations of this email to this organisation stop working when a new one is sent. */
  async retireInvitations(organisationId: number, email: string, now: Date) {
    await db
      .update(organisationInvitations)
      .set({ retiredAt: now })
      .where(
        and(
          eq(organisationInvitations.organisationId, organisationId),
          eq(organisationInvitations.email, email.toLowerCase()),
          isNull(organisationInvitations.acceptedAt),
          isNull(organisationInvitations.retiredAt),
        ),
      );
  },

  async insertInvitation(invitation: typeof organisationInvitations.$inferInsert) {
    await db.insert(organisationInvitations).values(invitation);
  },

  /** The invitation holding this token hash, locked until the transaction ends (accepted once). */
  async invitationForUpdate(tokenHash: string) {
    const [row] = await db
      .select()
      .from(organisationInvitations)
      .where(eq(organisationInvitations.tokenHash, tokenHash))
      .for('update');
    return row ?? null;
  },

  async markInvitationAccepted(id: number, now: Date) {
    await db
      .update(organisationInvitations)
      .set({ acceptedAt: now })
      .where(eq(organisationInvitations.id, id));
  },

  /**
   * Members of the caller's organisations. `scope` (the caller's organisation ids) is required: the query
   * can never return another organisation's people.
   */
  async members(scope: number[], offset: number, limit: number) {
    if (scope.length === 0) return { count: 0, rows: [] };
    const where = inArray(memberships.organisationId, scope);
    return rowsAndCount(
      db
        .select({
          userId: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          organisationId: memberships.organisationId,
          organisationName: organisations.name,
          role: memberships.role,
        })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .innerJoin(organisations, eq(organisations.id, memberships.organisationId))
        .where(where)
        .orderBy(asc(organisations.name), asc(users.lastName), asc(users.id), asc(memberships.role))
        .limit(limit)
        .offset(offset),
      db.select({ value: count() }).from(memberships).where(where),
    );
  },
});

export function createOrganisationsRepository(db: Db) {
  const buyerConditions = (tsQuery: string | null): SQL | undefined =>
    and(
      eq(organisations.kind, 'buyer'),
      tsQuery ? sql`${organisations.searchVector} @@ to_tsquery('simple', ${tsQuery})` : undefined,
    );

  return {
    ...organisationsRepository(db),
    async listBuyers({ tsQuery, offset, limit }: ListFilter) {
      const where = buyerConditions(tsQuery);
      return rowsAndCount(
        db
          .select({ id: organisations.id, name: organisations.name })
          .from(organisations)
          .where(where)
          .orderBy(asc(organisations.name), asc(organisations.id))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(organisations).where(where),
      );
    },
  };
}
export type OrganisationsRepository = ReturnType<typeof createOrganisationsRepository>;
