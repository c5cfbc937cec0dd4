import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FiscalYear, FiscalYearForm } from '@zabuni/contracts';
import { apiPatch, apiPost } from '../../../../lib/api-client.ts';
import { allPages } from './all-pages.ts';
import { setupKey } from './keys.ts';

export const fiscalYearsQuery = (organisationId: number) =>
  queryOptions({
    queryKey: setupKey(organisationId, 'fiscal-years'),
    queryFn: ({ signal }) => allPages<FiscalYear>('/p2p/fiscal-years/', {}, signal),
  });
export const useFiscalYears = (organisationId: number) => useQuery(fiscalYearsQuery(organisationId));

export interface FiscalYearChange {
  name?: string;
  status?: FiscalYear['status'];
}

export const fiscalYearsApi = {
  create: (form: FiscalYearForm) => apiPost<FiscalYear>('/p2p/fiscal-years/', form),
  update: (id: number, change: FiscalYearChange) => apiPatch<FiscalYear>(`/p2p/fiscal-years/${id}/`, change),
};
