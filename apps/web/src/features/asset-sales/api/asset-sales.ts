import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, PublicDisposal } from '@zabuni/contracts';
import { ApiError, apiGet } from '../../../lib/api-client.ts';

/** Assets for sale per page of the public list. */
export const ASSET_SALES_PAGE_SIZE = 12;

/** `GET /asset-sales/`: listed assets of every buying organisation, newest first. */
export const assetSalesQuery = (page: number) =>
  queryOptions({
    queryKey: ['asset-sales', page],
    queryFn: ({ signal }) =>
      apiGet<Page<PublicDisposal>>('/asset-sales/', { page, page_size: ASSET_SALES_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
export const useAssetSales = (page: number) => useQuery(assetSalesQuery(page));

/** One listed asset by its public code; a 404 is shown by the page itself. */
export const assetSaleQuery = (code: string) =>
  queryOptions({
    queryKey: ['asset-sales', 'detail', code],
    queryFn: ({ signal }) =>
      apiGet<PublicDisposal>(`/asset-sales/${encodeURIComponent(code)}/`, undefined, signal),
    meta: { silent: true },
    staleTime: 60_000,
    retryOnMount: false,
  });
export const useAssetSale = (code: string) =>
  useQuery({ ...assetSaleQuery(code), enabled: /^[A-Za-z0-9_-]{8,40}$/.test(code) });

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** A listed asset's photo, served by the API to anyone. */
export const photoUrl = (code: string, index: number) =>
  `/api/v1/asset-sales/${encodeURIComponent(code)}/photos/${index}/`;
