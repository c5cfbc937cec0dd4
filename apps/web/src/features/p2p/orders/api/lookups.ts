import { queryOptions } from '@tanstack/react-query';
import type { Department, Page, RequisitionView, TaxRate, requisitionSummary } from '@zabuni/contracts';
import type { z } from 'zod';
import { apiGet } from '../../../../lib/api-client.ts';
import { fetchAllPages } from '../../../../lib/fetch-all.ts';
import { ordersKey } from './keys.ts';

export type RequisitionSummary = z.infer<typeof requisitionSummary>;
export type { RequisitionView, TaxRate, Department };

/** The organisation's tax rates, the default first (a short list). */
export const taxRatesQuery = (organisationId: number) =>
  queryOptions({
    queryKey: ordersKey(organisationId, 'tax-rates'),
    queryFn: ({ signal }) => fetchAllPages<TaxRate>('/p2p/tax-rates/', {}, signal),
    staleTime: 5 * 60_000,
  });

/** Active departments (cost centres) for direct order lines: tens, one page of 100 holds them. */
export const activeDepartmentsQuery = (organisationId: number) =>
  queryOptions({
    queryKey: ordersKey(organisationId, 'departments', 'active'),
    queryFn: ({ signal }) =>
      apiGet<Page<Department>>('/p2p/departments/', { active: 'true', page: 1, page_size: 100 }, signal),
    staleTime: 5 * 60_000,
  });

/** Approved requisitions, the ones an order can be raised from. */
export const approvedRequisitionsQuery = (organisationId: number) =>
  queryOptions({
    queryKey: ordersKey(organisationId, 'requisitions', 'approved'),
    queryFn: ({ signal }) =>
      fetchAllPages<RequisitionSummary>('/p2p/requisitions/', { status: 'approved' }, signal),
    staleTime: 30_000,
  });

export const requisitionQuery = (organisationId: number, id: number) =>
  queryOptions({
    queryKey: ordersKey(organisationId, 'requisitions', 'one', id),
    queryFn: ({ signal }) => apiGet<RequisitionView>(`/p2p/requisitions/${id}/`, undefined, signal),
    staleTime: 30_000,
  });
