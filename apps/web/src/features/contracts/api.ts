import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  contract,
  contractClause,
  contractDocument,
  ContractChangeForm,
  ContractClauseForm,
  ContractTemplateForm,
  ContractForm,
  ContractUpdate,
  contractComparison,
  contractsReport,
  contractSummary,
  contractTemplate,
  contractVersion,
  obligation,
  ObligationForm,
  Page,
} from '@zabuni/contracts';
import type { z } from 'zod';
import { apiGet, apiPatch, apiPost, request } from '../../lib/api-client.ts';
import { fetchAllPages } from '../../lib/fetch-all.ts';
import { sendMultipart } from '../../lib/multipart.ts';

export type Contract = z.infer<typeof contract>;
export type ContractSummary = z.infer<typeof contractSummary>;
export type ContractTemplate = z.infer<typeof contractTemplate>;
export type ContractClause = z.infer<typeof contractClause>;
export type ContractVersion = z.infer<typeof contractVersion>;
export type Comparison = z.infer<typeof contractComparison>;
export type Obligation = z.infer<typeof obligation>;
export type Report = z.infer<typeof contractsReport>;
export type ContractDocument = z.infer<typeof contractDocument>;

export const NS = 'contracts';
export const BASE = '/contracts';
export const PAGE_SIZE = 20;

/** Query keys under the organisation, so switching organisation never shows another's contracts. */
export const key = (organisationId: number, ...rest: unknown[]) => ['contracts', organisationId, ...rest];

export interface ListFilter {
  page: number;
  search: string;
  status: string;
  expiring: string;
}

export const listQuery = (organisationId: number, filter: ListFilter) =>
  queryOptions({
    queryKey: key(organisationId, 'list', filter),
    queryFn: ({ signal }) =>
      apiGet<Page<ContractSummary>>(
        `${BASE}/`,
        {
          page: filter.page,
          page_size: PAGE_SIZE,
          search: filter.search || undefined,
          status: filter.status || undefined,
          expiring_within: filter.expiring || undefined,
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const detailQuery = (organisationId: number, id: number) =>
  queryOptions({
    queryKey: key(organisationId, id),
    queryFn: ({ signal }) => apiGet<Contract>(`${BASE}/${id}/`, {}, signal),
  });

export const versionsQuery = (organisationId: number, id: number) =>
  queryOptions({
    queryKey: key(organisationId, id, 'versions'),
    queryFn: ({ signal }) => apiGet<ContractVersion[]>(`${BASE}/${id}/versions/`, {}, signal),
  });

export const compareQuery = (organisationId: number, id: number, from: number, to: number) =>
  queryOptions({
    queryKey: key(organisationId, id, 'compare', from, to),
    queryFn: ({ signal }) => apiGet<Comparison>(`${BASE}/${id}/versions/compare/`, { from, to }, signal),
    enabled: from > 0 && to > 0 && from !== to,
  });

export const obligationsQuery = (organisationId: number, id: number) =>
  queryOptions({
    queryKey: key(organisationId, id, 'obligations'),
    queryFn: ({ signal }) => apiGet<Obligation[]>(`${BASE}/${id}/obligations/`, {}, signal),
  });

export const documentsQuery = (organisationId: number, id: number) =>
  queryOptions({
    queryKey: key(organisationId, id, 'documents'),
    queryFn: ({ signal }) => apiGet<ContractDocument[]>(`${BASE}/${id}/documents/`, {}, signal),
  });

export const settingsQuery = (organisationId: number) =>
  queryOptions({
    queryKey: key(organisationId, 'settings'),
    queryFn: ({ signal }) => apiGet<{ alert_days: number[] }>(`${BASE}/settings/`, {}, signal),
  });

export const reportQuery = (organisationId: number) =>
  queryOptions({
    queryKey: key(organisationId, 'report'),
    queryFn: ({ signal }) => apiGet<Report>(`${BASE}/report/`, {}, signal),
  });

export const templatesQuery = (organisationId: number) =>
  queryOptions({
    queryKey: key(organisationId, 'templates'),
    queryFn: ({ signal }) => apiGet<ContractTemplate[]>(`${BASE}/templates/`, {}, signal),
    staleTime: 60_000,
  });

export const clausesQuery = (organisationId: number) =>
  queryOptions({
    queryKey: key(organisationId, 'clauses'),
    queryFn: ({ signal }) => apiGet<ContractClause[]>(`${BASE}/clauses/`, {}, signal),
    staleTime: 60_000,
  });

/** The organisation's suppliers and departments, for the form's pickers. */
export const suppliersQuery = (organisationId: number) =>
  queryOptions({
    queryKey: key(organisationId, 'suppliers'),
    queryFn: ({ signal }) => fetchAllPages<{ id: number; name: string }>('/p2p/suppliers/', {}, signal),
    staleTime: 60_000,
  });
export const departmentsQuery = (organisationId: number) =>
  queryOptions({
    queryKey: key(organisationId, 'departments'),
    queryFn: ({ signal }) =>
      fetchAllPages<{ id: number; name: string; active: boolean }>('/p2p/departments/', {}, signal),
    staleTime: 60_000,
  });

interface MemberRow {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  organisation: { id: number };
}

/** Colleagues of this organisation, by name (the people an alert may name). */
export const membersQuery = (organisationId: number) =>
  queryOptions({
    queryKey: key(organisationId, 'members'),
    queryFn: async ({ signal }) => {
      const rows = await fetchAllPages<MemberRow>('/organisations/members/', {}, signal);
      const people = new Map<number, { id: number; name: string }>();
      for (const row of rows) {
        if (row.organisation.id !== organisationId) continue;
        people.set(row.user_id, {
          id: row.user_id,
          name: `${row.first_name} ${row.last_name}`.trim() || row.email,
        });
      }
      return [...people.values()].sort((a, b) => a.name.localeCompare(b.name));
    },
    staleTime: 60_000,
  });

/** The organisation's purchase orders to one supplier (the ones a contract with it may link). */
export const supplierOrdersQuery = (organisationId: number, supplierId: number) =>
  queryOptions({
    queryKey: key(organisationId, 'orders-of', supplierId),
    queryFn: ({ signal }) =>
      fetchAllPages<{ id: number; number: string; currency: string; total: string }>(
        '/p2p/purchase-orders/',
        { supplier: supplierId, ordering: '-created_at' },
        signal,
      ),
    staleTime: 30_000,
  });

export const contractsApi = {
  create: (form: ContractForm) => apiPost<Contract>(`${BASE}/`, form),
  update: (id: number, body: ContractUpdate) => apiPatch<Contract>(`${BASE}/${id}/`, body),
  act: (id: number, action: 'submit' | 'send-for-signature' | 'notice') =>
    apiPost<Contract>(`${BASE}/${id}/${action}/`),
  decide: (id: number, decision: 'approve' | 'reject', comment: string) =>
    apiPost<Contract>(`${BASE}/${id}/${decision}/`, comment ? { comment } : {}),
  requestCode: (id: number) =>
    apiPost<{ method: 'email_code' | 'authenticator' }>(`${BASE}/${id}/signature-code/`),
  sign: (id: number, code: string) => apiPost<Contract>(`${BASE}/${id}/sign/`, { code }),
  change: (id: number, form: ContractChangeForm) => apiPost<Contract>(`${BASE}/${id}/changes/`, form),
  addDocument: (id: number, file: File) =>
    sendMultipart<ContractDocument[]>('POST', `${BASE}/${id}/documents/`, { file: [file] }),
  saveTemplate: (form: ContractTemplateForm) => apiPost<ContractTemplate>(`${BASE}/templates/`, form),
  saveClause: (form: ContractClauseForm) => apiPost<ContractClause>(`${BASE}/clauses/`, form),
  updateTemplate: (id: number, form: ContractTemplateForm) =>
    request<ContractTemplate>('PUT', `${BASE}/templates/${id}/`, { body: form }),
  updateClause: (id: number, form: ContractClauseForm) =>
    request<ContractClause>('PUT', `${BASE}/clauses/${id}/`, { body: form }),
  saveSettings: (alertDays: number[]) =>
    request<{ alert_days: number[] }>('PUT', `${BASE}/settings/`, { body: { alert_days: alertDays } }),
  addObligation: (id: number, form: ObligationForm) =>
    apiPost<Obligation[]>(`${BASE}/${id}/obligations/`, form),
  completeObligation: (id: number, obligationId: number) =>
    apiPost<Obligation[]>(`${BASE}/${id}/obligations/${obligationId}/done/`),
};
