import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  Page,
  prequalification,
  PrequalificationForm,
  prequalificationEvaluation,
  prequalificationResponse,
  prequalificationResults,
  prequalificationSummary,
  prequalifiedSupplier,
} from '@zabuni/contracts';
import type { z } from 'zod';
import { apiGet, apiPost, request } from '../../lib/api-client.ts';
import { fetchAllPages } from '../../lib/fetch-all.ts';

export type Prequalification = z.infer<typeof prequalification>;
export type PrequalificationSummary = z.infer<typeof prequalificationSummary>;
export type PrequalificationResponse = z.infer<typeof prequalificationResponse>;
export type Evaluation = z.infer<typeof prequalificationEvaluation>;
export type Results = z.infer<typeof prequalificationResults>;
export type Result = Results['results'][number];
export type PrequalifiedSupplier = z.infer<typeof prequalifiedSupplier>;

export const BASE = '/sourcing/prequalifications';
export const PAGE_SIZE = 20;
export const NS = 'sourcing-prequalifications';

/** Query keys: under the organisation, so switching organisation never shows another's exercises. */
export const key = (organisationId: number, ...rest: unknown[]) => [
  'sourcing-prequalifications',
  organisationId,
  ...rest,
];

export const listQuery = (organisationId: number, page: number) =>
  queryOptions({
    queryKey: key(organisationId, 'list', page),
    queryFn: ({ signal }) =>
      apiGet<Page<PrequalificationSummary>>(`${BASE}/`, { page, page_size: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

export const prequalifiedQuery = (organisationId: number, page: number) =>
  queryOptions({
    queryKey: key(organisationId, 'prequalified', page),
    queryFn: ({ signal }) =>
      apiGet<Page<PrequalifiedSupplier>>(`${BASE}/prequalified/`, { page, page_size: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

export const detailQuery = (organisationId: number, id: number) =>
  queryOptions({
    queryKey: key(organisationId, id),
    queryFn: ({ signal }) => apiGet<Prequalification>(`${BASE}/${id}/`, {}, signal),
  });

export const responsesQuery = (organisationId: number, id: number) =>
  queryOptions({
    queryKey: key(organisationId, id, 'responses'),
    queryFn: ({ signal }) =>
      apiGet<{ results: PrequalificationResponse[] }>(`${BASE}/${id}/responses/`, {}, signal),
  });

export const resultsQuery = (organisationId: number, id: number) =>
  queryOptions({
    queryKey: key(organisationId, id, 'results'),
    queryFn: ({ signal }) => apiGet<Results>(`${BASE}/${id}/results/`, {}, signal),
  });

export const resultQuery = (organisationId: number, resultId: number) =>
  queryOptions({
    queryKey: key(organisationId, 'result', resultId),
    queryFn: ({ signal }) =>
      apiGet<Result & { prequalification_id: number }>(`${BASE}/results/${resultId}/`, {}, signal),
  });

export const evaluationQuery = (organisationId: number, id: number) =>
  queryOptions({
    queryKey: key(organisationId, id, 'evaluation'),
    queryFn: ({ signal }) => apiGet<Evaluation>(`${BASE}/${id}/evaluation/`, {}, signal),
  });

interface MemberRow {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  organisation: { id: number; name: string };
  role: string;
}

/** The organisation's staff who may sit on a committee (any buyer role but the read-only auditor). */
export const staffQuery = (organisationId: number) =>
  queryOptions({
    queryKey: key(organisationId, 'staff'),
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

export const prequalificationsApi = {
  create: (form: PrequalificationForm) => apiPost<Prequalification>(`${BASE}/`, form),
  update: (id: number, form: PrequalificationForm) =>
    request<Prequalification>('PUT', `${BASE}/${id}/`, { body: form }),
  publish: (id: number) => apiPost<Prequalification>(`${BASE}/${id}/publish/`),
  saveScores: (id: number, scores: Array<{ response_id: number; question_key: string; score: number }>) =>
    request<Evaluation>('PUT', `${BASE}/${id}/evaluation/`, { body: { scores } }),
  submitScores: (id: number) => apiPost<Evaluation>(`${BASE}/${id}/evaluation/submit/`),
  proposeResults: (id: number) => apiPost<Results>(`${BASE}/${id}/results/`),
  decide: (resultId: number, decision: 'approve' | 'reject', comment: string) =>
    apiPost<Results>(`${BASE}/results/${resultId}/${decision}/`, comment ? { comment } : {}),
};

/** "2026-12-10T14:00:00.000Z" → "2026-12-10T17:00", the EAT wall clock a datetime field shows. */
export function toEatInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Date(date.getTime() + 3 * 3_600_000).toISOString().slice(0, 16);
}

/** "2026-12-10T17:00" typed in EAT → "2026-12-10T17:00:00+03:00" for the API (empty stays empty). */
export function fromEatInput(value: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00+03:00` : value;
}
