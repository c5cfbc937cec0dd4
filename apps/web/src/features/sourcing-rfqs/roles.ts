import { usePlatform } from '../../lib/platform-context.ts';

/** What the member's roles let the RFQ screens offer (the server decides again on every request). */
export function useRfqRoles() {
  const { current } = usePlatform();
  const roles = new Set(current.roles);
  return {
    organisationId: current.organisation.id,
    procurement: roles.has('org_admin') || roles.has('buyer'),
  };
}
