/** Dates are shown in East Africa Time unless the viewer's zone is asked for (ARCHITECTURE §6). */
export const DISPLAY_TIME_ZONE = 'Africa/Nairobi';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, withTime: boolean, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${withTime}|${timeZone}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, {
      timeZone,
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      ...(withTime ? { hour: 'numeric', minute: '2-digit', hour12: true } : {}),
    });
    formatters.set(key, cached);
  }
  return cached;
}

/**
 * SPEC §9: "Month Day, Year with optional hh:mm am/pm". English follows that pattern exactly
 * ("November 21, 2026 11:35 pm"); other languages use their own order and month names.
 */
export function formatDate(
  value: string | Date,
  locale: string,
  withTime = false,
  timeZone: string = DISPLAY_TIME_ZONE,
): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const parts = formatter(locale, withTime, timeZone).formatToParts(date);
  if (!locale.startsWith('en')) return formatter(locale, withTime, timeZone).format(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('month')} ${part('day')}, ${part('year')}`;
  if (!withTime) return day;
  return `${day} ${part('hour').padStart(2, '0')}:${part('minute')} ${part('dayPeriod').toLowerCase()}`;
}

/** The viewer's time zone as the browser reports it (IANA name), or Nairobi when it reports none. */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DISPLAY_TIME_ZONE;
  } catch {
    return DISPLAY_TIME_ZONE;
  }
}

/** Minutes a zone is ahead of UTC at an instant. */
function offsetMinutes(date: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((wall - Math.floor(date.getTime() / 60_000) * 60_000) / 60_000);
}

/** Does the zone show the same clock time as Nairobi at that instant (e.g. Kampala, Addis Ababa)? */
export function sameClockAsNairobi(value: string | Date, timeZone: string): boolean {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return true;
  try {
    return offsetMinutes(date, timeZone) === offsetMinutes(date, DISPLAY_TIME_ZONE);
  } catch {
    return true;
  }
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
