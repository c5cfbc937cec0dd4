import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  CreditNoteFormInput,
  InvoiceCreditNotesView,
  InvoiceView,
  Page,
  PAYMENT_METHODS,
  invoiceForm,
  invoiceSummary,
  supplierPayment,
} from '@zabuni/contracts';
import type { ExceptionResolution, InvoiceStatus } from '@zabuni/domain';
import type { z } from 'zod';
import { apiGet, request, type QueryParams } from '../../../../lib/api-client.ts';
import type { IssuedCreditNote } from '../../../../components/credit-notes/CreditNotesSection.tsx';
import { ordersKey, PAGE_SIZE } from './keys.ts';

export type InvoiceSummary = z.infer<typeof invoiceSummary>;
export type { InvoiceView };
export type Variance = InvoiceView['match']['variances'][number];
export type InvoicePayload = z.input<typeof invoiceForm>;
export type Payment = z.infer<typeof supplierPayment>;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const INVOICES_PATH = '/p2p/invoices/';
export const PAYMENTS_PATH = '/p2p/payments/';
export const invoicePath = (id: number | string, action = '') => `${INVOICES_PATH}${id}/${action}`;

export interface InvoiceFilters {
  page: number;
  /** The exception queue (exception and awaiting credit note). */
  exceptions: boolean;
  status?: InvoiceStatus;
  supplier?: number;
  purchaseOrder?: number;
  search?: string;
}

export const invoiceListParams = (filters: Omit<InvoiceFilters, 'page'>): QueryParams => ({
  exceptions: filters.exceptions ? 'true' : undefined,
  status: filters.status,
  supplier: filters.supplier,
  purchase_order: filters.purchaseOrder,
  search: filters.search,
});

export const invoicesQuery = (organisationId: number, filters: InvoiceFilters) =>
  queryOptions({
    queryKey: ordersKey(organisationId, 'invoices', 'list', filters),
    queryFn: ({ signal }) =>
      apiGet<Page<InvoiceSummary>>(
        INVOICES_PATH,
        { ...invoiceListParams(filters), page: filters.page, page_size: PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/** An order's invoices, shown on the order (an order has a handful). */
export const orderInvoicesQuery = (organisationId: number, orderId: number) =>
  queryOptions({
    queryKey: ordersKey(organisationId, 'invoices', 'of-order', orderId),
    queryFn: ({ signal }) =>
      apiGet<Page<InvoiceSummary>>(
        INVOICES_PATH,
        { purchase_order: orderId, page: 1, page_size: 100 },
        signal,
      ),
    meta: { silent: true },
  });

export const invoiceQuery = (organisationId: number, id: number) =>
  queryOptions({
    queryKey: ordersKey(organisationId, 'invoices', 'one', id),
    queryFn: ({ signal }) => apiGet<InvoiceView>(invoicePath(id), undefined, signal),
    meta: { silent: true },
  });

/** The attached PDF, opened by the browser (the session cookie goes with it). */
export const invoiceFileUrl = (id: number) => `/api/v1${invoicePath(id, 'file/')}`;

export interface PaymentFilters {
  page: number;
  supplier?: number;
}

export const paymentListParams = (filters: Omit<PaymentFilters, 'page'>): QueryParams => ({
  supplier: filters.supplier,
});

export const paymentsQuery = (organisationId: number, filters: PaymentFilters) =>
  queryOptions({
    queryKey: ordersKey(organisationId, 'payments', 'list', filters),
    queryFn: ({ signal }) =>
      apiGet<Page<Payment>>(
        PAYMENTS_PATH,
        { ...paymentListParams(filters), page: filters.page, page_size: PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const invoicesApi = {
  enter: (payload: InvoicePayload) => request<InvoiceView>('POST', INVOICES_PATH, { body: payload }),
  approve: (id: number) => request<InvoiceView>('POST', invoicePath(id, 'approve/'), { body: {} }),
  reject: (id: number, reason: string) =>
    request<InvoiceView>('POST', invoicePath(id, 'reject/'), { body: { reason } }),
  resolve: (id: number, resolution: ExceptionResolution, reason: string) =>
    request<InvoiceView>('POST', invoicePath(id, 'resolve-exception/'), { body: { resolution, reason } }),
  pay: (body: {
    invoice_id: number;
    reference: string;
    paid_on: string;
    amount: string;
    method: PaymentMethod;
  }) => request<Payment>('POST', PAYMENTS_PATH, { body }),
  /** Finance enters the supplier's credit note against the invoice. */
  creditNote: (id: number, body: CreditNoteFormInput) =>
    request<IssuedCreditNote>('POST', invoicePath(id, 'credit-notes/'), { body }),
};

/** The invoice's credit notes and what is still open on it. */
export const invoiceCreditNotesQuery = (organisationId: number, id: number) =>
  queryOptions({
    queryKey: ordersKey(organisationId, 'invoices', 'credit-notes', id),
    queryFn: ({ signal }) =>
      apiGet<InvoiceCreditNotesView>(invoicePath(id, 'credit-notes/'), undefined, signal),
    meta: { silent: true },
  });
