import { describe, expect, it } from 'vitest';
import { addMonths, planFromPageProperty, subscriptionPeriod } from './subscriptions.ts';

describe('subscription periods', () => {
  it.each([
    ['2026-01-31T10:00:00Z', 1, '2026-02-28T10:00:00.000Z'],
    ['2028-01-31T10:00:00Z', 1, '2028-02-29T10:00:00.000Z'],
    ['2026-11-22T08:30:00Z', 12, '2027-11-22T08:30:00.000Z'],
    ['2028-02-29T00:00:00Z', 12, '2029-02-28T00:00:00.000Z'],
    ['2026-12-15T00:00:00Z', 1, '2027-01-15T00:00:00.000Z'],
  ])('%s + %i months = %s', (from, months, to) => {
    expect(addMonths(new Date(from), months).toISOString()).toBe(to);
  });

  it('starts when paid when nothing is running, and extends a running period from its end', () => {
    const paidAt = new Date('2026-11-22T09:00:00Z');
    expect(subscriptionPeriod('Monthly', paidAt, null)).toEqual({
      start: paidAt,
      end: new Date('2026-12-22T09:00:00Z'),
    });
    const expired = new Date('2026-10-01T00:00:00Z');
    expect(subscriptionPeriod('Annual', paidAt, expired).start).toEqual(paidAt);
    const running = new Date('2027-01-10T00:00:00Z');
    expect(subscriptionPeriod('Annual', paidAt, running)).toEqual({
      start: running,
      end: new Date('2028-01-10T00:00:00Z'),
    });
  });

  it('reads the plan from the page property (SPEC §9), otherwise none', () => {
    expect(planFromPageProperty('monthly')).toBe('Monthly');
    expect(planFromPageProperty('Annual')).toBe('Annual');
    expect(planFromPageProperty('weekly')).toBeNull();
    expect(planFromPageProperty(null)).toBeNull();
  });
});
