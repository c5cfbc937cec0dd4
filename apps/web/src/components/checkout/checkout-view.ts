import type { PaymentFailure } from '@zabuni/domain';

/** An order's payment state as the API words it (`payment_state`). */
export type PaymentState = 'pending' | 'processing' | 'paid' | 'failed';

/** SPEC §4: the four views of every checkout. */
export type CheckoutView = 'pending' | 'processing' | 'paid' | 'error';

/** SPEC §9: the order is asked for its payment state every 3 seconds while it is being processed. */
export const POLL_INTERVAL_MS = 3_000;

/**
 * What this page did since it loaded the order, which the server's state alone does not say:
 * - `follow`: nothing; show the state the server reports.
 * - `retry`: Retry Payment (or an initiation the API refused): back to Pending although the order still
 *   reads failed, until a new payment starts.
 * - `another`: "Pay another way" on Processing: Pending while the old attempt still reads processing.
 * - `initiated`: a payment was started at `at` (epoch ms): Processing at once (SPEC §4), until an answer
 *   fetched after that moment says how it went.
 */
export type CheckoutPhase =
  { kind: 'follow' } | { kind: 'retry' } | { kind: 'another' } | { kind: 'initiated'; at: number };

/**
 * The view to show, derived from the order's `payment_state` (so Error is reachable, unlike SPEC's
 * numeric mappings) and what the page did. `answeredAt` is when the shown order data arrived.
 */
export function checkoutView(state: PaymentState, phase: CheckoutPhase, answeredAt: number): CheckoutView {
  // Paid is final, whatever the page thinks it is doing.
  if (state === 'paid') return 'paid';
  // An answer from before the payment started says nothing about it.
  if (phase.kind === 'initiated' && answeredAt <= phase.at) return 'processing';
  if (phase.kind === 'retry' && state === 'failed') return 'pending';
  // "Pay another way" after the prompt timed out: the methods, although the old attempt reads processing.
  if (phase.kind === 'another' && (state === 'failed' || state === 'processing')) return 'pending';
  if (state === 'processing') return 'processing';
  if (state === 'failed') return 'error';
  return 'pending';
}

/** Keep asking the server while the view is Processing; stop on paid and failed. */
export const pollInterval = (view: CheckoutView | null): number | false =>
  view === 'processing' ? POLL_INTERVAL_MS : false;

/** What Processing offers at `now` (epoch ms): the time left to the expiry, and a new attempt once possible. */
export interface ProcessingOffers {
  /** Milliseconds until the attempt is given up (never below 0); null when the API does not say. */
  msLeft: number | null;
  /** The M-Pesa prompt has timed out on the phone: nobody can answer it any more. */
  promptTimedOut: boolean;
  /** Show "Try again" and "Pay another way". */
  canRetry: boolean;
}

export function processingOffers(
  order: { prompt_expires_at?: string | null; expires_at?: string | null; can_retry?: boolean },
  now: number,
): ProcessingOffers {
  const expires = order.expires_at ? Date.parse(order.expires_at) : NaN;
  const prompt = order.prompt_expires_at ? Date.parse(order.prompt_expires_at) : NaN;
  const promptTimedOut = !Number.isNaN(prompt) && now >= prompt;
  return {
    msLeft: Number.isNaN(expires) ? null : Math.max(0, expires - now),
    promptTimedOut,
    canRetry: promptTimedOut || order.can_retry === true,
  };
}

/** "14:05": minutes and seconds left. */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** SPEC §8 titles of the Error view. */
export type ErrorTitle = 'paymentFailed' | 'paymentError' | 'somethingWrong';

/**
 * Which SPEC §8 title fits a failure: "Payment Failed" when the payer or the provider said no, "Payment
 * Error" when the payment could not be completed (phone unreachable, prompt expired), and "Oops!
 * Something Went Wrong" when the provider itself failed or the reason is unknown.
 */
export function errorTitle(failure: PaymentFailure | null): ErrorTitle {
  switch (failure) {
    case 'cancelled':
    case 'insufficient_funds':
    case 'wrong_pin':
    case 'declined':
      return 'paymentFailed';
    case 'unreachable':
    case 'expired':
      return 'paymentError';
    default:
      return 'somethingWrong';
  }
}

/** SPEC §8 possible reasons, in its order. */
export const FAILURE_REASONS = ['insufficientFunds', 'wrongDetails', 'network', 'declined'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** The SPEC §8 reason a failure names, to highlight in the list (none for a cancelled prompt or a fault). */
export function reasonOf(failure: PaymentFailure | null): FailureReason | null {
  switch (failure) {
    case 'insufficient_funds':
      return 'insufficientFunds';
    case 'wrong_pin':
      return 'wrongDetails';
    case 'unreachable':
    case 'expired':
      return 'network';
    case 'declined':
      return 'declined';
    default:
      return null;
  }
}
