import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import {
  badgeCount,
  inAppPath,
  latestNotificationsQuery,
  notificationsMissing,
  timeAgo,
} from './notifications-api.ts';

describe('notification links', () => {
  it('are followed only inside the app', () => {
    expect(inAppPath('/app/p2p/requisitions/12')).toBe('/app/p2p/requisitions/12');
    expect(inAppPath('/app/p2p/approvals?tab=mine')).toBe('/app/p2p/approvals?tab=mine');
    expect(inAppPath(null)).toBeNull();
    expect(inAppPath('')).toBeNull();
    expect(inAppPath('https://evil.example/app')).toBeNull();
    expect(inAppPath('//evil.example/app')).toBeNull();
    expect(inAppPath('/\\evil.example')).toBeNull();
    expect(inAppPath('javascript:alert(1)')).toBeNull();
  });
});

describe('the unread badge', () => {
  it('shows the count up to 99, then 99+', () => {
    expect(badgeCount(1)).toBe('1');
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(100)).toBe('99+');
  });
});

describe('a server without notifications', () => {
  it('is recognised by its 404, and polling stops for it only', () => {
    const notFound = new ApiError(404, 'Not found.', { detail: 'Not found.' });
    expect(notificationsMissing(notFound)).toBe(true);
    expect(notificationsMissing(new ApiError(500, 'Oops', null))).toBe(false);
    expect(notificationsMissing(new Error('network'))).toBe(false);

    const interval = latestNotificationsQuery.refetchInterval as (query: {
      state: { error: unknown };
    }) => unknown;
    expect(interval({ state: { error: notFound } })).toBe(false);
    expect(interval({ state: { error: null } })).toBe(60_000);
    expect(latestNotificationsQuery.refetchIntervalInBackground).toBe(false);
    expect(latestNotificationsQuery.refetchOnWindowFocus).toBe(true);
  });
});

describe('when a notification came', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it('is said relative to now for a week, in the reader’s language', () => {
    expect(timeAgo('2026-03-10T11:59:30Z', now, 'en')).toBe('now');
    expect(timeAgo('2026-03-10T11:55:00Z', now, 'en')).toBe('5 minutes ago');
    expect(timeAgo('2026-03-10T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(timeAgo('2026-03-09T12:00:00Z', now, 'en')).toBe('yesterday');
    expect(timeAgo('2026-03-10T11:55:00Z', now, 'fr')).toBe('il y a 5 minutes');
  });

  it('leaves older or unreadable dates to the full date', () => {
    expect(timeAgo('2026-03-01T12:00:00Z', now, 'en')).toBeNull();
    expect(timeAgo('not a date', now, 'en')).toBeNull();
  });
});
