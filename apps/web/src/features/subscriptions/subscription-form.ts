import { subscriptionForm, type SubscriptionForm, type SubscriptionFormValues } from '@zabuni/contracts';
import { planFromPageProperty, type PaymentPlan } from '@zabuni/domain';
import { phoneProblem } from '../../components/phone/phone-number.ts';
import { contractResolver } from '../../lib/form-errors.ts';

/**
 * SPEC §9 plan prices, shown until the API's price list answers (`usePlanPrices`); the order then carries
 * the price the API charged. Taxes on subscriptions are shown as 0.
 */
export const PLAN_PRICES: Record<PaymentPlan, { currency: string; amount: number }> = {
  Monthly: { currency: 'KES', amount: 400 },
  Annual: { currency: 'KES', amount: 3000 },
};
export const SUBSCRIPTION_TAX = 0;

/** SPEC §5: the basic pattern an email must match before looking up a previous subscription. */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/** The API's field names, shown on the field of the same name (SPEC §8 server field errors). */
export const SUBSCRIPTION_FIELDS = [
  'company_name',
  'email',
  'kra_pin_number',
  'phone_number',
  'first_name',
  'last_name',
  'country',
  'city',
  'payment_plan',
  'categories',
  'marketing',
] as const;

/**
 * The contract's own schema (the API validates with it too), plus what only the form can check: the
 * phone number for its country and type (its message is an i18next key, translated where shown).
 */
export const subscriptionFormSchema = subscriptionForm.refine(
  (value) => !value.phone_number || phoneProblem(value.phone_number) === null,
  {
    path: ['phone_number'],
    error: (issue) => {
      const phone = (issue.input as { phone_number?: unknown } | undefined)?.phone_number;
      return `phone:problems.${phoneProblem(typeof phone === 'string' ? phone : '') ?? 'invalid'}`;
    },
    // Checked even while other fields still have errors, so every message shows at once.
    when: (payload) => {
      const phone = (payload.value as { phone_number?: unknown } | undefined)?.phone_number;
      return typeof phone === 'string' && phone !== '';
    },
  },
);

/**
 * react-hook-form's resolver: a catalogue key of the contract shows in the interface language with its
 * values (a length's maximum) filled in; the phone's own key is translated where shown.
 */
export const subscriptionResolver = contractResolver<SubscriptionForm, SubscriptionFormValues>(
  subscriptionFormSchema,
);

/** An empty form; the plan comes from the page property (`?plan=monthly|annual`, SPEC §9). */
export function emptySubscriptionForm(planParam: string | null): Partial<SubscriptionForm> {
  return {
    payment_plan: planFromPageProperty(planParam) ?? undefined,
    company_name: '',
    email: '',
    kra_pin_number: '',
    phone_number: '',
    first_name: '',
    last_name: '',
    country: undefined,
    city: '',
    categories: [],
    marketing: '',
  };
}
