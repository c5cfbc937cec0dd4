/**
 * Contract renewal and the alerts before a contract's end (issue 22). Dates are calendar days in
 * Nairobi as ISO strings (`YYYY-MM-DD`); a contract ends at the end of its end date.
 *
 * Renewal rules:
 * - `none`: the contract expires at its end date.
 * - `automatic`: at its end date it renews for another term (`renewalTermMonths`), unless someone has
 *   recorded that it will not be renewed.
 * - `by_notice`: it renews like `automatic`, but it can only be stopped by a notice of non-renewal given
 *   at least `noticeDays` before the end date: that deadline gets its own alert, and after it the contract
 *   renews whatever is recorded.
 */

export const RENEWAL_RULES = ['none', 'automatic', 'by_notice'] as const;
export type RenewalRule = (typeof RENEWAL_RULES)[number];

/** The organisation's default alert thresholds, days before the end, when neither it nor the contract says. */
export const DEFAULT_ALERT_DAYS: readonly number[] = [90, 60, 30];

const DAY = 86_400_000;
const toUtc = (date: string) => Date.parse(`${date}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => Math.round((toUtc(to) - toUtc(from)) / DAY);
export const addDays = (date: string, days: number) => fromUtc(toUtc(date) + days * DAY);

/** `months` calendar months later, kept inside the month (31 Jan + 1 month = 28/29 Feb). */
export function addTermMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return fromUtc(Date.UTC(year, month, Math.min(d, last)));
}

export interface RenewalTerms {
  renewal: RenewalRule;
  endDate: string;
  /** Months of each renewal (automatic and by notice). */
  renewalTermMonths: number | null;
  /** By notice: how many days before the end the notice of non-renewal must be given. */
  noticeDays: number | null;
  /** Someone recorded that the contract will not be renewed (and when). */
  nonRenewalRecordedOn: string | null;
}

/** The last day a notice of non-renewal can be given; null unless the rule is `by_notice`. */
export function noticeDeadline(
  terms: Pick<RenewalTerms, 'renewal' | 'endDate' | 'noticeDays'>,
): string | null {
  if (terms.renewal !== 'by_notice') return null;
  return addDays(terms.endDate, -(terms.noticeDays ?? 0));
}

/** May a notice of non-renewal be recorded today? */
export function mayGiveNotice(terms: RenewalTerms, today: string): boolean {
  if (terms.renewal === 'none') return false;
  if (terms.renewal === 'automatic') return daysBetween(today, terms.endDate) >= 0;
  return daysBetween(today, noticeDeadline(terms)!) >= 0;
}

export type EndOfTerm =
  { outcome: 'running' } | { outcome: 'expire' } | { outcome: 'renew'; endDate: string };

/** What happens to an active contract on `today`: still running, expired, or renewed to a new end date. */
export function endOfTerm(terms: RenewalTerms, today: string): EndOfTerm {
  if (daysBetween(terms.endDate, today) <= 0) return { outcome: 'running' };
  if (terms.renewal === 'none') return { outcome: 'expire' };
  const stopped =
    terms.nonRenewalRecordedOn !== null &&
    (terms.renewal === 'automatic' || daysBetween(terms.nonRenewalRecordedOn, noticeDeadline(terms)!) >= 0);
  if (stopped || !terms.renewalTermMonths || terms.renewalTermMonths <= 0) return { outcome: 'expire' };
  // A contract renewed late (the job did not run for a while) renews as many terms as it takes.
  // Counted from the first end date, so month ends do not drift (31 Dec + 6 months twice is 31 Dec).
  let renewals = 1;
  while (daysBetween(addTermMonths(terms.endDate, renewals * terms.renewalTermMonths), today) > 0)
    renewals += 1;
  const endDate = addTermMonths(terms.endDate, renewals * terms.renewalTermMonths);
  return { outcome: 'renew', endDate };
}

export type ContractAlertKind = 'expiry' | 'notice';

export interface DueAlert {
  kind: ContractAlertKind;
  /** The threshold it is sent for, days before the date. */
  thresholdDays: number;
  /** The date it warns of (end of term, or the notice deadline). */
  dueDate: string;
  daysLeft: number;
}

/**
 * The alerts a contract owes on `today`, once per threshold: for each date (the end, and for `by_notice`
 * the notice deadline), the thresholds already reached that were not sent. Several reached together (a
 * contract signed 20 days before its end, thresholds 90/60/30) give one alert, for the tightest threshold;
 * the wider ones are returned in `passed` so they are recorded and never sent later. A date already gone
 * gives nothing.
 */
export function dueContractAlerts(input: {
  endDate: string;
  renewal: RenewalRule;
  noticeDays: number | null;
  thresholds: readonly number[];
  /** Already recorded, as `${kind}:${thresholdDays}:${dueDate}`. */
  sent: ReadonlySet<string>;
  today: string;
}): { send: DueAlert[]; passed: DueAlert[] } {
  const dates: Array<{ kind: ContractAlertKind; dueDate: string }> = [
    { kind: 'expiry', dueDate: input.endDate },
  ];
  const deadline = noticeDeadline(input);
  if (deadline) dates.push({ kind: 'notice', dueDate: deadline });
  const thresholds = [...new Set(input.thresholds.filter((d) => Number.isInteger(d) && d >= 0))].sort(
    (a, b) => a - b,
  );
  const send: DueAlert[] = [];
  const passed: DueAlert[] = [];
  for (const { kind, dueDate } of dates) {
    const daysLeft = daysBetween(input.today, dueDate);
    if (daysLeft < 0) continue;
    const reached = thresholds.filter((t) => daysLeft <= t);
    const fresh = reached.filter((t) => !input.sent.has(alertKey({ kind, thresholdDays: t, dueDate })));
    if (fresh.length === 0) continue;
    const [tightest, ...wider] = fresh;
    // Only the tightest reached threshold speaks; if it was already sent, the wider ones are stale.
    if (reached[0] === tightest) send.push({ kind, thresholdDays: tightest!, dueDate, daysLeft });
    else passed.push({ kind, thresholdDays: tightest!, dueDate, daysLeft });
    for (const t of wider) passed.push({ kind, thresholdDays: t, dueDate, daysLeft });
  }
  return { send, passed };
}

export const alertKey = (alert: Pick<DueAlert, 'kind' | 'thresholdDays' | 'dueDate'>) =>
  `${alert.kind}:${alert.thresholdDays}:${alert.dueDate}`;

/** Alert thresholds as entered (any whole number of days, 1 to 3 years), sorted widest first, no repeats. */
export function normaliseAlertDays(days: readonly number[]): number[] {
  return [...new Set(days.filter((d) => Number.isInteger(d) && d >= 0 && d <= 1095))].sort((a, b) => b - a);
}

/** Obligations and milestones: a reminder `remindDays` before the due date, once. */
export function obligationReminderDue(input: {
  dueDate: string;
  remindDays: number;
  today: string;
  done: boolean;
}): boolean {
  if (input.done) return false;
  const left = daysBetween(input.today, input.dueDate);
  return left <= input.remindDays && left >= 0;
}
