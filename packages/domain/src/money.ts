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

/** Quantities as decimal text with up to three decimals ("2", "0.5", "12.125"); null when not one. */
export function quantityToThousandths(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0') || '0');
}

export const thousandthsToQuantity = (thousandths: number) => {
  const whole = Math.floor(thousandths / 1000);
  const fraction = String(thousandths % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
};

/**
 * A line's amount: quantity × unit price, rounded half up to the currency's minor unit (the one rounding
 * rule of the platform's documents). Exact: the product is taken in BigInt before rounding.
 */
export function lineAmountMinor(quantityThousandths: number, unitPriceMinor: number): number {
  if (!Number.isSafeInteger(quantityThousandths) || !Number.isSafeInteger(unitPriceMinor)) {
    throw new RangeError('Quantities and prices are whole thousandths and minor units.');
  }
  const product = BigInt(quantityThousandths) * BigInt(unitPriceMinor);
  const rounded = (product + 500n) / 1000n;
  const amount = Number(rounded);
  if (!Number.isSafeInteger(amount)) throw new RangeError('The line amount is too large.');
  return amount;
}

/**
 * Tax on a net amount at a rate in basis points (1600 = 16 %), rounded half up to the minor unit once per
 * line (the platform's one tax rounding rule, for orders and invoices alike). Exact in BigInt.
 */
export function taxMinor(netMinor: number, basisPoints: number): number {
  if (
    !Number.isSafeInteger(netMinor) ||
    netMinor < 0 ||
    !Number.isSafeInteger(basisPoints) ||
    basisPoints < 0
  ) {
    throw new RangeError('A net amount and a tax rate are whole, non-negative numbers.');
  }
  const tax = (BigInt(netMinor) * BigInt(basisPoints) * 2n + 10_000n) / 20_000n;
  return Number(tax);
}
