/**
 * Who may do what: organisation kinds, the roles each kind's members can hold, and the rules of
 * passwords, tax PINs and sign-in lockout. Pure rules, shared by the API (enforcement) and the web (forms).
 */

export const ORGANISATION_KINDS = ['buyer', 'supplier', 'advertiser', 'platform'] as const;
export type OrganisationKind = (typeof ORGANISATION_KINDS)[number];

export const ROLES_BY_KIND = {
  buyer: [
    'org_admin',
    'requester',
    'approver',
    'buyer',
    'budget_owner',
    // Approves documents over a budget whose control is `warn` (approval-workflows BUDGET_EXCEPTION_ROLE).
    'budget_exception_approver',
    'finance',
    'evaluator',
    'contract_manager',
    'risk_officer',
    'auditor',
  ],
  supplier: ['supplier_admin', 'supplier_user'],
  advertiser: ['advertiser'],
  platform: ['moderator', 'super_admin'],
} as const satisfies Record<OrganisationKind, readonly string[]>;

export type Role = (typeof ROLES_BY_KIND)[OrganisationKind][number];
export const ROLES = Object.values(ROLES_BY_KIND).flat() as Role[];

export function roleFitsKind(role: Role, kind: OrganisationKind): boolean {
  return (ROLES_BY_KIND[kind] as readonly Role[]).includes(role);
}

/** Read-only roles never pass a check for a command (a write), whatever else the route allows. */
export const READ_ONLY_ROLES: readonly Role[] = ['auditor'];

export interface Grant {
  organisationId: number;
  role: Role;
}

/** Does one of the caller's grants carry one of the required roles (in the given organisation, if any)? */
export function hasRole(
  grants: readonly Grant[],
  required: readonly Role[],
  organisationId?: number,
): boolean {
  return grants.some(
    (grant) =>
      required.includes(grant.role) &&
      (organisationId === undefined || grant.organisationId === organisationId),
  );
}

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Kenya Revenue Authority PIN: A or P, nine digits, a check letter (A123456789B). */
export const KRA_PIN_PATTERN = /^[AP]\d{9}[A-Z]$/;

export function normaliseTaxPin(pin: string): string {
  return pin.trim().toUpperCase().replace(/\s+/g, '');
}

/** A tax PIN is checked against the KRA format for Kenya, and for plausibility elsewhere. */
export function isValidTaxPin(pin: string, countryIso2: string): boolean {
  const value = normaliseTaxPin(pin);
  if (countryIso2.toUpperCase() === 'KE') return KRA_PIN_PATTERN.test(value);
  return /^[A-Z0-9][A-Z0-9/-]{2,29}$/.test(value);
}

/** After this many failed sign-ins in a row an account is locked for LOCKOUT_MINUTES. */
export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_MINUTES = 15;

export function lockoutAfterFailure(failedCount: number, now: Date): Date | null {
  return failedCount >= LOCKOUT_THRESHOLD ? new Date(now.getTime() + LOCKOUT_MINUTES * 60_000) : null;
}

export function isLocked(lockedUntil: Date | null, now: Date): boolean {
  return lockedUntil !== null && lockedUntil.getTime() > now.getTime();
}

/** Lifetimes of what we hand out. */
export const TOKEN_LIFETIME = {
  accessMinutes: 15,
  /** A password-verified token that may only complete two-factor verification. */
  twoFactorPendingMinutes: 10,
  activationHours: 48,
  passwordResetHours: 2,
  emailCodeMinutes: 10,
  refreshDaysRemembered: 30,
  refreshHoursSession: 12,
} as const;
