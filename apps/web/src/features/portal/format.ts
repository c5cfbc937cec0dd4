import { DISPLAY_TIME_ZONE } from '../../lib/format.ts';

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
