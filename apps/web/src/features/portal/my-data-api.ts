import { queryOptions } from '@tanstack/react-query';
import type { SupplierData, SupplierDataCorrection } from '@zabuni/contracts';
import { API_BASE, apiGet, apiPatch, apiPost } from '../../lib/api-client.ts';

/** Issue 18, data protection: the registered supplier's own data (not per buyer: no buyer in the key). */
export const MY_DATA_KEY = ['portal-my-data'] as const;

export const myDataQuery = queryOptions({
  queryKey: MY_DATA_KEY,
  queryFn: () => apiGet<SupplierData>('/portal/my-data/'),
});

export const myDataApi = {
  correct: (patch: SupplierDataCorrection) => apiPatch<SupplierData>('/portal/my-data/', patch),
  requestErasure: (reason: string) =>
    apiPost<SupplierData>('/portal/my-data/erasure/', reason.trim() ? { reason: reason.trim() } : {}),
};

/** The export is a plain download (the session cookie goes with it). */
export const MY_DATA_EXPORT_URL = `${API_BASE}/portal/my-data/export/`;
