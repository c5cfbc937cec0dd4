import type { FiscalYear } from '@zabuni/contracts';

/**
 * The year the budgets page opens on: the open year containing today, else the latest open one, else the
 * latest of all (the API lists newest first). `today` is a YYYY-MM-DD day (Nairobi's).
 */
export function defaultFiscalYear(years: readonly FiscalYear[], today: string): FiscalYear | null {
  const open = years.filter((year) => year.status === 'open');
  return (
    open.find((year) => year.starts_on <= today && today <= year.ends_on) ??
    [...open].sort((a, b) => b.starts_on.localeCompare(a.starts_on))[0] ??
    [...years].sort((a, b) => b.starts_on.localeCompare(a.starts_on))[0] ??
    null
  );
}

/** The fiscal year to suggest next: it starts the day after the latest one ends and lasts a year. */
export function nextFiscalYear(
  years: readonly FiscalYear[],
  today: string,
): { starts_on: string; ends_on: string } {
  const latest = [...years].sort((a, b) => b.ends_on.localeCompare(a.ends_on))[0];
  const start = latest ? addDays(latest.ends_on, 1) : `${today.slice(0, 4)}-07-01`;
  const startDate = new Date(`${start}T00:00:00Z`);
  const end = new Date(
    Date.UTC(startDate.getUTCFullYear() + 1, startDate.getUTCMonth(), startDate.getUTCDate() - 1),
  );
  return { starts_on: start, ends_on: end.toISOString().slice(0, 10) };
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** "FY 2026/27" for a year starting in 2026 and ending in 2027; "FY 2026" for a calendar year. */
export function suggestedFiscalYearName(startsOn: string, endsOn: string): string {
  const from = startsOn.slice(0, 4);
  const to = endsOn.slice(0, 4);
  return from === to ? `FY ${from}` : `FY ${from}/${to.slice(2)}`;
}
