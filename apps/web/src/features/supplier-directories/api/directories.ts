import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  DirectoriesPage,
  Directory,
  DirectoryOrder,
  DirectoryOrderAdmin,
  DirectoryOrderCreated,
  ModerationDirectory,
  Page,
} from '@zabuni/contracts';
import { PAGE_SIZE } from '@zabuni/contracts/constants';
import { ApiError, apiGet, apiPost, request } from '../../../lib/api-client.ts';

/** SPEC §2: the sample template on the API host (contracts' DIRECTORY_TEMPLATE_PATH). */
export const TEMPLATE_PATH = '/media/templates/supplier-directory-template.xlsx';

export type DirectoryOrdering = 'asc' | 'desc';

/** SPEC §7 list: 16 a page, searched, by name ascending or descending. */
export const directoriesQuery = (page: number, search: string, order: DirectoryOrdering) =>
  queryOptions({
    queryKey: ['supplier-directory', 'directories', page, search, order],
    queryFn: ({ signal }) =>
      apiGet<DirectoriesPage>(
        '/supplier-directory/directories/',
        { page, page_size: PAGE_SIZE.listing, search: search || undefined, order },
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const directoryQuery = (id: number) =>
  queryOptions({
    queryKey: ['supplier-directory', 'directories', 'detail', id],
    queryFn: ({ signal }) => apiGet<Directory>(`/supplier-directory/directories/${id}/`, undefined, signal),
    // A 404 is shown by the page itself, not as a toast.
    meta: { silent: true },
    retryOnMount: false,
    staleTime: 60_000,
  });

export interface CartRequest {
  directory: number;
  name: string;
  email: string;
  marketing?: string | undefined;
}
export const addToCart = (body: CartRequest) =>
  apiPost<DirectoryOrderCreated>('/supplier-directory/orders/', body);

/** SPEC §7 retrieve: the order and its payment state (the checkout polls it). */
export const directoryOrderQuery = (code: string) =>
  queryOptions({
    queryKey: ['supplier-directory', 'orders', code],
    queryFn: ({ signal }) =>
      apiGet<DirectoryOrder>(
        `/supplier-directory/orders/retrieve/${encodeURIComponent(code)}/`,
        undefined,
        signal,
      ),
    meta: { silent: true },
    retryOnMount: false,
  });

export const paymentPath = (code: string) =>
  `/supplier-directory/orders/payment/${encodeURIComponent(code)}/`;

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

// ---- the operator's directories ----

export const moderationDirectoriesQuery = (page: number) =>
  queryOptions({
    queryKey: ['supplier-directory', 'moderation', 'directories', page],
    queryFn: ({ signal }) =>
      apiGet<Page<ModerationDirectory>>(
        '/supplier-directory/moderation/directories/',
        { page, page_size: PAGE_SIZE.listing },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

export interface DirectoryFormBody {
  country: number;
  name: string;
  description: string;
  features: string[];
  directory_format: string;
  software_requirements: string;
  os_requirements: string;
  currency: string;
  amount: number;
  active: boolean;
}
export const saveDirectory = (id: number | null, body: DirectoryFormBody) =>
  id === null
    ? apiPost<ModerationDirectory>('/supplier-directory/moderation/directories/', body)
    : request<ModerationDirectory>('PUT', `/supplier-directory/moderation/directories/${id}/`, { body });

/** SPEC §7 `GET …/orders/` (operator staff): the newest directory orders. */
export const directoryOrdersQuery = (search: string) =>
  queryOptions({
    queryKey: ['supplier-directory', 'moderation', 'orders', search],
    queryFn: ({ signal }) =>
      apiGet<Page<DirectoryOrderAdmin>>(
        '/supplier-directory/orders/',
        { page_size: 10, search: search || undefined },
        signal,
      ),
    placeholderData: keepPreviousData,
  });

/** New links to a paid order's files, mailed again (support's answer to an expired link). */
export const resendDelivery = (code: string) =>
  apiPost<{ detail: string; download_expires_at: string }>(
    `/supplier-directory/moderation/orders/${encodeURIComponent(code)}/resend/`,
  );
