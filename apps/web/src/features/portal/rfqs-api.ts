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

/** Download address of one of the buyer's documents of an invitation. */
export const portalRfqDocumentUrl = (id: number, documentId: number) =>
  `/api/v1/portal/rfqs/${id}/documents/${documentId}/`;

/** The quote's documents (sealed inside it): three at most, 2 MB each (the API's limits). */
export const QUOTE_DOCUMENTS_MAX = 3;
export const QUOTE_DOCUMENT_BYTES = 2 * 1024 * 1024;

/** A file as the quote carries it: its name and its bytes in base64. */
export async function quoteDocumentOf(file: File): Promise<{ file_name: string; content_base64: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { file_name: file.name, content_base64: btoa(binary) };
}
