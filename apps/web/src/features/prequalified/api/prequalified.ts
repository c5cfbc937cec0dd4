import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PrequalifiedCategories, PrequalifiedOrder, PrequalifiedOrderValues } from '@zabuni/contracts';
import { PAGE_SIZE } from '@zabuni/contracts/constants';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

/** SPEC §7 `GET /prequalified-suppliers/categories/`: a page of categories (picker size) and today's pricing. */
export const prequalifiedCategoriesQuery = (search: string, page = 1) =>
  queryOptions({
    queryKey: ['prequalified-suppliers', 'categories', search, page],
    queryFn: ({ signal }) =>
      apiGet<PrequalifiedCategories>(
        '/prequalified-suppliers/categories/',
        { page, page_size: PAGE_SIZE.picker, search },
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
export const usePrequalifiedCategories = (search: string, page = 1) =>
  useQuery(prequalifiedCategoriesQuery(search, page));
/** Today's pricing (the first page's answer carries it). */
export const usePricing = () => useQuery(prequalifiedCategoriesQuery('', 1)).data?.pricing ?? null;

/** SPEC §7 `POST /prequalified-suppliers/orders/` → 201 with the order's id. */
export const createPrequalifiedOrder = (values: PrequalifiedOrderValues) =>
  apiPost<{ id: string; reference: string }>('/prequalified-suppliers/orders/', values);

/** SPEC §7 `GET /prequalified-suppliers/orders/{id}/`: the order, personal data masked. */
export const prequalifiedOrderQuery = (id: string) =>
  queryOptions({
    queryKey: ['prequalified-suppliers', 'order', id],
    queryFn: ({ signal }) =>
      apiGet<PrequalifiedOrder>(
        `/prequalified-suppliers/orders/${encodeURIComponent(id)}/`,
        undefined,
        signal,
      ),
    // The page shows a missing order itself.
    meta: { silent: true },
  });
