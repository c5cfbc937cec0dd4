import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ModerationWebinar, Page, Webinar } from '@zabuni/contracts';
import { PAGE_SIZE, WEBINAR_MODULES } from '@zabuni/contracts/constants';
import { apiGet, apiPost, request } from '../../../lib/api-client.ts';

export type WebinarModule = (typeof WEBINAR_MODULES)[number];
export { WEBINAR_MODULES };

/** The modules' keys in the `webinars` namespace (the API's values are the SPEC's English names). */
export const MODULE_KEYS: Record<WebinarModule, string> = {
  'Supplier Sourcing': 'sourcing',
  'Contract Management': 'contracts',
  'Procure to Pay': 'p2p',
  'Risk Management': 'risk',
};

export const webinarsQuery = (module: WebinarModule | undefined) =>
  queryOptions({
    queryKey: ['core', 'webinars', module ?? 'all'],
    queryFn: ({ signal }) =>
      apiGet<Page<Webinar>>('/core/webinars/', { module, page_size: PAGE_SIZE.webinars }, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const webinarQuery = (id: number) =>
  queryOptions({
    queryKey: ['core', 'webinars', 'detail', id],
    queryFn: ({ signal }) => apiGet<Webinar>(`/core/webinars/${id}/`, undefined, signal),
    // A 404 is shown by the page itself, not as a toast.
    meta: { silent: true },
    retryOnMount: false,
  });
export const useWebinar = (id: number, enabled: boolean) => useQuery({ ...webinarQuery(id), enabled });

export interface RegistrationRequest {
  webinar: number;
  name: string;
  email: string;
  organization?: string | undefined;
  language?: string | undefined;
}
export const registerForWebinar = (body: RegistrationRequest) =>
  apiPost<{ id: number; detail: string }>('/core/webinar-registrations/', body);

// The operator's side.
export interface WebinarRequest {
  title: string;
  organizer: string;
  module: WebinarModule;
  organizer_website: string;
  date: string;
  duration_minutes: number;
  pdf_link: string;
  link: string;
  description: string;
  capacity: number | null;
}

export const OPERATOR_PAGE_SIZE = 50;
export const operatorWebinarsQuery = (page: number) =>
  queryOptions({
    queryKey: ['core', 'moderation', 'webinars', page],
    queryFn: ({ signal }) =>
      apiGet<Page<ModerationWebinar>>(
        '/core/moderation/webinars/',
        { page, page_size: OPERATOR_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export interface Registrant {
  id: number;
  name: string;
  email: string;
  organization: string | null;
  created_at: string;
}
export const registrantsQuery = (id: number) =>
  queryOptions({
    queryKey: ['core', 'moderation', 'webinars', id, 'registrations'],
    queryFn: ({ signal }) =>
      apiGet<Page<Registrant>>(`/core/moderation/webinars/${id}/registrations/`, { page_size: 100 }, signal),
  });

export const webinarsApi = {
  create: (body: WebinarRequest) => apiPost<ModerationWebinar>('/core/moderation/webinars/', body),
  update: (id: number, body: WebinarRequest) =>
    request<ModerationWebinar>('PUT', `/core/moderation/webinars/${id}/`, { body }),
  cancel: (id: number) => apiPost<ModerationWebinar>(`/core/moderation/webinars/${id}/cancel/`),
};
