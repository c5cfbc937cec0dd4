/**
 * The one time zone rule (issue 16 point 6): every time on the site, in mails, PDFs and exports is shown in
 * East Africa Time with its label ("EAT"); a viewer whose own zone shows a different clock sees their time
 * and EAT both. Kenya keeps EAT all year (UTC+3, no daylight saving). The web's display helper
 * (apps/web/src/lib/format.ts) and the API's documents, exports and mails all build on these.
 */
export const DISPLAY_TIME_ZONE = 'Africa/Nairobi';
export const EAT_LABEL = 'EAT';
const EAT_OFFSET_MS = 3 * 3_600_000;

const toDate = (value: Date | string): Date => (typeof value === 'string' ? new Date(value) : value);
const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The instant's wall clock in Nairobi as a UTC-based Date (read it with getUTC*). */
function eatClock(value: Date | string): Date | null {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? null : new Date(date.getTime() + EAT_OFFSET_MS);
}

/** The calendar day (YYYY-MM-DD) of an instant on Nairobi's clock ("2026-11-25T22:30:00Z" → 2026-11-26). */
export function eatDay(value: Date | string): string {
  const clock = eatClock(value);
  if (!clock) return '';
  return `${pad(clock.getUTCFullYear(), 4)}-${pad(clock.getUTCMonth() + 1)}-${pad(clock.getUTCDate())}`;
}

/** "2026-11-25T22:30:00Z" → "2026-11-26 01:30 EAT": documents and exports. Empty for no valid instant. */
export function eatDateTime(value: Date | string): string {
  const clock = eatClock(value);
  if (!clock) return '';
  return `${eatDay(value)} ${pad(clock.getUTCHours())}:${pad(clock.getUTCMinutes())} ${EAT_LABEL}`;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${withTime}`;
  let found = formatters.get(key);
  if (!found) {
    const options: Intl.DateTimeFormatOptions = {
      timeZone,
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
    };
    try {
      found = new Intl.DateTimeFormat(locale, options);
    } catch {
      found = new Intl.DateTimeFormat('en-GB', options);
    }
    formatters.set(key, found);
  }
  return found;
}

/** The site's languages as the locales their dates are written in. */
const LANGUAGE_LOCALES: Readonly<Record<string, string>> = {
  en: 'en-GB',
  sw: 'sw-KE',
  fr: 'fr-FR',
  pt: 'pt-PT',
  am: 'am-ET',
};

/**
 * An instant for people to read, in their language (a site language code or a locale), in East Africa Time
 * with its label: "26 November 2026 at 01:30 EAT" (mails, where the reader's own zone is not known).
 */
export function formatEat(value: Date | string, language = 'en'): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const locale = LANGUAGE_LOCALES[language] ?? language;
  return `${formatter(locale, DISPLAY_TIME_ZONE, true).format(date)} ${EAT_LABEL}`;
}

/** Minutes a zone is ahead of UTC at an instant (null for a zone the runtime does not know). */
export function zoneOffsetMinutes(value: Date | string, timeZone: string): number | null {
  const date = toDate(value);
  try {
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
    const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'));
    return Math.round((wall - Math.floor(date.getTime() / 60_000) * 60_000) / 60_000);
  } catch {
    return null;
  }
}

/** Does the zone show Nairobi's clock at that instant (Kampala, Addis Ababa, Dar es Salaam do)? */
export function showsEatClock(value: Date | string, timeZone: string): boolean {
  if (timeZone === DISPLAY_TIME_ZONE) return true;
  const offset = zoneOffsetMinutes(value, timeZone);
  return offset === null || offset === EAT_OFFSET_MS / 60_000;
}
