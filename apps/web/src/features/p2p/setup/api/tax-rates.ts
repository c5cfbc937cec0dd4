import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaxRate, TaxRateForm } from '@zabuni/contracts';
import { apiPatch, apiPost } from '../../../../lib/api-client.ts';
import { allPages } from './all-pages.ts';
import { setupKey } from './keys.ts';

export const taxRatesQuery = (organisationId: number) =>
  queryOptions({
    queryKey: setupKey(organisationId, 'tax-rates'),
    queryFn: ({ signal }) => allPages<TaxRate>('/p2p/tax-rates/', {}, signal),
  });
export const useTaxRates = (organisationId: number) => useQuery(taxRatesQuery(organisationId));

export const taxRatesApi = {
  create: (form: TaxRateForm) => apiPost<TaxRate>('/p2p/tax-rates/', form),
  update: (id: number, change: Partial<TaxRateForm>) => apiPatch<TaxRate>(`/p2p/tax-rates/${id}/`, change),
};
