import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CreditNoteFormInput,
  InvoiceCreditNotesView,
  InvoiceView,
  Page,
  PurchaseOrderView,
  invoiceSummary,
  purchaseOrderSummary,
  supplierStatement,
} from '@zabuni/contracts';
import type { InvoiceStatus, PurchaseOrderStatus } from '@zabuni/domain';
import type { z } from 'zod';
import { apiGet, request, type QueryParams } from '../../lib/api-client.ts';
import { sendMultipart, type UploadProgress } from '../../lib/multipart.ts';
import type { IssuedCreditNote } from '../../components/credit-notes/CreditNotesSection.tsx';

export type PortalOrderSummary = z.infer<typeof purchaseOrderSummary>;
export type PortalOrder = PurchaseOrderView;
export type PortalInvoiceSummary = z.infer<typeof invoiceSummary>;
export type PortalInvoice = InvoiceView;
export type Statement = z.infer<typeof supplierStatement>;
export type StatementRow = Statement['rows'][number];
export type OpenInvoice = Statement['open_invoices'][number];

/** A buying organisation that lists the supplier (the buyer switcher's choices). */
export interface PortalBuyer {
  id: number;
  name: string;
  /** A buyer that blocked the supplier sends it no new orders; its documents stay readable. */
  status: 'active' | 'blocked';
}

export const PAGE_SIZE = 20;
/** Every portal query starts with this key: switching buyers refetches them all. */
export const PORTAL_KEY = 'portal';

export interface OrderFilters {
  page: number;
  status?: PurchaseOrderStatus;
  search?: string;
  ordering?: string;
}

export interface InvoiceFilters {
  page: number;
  status?: InvoiceStatus;
  search?: string;
  purchaseOrder?: number;
}

export const orderListParams = (filters: Omit<OrderFilters, 'page'>): QueryParams => ({
  status: filters.status,
  search: filters.search,
  ordering: filters.ordering,
});

export const invoiceListParams = (filters: Omit<InvoiceFilters, 'page'>): QueryParams => ({
  status: filters.status,
  search: filters.search,
  purchase_order: filters.purchaseOrder,
});

export const ordersQuery = (filters: OrderFilters) =>
  queryOptions({
    queryKey: [PORTAL_KEY, 'orders', 'list', filters],
    queryFn: ({ signal }) =>
      apiGet<Page<PortalOrderSummary>>(
        '/portal/purchase-orders/',
        { ...orderListParams(filters), page: filters.page, page_size: PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/** How many orders wait for an answer (the navigation's count and the list's banner). */
export const toAcknowledgeQuery = queryOptions({
  queryKey: [PORTAL_KEY, 'orders', 'to-acknowledge'],
  queryFn: ({ signal }) =>
    apiGet<Page<PortalOrderSummary>>(
      '/portal/purchase-orders/',
      { status: 'sent', page: 1, page_size: 1 },
      signal,
    ),
  meta: { silent: true },
});

export const orderQuery = (id: number) =>
  queryOptions({
    queryKey: [PORTAL_KEY, 'orders', 'one', id],
    queryFn: ({ signal }) => apiGet<PortalOrder>(`/portal/purchase-orders/${id}/`, undefined, signal),
    // The page shows a missing order itself.
    meta: { silent: true },
  });
export const useOrder = (id: number) => useQuery({ ...orderQuery(id), enabled: id > 0 });

/** Orders that can be invoiced (the server's own list: sent, acknowledged, partly or fully received). */
export const INVOICEABLE_STATUSES = ['acknowledged', 'sent', 'partially_received', 'received'] as const;

export const invoicesQuery = (filters: InvoiceFilters) =>
  queryOptions({
    queryKey: [PORTAL_KEY, 'invoices', 'list', filters],
    queryFn: ({ signal }) =>
      apiGet<Page<PortalInvoiceSummary>>(
        '/portal/invoices/',
        { ...invoiceListParams(filters), page: filters.page, page_size: PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const invoiceQuery = (id: number) =>
  queryOptions({
    queryKey: [PORTAL_KEY, 'invoices', 'one', id],
    queryFn: ({ signal }) => apiGet<PortalInvoice>(`/portal/invoices/${id}/`, undefined, signal),
    meta: { silent: true },
  });
export const useInvoice = (id: number, enabled = true) =>
  useQuery({ ...invoiceQuery(id), enabled: enabled && id > 0 });

/**
 * A statement's period: East Africa Time days ("2026-11-01"), both inclusive; absent, the API takes the
 * first transaction and today.
 */
export interface StatementPeriod {
  from?: string;
  to?: string;
}
const periodParams = ({ from, to }: StatementPeriod) => ({
  ...(from ? { from } : {}),
  ...(to ? { to } : {}),
});

export const statementQuery = (period: StatementPeriod = {}) =>
  queryOptions({
    queryKey: [PORTAL_KEY, 'statement', periodParams(period)],
    queryFn: ({ signal }) => apiGet<Statement>('/portal/statement/', periodParams(period), signal),
    meta: { silent: true },
    placeholderData: keepPreviousData,
  });

/** Where the statement of the period downloads (the browser follows the link with the session cookie). */
export const statementDownloadUrl = (format: 'pdf' | 'xlsx', period: StatementPeriod = {}) =>
  `/api/v1/portal/statement/?${new URLSearchParams({ format, ...periodParams(period) }).toString()}`;
export const orderPdfUrl = (id: number) => `/api/v1/portal/purchase-orders/${id}/pdf/`;

/**
 * The buyers whose supplier lists the supplier is on, and the one the session's token works for (`current`,
 * the buyer every portal answer is about; null when it is none of them).
 */
export const portalBuyersQuery = queryOptions({
  queryKey: [PORTAL_KEY, 'buyers'],
  queryFn: ({ signal }) =>
    apiGet<{ current: number | null; results: PortalBuyer[] }>('/portal/buyers/', undefined, signal),
  staleTime: 5 * 60_000,
  meta: { silent: true },
});

export const acknowledgeOrder = (id: number) =>
  request<PortalOrder>('POST', `/portal/purchase-orders/${id}/acknowledge/`, { body: {} });

export const declineOrder = (id: number, reason: string) =>
  request<PortalOrder>('POST', `/portal/purchase-orders/${id}/decline/`, { body: { reason } });

export interface InvoicePayload {
  purchase_order_id: number;
  invoice_number: string;
  invoice_date: string;
  lines: Array<{
    purchase_order_line_id: number | null;
    description: string;
    quantity: string;
    unit_price: string;
  }>;
}

export const submitInvoice = (payload: InvoicePayload) =>
  request<PortalInvoice>('POST', '/portal/invoices/', { body: payload });

/** One of my invoices' credit notes, and what is still open on it. */
export const creditNotesQuery = (invoiceId: number) =>
  queryOptions({
    queryKey: [PORTAL_KEY, 'invoices', 'credit-notes', invoiceId],
    queryFn: ({ signal }) =>
      apiGet<InvoiceCreditNotesView>(`/portal/invoices/${invoiceId}/credit-notes/`, undefined, signal),
    meta: { silent: true },
  });

/** Issues a credit note against one of my invoices (answers a credit note requested). */
export const issueCreditNote = (invoiceId: number, body: CreditNoteFormInput) =>
  request<IssuedCreditNote>('POST', `/portal/invoices/${invoiceId}/credit-notes/`, { body });

export const attachInvoiceFile = (id: number, file: File, onProgress?: (progress: UploadProgress) => void) =>
  sendMultipart<PortalInvoice>('POST', `/portal/invoices/${id}/file/`, { file: [file] }, { onProgress });

/** The invoices already sent against one order (to know what is still to invoice), every page. */
export async function invoicesOfOrder(orderId: number, signal?: AbortSignal): Promise<PortalInvoice[]> {
  const summaries: PortalInvoiceSummary[] = [];
  for (let page = 1; page < 50; page += 1) {
    const answer = await apiGet<Page<PortalInvoiceSummary>>(
      '/portal/invoices/',
      { purchase_order: orderId, page, page_size: 100 },
      signal,
    );
    summaries.push(...answer.results);
    if (!answer.next || answer.results.length === 0) break;
  }
  return Promise.all(
    summaries.map((summary) => apiGet<PortalInvoice>(`/portal/invoices/${summary.id}/`, undefined, signal)),
  );
}

export const orderInvoicesQuery = (orderId: number) =>
  queryOptions({
    queryKey: [PORTAL_KEY, 'invoices', 'of-order', orderId],
    queryFn: ({ signal }) => invoicesOfOrder(orderId, signal),
    enabled: orderId > 0,
  });
