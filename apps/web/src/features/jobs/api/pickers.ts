import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Buyer, Country, Page } from '@zabuni/contracts';
import { PAGE_SIZE } from '@zabuni/contracts/constants';
import { apiGet } from '../../../lib/api-client.ts';

/** Client picker: `GET /core/buyers/` with the picker page size (SPEC §9: 10). */
export const buyersQuery = (search: string) =>
  queryOptions({
    queryKey: ['core', 'buyers', search],
    queryFn: ({ signal }) =>
      apiGet<Page<Buyer>>('/core/buyers/', { page: 1, page_size: PAGE_SIZE.picker, search }, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

/** Country picker: only countries that have jobs (`GET /core/countries/available-jobs/`). */
export const jobCountriesQuery = (search: string) =>
  queryOptions({
    queryKey: ['core', 'countries', 'available-jobs', search],
    queryFn: ({ signal }) =>
      apiGet<Page<Country>>(
        '/core/countries/available-jobs/',
        { page: 1, page_size: PAGE_SIZE.picker, search },
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useBuyers = (search: string) => useQuery(buyersQuery(search));
export const useJobCountries = (search: string) => useQuery(jobCountriesQuery(search));
