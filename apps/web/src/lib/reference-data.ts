import {
  keepPreviousData,
  queryOptions,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Category, Country, Page } from '@zabuni/contracts';
import { PAGE_SIZE } from '@zabuni/contracts/constants';
import { apiGet } from './api-client.ts';

/** Category picker: `GET /core/category-types/` with the picker page size (SPEC §9: 10). */
export const categoriesQuery = (search: string, page = 1) =>
  queryOptions({
    queryKey: ['core', 'category-types', search, page],
    queryFn: ({ signal }) =>
      apiGet<Page<Category>>('/core/category-types/', { page, page_size: PAGE_SIZE.picker, search }, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
export const useCategories = (search: string, page = 1) => useQuery(categoriesQuery(search, page));

/** A category's name from any category search already answered in this visit (the API has no lookup by id). */
export function knownCategory(queryClient: QueryClient, id: number | undefined): Category | undefined {
  if (id === undefined) return undefined;
  for (const [, page] of queryClient.getQueriesData<Page<Category>>({
    queryKey: ['core', 'category-types'],
  })) {
    const found = page?.results.find((category) => category.id === id);
    if (found) return found;
  }
  return undefined;
}

/** All 54 countries fit in one page (the maximum page size is 100); shared with other pickers by key. */
export const allCountriesQuery = queryOptions({
  queryKey: ['core', 'countries', 'all'],
  queryFn: ({ signal }) =>
    apiGet<Page<Country>>('/core/countries/', { page: 1, page_size: PAGE_SIZE.max }, signal),
  staleTime: Infinity,
});
export const useAllCountries = () => useQuery(allCountriesQuery);

/** SPEC §9: the tender list starts filtered on Kenya. */
export const DEFAULT_COUNTRY_ISO2 = 'KE';

/** What the line editor's category picker needs: the search, and the names searches have already met. */
export function useCategoryPicker() {
  const queryClient = useQueryClient();
  return {
    useOptions: useCategories,
    known: (id: number) => knownCategory(queryClient, id)?.name,
  };
}
