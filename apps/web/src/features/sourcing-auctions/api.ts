import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AuctionFormInput,
  AuctionResults,
  AuctionView,
  auctionSummary,
  DisposalView,
  Page,
} from '@zabuni/contracts';
import type { z } from 'zod';
import { apiGet, apiPost } from '../../lib/api-client.ts';
import { fetchAllPages } from '../../lib/fetch-all.ts';

export type AuctionSummary = z.infer<typeof auctionSummary>;
export type { AuctionView, AuctionResults, DisposalView };

export const NS = 'sourcing-auctions';
export const PAGE_SIZE = 20;
const BASE = '/sourcing/auctions';

export const auctionsKey = (organisationId: number, ...rest: readonly unknown[]) =>
  ['sourcing-auctions', organisationId, ...rest] as const;

export const auctionsQuery = (organisationId: number, page: number) =>
  queryOptions({
    queryKey: auctionsKey(organisationId, 'list', page),
    queryFn: ({ signal }) => apiGet<Page<AuctionSummary>>(`${BASE}/`, { page, page_size: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

export const auctionQuery = (organisationId: number, id: number) =>
  queryOptions({
    queryKey: auctionsKey(organisationId, 'one', id),
    queryFn: ({ signal }) => apiGet<AuctionView>(`${BASE}/${id}/`, undefined, signal),
  });

export const resultsQuery = (organisationId: number, id: number, enabled: boolean) =>
  queryOptions({
    queryKey: auctionsKey(organisationId, 'results', id),
    queryFn: ({ signal }) => apiGet<AuctionResults>(`${BASE}/${id}/results/`, undefined, signal),
    enabled,
  });

/** The buyer's supplier list, to invite from. */
export const suppliersQuery = (organisationId: number) =>
  queryOptions({
    queryKey: auctionsKey(organisationId, 'suppliers'),
    queryFn: ({ signal }) =>
      apiGet<Page<{ id: number; name: string }>>('/p2p/suppliers/', { page: 1, page_size: 100 }, signal),
    staleTime: 60_000,
  });

export const disposalsQuery = (organisationId: number, page: number) =>
  queryOptions({
    queryKey: auctionsKey(organisationId, 'disposals', page),
    queryFn: ({ signal }) =>
      apiGet<Page<DisposalView>>('/sourcing/disposals/', { page, page_size: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

export const disposalQuery = (organisationId: number, id: number) =>
  queryOptions({
    queryKey: auctionsKey(organisationId, 'disposal', id),
    queryFn: ({ signal }) => apiGet<DisposalView>(`/sourcing/disposals/${id}/`, undefined, signal),
  });

export const auctionsApi = {
  create: (payload: AuctionFormInput) => apiPost<AuctionView>(`${BASE}/`, payload),
  publish: (id: number) => apiPost<AuctionView>(`${BASE}/${id}/publish/`),
  cancel: (id: number) => apiPost<AuctionView>(`${BASE}/${id}/cancel/`),
  award: (id: number) => apiPost<AuctionView>(`${BASE}/${id}/award/`),
  liveUrl: (id: number) => `${BASE}/${id}/live/`,
};

export const disposalsApi = {
  create: (payload: unknown) => apiPost<DisposalView>('/sourcing/disposals/', payload),
  requestMethod: (id: number, payload: unknown) =>
    apiPost<DisposalView>(`/sourcing/disposals/${id}/method/`, payload),
  approveMethod: (id: number) => apiPost<DisposalView>(`/sourcing/disposals/${id}/method/approve/`),
  rejectMethod: (id: number) => apiPost<DisposalView>(`/sourcing/disposals/${id}/method/reject/`),
  list: (id: number, payload: unknown) =>
    apiPost<DisposalView>(`/sourcing/disposals/${id}/listing/`, payload),
  sale: (id: number, payload: unknown) => apiPost<DisposalView>(`/sourcing/disposals/${id}/sale/`, payload),
  dispose: (id: number) => apiPost<DisposalView>(`/sourcing/disposals/${id}/dispose/`),
  confirmOpening: (id: number, passphrase: string) =>
    apiPost<DisposalView>(`/sourcing/disposals/${id}/opening/`, { passphrase }),
  award: (id: number) => apiPost<DisposalView>(`/sourcing/disposals/${id}/award/`),
  approveAward: (id: number) => apiPost<DisposalView>(`/sourcing/disposals/${id}/award/approve/`),
  rejectAward: (id: number) => apiPost<DisposalView>(`/sourcing/disposals/${id}/award/reject/`),
  withdraw: (id: number) => apiPost<DisposalView>(`/sourcing/disposals/${id}/withdraw/`),
};

/** Staff who may sit on a public tender's opening committee (the read-only auditor aside). */
export const staffQuery = (organisationId: number) =>
  queryOptions({
    queryKey: auctionsKey(organisationId, 'staff'),
    queryFn: async ({ signal }) => {
      const rows = await fetchAllPages<{
        user_id: number;
        first_name: string;
        last_name: string;
        email: string;
        organisation: { id: number };
        role: string;
      }>('/organisations/members/', {}, signal);
      const people = new Map<number, { value: string; label: string }>();
      for (const row of rows) {
        if (row.organisation.id !== organisationId || row.role === 'auditor') continue;
        people.set(row.user_id, {
          value: String(row.user_id),
          label: `${row.first_name} ${row.last_name}`.trim() || row.email,
        });
      }
      return [...people.values()].sort((a, b) => a.label.localeCompare(b.label));
    },
    staleTime: 60_000,
  });
