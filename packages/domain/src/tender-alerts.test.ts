import { describe, expect, it } from 'vitest';
import {
  alertTsQuery,
  digestOrder,
  digestSlot,
  digestWindow,
  matchesAlert,
  normaliseAlertTerms,
  renewalReminderDue,
  savedSearchDue,
  type AlertCandidate,
  type AlertProfile,
} from './tender-alerts.ts';

const d = (iso: string) => new Date(iso);

describe('digestSlot (Nairobi weekday and hour)', () => {
  const monday7 = { weekday: 1, hour: 7 };
  it('is the same week slot from the slot until the next one', () => {
    // Monday 2026-11-23 07:00 EAT = 04:00Z.
    expect(digestSlot(d('2026-11-23T04:00:00Z'), monday7).toISOString()).toBe('2026-11-23T04:00:00.000Z');
    expect(digestSlot(d('2026-11-26T10:00:00Z'), monday7).toISOString()).toBe('2026-11-23T04:00:00.000Z');
    expect(digestSlot(d('2026-11-30T03:59:59Z'), monday7).toISOString()).toBe('2026-11-23T04:00:00.000Z');
    expect(digestSlot(d('2026-11-30T04:00:00Z'), monday7).toISOString()).toBe('2026-11-30T04:00:00.000Z');
  });
  it("reads the day on Nairobi's clock, not UTC's", () => {
    // Sunday 22:00Z is already Monday 01:00 in Nairobi: a Monday 00:00 EAT slot has passed.
    expect(digestSlot(d('2026-11-29T22:00:00Z'), { weekday: 1, hour: 0 }).toISOString()).toBe(
      '2026-11-29T21:00:00.000Z',
    );
    // Friday 18:00 EAT.
    expect(digestSlot(d('2026-11-26T10:00:00Z'), { weekday: 5, hour: 18 }).toISOString()).toBe(
      '2026-11-20T15:00:00.000Z',
    );
  });
  it('refuses an impossible schedule', () => {
    expect(() => digestSlot(new Date(), { weekday: 0, hour: 7 })).toThrow(RangeError);
    expect(() => digestSlot(new Date(), { weekday: 1, hour: 24 })).toThrow(RangeError);
  });
});

describe('digestWindow', () => {
  const slot = d('2026-11-23T04:00:00Z');
  const run = d('2026-11-23T04:05:00Z');
  it('covers the week before the slot for a first digest', () => {
    expect(digestWindow(slot, run, null)).toEqual({ from: d('2026-11-16T04:00:00Z'), until: run });
  });
  it('starts where the previous digest stopped (an early operator run loses nothing)', () => {
    const previous = d('2026-11-20T09:00:00Z');
    expect(digestWindow(slot, run, previous).from).toEqual(previous);
    // …but never reaches back more than a week (a subscriber back after months).
    expect(digestWindow(slot, run, d('2026-01-01T00:00:00Z')).from).toEqual(d('2026-11-16T04:00:00Z'));
  });
});

describe('renewalReminderDue', () => {
  const end = d('2026-12-10T12:00:00Z');
  it('is the 7-day reminder in the last week, the 1-day one in the last day, nothing otherwise', () => {
    expect(renewalReminderDue(d('2026-12-03T11:59:00Z'), end)).toBeNull();
    expect(renewalReminderDue(d('2026-12-03T12:00:00Z'), end)).toBe('renewal_7');
    expect(renewalReminderDue(d('2026-12-09T11:00:00Z'), end)).toBe('renewal_7');
    expect(renewalReminderDue(d('2026-12-09T12:00:00Z'), end)).toBe('renewal_1');
    expect(renewalReminderDue(d('2026-12-10T12:00:00Z'), end)).toBeNull();
    expect(renewalReminderDue(d('2026-12-01T00:00:00Z'), null)).toBeNull();
  });
});

describe('matchesAlert', () => {
  const window = { from: d('2026-11-16T04:00:00Z'), until: d('2026-11-23T04:00:00Z') };
  const profile: AlertProfile = {
    countryId: 1,
    categoryIds: [10, 11],
    keywords: [],
    sectors: [],
    jobTypes: [],
    counties: [],
  };
  const tender: AlertCandidate = {
    kind: 'tender',
    countryId: 1,
    categoryIds: [10],
    sector: 'NGO',
    jobType: 'Tender',
    text: 'Supply of water pipes to Kisumu County · Lake Basin Authority',
    publishedAt: d('2026-11-20T08:00:00Z'),
    closingAt: d('2026-12-20T09:00:00Z'),
  };
  it('matches the country and a category, public in the window and still open', () => {
    expect(matchesAlert(profile, tender, window)).toBe(true);
  });
  it('refuses another country, another category, outside the window, or closed', () => {
    expect(matchesAlert(profile, { ...tender, countryId: 2 }, window)).toBe(false);
    expect(matchesAlert(profile, { ...tender, categoryIds: [12] }, window)).toBe(false);
    expect(matchesAlert(profile, { ...tender, categoryIds: [] }, window)).toBe(false);
    expect(matchesAlert(profile, { ...tender, publishedAt: d('2026-11-16T03:59:59Z') }, window)).toBe(false);
    expect(matchesAlert(profile, { ...tender, publishedAt: window.until }, window)).toBe(false);
    expect(matchesAlert(profile, { ...tender, closingAt: window.until }, window)).toBe(false);
  });
  it('narrows by keywords (any; every word of one as a prefix), sectors, job types and counties', () => {
    expect(matchesAlert({ ...profile, keywords: ['water pipe'] }, tender, window)).toBe(true);
    expect(matchesAlert({ ...profile, keywords: ['roads', 'pipes'] }, tender, window)).toBe(true);
    expect(matchesAlert({ ...profile, keywords: ['water roads'] }, tender, window)).toBe(false);
    expect(matchesAlert({ ...profile, sectors: ['Government'] }, tender, window)).toBe(false);
    expect(matchesAlert({ ...profile, sectors: ['NGO', 'Government'] }, tender, window)).toBe(true);
    expect(matchesAlert({ ...profile, jobTypes: ['Request For Quotation'] }, tender, window)).toBe(false);
    expect(matchesAlert({ ...profile, jobTypes: ['Tender'] }, tender, window)).toBe(true);
    expect(matchesAlert({ ...profile, counties: ['Nairobi'] }, tender, window)).toBe(false);
    expect(matchesAlert({ ...profile, counties: ['Nairobi', 'Kisumu'] }, tender, window)).toBe(true);
  });
  it('does not narrow jobs by sector (they have none) but does by the rest', () => {
    const job: AlertCandidate = { ...tender, kind: 'job', sector: null, categoryIds: [3, 11] };
    expect(matchesAlert({ ...profile, sectors: ['Government'] }, job, window)).toBe(true);
    expect(matchesAlert({ ...profile, keywords: ['solar'] }, job, window)).toBe(false);
  });
});

describe('terms', () => {
  it('are normalised and become a prefix query the database accepts', () => {
    expect(normaliseAlertTerms(['  Road  Works ', 'road works', '', '!!', 'Water'])).toEqual([
      'road works',
      'water',
    ]);
    expect(alertTsQuery(['road works', "water's"])).toBe('(road:* & works:*) | (water:* & s:*)');
    expect(alertTsQuery(['  ', '&|!'])).toBeNull();
    expect(alertTsQuery([])).toBeNull();
  });
});

describe('digestOrder', () => {
  it('lists the latest closing first', () => {
    const items = [
      { id: 1, closingAt: d('2026-12-01T00:00:00Z') },
      { id: 2, closingAt: d('2026-12-05T00:00:00Z') },
      { id: 3, closingAt: d('2026-12-01T00:00:00Z') },
    ];
    expect(digestOrder(items).map((i) => i.id)).toEqual([2, 3, 1]);
  });
});

describe('savedSearchDue', () => {
  const checked = d('2026-11-25T07:00:00Z');
  it('is every run for an instant search, a day after the last window for a daily one', () => {
    expect(savedSearchDue('instant', checked, d('2026-11-25T07:05:00Z'))).toBe(true);
    expect(savedSearchDue('instant', checked, checked)).toBe(false);
    expect(savedSearchDue('daily', checked, d('2026-11-26T06:59:00Z'))).toBe(false);
    expect(savedSearchDue('daily', checked, d('2026-11-26T07:00:00Z'))).toBe(true);
  });
});
