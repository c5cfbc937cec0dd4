import { describe, expect, it } from 'vitest';
import { hasRole, isLocked, isValidTaxPin, lockoutAfterFailure, roleFitsKind, ROLES } from './access.ts';

describe('roles', () => {
  it('offers the sixteen roles of the four organisation kinds (budget exception approver included)', () => {
    expect(ROLES).toHaveLength(16);
    expect(new Set(ROLES).size).toBe(16);
    expect(roleFitsKind('budget_exception_approver', 'buyer')).toBe(true);
  });

  it.each([
    ['approver', 'buyer', true],
    ['auditor', 'buyer', true],
    ['supplier_user', 'supplier', true],
    ['advertiser', 'advertiser', true],
    ['moderator', 'platform', true],
    ['moderator', 'buyer', false],
    ['org_admin', 'supplier', false],
    ['advertiser', 'platform', false],
  ] as const)('%s in a %s organisation: %s', (role, kind, expected) => {
    expect(roleFitsKind(role, kind)).toBe(expected);
  });

  it('checks a role, optionally in one organisation', () => {
    const grants = [
      { organisationId: 1, role: 'buyer' as const },
      { organisationId: 2, role: 'approver' as const },
    ];
    expect(hasRole(grants, ['approver'])).toBe(true);
    expect(hasRole(grants, ['approver'], 1)).toBe(false);
    expect(hasRole(grants, ['moderator', 'super_admin'])).toBe(false);
  });
});

describe('isValidTaxPin', () => {
  it.each([
    ['A123456789B', 'KE', true],
    [' p051234567z ', 'KE', true],
    ['A12345678B', 'KE', false],
    ['B123456789C', 'KE', false],
    ['A1234567890', 'KE', false],
    ['1000123456', 'UG', true],
    ['TIN-123/45', 'TZ', true],
    ['x', 'UG', false],
  ])('%j in %s → %s', (pin, country, expected) => {
    expect(isValidTaxPin(pin, country)).toBe(expected);
  });
});

describe('lockout', () => {
  const now = new Date('2026-11-21T10:00:00Z');
  it('locks for 15 minutes from the fifth failure', () => {
    expect(lockoutAfterFailure(4, now)).toBeNull();
    expect(lockoutAfterFailure(5, now)?.toISOString()).toBe('2026-11-21T10:15:00.000Z');
    expect(isLocked(new Date('2026-11-21T10:15:00Z'), now)).toBe(true);
    expect(isLocked(new Date('2026-11-21T09:59:59Z'), now)).toBe(false);
    expect(isLocked(null, now)).toBe(false);
  });
});
