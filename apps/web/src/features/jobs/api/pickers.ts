import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Buyer, Country, Page } from '@zabuni/contracts';
import { PAGE_SIZE } from '@zabuni/contracts/constants';
import { apiGet } from '../../../lib/api-client.ts';

/** Client picker: `GET /core/buyers/` with the picker page size (SPEC §9: 10). */
export const buyersQuery = (search: string, page = 1) =>
  queryOptions({
    queryKey: ['core', 'buyers', search, page],
    queryFn: ({ signal }) =>
      apiGet<Page<Buyer>>('/core/buyers/', { page, page_size: PAGE_SIZE.picker, search }, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** Country picker: only countries that have jobs (`GET /core/countries/available-jobs/`). */
export const jobCountriesQuery = (search: string, page = 1) =>
  queryOptions({
    queryKey: ['core', 'countries', 'available-jobs', search, page],
    queryFn: ({ signal }) =>
      apiGet<Page<Country>>(
        '/core/countries/available-jobs/',
        { page, page_size: PAGE_SIZE.picker, search },
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useBuyers = (search: string, page = 1) => useQuery(buyersQuery(search, page));
export const useJobCountries = (search: string, page = 1) => useQuery(jobCountriesQuery(search, page));
