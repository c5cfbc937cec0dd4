import { DISPLAY_TIME_ZONE } from '../../../../lib/format.ts';

const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: string): Intl.DateTimeFormat {
  let found = formats.get(locale);
  if (!found) {
    try {
      found = new Intl.DateTimeFormat(locale, {
        timeZone: DISPLAY_TIME_ZONE,
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      });
    } catch {
      found = new Intl.DateTimeFormat('en', { timeZone: DISPLAY_TIME_ZONE, dateStyle: 'medium' });
    }
    formats.set(locale, found);
  }
  return found;
}

/**
 * "23 Nov 2026" in the viewer's language for a timestamp, or for a calendar day ("2026-11-23", read as that
 * day in Nairobi, never the day before in a zone west of UTC). Empty for nothing or nonsense.
 */
export function formatDay(value: string | null | undefined, locale = 'en'): string {
  if (!value) return '';
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00+03:00` : value;
  const date = new Date(day);
  if (Number.isNaN(date.getTime())) return '';
  return format(locale).format(date);
}

/** Today's date in Nairobi as YYYY-MM-DD (receipts, invoices and payments are dated in the buyer's day). */
export function todayInNairobi(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: DISPLAY_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  return parts;
}
