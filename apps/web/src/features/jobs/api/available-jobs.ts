import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  AvailableJob,
  AvailableJobDetail,
  DeadlineFilterOption,
  PublicListPage,
} from '@zabuni/contracts';
import { PAGE_SIZE } from '@zabuni/contracts/constants';
import { apiGet } from '../../../lib/api-client.ts';

export interface JobFilters {
  page: number;
  search?: string | undefined;
  client?: number | undefined;
  country?: number | undefined;
  deadline?: DeadlineFilterOption | undefined;
}

export const availableJobsQuery = (filters: JobFilters) =>
  queryOptions({
    queryKey: ['core', 'available-jobs', filters],
    queryFn: ({ signal }) =>
      apiGet<PublicListPage<AvailableJob>>(
        '/core/available-jobs/',
        {
          page: filters.page,
          page_size: PAGE_SIZE.listing,
          search: filters.search,
          client: filters.client,
          country: filters.country,
          deadline: filters.deadline,
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const useAvailableJobs = (filters: JobFilters) => useQuery(availableJobsQuery(filters));

export const availableJobQuery = (id: number) =>
  queryOptions({
    queryKey: ['core', 'available-jobs', 'detail', id],
    queryFn: ({ signal }) => apiGet<AvailableJobDetail>(`/core/available-jobs/${id}/`, undefined, signal),
    // A 404 (unknown or not public) is shown by the job's page itself, not as a toast, and not asked again.
    meta: { silent: true },
    staleTime: 5 * 60_000,
    retryOnMount: false,
  });

export const useAvailableJob = (id: number, enabled: boolean) =>
  useQuery({ ...availableJobQuery(id), enabled });
