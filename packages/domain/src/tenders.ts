import { DISPLAY_TIME_ZONE, eatDay } from './time-zone.ts';

/**
 * Rules of the public tender bulletin: when a tender is visible, what its status is, the SPEC codes of
 * its payment and review states, and the closing-date conversions of the publish form (SPEC §4, §5).
 */

export const REVIEW_STATES = ['under_review', 'published', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const PAYMENT_STATES = ['pending', 'processing', 'paid', 'failed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** SPEC §4 published-tender codes: 1 paid, 2 pending, 3 processing, 4 failed. */
export const PAYMENT_STATUS_CODE: Record<PaymentState, 1 | 2 | 3 | 4> = {
  paid: 1,
  pending: 2,
  processing: 3,
  failed: 4,
};

/**
 * What the advertiser's `published` says: what the public sees (issue 16 point 2). `true` only while the
 * tender is on the public bulletin (approved, paid when advertised, not withdrawn); `false` under review;
 * "awaiting_payment" approved but not paid (not public); "rejected"; "withdrawn" withdrawn by its advertiser
 * (or cancelled before it was paid: never public, never payable).
 */
export type PublishedFlag = boolean | 'rejected' | 'awaiting_payment' | 'withdrawn';
export function publishedFlag(tender: {
  review: ReviewState;
  advertised: boolean;
  payment: PaymentState | null;
  withdrawn: boolean;
}): PublishedFlag {
  if (tender.withdrawn && tender.payment !== 'paid') return 'withdrawn';
  if (tender.review === 'under_review') return false;
  if (tender.review === 'rejected') return 'rejected';
  return isPubliclyVisible(tender) ? true : 'awaiting_payment';
}

export type ReviewLabel = 'under_review' | 'awaiting_payment' | 'published' | 'rejected' | 'withdrawn';
/**
 * SPEC §4 review label: false → Under Review, true → Published, any other value → Rejected; issue 16 adds
 * "awaiting_payment" (approved, not yet public) and "withdrawn".
 */
export function reviewLabel(published: unknown): ReviewLabel {
  if (published === false) return 'under_review';
  if (published === true) return 'published';
  if (published === 'awaiting_payment') return 'awaiting_payment';
  if (published === 'withdrawn') return 'withdrawn';
  return 'rejected';
}

export type PaymentLabel = 'pending' | 'processing' | 'paid' | 'failed';
/**
 * SPEC §4 payment label: 2 → Pending (with Make Payment), 1 → Paid, anything else → Failed. SPEC's own
 * checkout gives 3 the meaning "processing", so a payment under way is labelled Processing, not Failed.
 */
export function paymentLabel(paymentStatus: unknown): PaymentLabel {
  if (paymentStatus === 2) return 'pending';
  if (paymentStatus === 1) return 'paid';
  if (paymentStatus === 3) return 'processing';
  return 'failed';
}

/**
 * A tender is on the public bulletin only once a moderator approved it and, when an advertiser posted it,
 * once it is paid. Tenders the operator's editors post (no advertiser) need no payment.
 */
export function isPubliclyVisible(tender: {
  review: ReviewState;
  advertised: boolean;
  payment: PaymentState | null;
}): boolean {
  return tender.review === 'published' && (!tender.advertised || tender.payment === 'paid');
}

export const TENDER_STATUSES = ['open', 'closed', 'cancelled'] as const;
export type TenderStatus = (typeof TENDER_STATUSES)[number];

/** Open until the closing instant (exclusive), then closed; a cancelled tender stays cancelled. */
export function tenderStatus(closingAt: Date, cancelled: boolean, now: Date): TenderStatus {
  if (cancelled) return 'cancelled';
  return closingAt.getTime() > now.getTime() ? 'open' : 'closed';
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * SPEC §5: the picked date, day-month-year ("5-1-2027", "05/01/2027", "5.1.2027"), becomes year-month-day
 * with zero padding ("2027-01-05"). Null when it is not a real calendar date.
 */
export function dayMonthYearToIsoDate(input: string): string | null {
  const match = /^\s*(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\s*$/.exec(input);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (!isRealDate(year, month, day)) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** A `YYYY-MM-DD` string that names a real calendar date. */
export function isIsoDate(input: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input);
  return match !== null && isRealDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** Kenya keeps East Africa Time all year (UTC+3, no daylight saving). */
export const BULLETIN_TIME_ZONE = DISPLAY_TIME_ZONE;
const NAIROBI_OFFSET = '+03:00';

/** The default closing time of a day when the publisher gives none: the end of that day in Nairobi. */
export const DEFAULT_CLOSING_TIME = '23:59';

/** The instant a tender closes: a calendar date and a wall-clock time ("HH:MM") in Nairobi. */
export function closingInstant(isoDate: string, time = DEFAULT_CLOSING_TIME): Date | null {
  if (!isIsoDate(isoDate) || !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return null;
  return new Date(`${isoDate}T${time}:00${NAIROBI_OFFSET}`);
}

/** The calendar date (YYYY-MM-DD) of an instant on Nairobi's clock (the time zone rule's `eatDay`). */
export const nairobiDate = (instant: Date): string => eatDay(instant);
