import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  DeadlineFilterOption,
  JobType,
  PublicListPage,
  Sector,
  Tender,
  TenderDetail,
} from '@zabuni/contracts';
import { PAGE_SIZE } from '@zabuni/contracts/constants';
import { ApiError, apiGet } from '../../../lib/api-client.ts';

export interface TenderFilters {
  page: number;
  search?: string | undefined;
  category?: number | undefined;
  sector?: Sector | undefined;
  job_type?: JobType | undefined;
  country?: number | undefined;
  deadline?: DeadlineFilterOption | undefined;
}

/** SPEC §7: `GET /tender-alerts/available-tenders/` with the listing page size (16). */
export const availableTendersQuery = (filters: TenderFilters) =>
  queryOptions({
    queryKey: ['tender-alerts', 'available-tenders', filters],
    queryFn: ({ signal }) =>
      apiGet<PublicListPage<Tender>>(
        '/tender-alerts/available-tenders/',
        {
          page: filters.page,
          page_size: PAGE_SIZE.listing,
          search: filters.search,
          category: filters.category,
          sector: filters.sector,
          job_type: filters.job_type,
          country: filters.country,
          deadline: filters.deadline,
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const useAvailableTenders = (filters: TenderFilters, enabled = true) =>
  useQuery({ ...availableTendersQuery(filters), enabled });

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** One public tender; a 404 (unknown or not public) is shown by the page itself, not as a toast. */
export const tenderQuery = (id: number) =>
  queryOptions({
    queryKey: ['tender-alerts', 'available-tenders', 'detail', id],
    queryFn: ({ signal }) =>
      apiGet<TenderDetail>(`/tender-alerts/available-tenders/${id}/`, undefined, signal),
    meta: { silent: true },
    staleTime: 60_000,
    // An unknown tender stays unknown: the not-found page the server rendered is kept, not asked again.
    retryOnMount: false,
  });

export const useTender = (id: number) =>
  useQuery({ ...tenderQuery(id), enabled: Number.isInteger(id) && id > 0 });
