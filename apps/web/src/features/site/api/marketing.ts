import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModerationBuyer, Price, PublicClient, SiteContent, SiteContentPage } from '@zabuni/contracts';
import { useTranslation } from 'react-i18next';
import { apiGet, request } from '../../../lib/api-client.ts';
import { normaliseLanguage } from '../../../lib/i18n.ts';

/**
 * Issue 17: the marketing pages read their texts from the API (content files per language the operator
 * edits), in the interface language; the server renders them with the same queries.
 */
export const siteContentQuery = <P extends SiteContentPage>(page: P, language: string) =>
  queryOptions({
    queryKey: ['core', 'site-content', page, language],
    queryFn: ({ signal }) =>
      apiGet<{ page: P; language: string; content: SiteContent[P] }>(
        `/core/site-content/${page}/`,
        { lang: language },
        signal,
      ),
    staleTime: 5 * 60_000,
  });

/** The page's content in the interface language (the previous language's stays shown while switching). */
export function useSiteContent<P extends SiteContentPage>(page: P) {
  const { i18n } = useTranslation();
  const language = normaliseLanguage(i18n.resolvedLanguage ?? i18n.language) ?? 'en';
  return useQuery({ ...siteContentQuery(page, language), placeholderData: (previous) => previous });
}

export const clientsQuery = queryOptions({
  queryKey: ['core', 'clients'],
  queryFn: ({ signal }) => apiGet<{ results: PublicClient[] }>('/core/clients/', undefined, signal),
  staleTime: 5 * 60_000,
});

export const pricesQuery = queryOptions({
  queryKey: ['core', 'prices'],
  queryFn: ({ signal }) => apiGet<{ results: Price[] }>('/core/prices/', undefined, signal),
  staleTime: 60_000,
});

/** A product's price from the list, or undefined while loading or when it is not on sale. */
export const priceOf = (list: { results: Price[] } | undefined, product: string) =>
  list?.results.find((p) => p.product === product);

// ---- the operator (moderation area) ----

export const moderationPricesQuery = queryOptions({
  queryKey: ['moderation', 'prices'],
  queryFn: ({ signal }) => apiGet<{ results: Price[] }>('/core/moderation/prices/', undefined, signal),
});

export const setPrice = (product: string, amountMinor: number) =>
  request<Price>('PUT', `/core/moderation/prices/${product}/`, { body: { amount_minor: amountMinor } });

export const moderationBuyersQuery = (search: string) =>
  queryOptions({
    queryKey: ['moderation', 'buyers', search],
    queryFn: ({ signal }) =>
      apiGet<{ results: ModerationBuyer[] }>(
        '/core/moderation/buyers/',
        search ? { search } : undefined,
        signal,
      ),
    placeholderData: (previous) => previous,
  });

export const changeBuyer = (id: number, change: { shown_as_client?: boolean; sector?: string | null }) =>
  request<ModerationBuyer>('PATCH', `/core/moderation/buyers/${id}/`, { body: change });
