import { currencyExponent } from '@zabuni/domain';
import { DISPLAY_TIME_ZONE } from '../../lib/format.ts';

/**
 * Exact money for people: decimal text in major units ("1234567.5") → "KES 1,234,567.50" in the viewer's
 * number format, never through a float (BigInt for the whole part). The requisition screens format money
 * the same way.
 */
export function formatAmount(text: string, currency: string, locale = 'en'): string {
  const code = currency.trim().toUpperCase();
  const exponent = currencyExponent(code);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return `${code} ${text}`;
  const [, sign, whole, fraction = ''] = match;
  const digits = fraction.padEnd(exponent, '0').slice(0, exponent);
  let wholeFormat: Intl.NumberFormat;
  try {
    wholeFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  } catch {
    wholeFormat = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
  }
  const decimal =
    new Intl.NumberFormat(wholeFormat.resolvedOptions().locale, { minimumFractionDigits: 1 })
      .formatToParts(1.5)
      .find((part) => part.type === 'decimal')?.value ?? '.';
  const body = wholeFormat.format(BigInt(whole!)) + (exponent > 0 ? `${decimal}${digits}` : '');
  const negative = sign === '-' && /[1-9]/.test(whole! + digits);
  return `${code} ${negative ? '-' : ''}${body}`;
}

/** A quantity as text ("12.5") in the viewer's number format, exactly. */
export function formatQuantity(text: string, locale = 'en'): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return text;
  const [, whole, fraction] = match;
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const decimal =
    new Intl.NumberFormat(locale, { minimumFractionDigits: 1 })
      .formatToParts(1.5)
      .find((part) => part.type === 'decimal')?.value ?? '.';
  return format.format(BigInt(whole!)) + (fraction ? `${decimal}${fraction}` : '');
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * "23 Nov 2026" in the viewer's language: a calendar day of the API ("2026-11-23") or an instant, on
 * Nairobi's calendar.
 */
export function formatDay(value: string | null | undefined, locale = 'en'): string {
  if (!value) return '—';
  const instant = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00+03:00` : value;
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return value;
  let format = dayFormats.get(locale);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, {
        timeZone: DISPLAY_TIME_ZONE,
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      });
    } catch {
      format = new Intl.DateTimeFormat('en', {
        timeZone: DISPLAY_TIME_ZONE,
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      });
    }
    dayFormats.set(locale, format);
  }
  return format.format(date);
}

/** A tax rate as the API writes it ("16.00") without needless zeros ("16", "7.5"). */
export function formatRate(rate: string): string {
  const text = rate.trim();
  if (!/^\d+\.\d+$/.test(text)) return text;
  return text.replace(/0+$/, '').replace(/\.$/, '');
}
