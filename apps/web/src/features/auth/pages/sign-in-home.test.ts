import { describe, expect, it } from 'vitest';
import { homeFor } from './SignInPage.tsx';

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
});
