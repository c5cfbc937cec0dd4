import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../../lib/api-client.ts';
import { ordersKey } from './keys.ts';

/*
 * The reports' shapes (GET /p2p/reports/…), written out here: net of tax, money as major-unit decimal text.
 */
export const SPEND_GROUPS = ['supplier', 'category', 'department', 'month'] as const;
export type SpendGroup = (typeof SPEND_GROUPS)[number];

export interface SpendRow {
  key: string;
  label: string;
  ordered: string;
  invoiced: string;
  paid: string;
}
export interface SpendReport {
  currency: string;
  group_by: SpendGroup;
  from: string | null;
  to: string | null;
  rows: SpendRow[];
  totals: { ordered: string; invoiced: string; paid: string };
}
export interface CycleTimeRow {
  supplier: { id: number; name: string };
  orders: number;
  avg_days_to_approve: number | null;
  avg_days_to_send: number | null;
  avg_days_to_acknowledge: number | null;
  avg_days_to_receive: number | null;
}
export interface ExceptionKindRow {
  kind: string;
  invoices: number;
  blocking: number;
}

export const spendQuery = (
  organisationId: number,
  params: { group_by: SpendGroup; from?: string; to?: string },
) =>
  queryOptions({
    queryKey: ordersKey(organisationId, 'reports', 'spend', params),
    queryFn: ({ signal }) => apiGet<SpendReport>('/p2p/reports/spend/', params, signal),
    meta: { silent: true },
  });

export const cycleTimesQuery = (organisationId: number) =>
  queryOptions({
    queryKey: ordersKey(organisationId, 'reports', 'cycle-times'),
    queryFn: ({ signal }) => apiGet<{ rows: CycleTimeRow[] }>('/p2p/reports/cycle-times/', undefined, signal),
    meta: { silent: true },
  });

export const exceptionKindsQuery = (organisationId: number) =>
  queryOptions({
    queryKey: ordersKey(organisationId, 'reports', 'exceptions'),
    queryFn: ({ signal }) =>
      apiGet<{ rows: ExceptionKindRow[] }>('/p2p/reports/exceptions/', undefined, signal),
    meta: { silent: true },
  });
