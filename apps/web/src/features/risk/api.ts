import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  ArrangementForm,
  ArrangementView,
  ContinuityPlanForm,
  ContinuityPlanView,
  CriticalServiceForm,
  CriticalServiceView,
  FinancialOverview,
  HeatMapView,
  Page,
  QuestionnaireSendForm,
  QuestionnaireView,
  RiskDashboard,
  RiskDetail,
  RiskForm,
  RiskSummary,
  RiskUpdate,
  SupplierRiskProfileView,
  TreatmentForm,
  TreatmentUpdate,
} from '@zabuni/contracts';
import { apiGet, apiPatch, apiPost, request } from '../../lib/api-client.ts';
import { fetchAllPages } from '../../lib/fetch-all.ts';

export const NS = 'risk';
export const PAGE_SIZE = 20;
const BASE = '/risk';

/** Query keys under the organisation: switching organisation never shows another's register. */
export const key = (organisationId: number, ...rest: unknown[]) => ['risk', organisationId, ...rest];

export const dashboardQuery = (organisationId: number) =>
  queryOptions({
    queryKey: key(organisationId, 'dashboard'),
    queryFn: ({ signal }) => apiGet<RiskDashboard>(`${BASE}/dashboard/`, {}, signal),
  });

export const heatMapQuery = (organisationId: number) =>
  queryOptions({
    queryKey: key(organisationId, 'heat-map'),
    queryFn: ({ signal }) => apiGet<HeatMapView>(`${BASE}/heat-map/`, {}, signal),
  });

export const risksQuery = (
  organisationId: number,
  page: number,
  filter: { status?: string; search?: string },
) =>
  queryOptions({
    queryKey: key(organisationId, 'risks', page, filter),
    queryFn: ({ signal }) =>
      apiGet<Page<RiskSummary>>(`${BASE}/risks/`, { page, page_size: PAGE_SIZE, ...filter }, signal),
    placeholderData: keepPreviousData,
  });

export const riskQuery = (organisationId: number, id: number) =>
  queryOptions({
    queryKey: key(organisationId, 'risks', id),
    queryFn: ({ signal }) => apiGet<RiskDetail>(`${BASE}/risks/${id}/`, {}, signal),
  });

export const servicesQuery = (organisationId: number) =>
  queryOptions({
    queryKey: key(organisationId, 'services'),
    queryFn: ({ signal }) => apiGet<CriticalServiceView[]>(`${BASE}/continuity/services/`, {}, signal),
  });

export const financialQuery = (organisationId: number) =>
  queryOptions({
    queryKey: key(organisationId, 'financial'),
    queryFn: ({ signal }) => apiGet<FinancialOverview>(`${BASE}/financial/`, {}, signal),
  });

export const questionnairesQuery = (organisationId: number) =>
  queryOptions({
    queryKey: key(organisationId, 'questionnaires'),
    queryFn: ({ signal }) =>
      apiGet<Page<QuestionnaireView>>(`${BASE}/questionnaires/`, { page: 1, page_size: 100 }, signal),
  });

export const questionnaireQuery = (organisationId: number, id: number) =>
  queryOptions({
    queryKey: key(organisationId, 'questionnaires', id),
    queryFn: ({ signal }) => apiGet<QuestionnaireView>(`${BASE}/questionnaires/${id}/`, {}, signal),
  });

export const arrangementsQuery = (organisationId: number) =>
  queryOptions({
    queryKey: key(organisationId, 'outsourcing'),
    queryFn: ({ signal }) => apiGet<ArrangementView[]>(`${BASE}/outsourcing/`, {}, signal),
  });

export const profileQuery = (organisationId: number, supplierId: number) =>
  queryOptions({
    queryKey: key(organisationId, 'profile', supplierId),
    queryFn: ({ signal }) =>
      apiGet<SupplierRiskProfileView>(`${BASE}/suppliers/${supplierId}/profile/`, {}, signal),
  });

/** The buyer's supplier list (names for the pickers). */
export const suppliersQuery = (organisationId: number) =>
  queryOptions({
    queryKey: key(organisationId, 'supplier-list'),
    queryFn: ({ signal }) =>
      apiGet<Page<{ id: number; name: string }>>('/p2p/suppliers/', { page: 1, page_size: 100 }, signal),
  });

interface MemberRow {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  organisation: { id: number; name: string };
  role: string;
}

/** Colleagues (owners of risks and treatments): this organisation's staff, by name. */
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
  });

export const riskApi = {
  create: (body: RiskForm) => apiPost<RiskDetail>(`${BASE}/risks/`, body),
  update: (id: number, body: RiskUpdate) => apiPatch<RiskDetail>(`${BASE}/risks/${id}/`, body),
  addTreatment: (id: number, body: TreatmentForm) =>
    apiPost<RiskDetail>(`${BASE}/risks/${id}/treatments/`, body),
  updateTreatment: (id: number, treatmentId: number, body: TreatmentUpdate) =>
    apiPatch<RiskDetail>(`${BASE}/risks/${id}/treatments/${treatmentId}/`, body),
  requestAcceptance: (id: number, reason: string) =>
    apiPost<RiskDetail>(`${BASE}/risks/${id}/acceptance/`, { reason }),
  decideAcceptance: (id: number, decision: 'approve' | 'reject', comment: string) =>
    apiPost<RiskDetail>(`${BASE}/risks/${id}/acceptance/${decision}/`, comment ? { comment } : {}),
  saveService: (id: number | null, body: CriticalServiceForm) =>
    id === null
      ? apiPost<CriticalServiceView>(`${BASE}/continuity/services/`, body)
      : request<CriticalServiceView>('PUT', `${BASE}/continuity/services/${id}/`, { body }),
  savePlan: (id: number | null, body: ContinuityPlanForm) =>
    id === null
      ? apiPost<ContinuityPlanView>(`${BASE}/continuity/plans/`, body)
      : request<ContinuityPlanView>('PUT', `${BASE}/continuity/plans/${id}/`, { body }),
  sendQuestionnaire: (body: QuestionnaireSendForm) =>
    apiPost<QuestionnaireView>(`${BASE}/questionnaires/`, body),
  evaluate: () => apiPost<{ raised: number; risks: number[] }>(`${BASE}/financial/evaluate/`, {}),
  saveArrangement: (id: number | null, body: ArrangementForm) =>
    id === null
      ? apiPost<ArrangementView>(`${BASE}/outsourcing/`, body)
      : request<ArrangementView>('PUT', `${BASE}/outsourcing/${id}/`, { body }),
  recordReview: (id: number, reviewedOn: string) =>
    apiPost<ArrangementView>(`${BASE}/outsourcing/${id}/reviews/`, { reviewed_on: reviewedOn }),
};

/** CSV exports are plain links (the browser downloads with the session cookie). */
export const exportUrl = (what: 'risks' | 'outsourcing') => `/api/v1${BASE}/${what}/export/`;
