import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AwardForm,
  Contract,
  contractTemplate,
  RfqContractForm,
  Department,
  invitableSuppliers,
  Page,
  RfqView,
  SavingsReport,
  rfqAddendumForm,
  openingKeyStatus,
  openingRecord,
  rfqComparison,
  rfqForm,
  rfqSummary,
} from '@zabuni/contracts';
import type { z } from 'zod';
import { apiGet, apiPost, request } from '../../lib/api-client.ts';
import { fetchAllPages } from '../../lib/fetch-all.ts';
import { sendMultipart } from '../../lib/multipart.ts';

export type RfqSummary = z.infer<typeof rfqSummary>;
export type ContractTemplate = z.infer<typeof contractTemplate>;
export type RfqComparison = z.infer<typeof rfqComparison>;
export type OpeningRecord = z.infer<typeof openingRecord>;
export type OpeningKeyStatus = z.infer<typeof openingKeyStatus>;
export type RfqPayload = z.input<typeof rfqForm>;
export type AddendumPayload = z.input<typeof rfqAddendumForm>;
export type { RfqView, SavingsReport };

export const NS = 'sourcing-rfqs';
export const PAGE_SIZE = 20;
const BASE = '/sourcing/rfqs';

/** Query keys of the RFQ screens: the current organisation is in every key. */
export const rfqsKey = (organisationId: number, ...rest: readonly unknown[]) =>
  ['sourcing-rfqs', organisationId, ...rest] as const;

export const rfqsQuery = (organisationId: number, page: number, status?: string) =>
  queryOptions({
    queryKey: rfqsKey(organisationId, 'list', page, status),
    queryFn: ({ signal }) =>
      apiGet<Page<RfqSummary>>(`${BASE}/`, { page, page_size: PAGE_SIZE, status }, signal),
    placeholderData: keepPreviousData,
  });

export const rfqQuery = (organisationId: number, id: number) =>
  queryOptions({
    queryKey: rfqsKey(organisationId, 'one', id),
    queryFn: ({ signal }) => apiGet<RfqView>(`${BASE}/${id}/`, undefined, signal),
  });

export const comparisonQuery = (organisationId: number, id: number) =>
  queryOptions({
    queryKey: rfqsKey(organisationId, 'comparison', id),
    queryFn: ({ signal }) => apiGet<RfqComparison>(`${BASE}/${id}/comparison/`, undefined, signal),
  });

export const openingRecordQuery = (organisationId: number, id: number) =>
  queryOptions({
    queryKey: rfqsKey(organisationId, 'opening-record', id),
    queryFn: ({ signal }) => apiGet<OpeningRecord>(`${BASE}/${id}/opening-record/`, undefined, signal),
  });

export const savingsQuery = (organisationId: number) =>
  queryOptions({
    queryKey: rfqsKey(organisationId, 'savings'),
    queryFn: ({ signal }) => apiGet<SavingsReport>('/sourcing/reports/savings/', undefined, signal),
  });
export const SAVINGS_CSV_URL = '/api/v1/sourcing/reports/savings/export/';

export const openingKeyQuery = (organisationId: number) =>
  queryOptions({
    queryKey: rfqsKey(organisationId, 'opening-key'),
    queryFn: ({ signal }) => apiGet<OpeningKeyStatus>('/sourcing/opening-key/', undefined, signal),
  });

/** Departments, suppliers and staff the form picks from (short lists). */
export const departmentsQuery = (organisationId: number) =>
  queryOptions({
    queryKey: rfqsKey(organisationId, 'departments'),
    queryFn: ({ signal }) =>
      apiGet<Page<Department>>('/p2p/departments/', { active: 'true', page: 1, page_size: 100 }, signal),
    staleTime: 5 * 60_000,
  });

export type InvitableSuppliers = z.infer<typeof invitableSuppliers>;

/** The supplier list, those prequalified in the lines' categories marked (the prequalification module's list). */
export const suppliersQuery = (organisationId: number, categoryIds: readonly number[]) =>
  queryOptions({
    queryKey: rfqsKey(organisationId, 'invitable', [...categoryIds].sort()),
    queryFn: ({ signal }) =>
      apiGet<InvitableSuppliers>(
        `${BASE}/invitable-suppliers/`,
        { categories: [...categoryIds].join(',') },
        signal,
      ),
    staleTime: 60_000,
  });

interface MemberRow {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  organisation: { id: number };
  role: string;
}

/** The organisation's staff who may sit on the opening committee (the read-only auditor aside). */
export const staffQuery = (organisationId: number) =>
  queryOptions({
    queryKey: rfqsKey(organisationId, 'staff'),
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

/** The organisation's contract templates, for a contract drafted from the award (active ones offered). */
export const contractTemplatesQuery = (organisationId: number) =>
  queryOptions({
    queryKey: rfqsKey(organisationId, 'contract-templates'),
    queryFn: ({ signal }) => apiGet<ContractTemplate[]>('/contracts/templates/', {}, signal),
    staleTime: 60_000,
  });

export const rfqsApi = {
  /** Issue 22: a draft contract with one awarded supplier, from a template; the contract is returned. */
  draftContract: (id: number, form: RfqContractForm) => apiPost<Contract>(`${BASE}/${id}/contracts/`, form),
  create: (form: RfqPayload) => apiPost<RfqView>(`${BASE}/`, form),
  update: (id: number, form: RfqPayload) => request<RfqView>('PUT', `${BASE}/${id}/`, { body: form }),
  publish: (id: number) => apiPost<RfqView>(`${BASE}/${id}/publish/`),
  cancel: (id: number, reason: string) => apiPost<RfqView>(`${BASE}/${id}/cancel/`, { reason }),
  approve: (id: number, comment?: string) => apiPost<RfqView>(`${BASE}/${id}/approve/`, { comment }),
  reject: (id: number, comment: string) => apiPost<RfqView>(`${BASE}/${id}/reject/`, { comment }),
  answer: (id: number, questionId: number, answer: string) =>
    apiPost<RfqView>(`${BASE}/${id}/questions/${questionId}/answer/`, { answer }),
  confirmOpening: (id: number, passphrase: string) =>
    apiPost<RfqView>(`${BASE}/${id}/opening/confirm/`, { passphrase }),
  award: (id: number, form: AwardForm) => apiPost<RfqView>(`${BASE}/${id}/award/`, form),
  addendum: (id: number, form: AddendumPayload) => apiPost<RfqView>(`${BASE}/${id}/addenda/`, form),
  /** Multipart, field `file` (10 MB at most): while draft or published. */
  uploadDocument: (id: number, file: File) =>
    sendMultipart<RfqView>('POST', `${BASE}/${id}/documents/`, { file: [file] }),
  setOpeningKey: (body: { passphrase: string; current_passphrase?: string }) =>
    request<OpeningKeyStatus>('PUT', '/sourcing/opening-key/', { body }),
};

/** Download address of one of the RFQ's documents (the API answers with Content-Disposition: attachment). */
export const rfqDocumentUrl = (id: number, documentId: number) =>
  `/api/v1${BASE}/${id}/documents/${documentId}/`;
