import { ACTUAL_INVOICE_STATUSES } from '@zabuni/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../infra/database.ts';
import { users } from '../../../schema/authentication.tables.ts';
import { contracts } from '../../../schema/contracts.tables.ts';
import { categories } from '../../../schema/core.tables.ts';
import { invoices } from '../../../schema/invoices.tables.ts';
import { buyerSuppliers, memberships, organisations } from '../../../schema/organisations.tables.ts';
import { purchaseOrders } from '../../../schema/purchase-orders.tables.ts';

/*
 * Risk management's named reads across other modules' tables (organisations and their staff, the buyer's
 * supplier list, procure-to-pay's orders and invoices). Read-only: risk never writes them.
 */

/** Orders that still commit money to the supplier (sent and not yet closed, cancelled or declined). */
const OPEN_ORDER_STATUSES = ['approved', 'sent', 'acknowledged', 'partially_received', 'received'] as const;

/** The suppliers on the buyer's list, by name. */
export async function listedSuppliers(db: Executor, buyerId: number, supplierIds?: readonly number[]) {
  const conditions = [eq(buyerSuppliers.buyerId, buyerId)];
  if (supplierIds) {
    if (supplierIds.length === 0) return [];
    conditions.push(inArray(buyerSuppliers.supplierId, [...supplierIds]));
  }
  return db
    .select({ id: organisations.id, name: organisations.name })
    .from(buyerSuppliers)
    .innerJoin(organisations, eq(organisations.id, buyerSuppliers.supplierId))
    .where(and(...conditions))
    .orderBy(asc(organisations.name));
}

/** Names of organisations (a supplier's name on a row that links it). */
export async function organisationNames(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(inArray(organisations.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Names of people (owners, who changed a score). */
export async function peopleNames(db: Executor, ids: readonly (number | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim()]));
}

/** Is the person on the organisation's staff (any role)? */
export async function isStaff(db: Executor, organisationId: number, userId: number) {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organisationId, organisationId), eq(memberships.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** The organisation's staff holding one of these roles (who hears of a review falling due). */
export async function staffWithRoles(db: Executor, organisationId: number, roles: readonly string[]) {
  const rows = await db
    .selectDistinct({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.organisationId, organisationId),
        inArray(memberships.role, roles as (typeof memberships.role.enumValues)[number][]),
      ),
    );
  return rows.map((r) => r.userId);
}

export async function categoryExists(db: Executor, categoryId: number) {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  return row !== undefined;
}

/**
 * Spend per supplier from procure-to-pay: approved and paid invoices in one currency (what the organisation
 * actually buys from each), for the concentration figures.
 */
export async function spendBySupplier(db: Executor, organisationId: number, currency: string) {
  const rows = await db
    .select({
      supplierId: invoices.supplierId,
      spendMinor: sql<string>`coalesce(sum(${invoices.totalMinor}), 0)`,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.organisationId, organisationId),
        eq(invoices.currency, currency),
        inArray(invoices.status, [...ACTUAL_INVOICE_STATUSES]),
      ),
    )
    .groupBy(invoices.supplierId);
  return rows.map((r) => ({ supplierId: r.supplierId, spendMinor: Number(r.spendMinor) }));
}

/**
 * Open orders per supplier: the total of orders still committing money less what was already invoiced
 * and approved against them (never below zero per order).
 */
export async function openOrdersBySupplier(db: Executor, organisationId: number, currency: string) {
  const rows = await db.execute<{ supplier_id: number; open_minor: string }>(sql`
    SELECT po.supplier_id, coalesce(sum(greatest(po.total_minor - coalesce(billed.amount, 0), 0)), 0) AS open_minor
      FROM ${purchaseOrders} po
      LEFT JOIN (
        SELECT purchase_order_id, sum(total_minor) AS amount
          FROM ${invoices}
         WHERE organisation_id = ${organisationId}
           AND status IN (${sql.join(
             ACTUAL_INVOICE_STATUSES.map((s) => sql`${s}`),
             sql`, `,
           )})
         GROUP BY purchase_order_id
      ) billed ON billed.purchase_order_id = po.id
     WHERE po.organisation_id = ${organisationId}
       AND po.currency = ${currency}
       AND po.status IN (${sql.join(
         OPEN_ORDER_STATUSES.map((s) => sql`${s}`),
         sql`, `,
       )})
     GROUP BY po.supplier_id`);
  return new Map(rows.rows.map((r) => [Number(r.supplier_id), Number(r.open_minor)]));
}

/** The buying organisation's name (on the questionnaires a supplier sees). */
export async function organisationName(db: Executor, id: number) {
  return (await organisationNames(db, [id])).get(id) ?? '';
}

/** Contracts that still bind the organisation to the supplier (approved, being signed or running). */
const LIVE_CONTRACT_STATUSES = ['approved', 'signing', 'active'] as const;

/**
 * Live contract value per supplier (issue 22's contracts; amendments and terminations are documents of their
 * own and are not added again), in one currency, for exposure.
 */
export async function contractValueBySupplier(db: Executor, organisationId: number, currency: string) {
  const rows = await db
    .select({
      supplierId: contracts.supplierId,
      valueMinor: sql<string>`coalesce(sum(${contracts.valueMinor}), 0)`,
    })
    .from(contracts)
    .where(
      and(
        eq(contracts.organisationId, organisationId),
        eq(contracts.kind, 'contract'),
        eq(contracts.currency, currency),
        inArray(contracts.status, [...LIVE_CONTRACT_STATUSES]),
      ),
    )
    .groupBy(contracts.supplierId);
  return new Map(rows.map((r) => [r.supplierId, Number(r.valueMinor)]));
}
