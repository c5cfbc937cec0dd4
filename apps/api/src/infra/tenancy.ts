import { message, type Message } from '@zabuni/contracts';
import { hasRole } from '@zabuni/domain';
import type { Principal } from './auth.ts';
import { AppError } from './errors.ts';

/** The caller's current buying organisation (the token's buyer_company_id): every platform call needs one. */
export function currentOrganisation(principal: Principal): number {
  if (principal.buyerCompanyId === null) throw new AppError('forbidden', message('access.no_buyer'));
  return principal.buyerCompanyId;
}

/**
 * The current organisation, when the caller administers it. Routes only check that the caller is an
 * administrator somewhere; this checks it is here.
 */
export function administeredOrganisation(principal: Principal, refusal: string | Message): number {
  const organisationId = currentOrganisation(principal);
  if (!hasRole(principal.grants, ['org_admin'], organisationId)) throw new AppError('forbidden', refusal);
  return organisationId;
}
