import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { delegation, DelegationForm, Page } from '@zabuni/contracts';
import type { z } from 'zod';
import { apiGet, apiPost, request } from '../../../../lib/api-client.ts';
import { setupKey } from './keys.ts';

export type Delegation = z.infer<typeof delegation>;

export const DELEGATIONS_PAGE_SIZE = 20;

/** `currentOnly`: leave out delegations whose last day has passed. */
export const delegationsQuery = (organisationId: number, page: number, currentOnly: boolean) =>
  queryOptions({
    queryKey: setupKey(organisationId, 'delegations', { page, currentOnly }),
    queryFn: ({ signal }) =>
      apiGet<Page<Delegation>>(
        '/p2p/delegations/',
        { page, page_size: DELEGATIONS_PAGE_SIZE, current: currentOnly ? 'true' : undefined },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
export const useDelegations = (organisationId: number, page: number, currentOnly: boolean) =>
  useQuery(delegationsQuery(organisationId, page, currentOnly));

export const delegationsApi = {
  create: (form: DelegationForm) => apiPost<Delegation>('/p2p/delegations/', form),
  remove: (id: number) => request<unknown>('DELETE', `/p2p/delegations/${id}/`),
};
