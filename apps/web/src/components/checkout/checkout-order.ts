import type { PaymentFailure } from '@zabuni/domain';
import type { ReactNode } from 'react';
import type { PaymentState } from './checkout-view.ts';

/**
 * What the checkout needs of any order (published tender, subscription, later directories): the SPEC
 * fields plus the payment fields every order now carries. Amounts are in the currency's major unit.
 */
export interface CheckoutOrder {
  code: string;
  reference: string;
  currency: string;
  amount: number;
  tax: number;
  payment_state: PaymentState;
  payment_failure: PaymentFailure | null;
  mpesa_available: boolean;
  paid_at: string | null;
  receipt: string | null;
  /** While an M-Pesa prompt is open: when Daraja gives it up. */
  prompt_expires_at?: string | null;
  /** While processing: when the attempt is given up (15 minutes). */
  expires_at?: string | null;
  /** Whether the API would take a new attempt now. */
  can_retry?: boolean;
}

/** One line of the order summary. */
export interface CheckoutItem {
  label: ReactNode;
  /** Shown under the label (the tender's title, the plan's period). */
  detail?: ReactNode;
  amount: number;
}
