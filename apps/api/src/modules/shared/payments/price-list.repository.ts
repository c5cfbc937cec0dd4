import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../infra/database.ts';
import { prices } from '../../../schema/payments.tables.ts';

const priceRow = {
  product: prices.product,
  currency: prices.currency,
  amountMinor: prices.amountMinor,
  updatedAt: prices.updatedAt,
};

/**
 * The operator's changes to the price list (issue 17). Orders read one product's price through the payments
 * repository when they are created; the public list is read by site/marketing's queries.
 */
export function priceListRepository(db: Executor) {
  return {
    async lock(product: string) {
      const [row] = await db.select(priceRow).from(prices).where(eq(prices.product, product)).for('update');
      return row ?? null;
    },

    /** The product's new amount (its currency stays); null when the product is not on the list. */
    async setAmount(product: string, amountMinor: number) {
      const [row] = await db
        .update(prices)
        .set({ amountMinor, updatedAt: sql`now()` })
        .where(eq(prices.product, product))
        .returning(priceRow);
      return row ?? null;
    },
  };
}
