import { currencyExponent } from './budgets.ts';

/**
 * Amounts cross the wire as decimal text in major units ("1500000.00") and live as integer minor units:
 * no float ever holds money. Text with more decimals than the currency has is refused, not rounded.
 */
export function decimalTextToMinor(text: string, currency: string): number | null {
  const exponent = currencyExponent(currency);
  const match = /^(\d{1,15})(?:\.(\d+))?$/.exec(text.trim().replace(/,/g, ''));
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > exponent) return null;
  const minor = Number(match[1]) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units → major-unit text with the currency's decimals ("1500000.00", "UGX" → "1250000"). */
export function minorToDecimalText(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an amount in minor units: ${minor}`);
  const exponent = currencyExponent(currency);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  if (exponent === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}
