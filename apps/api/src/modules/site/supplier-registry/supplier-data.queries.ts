import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../../infra/database.ts';
import { users } from '../../../schema/authentication.tables.ts';
import { invoices } from '../../../schema/invoices.tables.ts';
import { buyerSuppliers, memberships, organisations } from '../../../schema/organisations.tables.ts';
import { orders } from '../../../schema/payments.tables.ts';
import { purchaseOrders } from '../../../schema/purchase-orders.tables.ts';

/**
 * Issue 18, data protection: read-only views of what other modules hold about a registered supplier (its
 * organisation, users, buyers, documents and paid orders), for its export and for its erasure.
 */
export function supplierDataQueries(db: Executor) {
  return {
    async organisation(id: number) {
      const [row] = await db
        .select({
          id: organisations.id,
          name: organisations.name,
          countryIso2: organisations.countryIso2,
          taxPin: organisations.taxPin,
          email: organisations.email,
          phone: organisations.phone,
          contactPerson: organisations.contactPerson,
          website: organisations.website,
          createdAt: organisations.createdAt,
        })
        .from(organisations)
        .where(eq(organisations.id, id));
      return row ?? null;
    },

    /** The supplier organisation's users with their roles there (never a password hash or a secret). */
    async users(supplierId: number) {
      const rows = await db
        .select({
          id: users.id,
          email: users.email,
          username: users.username,
          firstName: users.firstName,
          lastName: users.lastName,
          phone: users.phone,
          language: users.language,
          isActive: users.isActive,
          twoFactorEnabled: users.twoFactorEnabled,
          lastLoginAt: users.lastLoginAt,
          createdAt: users.createdAt,
          role: memberships.role,
        })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(memberships.organisationId, supplierId))
        .orderBy(asc(users.id));
      const byId = new Map<number, Omit<(typeof rows)[number], 'role'> & { roles: string[] }>();
      for (const { role, ...user } of rows) {
        const known = byId.get(user.id);
        if (known) known.roles.push(role);
        else byId.set(user.id, { ...user, roles: [role] });
      }
      return [...byId.values()];
    },

    /** Of these users, those who also belong to another organisation (their account is not only this supplier's). */
    async alsoElsewhere(userIds: number[], supplierId: number): Promise<Set<number>> {
      if (userIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ userId: memberships.userId })
        .from(memberships)
        .where(and(inArray(memberships.userId, userIds), ne(memberships.organisationId, supplierId)));
      return new Set(rows.map((r) => r.userId));
    },

    /** The buyers whose supplier lists hold it. */
    async buyers(supplierId: number) {
      return db
        .select({ id: organisations.id, name: organisations.name, status: buyerSuppliers.status })
        .from(buyerSuppliers)
        .innerJoin(organisations, eq(organisations.id, buyerSuppliers.buyerId))
        .where(eq(buyerSuppliers.supplierId, supplierId))
        .orderBy(asc(organisations.name));
    },

    /** How many purchase orders and invoices name it (kept on erasure: tax records). */
    async documentCounts(supplierId: number) {
      const [po] = await db
        .select({ n: count() })
        .from(purchaseOrders)
        .where(eq(purchaseOrders.supplierId, supplierId));
      const [inv] = await db.select({ n: count() }).from(invoices).where(eq(invoices.supplierId, supplierId));
      return { purchaseOrders: po?.n ?? 0, invoices: inv?.n ?? 0 };
    },

    /** Orders placed on the site with any of these emails (subscriptions, publishing, directories…). */
    async orders(emails: string[]) {
      if (emails.length === 0) return [];
      return db
        .select({
          reference: orders.reference,
          product: orders.product,
          description: orders.description,
          amountMinor: orders.amountMinor,
          currency: orders.currency,
          paymentState: orders.paymentState,
          customerName: orders.customerName,
          customerEmail: orders.customerEmail,
          paidAt: orders.paidAt,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .where(inArray(orders.customerEmail, emails))
        .orderBy(desc(orders.id))
        .limit(1000);
    },
  };
}
