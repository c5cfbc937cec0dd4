import { queryOptions } from '@tanstack/react-query';
import type {
  Page,
  portalTender,
  portalTenderSummary,
  tenderBidForm,
  tenderBidReceipt,
} from '@zabuni/contracts';
import type { z } from 'zod';
import { apiGet, apiPost, request } from '../../lib/api-client.ts';

export type PortalTender = z.infer<typeof portalTender>;
export type PortalTenderSummary = z.infer<typeof portalTenderSummary>;
export type TenderBidReceipt = z.infer<typeof tenderBidReceipt>;
export type TenderBidPayload = z.input<typeof tenderBidForm>;

export const TENDER_NS = 'portal-tendering';

export const portalTendersQuery = (page: number) =>
  queryOptions({
    queryKey: ['portal-tendering', 'list', page],
    queryFn: ({ signal }) =>
      apiGet<Page<PortalTenderSummary>>('/portal/tenders/', { page, page_size: 20 }, signal),
  });

export const portalTenderQuery = (id: number) =>
  queryOptions({
    queryKey: ['portal-tendering', 'one', id],
    queryFn: ({ signal }) => apiGet<PortalTender>(`/portal/tenders/${id}/`, undefined, signal),
  });

export const portalTenderingApi = {
  registerInterest: (id: number) => apiPost<PortalTender>(`/portal/tenders/${id}/interest/`),
  ask: (id: number, question: string) =>
    apiPost<PortalTender>(`/portal/tenders/${id}/clarifications/`, { question }),
  bid: (id: number, body: TenderBidPayload) =>
    request<TenderBidReceipt>('PUT', `/portal/tenders/${id}/bid/`, { body }),
};
