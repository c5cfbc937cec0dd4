import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Page, SupplierErasureRequest, SupplierErasureStatus } from '@zabuni/contracts';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

/** Issue 18, data protection: the operator's queue of suppliers' erasure requests. */
export const ERASURE_PAGE_SIZE = 20;
export const ERASURES_KEY = ['supplier-directory', 'moderation', 'erasure-requests'] as const;

export const erasuresQuery = (status: SupplierErasureStatus, page: number) =>
  queryOptions({
    queryKey: [...ERASURES_KEY, status, page],
    queryFn: ({ signal }) =>
      apiGet<Page<SupplierErasureRequest>>(
        '/supplier-directory/moderation/erasure-requests/',
        { status, page, page_size: ERASURE_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const carryOutErasure = (id: number) =>
  apiPost<SupplierErasureRequest>(`/supplier-directory/moderation/erasure-requests/${id}/carry-out/`, {});
