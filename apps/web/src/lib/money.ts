import { percentToBasisPoints } from '@zabuni/contracts';
import {
  currencyExponent,
  decimalTextToMinor,
  lineAmountMinor,
  minorToDecimalText,
  quantityToThousandths,
  taxMinor,
  thousandthsToQuantity,
} from '@zabuni/domain';

/**
 * The web's one money formatter, and the money and quantities of requisitions, orders, receipts and invoices. The API sends decimal text in major units; here it
 * becomes integer minor units (or thousandths for quantities) and back, never a float, so the totals the
 * screen shows are the ones the server will store.
 */

export const normalisedCurrency = (currency: string) => currency.trim().toUpperCase();

/** Decimal text ("1500.00", "-20.50") → minor units; null when it is not an amount in this currency. */
export function toMinor(text: string | null | undefined, currency: string): number | null {
  if (text === null || text === undefined) return null;
  const trimmed = text.trim().replace(/,/g, '');
  const negative = trimmed.startsWith('-');
  const minor = decimalTextToMinor(negative ? trimmed.slice(1) : trimmed, normalisedCurrency(currency));
  if (minor === null) return null;
  return negative ? -minor : minor;
}

/** Minor units → the decimal text the API reads. */
export const minorToText = (minor: number, currency: string) =>
  minorToDecimalText(minor, normalisedCurrency(currency));

/** Quantity text ("2", "0.5", "-1.25") → thousandths; null when it is not one. */
export function toThousandths(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const value = quantityToThousandths(negative ? trimmed.slice(1) : trimmed);
  if (value === null) return null;
  return negative ? -value : value;
}

/** Thousandths → "2", "0.5", "-1.25". */
export function thousandthsToText(thousandths: number): string {
  return thousandths < 0 ? `-${thousandthsToQuantity(-thousandths)}` : thousandthsToQuantity(thousandths);
}

/** Tax on a net amount at basis points (1600 = 16 %), rounded half up once: the platform's one rule. */
export { taxMinor };

/** A rate as the API writes it ("16.00") → basis points; null when it is not a rate. */
export const rateToBasisPoints = (rate: string) => percentToBasisPoints(rate);

/** One line's net (quantity × unit price, rounded half up) in minor units; null while either is not valid. */
export function lineNetMinor(quantity: string, unitPrice: string, currency: string): number | null {
  const thousandths = quantityToThousandths(quantity.trim());
  const price = decimalTextToMinor(unitPrice.trim().replace(/,/g, ''), normalisedCurrency(currency));
  if (thousandths === null || price === null) return null;
  try {
    return lineAmountMinor(thousandths, price);
  } catch {
    return null;
  }
}

export interface Totals {
  net: number;
  tax: number;
  total: number;
  /** Lines whose quantity or price cannot be read yet (left out of the sums). */
  incomplete: number;
}

/** Net, tax and total of lines, each line taxed on its own at its rate, as the API totals an order. */
export function documentTotals(
  lines: ReadonlyArray<{ quantity: string; unit_price: string; basisPoints: number | null }>,
  currency: string,
): Totals {
  let net = 0;
  let tax = 0;
  let incomplete = 0;
  for (const line of lines) {
    const amount = lineNetMinor(line.quantity, line.unit_price, currency);
    if (amount === null || line.basisPoints === null) {
      incomplete += 1;
      continue;
    }
    net += amount;
    tax += taxMinor(amount, line.basisPoints);
  }
  return { net, tax, total: net + tax, incomplete };
}

const wholeFormats = new Map<string, { whole: Intl.NumberFormat; decimal: string }>();
function formatsOf(locale: string) {
  let found = wholeFormats.get(locale);
  if (!found) {
    let whole: Intl.NumberFormat;
    try {
      whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    } catch {
      whole = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
    }
    const decimal =
      new Intl.NumberFormat(whole.resolvedOptions().locale, { minimumFractionDigits: 1 })
        .formatToParts(1.5)
        .find((part) => part.type === 'decimal')?.value ?? '.';
    found = { whole, decimal };
    wholeFormats.set(locale, found);
  }
  return found;
}

/**
 * "KES 1,234,567.50" in the viewer's number format from decimal text in major units, never through a float
 * (BigInt for the whole part). Text that is not an amount is shown as it came.
 */
export function formatAmount(text: string, currency: string, locale = 'en'): string {
  const code = normalisedCurrency(currency);
  const exponent = currencyExponent(code);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return `${code} ${text}`;
  const [, sign, whole, fraction = ''] = match;
  const digits = fraction.padEnd(exponent, '0').slice(0, exponent);
  const { whole: format, decimal } = formatsOf(locale);
  // "-0.00" is no debt: no minus before a zero.
  const minus = sign === '-' && /[1-9]/.test(whole! + digits) ? '-' : '';
  return `${code} ${minus}${format.format(BigInt(whole!))}${exponent > 0 ? `${decimal}${digits}` : ''}`;
}

export const formatMinorAmount = (minor: number, currency: string, locale = 'en') =>
  formatAmount(minorToText(minor, currency), currency, locale);

/** A quantity for people: "1,250.5" in the viewer's digits grouping; text that is not one as it came. */
export function formatQuantity(text: string, locale = 'en'): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return text;
  const [, sign, whole, fraction = ''] = match;
  const trimmed = fraction.replace(/0+$/, '');
  const { whole: format, decimal } = formatsOf(locale);
  return `${sign}${format.format(BigInt(whole!))}${trimmed ? `${decimal}${trimmed}` : ''}`;
}
