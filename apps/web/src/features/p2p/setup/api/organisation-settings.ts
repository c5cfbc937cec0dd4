import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrganisationSettings, OrganisationSettingsPatch } from '@zabuni/contracts';
import { apiGet, apiPatch } from '../../../../lib/api-client.ts';
import { setupKey } from './keys.ts';

/** The organisation's approval settings (segregation of duties). */
export const organisationSettingsQuery = (organisationId: number) =>
  queryOptions({
    queryKey: setupKey(organisationId, 'organisation-settings'),
    queryFn: ({ signal }) => apiGet<OrganisationSettings>('/p2p/organisation-settings/', undefined, signal),
  });
export const useOrganisationSettings = (organisationId: number) =>
  useQuery(organisationSettingsQuery(organisationId));

export const organisationSettingsApi = {
  update: (patch: OrganisationSettingsPatch) =>
    apiPatch<OrganisationSettings>('/p2p/organisation-settings/', patch),
};
