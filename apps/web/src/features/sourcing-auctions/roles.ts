import { usePlatform } from '../../lib/platform-context.ts';

/** What the member's roles let the auction and disposal screens offer (the server decides again). */
export function useAuctionRoles() {
  const { current } = usePlatform();
  const roles = new Set(current.roles);
  return {
    organisationId: current.organisation.id,
    procurement: roles.has('org_admin') || roles.has('buyer'),
    approver: roles.has('org_admin') || roles.has('approver'),
  };
}
