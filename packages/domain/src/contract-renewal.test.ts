import { describe, expect, it } from 'vitest';
import {
  addTermMonths,
  alertKey,
  dueContractAlerts,
  endOfTerm,
  mayGiveNotice,
  noticeDeadline,
  normaliseAlertDays,
  obligationReminderDue,
  type RenewalTerms,
} from './contract-renewal.ts';

const terms = (over: Partial<RenewalTerms>): RenewalTerms => ({
  renewal: 'none',
  endDate: '2026-12-31',
  renewalTermMonths: 12,
  noticeDays: 60,
  nonRenewalRecordedOn: null,
  ...over,
});

describe('addTermMonths', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-12-31', 12, '2027-12-31'],
    ['2026-11-15', -3, '2026-08-15'],
  ])('%s + %i months = %s', (date, months, expected) => expect(addTermMonths(date, months)).toBe(expected));
});

describe('endOfTerm', () => {
  it.each<[Partial<RenewalTerms>, string, ReturnType<typeof endOfTerm>]>([
    [{}, '2026-12-31', { outcome: 'running' }],
    [{}, '2027-01-01', { outcome: 'expire' }],
    [{ renewal: 'automatic' }, '2027-01-01', { outcome: 'renew', endDate: '2027-12-31' }],
    [{ renewal: 'automatic', nonRenewalRecordedOn: '2026-12-30' }, '2027-01-01', { outcome: 'expire' }],
    // By notice: a notice given by the deadline (60 days before the end: 1 Nov) stops it; a late one does not.
    [{ renewal: 'by_notice', nonRenewalRecordedOn: '2026-11-01' }, '2027-01-01', { outcome: 'expire' }],
    [
      { renewal: 'by_notice', nonRenewalRecordedOn: '2026-11-02' },
      '2027-01-01',
      { outcome: 'renew', endDate: '2027-12-31' },
    ],
    [{ renewal: 'by_notice' }, '2027-01-01', { outcome: 'renew', endDate: '2027-12-31' }],
    // The job paused for more than a term: renewed as many terms as it takes.
    [
      { renewal: 'automatic', renewalTermMonths: 6 },
      '2027-07-01',
      { outcome: 'renew', endDate: '2027-12-31' },
    ],
    [{ renewal: 'automatic', renewalTermMonths: null }, '2027-01-01', { outcome: 'expire' }],
  ])('%j on %s → %j', (over, today, expected) => expect(endOfTerm(terms(over), today)).toEqual(expected));
});

describe('notice of non-renewal', () => {
  it('has a deadline only by notice', () => {
    expect(noticeDeadline(terms({ renewal: 'by_notice' }))).toBe('2026-11-01');
    expect(noticeDeadline(terms({ renewal: 'automatic' }))).toBeNull();
  });
  it.each<[Partial<RenewalTerms>, string, boolean]>([
    [{ renewal: 'none' }, '2026-10-01', false],
    [{ renewal: 'automatic' }, '2026-12-31', true],
    [{ renewal: 'automatic' }, '2027-01-01', false],
    [{ renewal: 'by_notice' }, '2026-11-01', true],
    [{ renewal: 'by_notice' }, '2026-11-02', false],
  ])('%j on %s → %s', (over, today, expected) => expect(mayGiveNotice(terms(over), today)).toBe(expected));
});

describe('dueContractAlerts: once per threshold', () => {
  const base = {
    endDate: '2026-12-31',
    renewal: 'none' as const,
    noticeDays: null,
    thresholds: [90, 60, 30],
    sent: new Set<string>(),
  };
  it.each<[string, number[], number[]]>([
    // today, thresholds sent, passed (recorded without a mail)
    ['2026-09-01', [], []], // 121 days left: none reached
    ['2026-10-02', [90], []], // 90 days left
    ['2026-11-15', [60], [90]], // 46 days: only the tightest speaks
    ['2026-12-10', [30], [90, 60]],
    ['2027-01-02', [], []], // gone
  ])('on %s sends %j and records %j', (today, sends, passes) => {
    const due = dueContractAlerts({ ...base, today });
    expect(due.send.map((a) => a.thresholdDays)).toEqual(sends);
    expect(due.passed.map((a) => a.thresholdDays).sort((a, b) => b - a)).toEqual(passes);
  });

  it('a threshold already sent is never sent again, and a wider one left over is only recorded', () => {
    const sent = new Set([alertKey({ kind: 'expiry', thresholdDays: 30, dueDate: '2026-12-31' })]);
    const due = dueContractAlerts({ ...base, sent, today: '2026-12-20' });
    expect(due.send).toEqual([]);
    expect(due.passed.map((a) => a.thresholdDays).sort()).toEqual([60, 90]);
  });

  it('a renewed contract (new end date) is warned again', () => {
    const sent = new Set([alertKey({ kind: 'expiry', thresholdDays: 30, dueDate: '2026-12-31' })]);
    const due = dueContractAlerts({ ...base, endDate: '2027-12-31', sent, today: '2027-12-01' });
    expect(due.send.map((a) => [a.kind, a.thresholdDays, a.dueDate])).toEqual([['expiry', 30, '2027-12-31']]);
  });

  it('by notice: the notice deadline has its own alert', () => {
    const due = dueContractAlerts({
      ...base,
      renewal: 'by_notice',
      noticeDays: 60,
      thresholds: [30],
      today: '2026-10-15',
    });
    expect(due.send.map((a) => [a.kind, a.dueDate, a.daysLeft])).toEqual([['notice', '2026-11-01', 17]]);
  });
});

describe('normaliseAlertDays and obligation reminders', () => {
  it('keeps whole days, widest first, no repeats', () => {
    expect(normaliseAlertDays([30, 90, 30, 7.5, -1, 45])).toEqual([90, 45, 30]);
  });
  it.each([
    ['2026-12-01', 7, '2026-11-24', false, true],
    ['2026-12-01', 7, '2026-11-23', false, false],
    ['2026-12-01', 7, '2026-11-30', true, false],
    ['2026-12-01', 7, '2026-12-02', false, false],
  ])('due %s, %i days before, on %s (done %s) → %s', (dueDate, remindDays, today, done, expected) =>
    expect(obligationReminderDue({ dueDate, remindDays, today, done })).toBe(expected),
  );
});
