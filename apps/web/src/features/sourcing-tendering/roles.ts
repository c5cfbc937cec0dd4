import { usePlatform } from '../../lib/platform-context.ts';

/** What the member's roles let the tender screens offer (the server decides again on every request). */
export function useTenderRoles() {
  const { current } = usePlatform();
  const roles = new Set(current.roles);
  return {
    organisationId: current.organisation.id,
    procurement: roles.has('org_admin') || roles.has('buyer'),
  };
}
