/** Dates are shown in East Africa Time unless the viewer's zone is asked for (ARCHITECTURE §6). */
export const DISPLAY_TIME_ZONE = 'Africa/Nairobi';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withTime}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, {
      timeZone: DISPLAY_TIME_ZONE,
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
export function formatDate(value: string | Date, locale: string, withTime = false): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const parts = formatter(locale, withTime).formatToParts(date);
  if (!locale.startsWith('en')) return formatter(locale, withTime).format(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('month')} ${part('day')}, ${part('year')}`;
  if (!withTime) return day;
  return `${day} ${part('hour').padStart(2, '0')}:${part('minute')} ${part('dayPeriod').toLowerCase()}`;
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
