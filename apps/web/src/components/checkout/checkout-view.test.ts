import { PAYMENT_FAILURES } from '@zabuni/domain';
import { describe, expect, it } from 'vitest';
import {
  checkoutView,
  errorTitle,
  FAILURE_REASONS,
  formatTimeLeft,
  pollInterval,
  processingOffers,
  reasonOf,
  type CheckoutPhase,
  type PaymentState,
} from './checkout-view.ts';

const follow: CheckoutPhase = { kind: 'follow' };
const retry: CheckoutPhase = { kind: 'retry' };
const initiated: CheckoutPhase = { kind: 'initiated', at: 1_000 };

describe('checkoutView', () => {
  it.each<[PaymentState, string]>([
    ['pending', 'pending'],
    ['processing', 'processing'],
    ['paid', 'paid'],
    ['failed', 'error'],
  ])('shows the server state %s as %s', (state, view) => {
    expect(checkoutView(state, follow, 500)).toBe(view);
  });

  it('goes to Processing as soon as a payment starts, before the order is fetched again', () => {
    expect(checkoutView('pending', initiated, 900)).toBe('processing');
    // A retried order still reads failed until the fresh answer arrives.
    expect(checkoutView('failed', initiated, 1_000)).toBe('processing');
  });

  it('follows the first answer fetched after the payment started', () => {
    expect(checkoutView('processing', initiated, 1_001)).toBe('processing');
    expect(checkoutView('failed', initiated, 1_500)).toBe('error');
    expect(checkoutView('pending', initiated, 1_500)).toBe('pending');
  });

  it('returns to Pending on Retry Payment while the order still reads failed', () => {
    expect(checkoutView('failed', retry, 2_000)).toBe('pending');
    expect(checkoutView('processing', retry, 2_000)).toBe('processing');
  });

  it('shows Paid whatever the page was doing', () => {
    for (const phase of [follow, retry, initiated]) expect(checkoutView('paid', phase, 0)).toBe('paid');
  });
});

describe('pollInterval', () => {
  it('polls every 3 seconds while processing only', () => {
    expect(pollInterval('processing')).toBe(3_000);
    for (const view of ['pending', 'paid', 'error', null] as const) expect(pollInterval(view)).toBe(false);
  });
});

describe('failure wording', () => {
  it('gives every failure a SPEC §8 title', () => {
    expect(errorTitle('insufficient_funds')).toBe('paymentFailed');
    expect(errorTitle('cancelled')).toBe('paymentFailed');
    expect(errorTitle('declined')).toBe('paymentFailed');
    expect(errorTitle('unreachable')).toBe('paymentError');
    expect(errorTitle('expired')).toBe('paymentError');
    expect(errorTitle('provider_error')).toBe('somethingWrong');
    expect(errorTitle(null)).toBe('somethingWrong');
  });

  it('names the reason of the list that happened, if the list has it', () => {
    expect(reasonOf('insufficient_funds')).toBe('insufficientFunds');
    expect(reasonOf('wrong_pin')).toBe('wrongDetails');
    expect(reasonOf('unreachable')).toBe('network');
    expect(reasonOf('expired')).toBe('network');
    expect(reasonOf('declined')).toBe('declined');
    expect(reasonOf('cancelled')).toBeNull();
    expect(reasonOf('provider_error')).toBeNull();
    for (const failure of PAYMENT_FAILURES) {
      const reason = reasonOf(failure);
      if (reason) expect(FAILURE_REASONS).toContain(reason);
    }
  });
});

describe('Processing offers (issue 16: no dead end)', () => {
  const sent = Date.parse('2026-11-26T08:00:00Z');
  const order = {
    prompt_expires_at: new Date(sent + 60_000).toISOString(),
    expires_at: new Date(sent + 15 * 60_000).toISOString(),
    can_retry: false,
  };

  it('shows the time left to the 15-minute expiry, and no retry while the prompt is open', () => {
    expect(processingOffers(order, sent + 10_000)).toEqual({
      msLeft: 14 * 60_000 + 50_000,
      promptTimedOut: false,
      canRetry: false,
    });
    expect(formatTimeLeft(14 * 60_000 + 50_000)).toBe('14:50');
    expect(formatTimeLeft(0)).toBe('0:00');
  });

  it('offers Try again and Pay another way once the prompt timed out, without waiting for the server', () => {
    expect(processingOffers(order, sent + 60_000)).toMatchObject({ promptTimedOut: true, canRetry: true });
    expect(processingOffers({ ...order, can_retry: true }, sent + 1_000)).toMatchObject({ canRetry: true });
    expect(processingOffers(order, sent + 20 * 60_000).msLeft).toBe(0);
  });

  it('"Pay another way" shows the payment methods although the old attempt still reads processing', () => {
    expect(checkoutView('processing', { kind: 'another' }, 500)).toBe('pending');
    expect(checkoutView('paid', { kind: 'another' }, 500)).toBe('paid');
  });
});
