import { queryOptions } from '@tanstack/react-query';
import type {
  Page,
  portalRfq,
  portalRfqSummary,
  quoteForm,
  quoteReceipt,
  receiptCheck,
} from '@zabuni/contracts';
import type { z } from 'zod';
import { apiGet, apiPost } from '../../lib/api-client.ts';

export type PortalRfq = z.infer<typeof portalRfq>;
export type PortalRfqSummary = z.infer<typeof portalRfqSummary>;
export type QuoteReceipt = z.infer<typeof quoteReceipt>;
export type ReceiptCheck = z.infer<typeof receiptCheck>;
export type QuotePayload = z.input<typeof quoteForm>;

export const RFQ_NS = 'portal-rfqs';

export const portalRfqsQuery = (buyerId: number | null, page: number) =>
  queryOptions({
    queryKey: ['portal-rfqs', buyerId, 'list', page],
    queryFn: ({ signal }) => apiGet<Page<PortalRfqSummary>>('/portal/rfqs/', { page, page_size: 20 }, signal),
  });

export const portalRfqQuery = (buyerId: number | null, id: number) =>
  queryOptions({
    queryKey: ['portal-rfqs', buyerId, 'one', id],
    queryFn: ({ signal }) => apiGet<PortalRfq>(`/portal/rfqs/${id}/`, undefined, signal),
  });

export const portalRfqsApi = {
  ask: (id: number, question: string) => apiPost<PortalRfq>(`/portal/rfqs/${id}/questions/`, { question }),
  quote: (id: number, body: QuotePayload) => apiPost<QuoteReceipt>(`/portal/rfqs/${id}/quote/`, body),
  verify: (code: string, sha256: string) =>
    apiPost<ReceiptCheck>('/portal/rfqs/receipts/verify/', { code, sha256 }),
};
