import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Page, SupplierInvitation, supplier, supplierUpdate } from '@zabuni/contracts';
import type { z } from 'zod';
import { apiGet, apiPatch, apiPost, type QueryParams } from '../../../../lib/api-client.ts';
import { ordersKey, PAGE_SIZE } from './keys.ts';

export type Supplier = z.infer<typeof supplier>;
export type SupplierStatus = Supplier['status'];
export type SupplierChange = z.input<typeof supplierUpdate>;

export const SUPPLIERS_PATH = '/p2p/suppliers/';

export interface SupplierFilters {
  page: number;
  status?: SupplierStatus;
  category?: number;
  search?: string;
}

export const supplierListParams = (filters: Omit<SupplierFilters, 'page'>): QueryParams => ({
  status: filters.status,
  category: filters.category,
  search: filters.search,
});

export const suppliersQuery = (organisationId: number, filters: SupplierFilters) =>
  queryOptions({
    queryKey: ordersKey(organisationId, 'suppliers', 'list', filters),
    queryFn: ({ signal }) =>
      apiGet<Page<Supplier>>(
        SUPPLIERS_PATH,
        { ...supplierListParams(filters), page: filters.page, page_size: PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/**
 * Supplier pickers: suppliers matching what is typed, one page — only active ones for a new order, any for
 * a list's filter.
 */
export const supplierSearchQuery = (organisationId: number, search: string, onlyActive: boolean) =>
  queryOptions({
    queryKey: ordersKey(organisationId, 'suppliers', 'search', onlyActive, search),
    queryFn: ({ signal }) =>
      apiGet<Page<Supplier>>(
        SUPPLIERS_PATH,
        { status: onlyActive ? 'active' : undefined, search: search || undefined, page: 1, page_size: 20 },
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const supplierQuery = (organisationId: number, id: number) =>
  queryOptions({
    queryKey: ordersKey(organisationId, 'suppliers', 'one', id),
    queryFn: ({ signal }) => apiGet<Supplier>(`${SUPPLIERS_PATH}${id}/`, undefined, signal),
    meta: { silent: true },
  });

export const suppliersApi = {
  add: (form: Partial<SupplierInvitation> & Pick<SupplierInvitation, 'name' | 'email'>) =>
    apiPost<Supplier>(SUPPLIERS_PATH, form),
  update: (id: number, change: SupplierChange) => apiPatch<Supplier>(`${SUPPLIERS_PATH}${id}/`, change),
};
