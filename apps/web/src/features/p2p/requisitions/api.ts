import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  Department,
  Page,
  RequisitionView,
  approvalsInboxItem,
  budgetCheckResult,
  bulkApproveResult,
  requisitionAttachment,
  requisitionSummary,
  requisitionTimeline,
} from '@zabuni/contracts';
import type { RequisitionStatus } from '@zabuni/domain';
import type { z } from 'zod';
import { apiGet, request, type QueryParams } from '../../../lib/api-client.ts';
import type { RequisitionPayload } from './requisition-form.ts';

export type RequisitionSummary = z.infer<typeof requisitionSummary>;
export type InboxItem = z.infer<typeof approvalsInboxItem>;
export type { RequisitionView };

/** One budget a requisition touches (POST /p2p/requisitions/budget-check/); money as major-unit decimal text. */
export type BudgetCheck = z.infer<typeof budgetCheckResult>['checks'][number];
export type BudgetOutcome = BudgetCheck['outcome'];
export type TimelineEntry = z.infer<typeof requisitionTimeline>['results'][number];
export type Attachment = z.infer<typeof requisitionAttachment>;
export type BulkResult = z.infer<typeof bulkApproveResult>['results'][number];

export const TIMELINE_ACTIONS = [
  'requisition.created',
  'requisition.updated',
  'requisition.submitted',
  'requisition.approved',
  'requisition.rejected',
  'requisition.returned',
  'requisition.cancelled',
  'requisition.attachment_added',
  'requisition.attachment_removed',
] as const;

export const PAGE_SIZE = 20;
const base = '/p2p/requisitions/';
export const requisitionPath = (id: number | string, action = '') => `${base}${id}/${action}`;

export interface RequisitionFilters {
  page: number;
  status?: RequisitionStatus;
  mine: boolean;
  search?: string;
  ordering?: string;
}

export const listParams = (filters: Omit<RequisitionFilters, 'page'>): QueryParams => ({
  status: filters.status,
  mine: filters.mine ? 'true' : undefined,
  search: filters.search,
  ordering: filters.ordering,
});

export const requisitionsQuery = (filters: RequisitionFilters) =>
  queryOptions({
    queryKey: ['p2p', 'requisitions', 'list', filters],
    queryFn: ({ signal }) =>
      apiGet<Page<RequisitionSummary>>(
        base,
        { ...listParams(filters), page: filters.page, page_size: PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const requisitionQuery = (id: number) =>
  queryOptions({
    queryKey: ['p2p', 'requisitions', 'one', id],
    queryFn: ({ signal }) => apiGet<RequisitionView>(requisitionPath(id), undefined, signal),
    // The page shows a missing or foreign requisition itself.
    meta: { silent: true },
  });
export const useRequisition = (id: number) => useQuery({ ...requisitionQuery(id), enabled: id > 0 });

export const timelineQuery = (id: number) =>
  queryOptions({
    queryKey: ['p2p', 'requisitions', 'one', id, 'timeline'],
    queryFn: ({ signal }) =>
      apiGet<{ results: TimelineEntry[] }>(requisitionPath(id, 'timeline/'), undefined, signal),
    meta: { silent: true },
  });

export const attachmentsQuery = (id: number) =>
  queryOptions({
    queryKey: ['p2p', 'requisitions', 'one', id, 'attachments'],
    queryFn: ({ signal }) =>
      apiGet<{ results: Attachment[] }>(requisitionPath(id, 'attachments/'), undefined, signal),
    meta: { silent: true },
  });

/** The live budget indicator: what this requisition would do to each budget it touches. */
export type BudgetCheckPayload = RequisitionPayload & { requisition_id?: number };

export const budgetCheckQuery = (payload: BudgetCheckPayload | null) =>
  queryOptions({
    queryKey: ['p2p', 'requisitions', 'budget-check', payload],
    queryFn: ({ signal }) =>
      request<z.infer<typeof budgetCheckResult>>('POST', `${base}budget-check/`, { body: payload, signal }),
    enabled: payload !== null,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    meta: { silent: true },
  });

/** The one approvals inbox: requisitions, purchase orders and invoices waiting for me. */
export const INBOX_PATH = '/approvals/inbox/';

/** An inbox row's key: ids repeat across document types. */
export const inboxKey = (item: Pick<InboxItem, 'document_type' | 'id'>) => `${item.document_type}:${item.id}`;

export const inboxQuery = (page: number) =>
  queryOptions({
    queryKey: ['p2p', 'approvals', 'inbox', page],
    queryFn: ({ signal }) => apiGet<Page<InboxItem>>(INBOX_PATH, { page, page_size: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

/** Active departments (cost centres) for the line editor; an organisation has tens, one page of 100 holds them. */
export const activeDepartmentsQuery = queryOptions({
  queryKey: ['p2p', 'departments', 'active'],
  queryFn: ({ signal }) =>
    apiGet<Page<Department>>('/p2p/departments/', { active: 'true', page: 1, page_size: 100 }, signal),
  staleTime: 5 * 60_000,
});

export const saveRequisition = (id: number | null, payload: RequisitionPayload) =>
  id === null
    ? request<RequisitionView>('POST', base, { body: payload })
    : request<RequisitionView>('PUT', requisitionPath(id), { body: payload });

export type Decision = 'approve' | 'reject' | 'return';

export const decide = (id: number, decision: Decision, body: { comment?: string; step?: number }) =>
  request<RequisitionView>('POST', requisitionPath(id, `${decision}/`), { body });

export const submitRequisition = (id: number) =>
  request<RequisitionView>('POST', requisitionPath(id, 'submit/'), { body: {} });

export const cancelRequisition = (id: number, comment?: string) =>
  request<RequisitionView>('POST', requisitionPath(id, 'cancel/'), { body: comment ? { comment } : {} });

export const removeAttachment = (id: number, attachmentId: number) =>
  request<unknown>('DELETE', requisitionPath(id, `attachments/${attachmentId}/`));

export const bulkApprove = (
  items: ReadonlyArray<{ document_type: InboxItem['document_type']; id: number; step: number }>,
) =>
  request<{ results: BulkResult[] }>('POST', '/approvals/bulk-approve/', {
    body: { items: items.map(({ document_type, id, step }) => ({ document_type, id, step })) },
  });
