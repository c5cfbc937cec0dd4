import { queryOptions } from '@tanstack/react-query';
import type { matchingSettingsBody } from '@zabuni/contracts';
import type { z } from 'zod';
import { apiGet, request } from '../../../../lib/api-client.ts';
import { ordersKey } from './keys.ts';

export type MatchingSettings = z.output<typeof matchingSettingsBody>;
export type MatchingSettingsInput = z.input<typeof matchingSettingsBody>;

const PATH = '/p2p/matching-settings/';

export const matchingSettingsQuery = (organisationId: number) =>
  queryOptions({
    queryKey: ordersKey(organisationId, 'matching-settings'),
    queryFn: ({ signal }) => apiGet<MatchingSettings>(PATH, undefined, signal),
    meta: { silent: true },
  });

export const saveMatchingSettings = (body: MatchingSettingsInput) =>
  request<MatchingSettings>('PUT', PATH, { body });
