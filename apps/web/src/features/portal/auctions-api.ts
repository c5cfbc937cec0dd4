import { queryOptions } from '@tanstack/react-query';
import type { BidReceipt, PortalAuctionView } from '@zabuni/contracts';
import { apiGet, apiPost } from '../../lib/api-client.ts';

export type { BidReceipt, PortalAuctionView };
export const AUCTION_NS = 'portal-auctions';

export const portalAuctionsQuery = (buyerId: number | null) =>
  queryOptions({
    queryKey: ['portal-auctions', buyerId, 'list'],
    queryFn: ({ signal }) => apiGet<PortalAuctionView[]>('/portal/auctions/', undefined, signal),
  });

export const portalAuctionQuery = (buyerId: number | null, id: number) =>
  queryOptions({
    queryKey: ['portal-auctions', buyerId, 'one', id],
    queryFn: ({ signal }) => apiGet<PortalAuctionView>(`/portal/auctions/${id}/`, undefined, signal),
  });

export const portalAuctionsApi = {
  bid: (id: number, amount: string) => apiPost<BidReceipt>(`/portal/auctions/${id}/bids/`, { amount }),
  liveUrl: (id: number) => `/portal/auctions/${id}/live/`,
};
