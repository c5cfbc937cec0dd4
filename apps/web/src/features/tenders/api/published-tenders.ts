import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ChangeClosingDateRequest,
  JobType,
  Page,
  PublishedTender,
  PublishedTenderOrder,
  Sector,
} from '@zabuni/contracts';
import { PAGE_SIZE } from '@zabuni/contracts/constants';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { sendMultipart, type MultipartValue, type UploadProgress } from '../../../lib/multipart.ts';

export interface PublishedTenderFilters {
  page: number;
  search?: string | undefined;
  sector?: Sector | undefined;
  job_type?: JobType | undefined;
}

/** SPEC §7: the advertiser's own tenders, `GET /tender-alerts/available-tenders/my-published-tenders/`. */
export const myPublishedTendersQuery = (filters: PublishedTenderFilters) =>
  queryOptions({
    queryKey: ['tender-alerts', 'my-published-tenders', filters],
    queryFn: ({ signal }) =>
      apiGet<Page<PublishedTender>>(
        '/tender-alerts/available-tenders/my-published-tenders/',
        {
          page: filters.page,
          page_size: PAGE_SIZE.listing,
          search: filters.search,
          sector: filters.sector,
          job_type: filters.job_type,
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
export const useMyPublishedTenders = (filters: PublishedTenderFilters) =>
  useQuery(myPublishedTendersQuery(filters));

/** SPEC §7: one order by its code (404 when it is not the caller's), shown by the page itself. */
export const publishedTenderOrderQuery = (code: string) =>
  queryOptions({
    queryKey: ['tender-alerts', 'my-published-tender', code],
    queryFn: ({ signal }) =>
      apiGet<PublishedTenderOrder>('/tender-alerts/available-tenders/my-published-tender/', { code }, signal),
    meta: { silent: true },
  });
export const usePublishedTenderOrder = (code: string) => useQuery(publishedTenderOrderQuery(code));

/** SPEC §7: `POST /tender-alerts/available-tenders/publish-tender/` (multipart, with the documents). */
export const publishTender = (
  fields: Record<string, MultipartValue>,
  onProgress: (progress: UploadProgress) => void,
) =>
  sendMultipart<PublishedTenderOrder>('POST', '/tender-alerts/available-tenders/publish-tender/', fields, {
    onProgress,
  });

/** Issue 16 point 2: a new closing date (day and time in EAT) for the advertiser's own unpaid tender. */
export const changeClosingDate = (id: number, body: ChangeClosingDateRequest) =>
  apiPost<PublishedTender>(`/tender-alerts/available-tenders/my-published-tenders/${id}/closing-date/`, body);

/** Issue 16 point 2: withdraw the advertiser's own unpaid tender (never public, never payable). */
export const withdrawTender = (id: number) =>
  apiPost<PublishedTender>(`/tender-alerts/available-tenders/my-published-tenders/${id}/withdraw/`);
