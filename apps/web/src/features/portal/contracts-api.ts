import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Page, PortalContract, PortalContractSummary } from '@zabuni/contracts';
import { apiGet, apiPost } from '../../lib/api-client.ts';
import { PAGE_SIZE, PORTAL_KEY } from './api.ts';

export type { PortalContract, PortalContractSummary };

const BASE = '/portal/contracts';
export const NS_CONTRACTS = 'portal-contracts';

/** Contracts sent to the supplier for signature and after (from any buyer). */
export const contractsQuery = (page: number) =>
  queryOptions({
    queryKey: [PORTAL_KEY, 'contracts', page],
    queryFn: ({ signal }) =>
      apiGet<Page<PortalContractSummary>>(`${BASE}/`, { page, page_size: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

export const contractQuery = (id: number) =>
  queryOptions({
    queryKey: [PORTAL_KEY, 'contracts', 'detail', id],
    queryFn: ({ signal }) => apiGet<PortalContract>(`${BASE}/${id}/`, {}, signal),
  });

export const portalContractsApi = {
  requestCode: (id: number) =>
    apiPost<{ method: 'email_code' | 'authenticator' }>(`${BASE}/${id}/signature-code/`),
  sign: (id: number, code: string) => apiPost<PortalContract>(`${BASE}/${id}/sign/`, { code }),
};
