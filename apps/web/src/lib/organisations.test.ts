import type { Me } from '@zabuni/contracts';
import { describe, expect, it } from 'vitest';
import { buyingOrganisations, initialsOf } from './organisations.ts';

const me = (buyerCompanyId: number | null, organisations: Me['organisations']): Me => ({
  id: 1,
  email: 'buyer@zabuni.example',
  username: 'buyer@zabuni.example',
  first_name: 'Amina',
  last_name: 'Wafula',
  phone_number: null,
  language: 'en',
  two_factor_enabled: false,
  two_factor_method: null,
  last_login_at: null,
  buyer_company_id: buyerCompanyId,
  organisations,
});
const member = (id: number, name: string, kind: 'buyer' | 'supplier' | 'advertiser', roles: string[]) => ({
  organisation: { id, name, kind },
  roles,
});

describe('buyingOrganisations', () => {
  const harambee = member(2, 'Harambee Savings Sacco', 'buyer', ['org_admin', 'requester']);
  const umoja = member(1, 'Umoja Commercial Bank', 'buyer', ['org_admin']);
  const supplier = member(9, 'Jua Kali Supplies', 'supplier', ['supplier_admin']);

  it('keeps the buying organisations and finds the one the session works for', () => {
    const result = buyingOrganisations(me(1, [harambee, supplier, umoja]));
    expect(result.memberships.map((m) => m.organisation.name)).toEqual([
      'Harambee Savings Sacco',
      'Umoja Commercial Bank',
    ]);
    expect(result.current?.organisation.name).toBe('Umoja Commercial Bank');
  });

  it('has no current organisation when the session names a buyer the user is not a member of', () => {
    // A supplier's session names the buyer whose supplier list it is on.
    expect(buyingOrganisations(me(7, [harambee, supplier])).current).toBeNull();
    expect(buyingOrganisations(me(null, [harambee])).current).toBeNull();
  });

  it('is empty for an advertiser or a supplier', () => {
    const advertiser = member(5, 'Savannah Procurement Advisory Ltd', 'advertiser', ['advertiser']);
    expect(buyingOrganisations(me(null, [advertiser]))).toEqual({ memberships: [], current: null });
    expect(buyingOrganisations(me(7, [supplier]))).toEqual({ memberships: [], current: null });
  });
});

describe('initialsOf', () => {
  it.each([
    [{ first_name: 'Amina', last_name: 'Wafula', email: 'a@x.example' }, 'AW'],
    [{ first_name: 'amina', last_name: '', email: 'a@x.example' }, 'A'],
    [{ first_name: '', last_name: '', email: 'otieno@x.example' }, 'O'],
    [{ first_name: 'ሰላም', last_name: 'ተስፋዬ', email: 's@x.example' }, 'ሰተ'],
  ])('%j → %s', (user, initials) => {
    expect(initialsOf(user)).toBe(initials);
  });
});
