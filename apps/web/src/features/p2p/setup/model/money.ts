import { decimalTextToMinor } from '@zabuni/domain';
import { formatAmount } from '../../../../lib/money.ts';

/** Decimal text from the API ("150000.00", "-2500.00") → integer minor units; null when it is not money. */
export function signedMinor(text: string | null | undefined, currency: string): number | null {
  if (text === null || text === undefined) return null;
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const minor = decimalTextToMinor(negative ? trimmed.slice(1) : trimmed, currency);
  if (minor === null) return null;
  return negative ? -minor : minor;
}

/** "KES 1,500,000.00" from decimal text (the web's one money formatter); the text itself when it is not money. */
export function formatMoneyText(text: string | null | undefined, currency: string): string {
  return text ? formatAmount(text, currency) : '';
}
