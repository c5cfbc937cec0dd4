import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  Category,
  Country,
  Page,
  SupplierRegistration,
  SupplierRegistrationForm,
  SupplierRegistrationStatus,
} from '@zabuni/contracts';
import { PAGE_SIZE } from '@zabuni/contracts/constants';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

export interface PinSearchAnswer {
  response: 'success' | 'error' | 'err';
  response_message: string;
  code?: string;
  company_name?: string;
}

/** SPEC §7 tax-PIN lookup. */
export const pinSearch = (pin: string, signal?: AbortSignal) =>
  apiGet<PinSearchAnswer>('/supplier-directory/directories/pin-search/', { pin }, signal);

/** SPEC §7 self-registration: 201 "Registration Completed". */
export const registerSupplier = (body: SupplierRegistrationForm) =>
  apiPost<{ id: number; detail: string }>('/supplier-directory/country-directory-supplier/', body);

/** Same cache keys as the other pickers of countries and categories. */
export const categoriesQuery = (search: string) =>
  queryOptions({
    queryKey: ['core', 'category-types', search],
    queryFn: ({ signal }) =>
      apiGet<Page<Category>>(
        '/core/category-types/',
        { page: 1, page_size: PAGE_SIZE.picker, search },
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
export const useCategories = (search: string) => useQuery(categoriesQuery(search));

export const allCountriesQuery = queryOptions({
  queryKey: ['core', 'countries', 'all'],
  queryFn: ({ signal }) =>
    apiGet<Page<Country>>('/core/countries/', { page: 1, page_size: PAGE_SIZE.max }, signal),
  staleTime: Infinity,
});
export const useAllCountries = () => useQuery(allCountriesQuery);

export const REGISTRATION_PAGE_SIZE = 20;

export const registrationsQuery = (status: SupplierRegistrationStatus, page: number) =>
  queryOptions({
    queryKey: ['supplier-directory', 'moderation', 'registrations', status, page],
    queryFn: ({ signal }) =>
      apiGet<Page<SupplierRegistration>>(
        '/supplier-directory/moderation/registrations/',
        { status, page, page_size: REGISTRATION_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export const registrationsApi = {
  approve: (id: number) =>
    apiPost<SupplierRegistration>(`/supplier-directory/moderation/registrations/${id}/approve/`, {}),
  reject: (id: number, reason: string) =>
    apiPost<SupplierRegistration>(`/supplier-directory/moderation/registrations/${id}/reject/`, { reason }),
};
