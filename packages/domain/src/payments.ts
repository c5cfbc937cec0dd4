/**
 * Rules of taking money: the order's payment state machine, and the field rules of M-Pesa Daraja (STK push)
 * and DPO Pay that both the adapters and the local simulators enforce (PAYMENT-PROTOCOLS.md).
 */

export const ORDER_PAYMENT_STATES = ['pending', 'processing', 'paid', 'failed'] as const;
export type OrderPaymentState = (typeof ORDER_PAYMENT_STATES)[number];

/** pending → processing → paid | failed; failed → pending again on retry. Paid is final. */
const TRANSITIONS: Record<OrderPaymentState, readonly OrderPaymentState[]> = {
  pending: ['processing'],
  processing: ['paid', 'failed', 'processing'],
  failed: ['pending', 'processing'],
  paid: [],
};

export function canMove(from: OrderPaymentState, to: OrderPaymentState): boolean {
  return TRANSITIONS[from].includes(to);
}

/**
 * A Kenyan mobile number in Daraja's format, 2547XXXXXXXX or 2541XXXXXXXX (12 digits, no plus), from what
 * people type: "0712 345 678", "+254712345678", "712345678", "254-712-345678". Null when it is not one.
 */
export function normaliseMpesaPhone(input: string): string | null {
  const digits = input.replace(/[\s()+-]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  let national: string;
  if (digits.startsWith('254') && digits.length === 12) national = digits.slice(3);
  else if (digits.startsWith('0') && digits.length === 10) national = digits.slice(1);
  else if (digits.length === 9) national = digits;
  else return null;
  return /^[17]\d{8}$/.test(national) ? `254${national}` : null;
}

/** Daraja takes whole shillings only: money is rounded UP, never down (KES 2,500.50 → 2501). */
export function mpesaAmount(amountMinor: number): number {
  return Math.ceil(amountMinor / 100);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `YYYYMMDDHHmmss` on East Africa Time (UTC+3, no daylight saving), as Daraja expects. */
export function darajaTimestamp(instant: Date): string {
  const eat = new Date(instant.getTime() + 3 * 3_600_000);
  return (
    `${pad(eat.getUTCFullYear(), 4)}${pad(eat.getUTCMonth() + 1)}${pad(eat.getUTCDate())}` +
    `${pad(eat.getUTCHours())}${pad(eat.getUTCMinutes())}${pad(eat.getUTCSeconds())}`
  );
}

// A global in Node ≥ 16 and every browser; declared here because the domain compiles without DOM or Node types.
declare function btoa(data: string): string;

/** base64(BusinessShortCode + Passkey + Timestamp), plain concatenation. */
export function darajaPassword(shortCode: string, passkey: string, timestamp: string): string {
  // btoa: the inputs are ASCII digits and hex, and this module also runs in browsers (no Buffer there).
  return btoa(`${shortCode}${passkey}${timestamp}`);
}

export const ACCOUNT_REFERENCE_MAX = 12;
export const TRANSACTION_DESC_MAX = 13;

/** AccountReference: alphanumeric, at most 12 characters (the customer sees it on the prompt). */
export function accountReference(reference: string): string {
  return reference.replace(/[^A-Za-z0-9]/g, '').slice(0, ACCOUNT_REFERENCE_MAX);
}

/** TransactionDesc: 1 to 13 characters, letters, digits and spaces only. */
export function transactionDescription(text: string): string {
  const clean = text
    .replace(/[^A-Za-z0-9 ]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, TRANSACTION_DESC_MAX)
    .trim();
  return clean || 'Payment';
}

export type StkOutcome = 'paid' | 'failed' | 'pending';

/**
 * What an STK result code means for the order. Decided on the code alone (the wording varies between
 * deployments). Codes the documentation calls retryable still end this attempt: the customer retries.
 */
export function stkOutcome(resultCode: number | string): StkOutcome {
  const code = Number(resultCode);
  if (!Number.isFinite(code)) return 'pending';
  return code === 0 ? 'paid' : 'failed';
}

/** Daraja's STK query answers HTTP 500 with this code while the customer has not answered: still pending. */
export const STK_QUERY_PENDING_ERROR = '500.001.1001';

export type DpoOutcome = 'paid' | 'pending' | 'failed' | 'mismatch';

/**
 * verifyToken result codes are 3-character strings ("000"): never parsed as numbers. 002 (over- or
 * under-paid) is a mismatch a person must look at.
 */
export function dpoVerifyOutcome(result: string): DpoOutcome {
  switch (result.trim()) {
    case '000':
      return 'paid';
    case '001':
    case '003':
    case '005':
    case '007':
    case '900':
      return 'pending';
    case '002':
      return 'mismatch';
    default:
      return 'failed';
  }
}

/** DPO's PaymentAmount: at most two decimals with a dot ("2500.00"), from minor units. */
export function dpoAmount(amountMinor: number): string {
  return (amountMinor / 100).toFixed(2);
}

/**
 * Why an attempt failed, in words the checkout's Error view can show (SPEC §8 lists the reasons in
 * general; this names the one that happened). Decided on the provider's code alone.
 */
export const PAYMENT_FAILURES = [
  'cancelled',
  'insufficient_funds',
  'unreachable',
  'wrong_pin',
  'expired',
  'declined',
  'provider_error',
] as const;
export type PaymentFailure = (typeof PAYMENT_FAILURES)[number];

export function paymentFailure(provider: 'mpesa' | 'dpo', resultCode: string | null): PaymentFailure {
  const code = (resultCode ?? '').trim();
  if (code === 'expired') return 'expired';
  if (provider === 'dpo') {
    if (code === '904') return 'cancelled';
    if (code === '903') return 'expired';
    if (code === '901' || code === '002') return 'declined';
    return 'provider_error';
  }
  switch (code) {
    case '1032':
      return 'cancelled';
    case '1':
      return 'insufficient_funds';
    case '1037':
    case '1036':
      return 'unreachable';
    case '2001':
      return 'wrong_pin';
    case '1019':
      return 'expired';
    default:
      return 'provider_error';
  }
}
