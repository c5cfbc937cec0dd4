import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@zabuni/contracts';
import { apiGet } from './api-client.ts';

/** The signed-in user's profile with the organisations they belong to and their roles in each. */
export const meQuery = queryOptions({
  queryKey: ['authentication', 'me'],
  queryFn: ({ signal }) => apiGet<Me>('/authentication/me/', undefined, signal),
});
export const useMe = () => useQuery(meQuery);
