import { queryOptions } from '@tanstack/react-query';
import {
  SPEND_GROUPS,
  type cycleTimesReport,
  type exceptionsReport,
  type spendReport,
} from '@zabuni/contracts';
import type { z } from 'zod';
import { apiGet } from '../../../../lib/api-client.ts';
import { ordersKey } from './keys.ts';

/** The reports' shapes (GET /p2p/reports/…): net of tax, money as major-unit decimal text. */
export { SPEND_GROUPS };
export type SpendGroup = (typeof SPEND_GROUPS)[number];
export type SpendReport = z.infer<typeof spendReport>;
export type SpendRow = SpendReport['rows'][number];
export type CycleTimeRow = z.infer<typeof cycleTimesReport>['rows'][number];
export type ExceptionKindRow = z.infer<typeof exceptionsReport>['rows'][number];

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
