import { queryOptions } from '@tanstack/react-query';
import type {
  SavedSearch,
  SavedSearchForm,
  TenderAlertManage,
  TenderAlertOverview,
  TenderAlertProfileUpdate,
  TenderAlertRun,
} from '@zabuni/contracts';
import { apiGet, apiPatch, apiPost, request } from '../../../lib/api-client.ts';

/** Issue 19: the links of every alert mail (no sign-in, by token) and the operator's digest view. */
const base = (token: string) => `/tender-alerts/manage/${encodeURIComponent(token)}/`;

export const manageQuery = (token: string) =>
  queryOptions({
    queryKey: ['tender-alerts', 'manage', token],
    queryFn: ({ signal }) => apiGet<TenderAlertManage>(base(token), undefined, signal),
    // An invalid link is shown by the page itself, not as a toast.
    meta: { silent: true },
    retry: false,
  });

export const alertsApi = {
  update: (token: string, body: TenderAlertProfileUpdate) => apiPatch<TenderAlertManage>(base(token), body),
  unsubscribe: (token: string) =>
    apiPost<{ email: string; unsubscribed_at: string }>(
      `/tender-alerts/unsubscribe/${encodeURIComponent(token)}/`,
    ),
  renew: (token: string) => apiPost<{ code: string }>(`${base(token)}renew/`),
  run: () => apiPost<TenderAlertRun>('/tender-alerts/digests/run/'),
};

export const overviewQuery = () =>
  queryOptions({
    queryKey: ['tender-alerts', 'overview'],
    queryFn: ({ signal }) => apiGet<TenderAlertOverview>('/tender-alerts/digests/', undefined, signal),
  });

// Saved searches (signed-in users).
export const savedSearchesQuery = () =>
  queryOptions({
    queryKey: ['tender-alerts', 'saved-searches'],
    queryFn: ({ signal }) =>
      apiGet<{ results: SavedSearch[] }>('/tender-alerts/saved-searches/', undefined, signal),
  });

export const savedSearchesApi = {
  save: (body: SavedSearchForm) => apiPost<SavedSearch>('/tender-alerts/saved-searches/', body),
  remove: (id: number) => request<null>('DELETE', `/tender-alerts/saved-searches/${id}/`),
  unsubscribe: (token: string) =>
    apiPost<{ name: string; unsubscribed_at: string }>(
      `/tender-alerts/saved-searches/unsubscribe/${encodeURIComponent(token)}/`,
    ),
};
