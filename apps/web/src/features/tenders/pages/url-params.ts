import type { JobType, Sector } from '@zabuni/contracts';
import { JOB_TYPES, SECTORS } from '@zabuni/contracts/constants';

export const positiveInt = (value: string | null) => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : undefined;
};

export const sectorParam = (value: string | null): Sector | undefined => SECTORS.find((s) => s === value);

export const jobTypeParam = (value: string | null): JobType | undefined => JOB_TYPES.find((j) => j === value);

/** A copy of the address's parameters with some changed (empty values dropped); a filter change restarts at page 1. */
export function withParams(
  params: URLSearchParams,
  change: Record<string, string | number | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in change)) next.delete('page');
  return next;
}
