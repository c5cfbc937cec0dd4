import { usePlatform } from '../../lib/platform-context.ts';

/** What the member's roles let the screens offer (the server decides again on every request). */
export function useRoles() {
  const { current, me } = usePlatform();
  const roles = new Set(current.roles);
  return {
    organisationId: current.organisation.id,
    userId: me.id,
    /** Writes templates and contracts, sends them for signature and signs for the organisation. */
    manager: roles.has('org_admin') || roles.has('contract_manager'),
  };
}
