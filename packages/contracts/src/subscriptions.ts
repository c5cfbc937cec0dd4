import { z } from 'zod';
import type { MessageKey } from './messages.ts';
import { PAYMENT_PLANS } from '@zabuni/domain';
import { MARKETING_SOURCES } from './constants.ts';
import { email, phone, required } from './fields.ts';
import { queryId } from './pagination.ts';
import { orderPaymentFields } from './payments.ts';

/** SPEC §5 and §8 texts of the subscription flow, verbatim where SPEC gives them. */
export const SUBSCRIPTION_MESSAGES = {
  country: 'subscription.country',
  categories: 'subscription.categories',
  plan: 'subscription.plan',
  notFound: 'subscription.not_found',
  noPrevious: 'subscription.no_previous',
  unknownCategory: 'subscription.unknown_category',
  unknownCountry: 'subscription.country',
  tooManyCategories: 'subscription.too_many_categories',
} as const satisfies Record<string, MessageKey>;

/** SPEC texts of answers and questions (not errors), verbatim. */
export const SUBSCRIPTION_NOTICES = {
  submitted: 'Subscription details submitted successfully, proceed to make payment!',
  proceedPrevious: 'Proceed with previous subscription details?',
} as const;

const countryId = z.coerce
  .number({ error: SUBSCRIPTION_MESSAGES.country })
  .int({ error: SUBSCRIPTION_MESSAGES.country })
  .positive({ error: SUBSCRIPTION_MESSAGES.country })
  .max(2_147_483_647, { error: SUBSCRIPTION_MESSAGES.country });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'field.too_long' })
    .optional()
    .transform((value) => (value ? value : undefined));

/** SPEC §3 subscription form with the §5 rules. */
export const subscriptionForm = z.object({
  company_name: required(200),
  email,
  kra_pin_number: optionalText(30).transform((value) => value?.toUpperCase().replace(/\s+/g, '')),
  phone_number: z
    .union([z.literal(''), phone])
    .optional()
    .transform((value) => (value ? value : undefined)),
  first_name: required(100),
  last_name: required(100),
  country: countryId,
  city: required(100),
  payment_plan: z.enum(PAYMENT_PLANS, { error: SUBSCRIPTION_MESSAGES.plan }),
  categories: z
    .array(queryId, { error: SUBSCRIPTION_MESSAGES.categories })
    .min(1, { error: SUBSCRIPTION_MESSAGES.categories })
    .max(50, { error: SUBSCRIPTION_MESSAGES.tooManyCategories })
    .transform((ids) => [...new Set(ids)]),
  marketing: z
    .union([z.literal(''), z.enum(MARKETING_SOURCES, { error: 'field.choice' })])
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type SubscriptionForm = z.input<typeof subscriptionForm>;
export type SubscriptionFormValues = z.output<typeof subscriptionForm>;

/** The plans on sale with their current prices (the operator's price list), for the subscription form. */
export const subscriptionPlans = z
  .object({
    results: z.array(
      z.object({
        payment_plan: z.enum(PAYMENT_PLANS),
        currency: z.string(),
        /** Major units, as on the order. */
        amount: z.number(),
        /** SPEC §9: taxes on subscription orders are shown as 0. */
        tax: z.number(),
      }),
    ),
  })
  .meta({ id: 'SubscriptionPlans' });
export type SubscriptionPlans = z.infer<typeof subscriptionPlans>;

export const subscriptionCreated = z
  .object({ code: z.string(), reference: z.string(), detail: z.string() })
  .meta({ id: 'SubscriptionCreated' });

export const subscriptionEmailQuery = z.object({ email });

/** SPEC §3 search-by-email response: the (masked) email and the order code to proceed with. */
export const subscriptionSearchResult = z
  .object({ supplier: z.object({ email: z.string() }), code: z.string() })
  .meta({ id: 'SubscriptionSearchResult' });

/**
 * SPEC §3 subscription order. It opens without signing in (by its unguessable code), so the supplier's
 * personal data is masked. Amounts are in the currency's major unit (KES 3000 = 3000).
 */
export const subscriptionOrder = z
  .object({
    code: z.string(),
    currency: z.string(),
    amount: z.number(),
    /** SPEC §9: taxes on subscription orders are shown as 0. */
    tax: z.number(),
    reference: z.string(),
    payment_plan: z.enum(PAYMENT_PLANS),
    /** 1 paid, 2 pending, 3 processing, 4 failed (the published-tender codes of SPEC §4). */
    payment_status: z.number().int(),
    ...orderPaymentFields,
    supplier: z.object({
      company_name: z.string(),
      contact_name: z.string(),
      email: z.string(),
      phone_number: z.string().nullable(),
    }),
    categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
    country: z.object({ id: z.number().int(), name: z.string(), iso2: z.string() }),
    /** The period this order bought, once paid (a renewal starts where the running period ends). */
    period: z
      .object({
        starts_at: z.string().meta({ format: 'date-time' }),
        ends_at: z.string().meta({ format: 'date-time' }),
      })
      .nullable(),
  })
  .meta({ id: 'SubscriptionOrder' });
export type SubscriptionOrder = z.infer<typeof subscriptionOrder>;

/** SPEC §7 `retrieve/{id}`: the payment status only. */
export const subscriptionPaymentStatus = z
  .object({
    code: z.string(),
    payment_status: z.number().int(),
    payment_state: orderPaymentFields.payment_state,
  })
  .meta({ id: 'SubscriptionPaymentStatus' });
