import { and, eq, sql } from 'drizzle-orm';
import { createServices, type AppDeps } from '../app.ts';
import { derivedSecret } from '../infra/crypto.ts';
import {
  PREQUALIFIED_DOWNLOAD_PURPOSE,
  PREQUALIFIED_PRODUCT,
  prequalifiedListProduct,
} from '../modules/site/prequalified-lists/index.ts';
import { countries } from '../schema/core.tables.ts';
import { orders } from '../schema/payments.tables.ts';
import { supplierRegistrations } from '../schema/supplier-registry.tables.ts';

/** Who ordered the demo list (the demo buyer's mailbox receives its delivery mail). */
export const DEMO_PREQUALIFIED_EMAIL = 'buyer@zabuni.example';

/**
 * Issue 18: one paid prequalified-supplier list on a demo installation, made as a customer would (the
 * service prices the order from the price list) and paid by card, so its cart shows the Paid view with the
 * list and its downloads, and the dev mailbox holds the delivery mail. Two Kenyan categories that have
 * approved demo suppliers (after seedDemoSuppliers). Runs once: while the demo buyer has no such order.
 */
export async function seedDemoPrequalified(deps: AppDeps): Promise<boolean> {
  const { db } = deps.database;
  const [existing] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.product, PREQUALIFIED_PRODUCT), eq(orders.customerEmail, DEMO_PREQUALIFIED_EMAIL)))
    .limit(1);
  if (existing) return false;
  const [kenya] = await db.select({ id: countries.id }).from(countries).where(eq(countries.iso2, 'KE'));
  if (!kenya) return false;
  // The two categories with the most approved Kenyan suppliers.
  const top = await db
    .select({ category: sql<number>`unnest(${supplierRegistrations.categoryIds})`.as('category') })
    .from(supplierRegistrations)
    .where(and(eq(supplierRegistrations.status, 'approved'), eq(supplierRegistrations.countryId, kenya.id)));
  const counts = new Map<number, number>();
  for (const row of top) counts.set(row.category, (counts.get(row.category) ?? 0) + 1);
  const chosen = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, 2);
  if (chosen.length < 2) return false;

  const services = createServices(deps);
  const created = await services.prequalifiedLists.createOrder({
    company_name: 'Umoja Commercial Bank',
    contact_person: 'Grace Njeri',
    phone_number: '+254712345678',
    email: DEMO_PREQUALIFIED_EMAIL,
    country: kenya.id,
    categories: [
      { category: chosen[0]![0], supplier_count: 5 },
      { category: chosen[1]![0], supplier_count: 3 },
    ],
  });
  // Paid by card: the order marked paid and fulfilled in one transaction, as the payments module does.
  const product = prequalifiedListProduct({
    audit: services.audit,
    clock: services.clock,
    mail: services.mail,
    publicUrl: deps.config.publicUrl,
    downloadSecret: derivedSecret(deps.config.jwtSecret, PREQUALIFIED_DOWNLOAD_PURPOSE),
  });
  await db.transaction(async (tx) => {
    const now = services.clock.now();
    const [paid] = await tx
      .update(orders)
      .set({ paymentState: 'paid', paidAt: now, fulfilledAt: now, updatedAt: now })
      .where(and(eq(orders.code, created.id), eq(orders.paymentState, 'pending')))
      .returning();
    if (paid) await product.fulfil(tx, paid, { method: 'Card (DPO Pay)', receipt: 'DEMO-PQ-0001' });
  });
  return true;
}
