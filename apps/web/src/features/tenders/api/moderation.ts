import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ModerationTender, Page } from '@zabuni/contracts';
import { REVIEW_STATES, type ReviewState } from '@zabuni/domain';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { sendMultipart, type MultipartValue, type UploadProgress } from '../../../lib/multipart.ts';

export type ReviewFilter = ReviewState;
export const REVIEW_TABS = REVIEW_STATES;

export interface ModerationFilters {
  review: ReviewFilter;
  page: number;
  search?: string | undefined;
}

const BASE = '/tender-alerts/moderation/tenders/';
/** The review queue is work, not a showcase: a moderator sees a day's submissions on one page. */
export const MODERATION_PAGE_SIZE = 50;

export const moderationQueueQuery = (filters: ModerationFilters) =>
  queryOptions({
    queryKey: ['tender-alerts', 'moderation', 'list', filters],
    queryFn: ({ signal }) =>
      apiGet<Page<ModerationTender>>(
        BASE,
        {
          review: filters.review,
          page: filters.page,
          page_size: MODERATION_PAGE_SIZE,
          search: filters.search,
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
export const useModerationQueue = (filters: ModerationFilters) => useQuery(moderationQueueQuery(filters));

export const moderationTenderQuery = (id: number) =>
  queryOptions({
    queryKey: ['tender-alerts', 'moderation', 'detail', id],
    queryFn: ({ signal }) => apiGet<ModerationTender>(`${BASE}${id}/`, undefined, signal),
    meta: { silent: true },
  });
export const useModerationTender = (id: number) =>
  useQuery({ ...moderationTenderQuery(id), enabled: Number.isInteger(id) && id > 0 });

export const moderationApi = {
  approve: (id: number) => apiPost<unknown>(`${BASE}${id}/approve/`),
  reject: (id: number, reason: string) => apiPost<unknown>(`${BASE}${id}/reject/`, { reason }),
  cancel: (id: number) => apiPost<unknown>(`${BASE}${id}/cancel/`),
  create: (fields: Record<string, MultipartValue>, onProgress: (progress: UploadProgress) => void) =>
    sendMultipart<ModerationTender>('POST', BASE, fields, { onProgress }),
  update: (
    id: number,
    fields: Record<string, MultipartValue>,
    onProgress: (progress: UploadProgress) => void,
  ) => sendMultipart<ModerationTender>('PUT', `${BASE}${id}/`, fields, { onProgress }),
};
