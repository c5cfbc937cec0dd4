/**
 * Tender alerts (issue 19): which tenders and available jobs a subscriber's weekly digest lists, when the
 * weekly digest and the renewal reminders are due. The API matches in one SQL statement for every
 * subscriber at once (set-based, `tender-alerts.queries.ts`); these functions are the same rules for one
 * subscriber and one notice, the reference the integration tests compare the SQL with.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Nairobi keeps UTC+3 all year. */
const NAIROBI_OFFSET_MS = 3 * HOUR_MS;

/** When the weekly digest goes out: ISO weekday (1 Monday … 7 Sunday) and hour, on Nairobi's clock. */
export interface DigestSchedule {
  weekday: number;
  hour: number;
}

export const DEFAULT_DIGEST_SCHEDULE: DigestSchedule = { weekday: 1, hour: 7 };

/**
 * The week's scheduled send instant at or before `now`: the period a digest belongs to. A digest is due for
 * this slot from the slot on; a run before the next slot finds the same slot (so it sends nothing twice).
 */
export function digestSlot(now: Date, schedule: DigestSchedule = DEFAULT_DIGEST_SCHEDULE): Date {
  if (schedule.weekday < 1 || schedule.weekday > 7 || schedule.hour < 0 || schedule.hour > 23)
    throw new RangeError('digest schedule: weekday 1-7, hour 0-23');
  const wall = new Date(now.getTime() + NAIROBI_OFFSET_MS);
  const isoWeekday = wall.getUTCDay() === 0 ? 7 : wall.getUTCDay();
  const daysBack = (isoWeekday - schedule.weekday + 7) % 7;
  const slotWall = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate(), schedule.hour);
  let slot = slotWall - daysBack * DAY_MS - NAIROBI_OFFSET_MS;
  if (slot > now.getTime()) slot -= 7 * DAY_MS;
  return new Date(slot);
}

/**
 * The publication window a digest covers: from where the subscriber's previous digest stopped (so a week
 * sent early never loses what came out after it), at most the week before the slot; until the run.
 */
export function digestWindow(
  slot: Date,
  runAt: Date,
  previousUntil: Date | null,
): { from: Date; until: Date } {
  const weekBefore = slot.getTime() - 7 * DAY_MS;
  const from = previousUntil && previousUntil.getTime() > weekBefore ? previousUntil : new Date(weekBefore);
  return { from, until: runAt };
}

export type RenewalReminder = 'renewal_7' | 'renewal_1';

/** The reminder due now for a period ending at `endsAt`: 7 days before the end, then 1 day before. */
export function renewalReminderDue(now: Date, endsAt: Date | null): RenewalReminder | null {
  if (!endsAt) return null;
  const left = endsAt.getTime() - now.getTime();
  if (left <= 0) return null;
  if (left <= DAY_MS) return 'renewal_1';
  if (left <= 7 * DAY_MS) return 'renewal_7';
  return null;
}

/** A subscriber's alert profile: the subscription's country and categories plus optional narrowing filters. */
export interface AlertProfile {
  countryId: number;
  categoryIds: readonly number[];
  keywords: readonly string[];
  sectors: readonly string[];
  jobTypes: readonly string[];
  counties: readonly string[];
}

/** A public tender or available job as the matcher sees it. */
export interface AlertCandidate {
  kind: 'tender' | 'job';
  countryId: number;
  /** A tender's one category, a job's several. */
  categoryIds: readonly number[];
  /** Jobs have none. */
  sector: string | null;
  jobType: string;
  /** Title, buyer and text, as searched. */
  text: string;
  publishedAt: Date;
  closingAt: Date;
}

/** The words of a text as the database's 'simple' text search sees them (lower case, letters and digits). */
export function alertWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Every word of a phrase appears in the text, each as a word prefix (how keywords and counties match). */
function mentions(words: readonly string[], phrase: string): boolean {
  const wanted = alertWords(phrase);
  return wanted.length > 0 && wanted.every((w) => words.some((word) => word.startsWith(w)));
}

/**
 * Does the notice belong in the digest covering [from, until)? Same country, one of the categories, public
 * within the window and still open at `until`; then each optional filter given narrows: any keyword in the
 * text, one of the sectors (tenders only), one of the job types, any county named in the text.
 */
export function matchesAlert(
  profile: AlertProfile,
  item: AlertCandidate,
  window: { from: Date; until: Date },
): boolean {
  if (item.countryId !== profile.countryId) return false;
  if (!item.categoryIds.some((id) => profile.categoryIds.includes(id))) return false;
  if (item.publishedAt.getTime() < window.from.getTime()) return false;
  if (item.publishedAt.getTime() >= window.until.getTime()) return false;
  if (item.closingAt.getTime() <= window.until.getTime()) return false;
  if (profile.jobTypes.length > 0 && !profile.jobTypes.includes(item.jobType)) return false;
  if (item.kind === 'tender' && profile.sectors.length > 0) {
    if (!item.sector || !profile.sectors.includes(item.sector)) return false;
  }
  if (profile.keywords.length > 0 || profile.counties.length > 0) {
    const words = alertWords(item.text);
    if (profile.keywords.length > 0 && !profile.keywords.some((k) => mentions(words, k))) return false;
    if (profile.counties.length > 0 && !profile.counties.some((c) => mentions(words, c))) return false;
  }
  return true;
}

/** A digest's order: the latest closing date first (then the newest id), as the site's lists. */
export function digestOrder<T extends { closingAt: Date; id: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => b.closingAt.getTime() - a.closingAt.getTime() || b.id - a.id);
}

/** Keywords as stored: trimmed, lower-cased, without duplicates or empties, at most 20 of 60 characters. */
export function normaliseAlertTerms(terms: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const term of terms) {
    const clean = term.trim().replace(/\s+/g, ' ').toLowerCase().slice(0, 60);
    if (clean && alertWords(clean).length > 0) seen.add(clean);
  }
  return [...seen].slice(0, 20);
}

/**
 * The terms as a PostgreSQL `to_tsquery('simple', …)` text, the SQL side of `mentions`: any term, each
 * term every one of its words as a prefix: ["road works", "water"] → "(road:* & works:*) | (water:*)".
 * Null for no terms (no filter). Only letters and digits reach the query, so it is always valid.
 */
export function alertTsQuery(terms: readonly string[]): string | null {
  const parts = terms
    .map((term) => alertWords(term).map((word) => `${word}:*`))
    .filter((words) => words.length > 0)
    .map((words) => `(${words.join(' & ')})`);
  return parts.length > 0 ? parts.join(' | ') : null;
}

/** Kenya's 47 counties (the county filter's choices). */
export const KENYA_COUNTIES = [
  'Baringo',
  'Bomet',
  'Bungoma',
  'Busia',
  'Elgeyo-Marakwet',
  'Embu',
  'Garissa',
  'Homa Bay',
  'Isiolo',
  'Kajiado',
  'Kakamega',
  'Kericho',
  'Kiambu',
  'Kilifi',
  'Kirinyaga',
  'Kisii',
  'Kisumu',
  'Kitui',
  'Kwale',
  'Laikipia',
  'Lamu',
  'Machakos',
  'Makueni',
  'Mandera',
  'Marsabit',
  'Meru',
  'Migori',
  'Mombasa',
  "Murang'a",
  'Nairobi',
  'Nakuru',
  'Nandi',
  'Narok',
  'Nyamira',
  'Nyandarua',
  'Nyeri',
  'Samburu',
  'Siaya',
  'Taita-Taveta',
  'Tana River',
  'Tharaka-Nithi',
  'Trans Nzoia',
  'Turkana',
  'Uasin Gishu',
  'Vihiga',
  'Wajir',
  'West Pokot',
] as const;

export type SavedSearchFrequency = 'instant' | 'daily';

/** A saved search is due an alert: an instant one at every run, a daily one a day after its last window. */
export function savedSearchDue(frequency: SavedSearchFrequency, checkedUntil: Date, now: Date): boolean {
  if (frequency === 'instant') return now.getTime() > checkedUntil.getTime();
  return now.getTime() - checkedUntil.getTime() >= 86_400_000;
}
