import type { Me } from '@zabuni/contracts';

export type Membership = Me['organisations'][number];

/**
 * The platform works for buying organisations: the ones the user is a member of, and the one the session
 * speaks for (the token's buyer_company_id), which is null when that is not one of them (a supplier's
 * session names the buyer whose list it is on; the user then chooses one of their own).
 */
export function buyingOrganisations(me: Me): { memberships: Membership[]; current: Membership | null } {
  const memberships = me.organisations.filter((m) => m.organisation.kind === 'buyer');
  const current = memberships.find((m) => m.organisation.id === me.buyer_company_id) ?? null;
  return { memberships, current };
}

/** Initials for the user menu's avatar: first and last name, else the start of the email. */
export function initialsOf(user: { first_name: string; last_name: string; email: string }): string {
  const letters = [user.first_name, user.last_name]
    .map((name) => Array.from(name.trim())[0] ?? '')
    .join('')
    .toUpperCase();
  return letters || (Array.from(user.email)[0] ?? '?').toUpperCase();
}
