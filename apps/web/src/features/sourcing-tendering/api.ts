import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  openingRegister,
  Page,
  tenderEvaluationView,
  tenderForm,
  tenderSummary,
  TenderView,
} from '@zabuni/contracts';
import type { z } from 'zod';
import { apiGet, apiPost, request } from '../../lib/api-client.ts';
import { fetchAllPages } from '../../lib/fetch-all.ts';

export type TenderSummary = z.infer<typeof tenderSummary>;
export type TenderPayload = z.input<typeof tenderForm>;
export type EvaluationView = z.infer<typeof tenderEvaluationView>;
export type OpeningRegister = z.infer<typeof openingRegister>;
export type { TenderView };

export const NS = 'sourcing-tendering';
export const PAGE_SIZE = 20;
const BASE = '/sourcing/tenders';

export const tendersKey = (organisationId: number, ...rest: readonly unknown[]) =>
  ['sourcing-tendering', organisationId, ...rest] as const;

export const tendersQuery = (organisationId: number, page: number) =>
  queryOptions({
    queryKey: tendersKey(organisationId, 'list', page),
    queryFn: ({ signal }) => apiGet<Page<TenderSummary>>(`${BASE}/`, { page, page_size: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

export const tenderQuery = (organisationId: number, id: number) =>
  queryOptions({
    queryKey: tendersKey(organisationId, 'one', id),
    queryFn: ({ signal }) => apiGet<TenderView>(`${BASE}/${id}/`, undefined, signal),
  });

export const evaluationQuery = (organisationId: number, id: number, enabled: boolean) =>
  queryOptions({
    queryKey: tendersKey(organisationId, 'evaluation', id),
    queryFn: ({ signal }) => apiGet<EvaluationView>(`${BASE}/${id}/evaluation/`, undefined, signal),
    enabled,
  });

export const registerQuery = (
  organisationId: number,
  id: number,
  stage: 'technical' | 'financial',
  enabled: boolean,
) =>
  queryOptions({
    queryKey: tendersKey(organisationId, 'register', id, stage),
    queryFn: ({ signal }) =>
      apiGet<OpeningRegister>(`${BASE}/${id}/openings/${stage}/register/`, undefined, signal),
    enabled,
  });

interface MemberRow {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  organisation: { id: number };
  role: string;
}

/** Staff who may sit on the committee (the read-only auditor aside). */
export const staffQuery = (organisationId: number) =>
  queryOptions({
    queryKey: tendersKey(organisationId, 'staff'),
    queryFn: async ({ signal }) => {
      const rows = await fetchAllPages<MemberRow>('/organisations/members/', {}, signal);
      const people = new Map<number, { id: number; name: string }>();
      for (const row of rows) {
        if (row.organisation.id !== organisationId || row.role === 'auditor') continue;
        people.set(row.user_id, {
          id: row.user_id,
          name: `${row.first_name} ${row.last_name}`.trim() || row.email,
        });
      }
      return [...people.values()].sort((a, b) => a.name.localeCompare(b.name));
    },
    staleTime: 60_000,
  });

/** The buyer's suppliers, whom a restricted tender invites. */
export const suppliersQuery = (organisationId: number, enabled: boolean) =>
  queryOptions({
    queryKey: tendersKey(organisationId, 'suppliers'),
    queryFn: ({ signal }) => fetchAllPages<{ id: number; name: string }>('/p2p/suppliers/', {}, signal),
    staleTime: 60_000,
    enabled,
  });

export const tenderingApi = {
  create: (form: TenderPayload) => apiPost<TenderView>(`${BASE}/`, form),
  publish: (id: number) => apiPost<TenderView>(`${BASE}/${id}/publish/`),
  answer: (id: number, questionId: number, answer: string) =>
    apiPost<TenderView>(`${BASE}/${id}/clarifications/${questionId}/answer/`, { answer }),
  addendum: (id: number, note: string) => apiPost<TenderView>(`${BASE}/${id}/addenda/`, { note }),
  open: (id: number, stage: 'technical' | 'financial', passphrase: string) =>
    apiPost<TenderView>(`${BASE}/${id}/openings/${stage}/`, { passphrase }),
  saveEvaluation: (
    id: number,
    scores: Array<{ bid_id: number; preliminary_pass: boolean; technical_score: number; comment: string }>,
  ) => request<EvaluationView>('PUT', `${BASE}/${id}/evaluation/`, { body: { scores } }),
  submitEvaluation: (id: number) => apiPost<TenderView>(`${BASE}/${id}/evaluation/submit/`),
  report: (id: number, body: { evaluation_report?: string; professional_opinion?: string }) =>
    request<TenderView>('PUT', `${BASE}/${id}/report/`, { body }),
  award: (id: number, bidId: number) => apiPost<TenderView>(`${BASE}/${id}/award/`, { bid_id: bidId }),
  askJustification: (id: number) => apiPost<TenderView>(`${BASE}/${id}/justification/ask/`),
  decideJustification: (id: number, decision: 'approve' | 'reject', comment: string) =>
    apiPost<TenderView>(`${BASE}/${id}/justification/${decision}/`, comment ? { comment } : {}),
  decide: (id: number, decision: 'approve' | 'reject', comment: string) =>
    apiPost<TenderView>(`${BASE}/${id}/${decision}/`, comment ? { comment } : {}),
  linkContract: (id: number, contractId: number) =>
    apiPost<TenderView>(`${BASE}/${id}/contract/`, { contract_id: contractId }),
};

/** The notice as the API prints it (opened in a new window; the session cookie goes with it). */
export const noticeUrl = (id: number) => `/api/v1${BASE}/${id}/notice/`;
