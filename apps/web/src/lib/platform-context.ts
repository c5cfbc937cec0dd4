import type { Me } from '@zabuni/contracts';
import { useOutletContext } from 'react-router';
import type { Membership } from './organisations.ts';

/** What the platform layout hands its pages: they render only once a buying organisation is current. */
export interface PlatformContext {
  me: Me;
  current: Membership;
  memberships: Membership[];
}

export const usePlatform = () => useOutletContext<PlatformContext>();
