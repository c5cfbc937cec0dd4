import { queryOptions } from '@tanstack/react-query';
import type { QuestionnaireAnswerForm, PortalQuestionnaireView } from '@zabuni/contracts';
import { apiGet, apiPost } from '../../lib/api-client.ts';

/** The supplier's risk questionnaires from the selected buyer (issue 23). */
export const riskQuestionnairesQuery = (buyerId: number | null) =>
  queryOptions({
    queryKey: ['portal', buyerId, 'risk-questionnaires'],
    queryFn: ({ signal }) => apiGet<PortalQuestionnaireView[]>('/portal/risk/questionnaires/', {}, signal),
  });

export const riskQuestionnaireQuery = (buyerId: number | null, id: number) =>
  queryOptions({
    queryKey: ['portal', buyerId, 'risk-questionnaires', id],
    queryFn: ({ signal }) =>
      apiGet<PortalQuestionnaireView>(`/portal/risk/questionnaires/${id}/`, {}, signal),
  });

export const answerRiskQuestionnaire = (id: number, body: QuestionnaireAnswerForm) =>
  apiPost<PortalQuestionnaireView>(`/portal/risk/questionnaires/${id}/answer/`, body);
