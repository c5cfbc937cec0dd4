import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  Page,
  portalPrequalification,
  portalPrequalificationSummary,
  prequalificationDocument,
  PrequalificationResponseForm,
} from '@zabuni/contracts';
import type { z } from 'zod';
import { apiGet, apiPost, request } from '../../lib/api-client.ts';
import { sendMultipart } from '../../lib/multipart.ts';
import { PAGE_SIZE, PORTAL_KEY } from './api.ts';

export type PortalPrequalification = z.infer<typeof portalPrequalification>;
export type PortalPrequalificationSummary = z.infer<typeof portalPrequalificationSummary>;
export type PrequalificationDocument = z.infer<typeof prequalificationDocument>;

const BASE = '/portal/prequalifications';
export const NS_PQ = 'portal-prequalifications';

/** Prequalifications the supplier is invited to (from any buyer: no buyer needs to be selected). */
export const prequalificationsQuery = (page: number) =>
  queryOptions({
    queryKey: [PORTAL_KEY, 'prequalifications', page],
    queryFn: ({ signal }) =>
      apiGet<Page<PortalPrequalificationSummary>>(`${BASE}/`, { page, page_size: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

export const prequalificationQuery = (id: number) =>
  queryOptions({
    queryKey: [PORTAL_KEY, 'prequalifications', 'detail', id],
    queryFn: ({ signal }) => apiGet<PortalPrequalification>(`${BASE}/${id}/`, {}, signal),
  });

export const portalPrequalificationsApi = {
  save: (id: number, form: PrequalificationResponseForm) =>
    request<PortalPrequalification>('PUT', `${BASE}/${id}/response/`, { body: form }),
  submit: (id: number) => apiPost<PortalPrequalification>(`${BASE}/${id}/response/submit/`),
  withdraw: (id: number) => apiPost<PortalPrequalification>(`${BASE}/${id}/response/withdraw/`),
  upload: (id: number, questionKey: string, expiresOn: string, file: File) =>
    sendMultipart<PrequalificationDocument>(
      'POST',
      `${BASE}/${id}/documents/?question_key=${encodeURIComponent(questionKey)}${expiresOn ? `&expires_on=${expiresOn}` : ''}`,
      { file: [file] },
    ),
};
