import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  Page,
  SupplierRegistration,
  SupplierRegistrationForm,
  SupplierRegistrationStatus,
} from '@zabuni/contracts';
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

// The pickers' shared queries (same cache keys everywhere); categories page on scroll (issue 16 point 3).
export {
  allCountriesQuery,
  categoriesQuery,
  useAllCountries,
  useCategories,
} from '../../../lib/reference-data.ts';

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
