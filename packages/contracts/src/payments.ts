import { z } from 'zod';
import { PAYMENT_FAILURES, PAYMENT_STATES } from '@zabuni/domain';

/** SPEC §8 payment texts, verbatim. */
export const PAYMENT_TEXTS = {
  initiatedMpesa: 'Payment initiated successfully kindly check your phone.',
  initiatedCard: 'Payment initiated successfully.',
  processing: 'Kindly do not move from this page until processing is complete.',
} as const;

export const paymentStateSchema = z.enum(PAYMENT_STATES);
export const paymentFailureSchema = z.enum(PAYMENT_FAILURES);

/** SPEC §7 payment initiation for an order (publish-tender and subscription checkouts). */
export const paymentRequest = z.object({
  payment_type: z.enum(['mpesa', 'dpo'], { error: 'payment.method' }),
  phone_number: z.string().trim().max(25, { error: 'field.too_long' }).optional(),
});
export type PaymentRequest = z.infer<typeof paymentRequest>;

export const paymentStarted = z
  .object({
    detail: z.string(),
    /** The hosted payment page to send the browser to (card / DPO). */
    data: z.object({ url: z.string() }).optional(),
  })
  .meta({ id: 'PaymentStarted' });
export type PaymentStarted = z.infer<typeof paymentStarted>;

/**
 * Added to every order next to SPEC's numeric status: the state in words (so the Error view is reachable
 * everywhere), why the last attempt failed, and the receipt once paid.
 */
export const orderPaymentFields = {
  /** pending, processing, paid or failed. */
  payment_state: paymentStateSchema,
  /** Why the newest attempt failed; null unless payment_state is failed. */
  payment_failure: paymentFailureSchema.nullable(),
  /** Whether M-Pesa is offered (SPEC §9: only for KES). The hosted card page always is. */
  mpesa_available: z.boolean(),
  paid_at: z.string().meta({ format: 'date-time' }).nullable(),
  /** M-Pesa receipt or card approval number, once paid. */
  receipt: z.string().nullable(),
  /** While an M-Pesa prompt is open: when Daraja gives it up; after it a new attempt is offered. */
  prompt_expires_at: z.string().meta({ format: 'date-time' }).nullable().optional(),
  /** While processing: when the attempt is given up (15 minutes), shown on the checkout. */
  expires_at: z.string().meta({ format: 'date-time' }).nullable().optional(),
  /** Whether a new attempt makes sense now (not paid, no prompt still open on a phone). */
  can_retry: z.boolean().optional(),
};
