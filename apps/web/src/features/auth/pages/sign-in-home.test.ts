import { describe, expect, it } from 'vitest';
import { homeFor, safeNext } from './SignInPage.tsx';

describe('where signing in leads', () => {
  it.each([
    [['org_admin'], '/app'],
    [['requester', 'approver'], '/app'],
    [['finance'], '/app'],
    [['supplier_admin'], '/portal'],
    [['supplier_user'], '/portal'],
    [['advertiser'], '/advertise'],
    [['moderator'], '/advertise'],
    [[], '/advertise'],
  ])('%j → %s', (roles, home) => {
    expect(homeFor(roles)).toBe(home);
  });

  it('keeps a same-site next route and refuses another site', () => {
    expect(safeNext('/app/p2p/approvals', '/advertise')).toBe('/app/p2p/approvals');
    expect(safeNext('//evil.example', '/advertise')).toBe('/advertise');
    expect(safeNext('https://evil.example', '/advertise')).toBe('/advertise');
  });
});
