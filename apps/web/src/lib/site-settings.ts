import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteSettings } from '@zabuni/contracts';
import { apiGet } from './api-client.ts';

export const siteSettingsQuery = queryOptions({
  queryKey: ['core', 'site'],
  queryFn: ({ signal }) => apiGet<SiteSettings>('/core/site/', undefined, signal),
  staleTime: Infinity,
});

export const useSiteSettings = () => useQuery(siteSettingsQuery);
