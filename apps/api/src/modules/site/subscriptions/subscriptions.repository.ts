import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PaymentPlan } from '@zabuni/domain';
import type { Executor } from '../../../infra/database.ts';
import { categories, countries } from '../../../schema/core.tables.ts';
import { orders, prices } from '../../../schema/payments.tables.ts';
import {
  subscriptionCategories,
  subscriptionOrders,
  subscriptions,
} from '../../../schema/subscriptions.tables.ts';

export interface SubscriberValues {
  email: string;
  companyName: string;
  kraPin: string | null;
  phone: string | null;
  firstName: string;
  lastName: string;
  countryId: number;
  city: string;
  paymentPlan: PaymentPlan;
  marketing: string | null;
}

/** The only SQL of the subscriptions tables. Takes a transaction or the pool. */
export function subscriptionsRepository(db: Executor) {
  return {
    async price(product: string) {
      const [row] = await db
        .select({ currency: prices.currency, amountMinor: prices.amountMinor })
        .from(prices)
        .where(eq(prices.product, product));
      return row ?? null;
    },

    /** The country's ISO code (its tax PIN rule depends on it); null when there is no such country. */
    async countryIso2(id: number): Promise<string | null> {
      const [row] = await db.select({ iso2: countries.iso2 }).from(countries).where(eq(countries.id, id));
      return row?.iso2 ?? null;
    },

    async existingCategoryIds(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids));
      return rows.map((row) => row.id);
    },

    /** Creates the subscriber or, for an email already known, replaces its details; one row per email. */
    async upsert(values: SubscriberValues, now: Date): Promise<number> {
      const [row] = await db
        .insert(subscriptions)
        .values({ ...values, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: subscriptions.email,
          set: {
            companyName: values.companyName,
            kraPin: values.kraPin,
            phone: values.phone,
            firstName: values.firstName,
            lastName: values.lastName,
            countryId: values.countryId,
            city: values.city,
            paymentPlan: values.paymentPlan,
            marketing: values.marketing,
            updatedAt: now,
          },
        })
        .returning({ id: subscriptions.id });
      return row!.id;
    },

    async replaceCategories(subscriptionId: number, categoryIds: number[]) {
      await db
        .delete(subscriptionCategories)
        .where(eq(subscriptionCategories.subscriptionId, subscriptionId));
      if (categoryIds.length > 0) {
        await db
          .insert(subscriptionCategories)
          .values(categoryIds.map((categoryId) => ({ subscriptionId, categoryId })));
      }
    },

    async insertOrderLink(orderId: number, subscriptionId: number, paymentPlan: PaymentPlan) {
      await db.insert(subscriptionOrders).values({ orderId, subscriptionId, paymentPlan });
    },

    async findByEmail(email: string) {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.email, email));
      return row ?? null;
    },

    /** The subscriber's newest order that is not paid yet (pending, processing or failed), if any. */
    async openOrderCode(subscriptionId: number): Promise<string | null> {
      const [row] = await db
        .select({ code: orders.code })
        .from(subscriptionOrders)
        .innerJoin(orders, eq(orders.id, subscriptionOrders.orderId))
        .where(and(eq(subscriptionOrders.subscriptionId, subscriptionId), ne(orders.paymentState, 'paid')))
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(1);
      return row?.code ?? null;
    },

    /** An order with its subscription, country and categories: what the checkout shows. */
    async findOrder(code: string) {
      const [row] = await db
        .select({
          order: orders,
          link: subscriptionOrders,
          subscription: subscriptions,
          countryName: countries.name,
          countryIso2: countries.iso2,
        })
        .from(orders)
        .innerJoin(subscriptionOrders, eq(subscriptionOrders.orderId, orders.id))
        .innerJoin(subscriptions, eq(subscriptions.id, subscriptionOrders.subscriptionId))
        .innerJoin(countries, eq(countries.id, subscriptions.countryId))
        .where(eq(orders.code, code));
      if (!row) return null;
      const chosen = await db
        .select({ id: categories.id, name: categories.name })
        .from(subscriptionCategories)
        .innerJoin(categories, eq(categories.id, subscriptionCategories.categoryId))
        .where(eq(subscriptionCategories.subscriptionId, row.subscription.id))
        .orderBy(categories.name);
      return { ...row, categories: chosen };
    },

    /** Locks the subscriber of an order for the fulfilment (two payments extend one after the other). */
    async lockForOrder(orderId: number) {
      const [row] = await db
        .select({ subscription: subscriptions, link: subscriptionOrders })
        .from(subscriptionOrders)
        .innerJoin(subscriptions, eq(subscriptions.id, subscriptionOrders.subscriptionId))
        .where(eq(subscriptionOrders.orderId, orderId))
        .for('no key update', { of: subscriptions });
      return row ?? null;
    },

    /**
     * The subscribers of several orders (a batch of payment callbacks), locked FOR NO KEY UPDATE in id
     * order (so two batches sharing subscribers never deadlock), with each order's link.
     */
    async lockForOrders(orderIds: number[]) {
      if (orderIds.length === 0) return [];
      return db
        .select({ subscription: subscriptions, link: subscriptionOrders })
        .from(subscriptionOrders)
        .innerJoin(subscriptions, eq(subscriptions.id, subscriptionOrders.subscriptionId))
        .where(inArray(subscriptionOrders.orderId, orderIds))
        .orderBy(subscriptions.id, subscriptionOrders.orderId)
        .for('no key update', { of: subscriptions });
    },

    /**
     * Several periods in ONE statement (a batch's fulfilments): each order's period on its link, and each
     * subscriber's resulting period (the last given for it wins: the caller chains them in order).
     */
    async setPeriods(
      periods: Array<{
        subscriptionId: number;
        orderId: number;
        start: Date;
        end: Date;
        subscriptionStartsAt: Date;
      }>,
      now: Date,
    ) {
      if (periods.length === 0) return;
      const last = new Map(periods.map((p) => [p.subscriptionId, p]));
      const subscribers = [...last.values()];
      await db.execute(sql`
        WITH subscriber AS (
          UPDATE ${subscriptions} s SET starts_at = p.starts_at, ends_at = p.ends_at, updated_at = ${now}
          FROM unnest(${sql.param(subscribers.map((p) => p.subscriptionId))}::int[],
                      ${sql.param(subscribers.map((p) => p.subscriptionStartsAt.toISOString()))}::timestamptz[],
                      ${sql.param(subscribers.map((p) => p.end.toISOString()))}::timestamptz[])
            AS p(id, starts_at, ends_at)
          WHERE s.id = p.id
        )
        UPDATE ${subscriptionOrders} o SET period_starts_at = p.starts_at, period_ends_at = p.ends_at
        FROM unnest(${sql.param(periods.map((p) => p.orderId))}::int[],
                    ${sql.param(periods.map((p) => p.start.toISOString()))}::timestamptz[],
                    ${sql.param(periods.map((p) => p.end.toISOString()))}::timestamptz[])
          AS p(order_id, starts_at, ends_at)
        WHERE o.order_id = p.order_id`);
    },

    async setPeriod(
      subscriptionId: number,
      orderId: number,
      period: { start: Date; end: Date; subscriptionStartsAt: Date },
      now: Date,
    ) {
      // One statement for both rows (a payment callback's fulfilment runs at Daraja's rate).
      await db.execute(sql`
        WITH subscriber AS (
          UPDATE ${subscriptions} SET starts_at = ${period.subscriptionStartsAt}, ends_at = ${period.end},
            updated_at = ${now}
          WHERE id = ${subscriptionId}
        )
        UPDATE ${subscriptionOrders} SET period_starts_at = ${period.start}, period_ends_at = ${period.end}
        WHERE order_id = ${orderId}`);
    },
  };
}
export type SubscriptionsRepository = ReturnType<typeof subscriptionsRepository>;
