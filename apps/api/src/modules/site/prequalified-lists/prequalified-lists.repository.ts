import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../infra/database.ts';
import { categories, countries } from '../../../schema/core.tables.ts';
import { orders, prices } from '../../../schema/payments.tables.ts';
import {
  prequalifiedOrderCategories,
  prequalifiedOrders,
  type DeliveredCategory,
} from '../../../schema/prequalified-lists.tables.ts';

export type { DeliveredCategory, DeliveredSupplier } from '../../../schema/prequalified-lists.tables.ts';

export interface NewPrequalifiedOrder {
  orderId: number;
  companyName: string;
  contactPerson: string;
  phone: string;
  email: string;
  countryId: number;
}

/** The only SQL that writes the prequalified-list tables (and reads their orders). Takes a transaction or the pool. */
export function prequalifiedListsRepository(db: Executor) {
  return {
    /** Several products of the price list at once (product → price); missing products are absent. */
    async prices(products: string[]) {
      const rows = await db
        .select({ product: prices.product, currency: prices.currency, amountMinor: prices.amountMinor })
        .from(prices)
        .where(inArray(prices.product, products));
      return new Map(rows.map((row) => [row.product, row]));
    },

    async insert(
      order: NewPrequalifiedOrder,
      rows: Array<{ categoryId: number; supplierCount: number; amountMinor: number }>,
    ) {
      await db.insert(prequalifiedOrders).values(order);
      await db
        .insert(prequalifiedOrderCategories)
        .values(rows.map((row, index) => ({ orderId: order.orderId, position: index + 1, ...row })));
    },

    /** An order by its code, with its rows (in form order) and country; null when there is none of this product. */
    async findByCode(code: string, product: string) {
      const [row] = await db
        .select({
          order: orders,
          list: prequalifiedOrders,
          countryName: countries.name,
          countryIso2: countries.iso2,
        })
        .from(orders)
        .innerJoin(prequalifiedOrders, eq(prequalifiedOrders.orderId, orders.id))
        .innerJoin(countries, eq(countries.id, prequalifiedOrders.countryId))
        .where(and(eq(orders.code, code), eq(orders.product, product)));
      if (!row) return null;
      const rows = await db
        .select({
          categoryId: prequalifiedOrderCategories.categoryId,
          name: categories.name,
          supplierCount: prequalifiedOrderCategories.supplierCount,
          amountMinor: prequalifiedOrderCategories.amountMinor,
        })
        .from(prequalifiedOrderCategories)
        .innerJoin(categories, eq(categories.id, prequalifiedOrderCategories.categoryId))
        .where(eq(prequalifiedOrderCategories.orderId, row.order.id))
        .orderBy(asc(prequalifiedOrderCategories.position));
      return { ...row, rows };
    },

    /** Locks an order's list row for its delivery (the payment's transaction); null when it has none. */
    async lockForDelivery(orderId: number) {
      const [row] = await db
        .select()
        .from(prequalifiedOrders)
        .where(eq(prequalifiedOrders.orderId, orderId))
        .for('no key update');
      if (!row) return null;
      const rows = await db
        .select({
          categoryId: prequalifiedOrderCategories.categoryId,
          name: categories.name,
          supplierCount: prequalifiedOrderCategories.supplierCount,
        })
        .from(prequalifiedOrderCategories)
        .innerJoin(categories, eq(categories.id, prequalifiedOrderCategories.categoryId))
        .where(eq(prequalifiedOrderCategories.orderId, orderId))
        .orderBy(asc(prequalifiedOrderCategories.position));
      return { list: row, rows };
    },

    async setDelivery(orderId: number, delivery: DeliveredCategory[], at: Date) {
      await db
        .update(prequalifiedOrders)
        .set({ delivery, deliveredAt: at })
        .where(eq(prequalifiedOrders.orderId, orderId));
    },
  };
}
