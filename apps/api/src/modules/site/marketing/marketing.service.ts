import {
  message,
  type ModerationBuyer,
  type PaymentRecord,
  type Price,
  type PublicClient,
} from '@zabuni/contracts';
import { toPrefixTsQuery } from '@zabuni/domain';
import type { Principal } from '../../../infra/auth.ts';
import type { Db } from '../../../infra/database.ts';
import { notFound } from '../../../infra/errors.ts';
import type { ClientListingService } from '../../identity/organisations/index.ts';
import { CHECKOUT_PAGES, type PriceListService } from '../../shared/payments/index.ts';
import type { SiteContentStore } from './marketing.content.ts';
import { marketingQueries } from './marketing.queries.ts';

/** At most this many client organisations on the public page (the home page shows the first few). */
export const CLIENTS_SHOWN_MAX = 120;
const MODERATION_BUYERS_MAX = 100;

const toPrice = (row: {
  product: string;
  currency: string;
  amountMinor: number;
  updatedAt: Date;
}): Price => ({
  product: row.product,
  currency: row.currency,
  amount_minor: row.amountMinor,
  updated_at: row.updatedAt.toISOString(),
});

const toBuyer = (row: {
  id: number;
  name: string;
  logoUrl: string | null;
  sector: string | null;
  shownAsClient: boolean;
}): ModerationBuyer => ({
  id: row.id,
  company_name: row.name,
  logo_url: row.logoUrl,
  sector: row.sector,
  shown_as_client: row.shownAsClient,
});

/**
 * Issue 17, the public site's face: the marketing pages' content (files per language), the client
 * organisations the operator shows, the price list the pricing page reads and the operator edits, and the
 * payment record the payment result pages show.
 */
export function createMarketingService({
  db,
  content,
  priceList,
  clientListing,
}: {
  db: Db;
  content: SiteContentStore;
  priceList: PriceListService;
  clientListing: ClientListingService;
}) {
  const queries = marketingQueries(db);
  return {
    content: content.page,

    async clients(): Promise<{ results: PublicClient[] }> {
      const rows = await queries.shownClients(CLIENTS_SHOWN_MAX);
      return {
        results: rows.map((row) => ({
          id: row.id,
          company_name: row.name,
          logo_url: row.logoUrl,
          sector: row.sector,
        })),
      };
    },

    async prices(): Promise<{ results: Price[] }> {
      return { results: (await queries.prices()).map(toPrice) };
    },

    /** The operator changes a price: orders created from now on charge it (audited by payments). */
    async setPrice(principal: Principal, product: string, amountMinor: number, ip: string | null) {
      return toPrice(await priceList.setPrice(principal, product, amountMinor, ip));
    },

    async moderationBuyers(query: { search?: string | undefined; shown?: 'true' | 'false' | undefined }) {
      const rows = await queries.buyers({
        tsQuery: query.search ? toPrefixTsQuery(query.search) : null,
        shown: query.shown === undefined ? undefined : query.shown === 'true',
        limit: MODERATION_BUYERS_MAX,
      });
      return { results: rows.map(toBuyer) };
    },

    /** The operator shows or hides a buying organisation on the clients page, or sets its sector. */
    async changeBuyer(
      principal: Principal,
      id: number,
      change: { shown_as_client?: boolean | undefined; sector?: string | null | undefined },
      ip: string | null,
    ): Promise<ModerationBuyer> {
      const row = await clientListing.change(
        principal,
        id,
        {
          ...(change.shown_as_client === undefined ? {} : { shownAsClient: change.shown_as_client }),
          ...(change.sector === undefined ? {} : { sector: change.sector }),
        },
        ip,
      );
      return toBuyer(row);
    },

    /**
     * SPEC §3 payment record of an order for the result pages. The order opens as its checkout does: a
     * tender-publishing order only for the advertiser whose tender it pays (anyone else: 404, as if it did
     * not exist), a tender-alert order by its unguessable code.
     */
    async paymentRecord(principal: Principal | null, code: string): Promise<PaymentRecord> {
      const order = await queries.orderForRecord(code);
      const ownedByAnother =
        order?.product === 'tender_publishing' &&
        !principal?.grants.some(
          (grant) => grant.role === 'advertiser' && grant.organisationId === order.ownerOrganisationId,
        );
      if (!order || ownedByAnother) throw notFound(message('payment.order_not_found'));
      const paid = order.paymentState === 'paid';
      const attempt = await queries.recordAttempt(order.id, paid);
      const checkout = CHECKOUT_PAGES[order.product];
      return {
        reference: order.reference,
        payment_state: order.paymentState,
        transaction_id: paid ? (attempt?.receipt ?? attempt?.transRef ?? null) : null,
        method: attempt?.provider ?? null,
        date: (order.paidAt ?? attempt?.resolvedAt ?? attempt?.createdAt)?.toISOString() ?? null,
        currency: order.currency,
        total_minor: order.amountMinor,
        product: order.product,
        plan: order.description,
        add_on: null,
        checkout_path: checkout ? `${checkout}${encodeURIComponent(order.code)}` : null,
      };
    },
  };
}
export type MarketingService = ReturnType<typeof createMarketingService>;
