import { DISPLAY_TIME_ZONE, EAT_LABEL, eatDay, showsEatClock } from '@zabuni/domain';

/**
 * The one time zone rule (issue 16 point 6, packages/domain/src/time-zone.ts): a time is shown in East
 * Africa Time with its label ("EAT"); a viewer whose own zone shows another clock sees their time, named,
 * and EAT beside it. Days are Nairobi's calendar days. Every page formats dates through this file.
 */
export { DISPLAY_TIME_ZONE };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, withTime: boolean, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${withTime}|${timeZone}`;
  let cached = formatters.get(key);
  if (!cached) {
    const options: Intl.DateTimeFormatOptions = {
      timeZone,
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      // hourCycle, not hour12: with hour12 Node's ICU (the server) writes 12:24 PM as "0:24 PM" in
      // Swahili and French while browsers write "12:24 PM", and the page failed to hydrate.
      ...(withTime ? { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' as const } : {}),
    };
    try {
      cached = new Intl.DateTimeFormat(locale, options);
    } catch {
      cached = new Intl.DateTimeFormat('en', options);
    }
    formatters.set(key, cached);
  }
  return cached;
}

/**
 * SPEC §9: "Month Day, Year with optional hh:mm am/pm". English follows that pattern exactly
 * ("November 21, 2026 11:35 pm EAT"); other languages use their own order and month names. A time always
 * carries its zone: "EAT" in Nairobi's, the zone's short name in another.
 */
export function formatDate(
  value: string | Date,
  locale: string,
  withTime = false,
  timeZone: string = DISPLAY_TIME_ZONE,
): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const format = formatter(locale, withTime, timeZone);
  const label = () => (timeZone === DISPLAY_TIME_ZONE ? EAT_LABEL : zoneName(date, timeZone, locale));
  if (!locale.startsWith('en')) return withTime ? `${format.format(date)} ${label()}` : format.format(date);
  const parts = format.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('month')} ${part('day')}, ${part('year')}`;
  if (!withTime) return day;
  return `${day} ${part('hour').padStart(2, '0')}:${part('minute')} ${part('dayPeriod').toLowerCase()} ${label()}`;
}

/**
 * The rule for a time a viewer reads (closing times above all): EAT with its label; in a zone with another
 * clock, the viewer's time with its zone and EAT in brackets: "November 21, 2026 08:05 am GMT+1 (November
 * 21, 2026 10:05 am EAT)".
 */
export function formatForViewer(value: string | Date, locale: string, viewerZone: string): string {
  if (sameClockAsNairobi(value, viewerZone)) return formatDate(value, locale, true);
  return `${formatDate(value, locale, true, viewerZone)} (${formatDate(value, locale, true)})`;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/**
 * "23 Nov 2026" in the viewer's language, on Nairobi's calendar: for an instant, or for a calendar day of
 * the API ("2026-11-23", read as that day, never the day before in a zone west of UTC). Empty for nothing
 * or nonsense. Orders, invoices and statements show their days with it.
 */
export function formatDay(value: string | Date | null | undefined, locale = 'en'): string {
  if (!value) return '';
  const text =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00+03:00` : value;
  const date = typeof text === 'string' ? new Date(text) : text;
  if (Number.isNaN(date.getTime())) return '';
  let format = dayFormats.get(locale);
  if (!format) {
    const options = { timeZone: DISPLAY_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric' } as const;
    try {
      format = new Intl.DateTimeFormat(locale, options);
    } catch {
      format = new Intl.DateTimeFormat('en', options);
    }
    dayFormats.set(locale, format);
  }
  return format.format(date);
}

/** Today in Nairobi as YYYY-MM-DD (receipts, invoices and payments are dated in the buyer's day). */
export const todayInNairobi = (now: Date = new Date()): string => eatDay(now);

/** The viewer's time zone as the browser reports it (IANA name), or Nairobi when it reports none. */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DISPLAY_TIME_ZONE;
  } catch {
    return DISPLAY_TIME_ZONE;
  }
}

/** Does the zone show the same clock time as Nairobi at that instant (e.g. Kampala, Addis Ababa)? */
export function sameClockAsNairobi(value: string | Date, timeZone: string): boolean {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return true;
  return showsEatClock(date, timeZone);
}

/** A zone's short name at an instant in the viewer's language ("GMT+1", "EST"). */
export function zoneName(value: string | Date, timeZone: string, locale: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  try {
    const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(date);
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

const relativeFormatters = new Map<string, Intl.RelativeTimeFormat>();
/** "in 3 days", "2 hours ago", … in the viewer's language. */
export function formatRelative(value: string | Date, locale: string, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  let rtf = relativeFormatters.get(locale);
  if (!rtf) {
    rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormatters.set(locale, rtf);
  }
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.trunc(seconds / size), unit);
  }
  return rtf.format(seconds, 'second');
}

/** SPEC §9: currency with two decimals and a caller-given code ("KES 3,000.00"). */
export function formatMoney(amount: number, currency: string, locale = 'en'): string {
  return `${currency} ${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;
}

const regionNames = new Map<string, Intl.DisplayNames | null>();
/** A country's name in the viewer's language (Intl region names), or the given name where there is none. */
export function countryName(iso2: string, fallback: string, locale: string): string {
  if (!regionNames.has(locale)) {
    try {
      regionNames.set(locale, new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }));
    } catch {
      regionNames.set(locale, null);
    }
  }
  return regionNames.get(locale)?.of(iso2.toUpperCase()) ?? fallback;
}

/**
 * A file size for people: "0.8 kB", "14 kB", "3.1 MB", in the viewer's number format. Binary multiples,
 * as file managers count them, so the API's 20 MiB limit reads "20 MB".
 */
export function formatFileSize(bytes: number, locale = 'en'): string {
  const units = [
    ['kilobyte', 1024],
    ['megabyte', 1024 ** 2],
    ['gigabyte', 1024 ** 3],
  ] as const;
  const [unit, size] = units.findLast(([, s]) => bytes >= s) ?? units[0];
  // A file of a few bytes still reads as something, not "0 kB".
  const value = bytes > 0 ? Math.max(bytes / size, 0.1) : 0;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}
