import { queryOptions } from '@tanstack/react-query';
import type {
  SupplierLetter,
  SupplierLetters,
  SupplierListingPage,
  SupplierProfile,
} from '@zabuni/contracts';
import { ApiError, apiGet } from '../../../lib/api-client.ts';

export interface ListingFilters {
  country?: string | undefined;
  category?: number | undefined;
}

/** Issue 18: the letters that have approved suppliers, with the page's filters. */
export const supplierLettersQuery = (filters: ListingFilters) =>
  queryOptions({
    queryKey: ['supplier-directory', 'suppliers', 'letters', filters],
    queryFn: ({ signal }) =>
      apiGet<SupplierLetters>('/supplier-directory/suppliers/letters/', { ...filters }, signal),
    staleTime: 60_000,
  });

/** One letter's page of suppliers (keyset: `cursor` from the previous page's `next_cursor`). */
export const supplierListingQuery = (
  letter: SupplierLetter,
  filters: ListingFilters,
  cursor: string | undefined,
  pageSize: number,
) =>
  queryOptions({
    queryKey: ['supplier-directory', 'suppliers', letter, filters, cursor ?? null, pageSize],
    queryFn: ({ signal }) =>
      apiGet<SupplierListingPage>(
        '/supplier-directory/suppliers/',
        { letter, ...filters, cursor, page_size: pageSize },
        signal,
      ),
    staleTime: 60_000,
  });

/** An approved supplier's public profile; a 404 is shown by the page (the not-found page), not a toast. */
export const supplierProfileQuery = (id: number) =>
  queryOptions({
    queryKey: ['supplier-directory', 'suppliers', 'profile', id],
    queryFn: ({ signal }) =>
      apiGet<SupplierProfile>(`/supplier-directory/suppliers/${id}/`, undefined, signal),
    meta: { silent: true },
    staleTime: 60_000,
    retryOnMount: false,
  });

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** Flags are served by the API at /flags/{iso2}.svg. */
export const flagOf = (iso2: string) => `/flags/${iso2.toLowerCase()}.svg`;
