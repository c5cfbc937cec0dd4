import { message, type Message } from '@zabuni/contracts';
import { hasRole } from '@zabuni/domain';
import type { Principal } from './auth.ts';
import { AppError } from './errors.ts';

/**
 * The caller's current buying organisation (the token's buyer_company_id): every platform call needs one.
 * On buyer-side routes the access check has already confirmed, from the database, that the caller is staff
 * there; portal services pair it with the caller's own supplier organisation.
 */
export function currentOrganisation(principal: Principal): number {
  if (principal.buyerCompanyId === null) throw new AppError('forbidden', message('access.no_buyer'));
  return principal.buyerCompanyId;
}

/**
 * The current organisation, when the caller administers it: for services reached from routes that admit
 * other roles too, so the use case itself refuses a non-administrator (authorisation in the service).
 */
export function administeredOrganisation(principal: Principal, refusal: string | Message): number {
  const organisationId = currentOrganisation(principal);
  if (!hasRole(principal.grants, ['org_admin'], organisationId)) throw new AppError('forbidden', refusal);
  return organisationId;
}
