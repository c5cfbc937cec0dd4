import { queryOptions } from '@tanstack/react-query';
import type { Page, PortalDisposal } from '@zabuni/contracts';
import { apiGet, apiPost } from '../../lib/api-client.ts';

export type { PortalDisposal };
export type OfferReceipt = NonNullable<PortalDisposal['my_offer']>;

/** Issue 21: assets any buyer offers by sealed public tender, with this supplier's receipt. */
export const portalAssetSalesQuery = (page: number) =>
  queryOptions({
    queryKey: ['portal-asset-sales', 'list', page],
    queryFn: ({ signal }) =>
      apiGet<Page<PortalDisposal>>('/portal/asset-sales/', { page, page_size: 20 }, signal),
  });

export const portalAssetSaleQuery = (id: number) =>
  queryOptions({
    queryKey: ['portal-asset-sales', 'one', id],
    queryFn: ({ signal }) => apiGet<PortalDisposal>(`/portal/asset-sales/${id}/`, undefined, signal),
  });

export const portalAssetSalesApi = {
  offer: (id: number, amount: string) =>
    apiPost<OfferReceipt>(`/portal/asset-sales/${id}/offer/`, { amount }),
};
