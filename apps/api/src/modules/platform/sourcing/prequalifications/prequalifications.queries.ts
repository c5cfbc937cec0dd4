import { and, eq, inArray, sql } from 'drizzle-orm';
import { READ_ONLY_ROLES, ROLES_BY_KIND } from '@zabuni/domain';
import type { Executor } from '../../../../infra/database.ts';
import { countries } from '../../../../schema/core.tables.ts';
import { buyerSuppliers, memberships, organisations } from '../../../../schema/organisations.tables.ts';
import { supplierRegistrations } from '../../../../schema/supplier-registry.tables.ts';

/** Buyer roles that may sit on a committee (the auditor only reads). */
const STAFF_ROLES = ROLES_BY_KIND.buyer.filter((role) => !READ_ONLY_ROLES.includes(role));

/** Read-only questions a prequalification asks of other modules' tables (members, suppliers, registry). */
export function prequalificationReads(db: Executor) {
  return {
    /** Which of these users are staff of the organisation (any buyer role but auditor, who only reads). */
    async staff(organisationId: number, userIds: readonly number[]) {
      if (userIds.length === 0) return [];
      const rows = await db
        .selectDistinct({ userId: memberships.userId })
        .from(memberships)
        .where(
          and(
            eq(memberships.organisationId, organisationId),
            inArray(memberships.userId, [...userIds]),
            inArray(memberships.role, STAFF_ROLES),
          ),
        );
      return rows.map((r) => r.userId);
    },

    /** The users of supplier organisations (mail and portal notifications go to each). */
    async supplierUsers(supplierIds: readonly number[]) {
      if (supplierIds.length === 0) return [];
      return db
        .selectDistinct({ userId: memberships.userId, supplierId: memberships.organisationId })
        .from(memberships)
        .where(
          and(
            inArray(memberships.organisationId, [...supplierIds]),
            inArray(memberships.role, ['supplier_admin', 'supplier_user']),
          ),
        );
    },

    /**
     * Whom publishing invites: the buyer's active suppliers, and suppliers whose approved registration
     * names one of the categories.
     */
    async suppliersToInvite(organisationId: number, categoryIds: readonly number[]) {
      const own = await db
        .select({ id: buyerSuppliers.supplierId })
        .from(buyerSuppliers)
        .where(and(eq(buyerSuppliers.buyerId, organisationId), eq(buyerSuppliers.status, 'active')));
      const registered =
        categoryIds.length === 0
          ? []
          : await db
              .select({ id: supplierRegistrations.supplierId })
              .from(supplierRegistrations)
              .where(
                and(
                  eq(supplierRegistrations.status, 'approved'),
                  sql`${supplierRegistrations.supplierId} IS NOT NULL`,
                  sql`${supplierRegistrations.categoryIds} && ARRAY[${sql.join(
                    categoryIds.map((id) => sql`${id}`),
                    sql`, `,
                  )}]::integer[]`,
                ),
              );
      return [...new Set([...own, ...registered].flatMap((r) => (r.id === null ? [] : [r.id])))];
    },

    /** The buyer's country (the public listing's), Kenya when it names none. */
    async countryOf(organisationId: number) {
      const [row] = await db
        .select({ id: countries.id })
        .from(organisations)
        .innerJoin(countries, eq(countries.iso2, sql`coalesce(${organisations.countryIso2}, 'KE')`))
        .where(eq(organisations.id, organisationId));
      if (row) return row.id;
      const [kenya] = await db.select({ id: countries.id }).from(countries).where(eq(countries.iso2, 'KE'));
      return kenya?.id ?? null;
    },

    async supplierName(supplierId: number) {
      const [row] = await db
        .select({ name: organisations.name })
        .from(organisations)
        .where(and(eq(organisations.id, supplierId), eq(organisations.kind, 'supplier')));
      return row?.name ?? null;
    },
  };
}
