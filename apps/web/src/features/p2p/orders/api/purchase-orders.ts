import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  Page,
  PurchaseOrderView,
  goodsReceipt,
  purchaseOrderForm,
  purchaseOrderSummary,
} from '@zabuni/contracts';
import type { PurchaseOrderStatus } from '@zabuni/domain';
import type { z } from 'zod';
import { apiGet, request, type QueryParams } from '../../../../lib/api-client.ts';
import { ordersKey, PAGE_SIZE } from './keys.ts';

export type PurchaseOrderSummary = z.infer<typeof purchaseOrderSummary>;
export type { PurchaseOrderView };
export type PurchaseOrderLine = PurchaseOrderView['lines'][number];
export type PurchaseOrderPayload = z.input<typeof purchaseOrderForm>;
export type GoodsReceipt = z.infer<typeof goodsReceipt>;

export const ORDERS_PATH = '/p2p/purchase-orders/';
export const orderPath = (id: number | string, action = '') => `${ORDERS_PATH}${id}/${action}`;
/** The printable order, opened by the browser itself (the session cookie goes with it). */
export const orderPdfUrl = (id: number) => `/api/v1${orderPath(id, 'pdf/')}`;

export interface OrderFilters {
  page: number;
  status?: PurchaseOrderStatus;
  supplier?: number;
  search?: string;
  ordering?: string;
}

export const orderListParams = (filters: Omit<OrderFilters, 'page'>): QueryParams => ({
  status: filters.status,
  supplier: filters.supplier,
  search: filters.search,
  ordering: filters.ordering,
});

export const ordersQuery = (organisationId: number, filters: OrderFilters) =>
  queryOptions({
    queryKey: ordersKey(organisationId, 'orders', 'list', filters),
    queryFn: ({ signal }) =>
      apiGet<Page<PurchaseOrderSummary>>(
        ORDERS_PATH,
        { ...orderListParams(filters), page: filters.page, page_size: PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/** Orders matching a search, for pickers (the invoice form's order). */
export const orderSearchQuery = (organisationId: number, search: string) =>
  queryOptions({
    queryKey: ordersKey(organisationId, 'orders', 'search', search),
    queryFn: ({ signal }) =>
      apiGet<Page<PurchaseOrderSummary>>(
        ORDERS_PATH,
        { search: search || undefined, page: 1, page_size: 50 },
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const orderQuery = (organisationId: number, id: number) =>
  queryOptions({
    queryKey: ordersKey(organisationId, 'orders', 'one', id),
    queryFn: ({ signal }) => apiGet<PurchaseOrderView>(orderPath(id), undefined, signal),
    // The page shows a missing or foreign order itself.
    meta: { silent: true },
  });

export const receiptsQuery = (organisationId: number, orderId: number) =>
  queryOptions({
    queryKey: ordersKey(organisationId, 'orders', 'one', orderId, 'receipts'),
    queryFn: ({ signal }) =>
      apiGet<{ results: GoodsReceipt[] }>('/p2p/goods-receipts/', { purchase_order: orderId }, signal),
    meta: { silent: true },
  });

export const saveOrder = (id: number | null, payload: PurchaseOrderPayload) =>
  id === null
    ? request<PurchaseOrderView>('POST', ORDERS_PATH, { body: payload })
    : request<PurchaseOrderView>('PUT', orderPath(id), { body: payload });

/** The order's moves that take no words (submit, send, close). */
export type PlainOrderAction = 'submit' | 'send' | 'close';

export const ordersApi = {
  act: (id: number, action: PlainOrderAction) =>
    request<PurchaseOrderView>('POST', orderPath(id, `${action}/`), { body: {} }),
  approve: (id: number, body: { comment?: string; step?: number }) =>
    request<PurchaseOrderView>('POST', orderPath(id, 'approve/'), { body }),
  reject: (id: number, body: { comment: string; step?: number }) =>
    request<PurchaseOrderView>('POST', orderPath(id, 'reject/'), { body }),
  cancel: (id: number, reason: string) =>
    request<PurchaseOrderView>('POST', orderPath(id, 'cancel/'), { body: { reason } }),
  receive: (body: {
    purchase_order_id: number;
    received_on: string;
    note: string;
    lines: Array<{
      purchase_order_line_id: number;
      received: string;
      accepted: string;
      rejected: string;
      rejection_reason: string;
    }>;
  }) => request<GoodsReceipt>('POST', '/p2p/goods-receipts/', { body }),
};
