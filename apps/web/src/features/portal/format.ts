import { formatDay as formatNairobiDay } from '../../lib/format.ts';

/**
 * "23 Nov 2026" in the viewer's language: a calendar day of the API ("2026-11-23") or an instant, on
 * Nairobi's calendar (the one rule of lib/format.ts); a dash for nothing.
 */
export function formatDay(value: string | null | undefined, locale = 'en'): string {
  if (!value) return '—';
  return formatNairobiDay(value, locale) || value;
}

/** A tax rate as the API writes it ("16.00") without needless zeros ("16", "7.5"). */
export function formatRate(rate: string): string {
  const text = rate.trim();
  if (!/^\d+\.\d+$/.test(text)) return text;
  return text.replace(/0+$/, '').replace(/\.$/, '');
}
