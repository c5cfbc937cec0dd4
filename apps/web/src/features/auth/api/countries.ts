import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Country, Page } from '@zabuni/contracts';
import { PAGE_SIZE } from '@zabuni/contracts/constants';
import { apiGet } from '../../../lib/api-client.ts';

/** All 54 countries fit in one page (the maximum page size is 100). */
export const allCountriesQuery = queryOptions({
  queryKey: ['core', 'countries', 'all'],
  queryFn: ({ signal }) =>
    apiGet<Page<Country>>('/core/countries/', { page: 1, page_size: PAGE_SIZE.max }, signal),
  staleTime: Infinity,
});
export const useAllCountries = () => useQuery(allCountriesQuery);
