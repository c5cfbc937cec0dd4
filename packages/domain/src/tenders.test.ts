import { describe, expect, it } from 'vitest';
import {
  closingInstant,
  dayMonthYearToIsoDate,
  isIsoDate,
  isPubliclyVisible,
  nairobiDate,
  paymentLabel,
  publishedFlag,
  reviewLabel,
  tenderStatus,
} from './tenders.ts';

describe('dayMonthYearToIsoDate (SPEC §5)', () => {
  it.each([
    ['5-1-2027', '2027-01-05'],
    ['05-01-2027', '2027-01-05'],
    ['31/12/2026', '2026-12-31'],
    ['1.2.2028', '2028-02-01'],
    [' 29-2-2028 ', '2028-02-29'],
  ])('%s → %s', (input, expected) => expect(dayMonthYearToIsoDate(input)).toBe(expected));

  it.each(['29-2-2027', '32-1-2027', '1-13-2027', '2027-01-05', '', 'tomorrow', '1-1-27'])(
    'refuses %j',
    (input) => expect(dayMonthYearToIsoDate(input)).toBeNull(),
  );
});

describe('isIsoDate', () => {
  it.each([
    ['2027-01-05', true],
    ['2027-02-30', false],
    ['2027-1-5', false],
    ['05-01-2027', false],
  ])('%s → %s', (input, expected) => expect(isIsoDate(input)).toBe(expected));
});

describe('closingInstant and nairobiDate', () => {
  it('reads the wall clock in Nairobi (UTC+3)', () => {
    expect(closingInstant('2027-01-05', '10:00')?.toISOString()).toBe('2027-01-05T07:00:00.000Z');
    expect(closingInstant('2027-01-05')?.toISOString()).toBe('2027-01-05T20:59:00.000Z');
  });
  it('refuses impossible dates and times', () => {
    expect(closingInstant('2027-02-30')).toBeNull();
    expect(closingInstant('2027-01-05', '24:00')).toBeNull();
    expect(closingInstant('2027-01-05', '9:00')).toBeNull();
  });
  it('gives the Nairobi calendar date of an instant', () => {
    expect(nairobiDate(new Date('2027-01-05T21:30:00Z'))).toBe('2027-01-06');
    expect(nairobiDate(new Date('2027-01-05T20:59:00Z'))).toBe('2027-01-05');
  });
});

describe('public visibility', () => {
  it.each([
    [{ review: 'published', advertised: false, payment: null }, true],
    [{ review: 'published', advertised: true, payment: 'paid' }, true],
    [{ review: 'published', advertised: true, payment: 'pending' }, false],
    [{ review: 'published', advertised: true, payment: 'processing' }, false],
    [{ review: 'under_review', advertised: true, payment: 'paid' }, false],
    [{ review: 'rejected', advertised: true, payment: 'paid' }, false],
    [{ review: 'under_review', advertised: false, payment: null }, false],
  ] as const)('%j → %s', (tender, expected) => expect(isPubliclyVisible(tender)).toBe(expected));
});

describe('status and labels', () => {
  const now = new Date('2027-01-05T07:00:00Z');
  it('is open before the closing instant, closed at and after it, cancelled whatever the time', () => {
    expect(tenderStatus(new Date('2027-01-05T07:00:01Z'), false, now)).toBe('open');
    expect(tenderStatus(now, false, now)).toBe('closed');
    expect(tenderStatus(new Date('2030-01-01T00:00:00Z'), true, now)).toBe('cancelled');
  });
  it('maps review states to the SPEC published flag and back to labels', () => {
    const flag = (
      review: 'under_review' | 'published' | 'rejected',
      payment: 'pending' | 'paid',
      withdrawn = false,
    ) => publishedFlag({ review, advertised: true, payment, withdrawn });
    expect(flag('under_review', 'pending')).toBe(false);
    expect(flag('published', 'paid')).toBe(true);
    // Approved but unpaid is not public: never "Published" while payment is pending (issue 16 point 2).
    expect(flag('published', 'pending')).toBe('awaiting_payment');
    expect(publishedFlag({ review: 'published', advertised: false, payment: null, withdrawn: false })).toBe(
      true,
    );
    expect(flag('rejected', 'pending')).toBe('rejected');
    expect(flag('published', 'pending', true)).toBe('withdrawn');
    expect(reviewLabel('awaiting_payment')).toBe('awaiting_payment');
    expect(reviewLabel('withdrawn')).toBe('withdrawn');
    expect(reviewLabel(false)).toBe('under_review');
    expect(reviewLabel(true)).toBe('published');
    expect(reviewLabel('rejected')).toBe('rejected');
    expect(reviewLabel(null)).toBe('rejected');
  });
  it('maps payment codes to the SPEC labels (2 pending, 1 paid, 3 processing, else failed)', () => {
    expect(paymentLabel(2)).toBe('pending');
    expect(paymentLabel(1)).toBe('paid');
    expect(paymentLabel(3)).toBe('processing');
    expect(paymentLabel(4)).toBe('failed');
    expect(paymentLabel(undefined)).toBe('failed');
  });
});
