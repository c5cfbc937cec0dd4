import { usePlatform } from '../../lib/platform-context.ts';

/** What the member's roles let the risk screens offer (the server decides again on every request). */
export function useRiskRoles() {
  const { current, me } = usePlatform();
  const roles = new Set(current.roles);
  return {
    organisationId: current.organisation.id,
    userId: me.id,
    /** Records, rates and treats risks, sends questionnaires, keeps the continuity and outsourcing registers. */
    manager: roles.has('org_admin') || roles.has('risk_officer'),
  };
}
