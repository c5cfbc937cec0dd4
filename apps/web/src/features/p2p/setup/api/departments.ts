import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Department, DepartmentForm, DepartmentUpdate } from '@zabuni/contracts';
import { apiPatch, apiPost } from '../../../../lib/api-client.ts';
import { allPages } from './all-pages.ts';
import { setupKey } from './keys.ts';

export const departmentsQuery = (organisationId: number) =>
  queryOptions({
    queryKey: setupKey(organisationId, 'departments'),
    queryFn: ({ signal }) => allPages<Department>('/p2p/departments/', {}, signal),
  });
export const useDepartments = (organisationId: number) => useQuery(departmentsQuery(organisationId));

export const departmentsApi = {
  create: (form: DepartmentForm) => apiPost<Department>('/p2p/departments/', form),
  update: (id: number, change: DepartmentUpdate) => apiPatch<Department>(`/p2p/departments/${id}/`, change),
};
