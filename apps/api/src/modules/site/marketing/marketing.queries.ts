import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../infra/database.ts';
import { organisations } from '../../../schema/organisations.tables.ts';
import { orders, paymentAttempts, prices } from '../../../schema/payments.tables.ts';
import { tenders } from '../../../schema/tenders.tables.ts';

const listedBuyer = {
  id: organisations.id,
  name: organisations.name,
  logoUrl: organisations.logoUrl,
  sector: organisations.sector,
  shownAsClient: organisations.shownAsClient,
};

/**
 * Read-only questions across other modules' tables (issue 17): the buyers shown as clients (and every
 * buyer, for the operator), the price list, and the payment record of an order for the marketing result
 * pages (the order, its paid or latest attempt, and for a publishing order the advertiser organisation that
 * owns its tender). Changes go through the owning modules' services.
 */
export function marketingQueries(db: Executor) {
  return {
    /** The buyers the operator shows, by name (a partial index holds exactly these). */
    async shownClients(limit: number) {
      return db
        .select(listedBuyer)
        .from(organisations)
        .where(and(eq(organisations.kind, 'buyer'), eq(organisations.shownAsClient, true)))
        .orderBy(asc(organisations.name), asc(organisations.id))
        .limit(limit);
    },

    /** Buyers for the operator: shown ones first, then by name; `tsQuery` a prefix query or null. */
    async buyers(filter: { tsQuery: string | null; shown: boolean | undefined; limit: number }) {
      const where: SQL | undefined = and(
        eq(organisations.kind, 'buyer'),
        filter.shown === undefined ? undefined : eq(organisations.shownAsClient, filter.shown),
        filter.tsQuery
          ? sql`${organisations.searchVector} @@ to_tsquery('simple', ${filter.tsQuery})`
          : undefined,
      );
      return db
        .select(listedBuyer)
        .from(organisations)
        .where(where)
        .orderBy(desc(organisations.shownAsClient), asc(organisations.name), asc(organisations.id))
        .limit(filter.limit);
    },

    async prices() {
      return db
        .select({
          product: prices.product,
          currency: prices.currency,
          amountMinor: prices.amountMinor,
          updatedAt: prices.updatedAt,
        })
        .from(prices)
        .orderBy(asc(prices.product));
    },

    async orderForRecord(code: string) {
      const [row] = await db
        .select({
          id: orders.id,
          code: orders.code,
          reference: orders.reference,
          product: orders.product,
          description: orders.description,
          amountMinor: orders.amountMinor,
          currency: orders.currency,
          paymentState: orders.paymentState,
          paidAt: orders.paidAt,
          ownerOrganisationId: tenders.advertiserId,
        })
        .from(orders)
        .leftJoin(tenders, and(eq(orders.product, 'tender_publishing'), eq(tenders.id, orders.subjectId)))
        .where(eq(orders.code, code));
      return row ?? null;
    },

    /** The attempt that paid the order, else its newest one. */
    async recordAttempt(orderId: number, paid: boolean) {
      const [attempt] = await db
        .select({
          provider: paymentAttempts.provider,
          receipt: paymentAttempts.receipt,
          transRef: paymentAttempts.transRef,
          createdAt: paymentAttempts.createdAt,
          resolvedAt: paymentAttempts.resolvedAt,
        })
        .from(paymentAttempts)
        .where(
          paid
            ? and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, 'paid'))
            : eq(paymentAttempts.orderId, orderId),
        )
        .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
        .limit(1);
      return attempt ?? null;
    },
  };
}
