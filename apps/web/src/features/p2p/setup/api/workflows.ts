import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, WorkflowRuleForm, WorkflowRuleView } from '@zabuni/contracts';
import type { z } from 'zod';
import type { workflowPreview, workflowPreviewRequest } from '@zabuni/contracts';
import { apiGet, apiPost, request } from '../../../../lib/api-client.ts';
import { setupKey } from './keys.ts';

export type WorkflowPreview = z.infer<typeof workflowPreview>;
export type WorkflowPreviewRequest = z.input<typeof workflowPreviewRequest>;

export const WORKFLOWS_PAGE_SIZE = 20;

export const workflowsQuery = (organisationId: number, page: number) =>
  queryOptions({
    queryKey: setupKey(organisationId, 'workflows', 'list', page),
    queryFn: ({ signal }) =>
      apiGet<Page<WorkflowRuleView>>(
        '/p2p/approval-workflows/',
        { page, page_size: WORKFLOWS_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
export const useWorkflows = (organisationId: number, page: number) =>
  useQuery(workflowsQuery(organisationId, page));

export const workflowQuery = (organisationId: number, id: number) =>
  queryOptions({
    queryKey: setupKey(organisationId, 'workflows', 'detail', id),
    queryFn: ({ signal }) => apiGet<WorkflowRuleView>(`/p2p/approval-workflows/${id}/`, undefined, signal),
    meta: { silent: true },
  });
export const useWorkflow = (organisationId: number, id: number | null) =>
  useQuery({ ...workflowQuery(organisationId, id ?? 0), enabled: id !== null && id > 0 });

export const workflowsApi = {
  create: (form: WorkflowRuleForm) => apiPost<WorkflowRuleView>('/p2p/approval-workflows/', form),
  update: (id: number, form: WorkflowRuleForm) =>
    request<WorkflowRuleView>('PUT', `/p2p/approval-workflows/${id}/`, { body: form }),
  preview: (body: WorkflowPreviewRequest) =>
    apiPost<WorkflowPreview>('/p2p/approval-workflows/preview/', body),
};
