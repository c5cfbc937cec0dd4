import { eatDateTime, eatDay, formatMinor } from '@zabuni/domain';

/**
 * Text for the documents. Money goes through the domain's exact formatting (integer minor units, never a
 * float); these helpers only choose how it reads on paper.
 */

/** "KES 1,234.50" */
export const money = (minor: number, currency: string): string => formatMinor(minor, currency);

/** "1,234.50" (the currency is named once, in a column heading or a note). */
export const amount = (minor: number, currency: string): string =>
  formatMinor(minor, currency).slice(currency.length + 1);

/** An amount column's cell: blank for zero, so a statement shows on which side each entry falls. */
export const amountOrBlank = (minor: number, currency: string): string =>
  minor === 0 ? '' : amount(minor, currency);

/** 1600 → "16%", 1250 → "12.5%", 5 → "0.05%" (integer arithmetic only). */
export function percentFromBasisPoints(basisPoints: number): string {
  const sign = basisPoints < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(basisPoints));
  const hundredths = String(abs % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${sign}${Math.trunc(abs / 100)}${hundredths ? `.${hundredths}` : ''}%`;
}

/** "1200.5" → "1,200.5": quantities stay decimal text, only the whole part is grouped. */
export function quantity(text: string): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(text.trim());
  if (!match) return text;
  return `${match[1]}${match[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${match[3] ?? ''}`;
}

const ZONED = /(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * The day of an ISO date or timestamp: a plain date stays as it is ("2026-11-23"); an instant is printed on
 * its East Africa Time day ("2026-11-23T22:30:00Z" → "2026-11-24"), the one time zone rule of issue 16
 * (packages/domain/src/time-zone.ts); a time without a zone keeps its own day.
 */
export function isoDate(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value) && ZONED.test(value))
    return eatDay(value) || value.slice(0, 10);
  return value.slice(0, 10);
}

/**
 * "2026-11-23T08:05:00.000Z" → "2026-11-23 11:05 EAT": an instant is printed in East Africa Time with its
 * label (domain `eatDateTime`). A time without a zone is printed as it is, unlabelled; a plain date stays.
 */
export function isoDateTime(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(value);
  if (!match) return value;
  if (!ZONED.test(value)) return `${match[1]} ${match[2]}`;
  return eatDateTime(value) || `${match[1]} ${match[2]}`;
}

/** "partially_paid" → "Partially paid". */
export function humanise(code: string): string {
  const text = code.replace(/_/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const paymentTerms = (days: number): string =>
  days === 0 ? 'Due on receipt' : `${days} ${days === 1 ? 'day' : 'days'}`;
