import { message, type Message } from '@zabuni/contracts';
import { normaliseMpesaPhone } from '@zabuni/domain';
import { AppError } from '../../../infra/errors.ts';
import type { RateLimiter, RateRule } from '../system/index.ts';

/**
 * How often a payment may be started (README "Accounts and security", payments). Every M-Pesa try rings a
 * phone, so a caller may not start an endless series of prompts: not for one order, not from one address,
 * not to one phone. A second click on the same prompt counts too (it is cheap, and five is plenty).
 */
export const PAYMENT_START_LIMITS = {
  perOrder: { limit: 5, windowSeconds: 10 * 60 },
  perAddress: { limit: 20, windowSeconds: 60 * 60 },
  perPhone: { limit: 5, windowSeconds: 10 * 60 },
} as const;

export const PAYMENT_LIMIT_MESSAGES = {
  order: message('payment.too_many_for_order'),
  address: message('payment.too_many_from_address'),
  phone: message('payment.too_many_to_phone'),
} as const;

/**
 * Counts one start of a payment against the order, the caller's address and (M-Pesa) the phone; 429 with
 * a message saying which limit was reached and a Retry-After header when one is over.
 */
export async function limitPaymentStart(
  limiter: RateLimiter,
  start: {
    product: 'subscription' | 'tender' | 'directory' | 'prequalified';
    code: string;
    ip: string;
    phone?: string | undefined;
  },
): Promise<void> {
  const phone = start.phone ? normaliseMpesaPhone(start.phone) : null;
  const rules: Array<[RateRule, Message]> = [
    [
      { key: `payment-start:ip:${start.ip}`, ...PAYMENT_START_LIMITS.perAddress },
      PAYMENT_LIMIT_MESSAGES.address,
    ],
    [
      { key: `payment-start:order:${start.product}:${start.code}`, ...PAYMENT_START_LIMITS.perOrder },
      PAYMENT_LIMIT_MESSAGES.order,
    ],
    ...(phone
      ? [
          [
            { key: `payment-start:phone:${phone}`, ...PAYMENT_START_LIMITS.perPhone },
            PAYMENT_LIMIT_MESSAGES.phone,
          ] as [RateRule, Message],
        ]
      : []),
  ];
  for (const [rule, refusal] of rules) {
    try {
      await limiter.hit(rule);
    } catch (error) {
      if (error instanceof AppError && error.code === 'rate_limited') {
        throw new AppError('rate_limited', refusal, {}, error.headers);
      }
      throw error;
    }
  }
}
