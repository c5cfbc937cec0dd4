import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  SubscriptionFormValues,
  SubscriptionOrder,
  SubscriptionPlans,
  subscriptionCreated,
  subscriptionSearchResult,
} from '@zabuni/contracts';
import type { z } from 'zod';
import type { PaymentPlan } from '@zabuni/domain';
import { ApiError, apiGet, apiPost } from '../../../lib/api-client.ts';
import { PLAN_PRICES } from '../subscription-form.ts';

export type SubscriptionCreated = z.infer<typeof subscriptionCreated>;
export type SubscriptionSearchResult = z.infer<typeof subscriptionSearchResult>;

/** The plans on sale and their prices from the operator's price list. */
export const plansQuery = queryOptions({
  queryKey: ['subscriptions', 'plans'],
  queryFn: ({ signal }) => apiGet<SubscriptionPlans>('/tender-alerts/subscription/plans/', undefined, signal),
  staleTime: 5 * 60_000,
});

/** Each plan's price: the price list's once loaded, SPEC §9's until then (and if the list is unreachable). */
export function usePlanPrices(): Record<PaymentPlan, { currency: string; amount: number }> {
  const { data } = useQuery(plansQuery);
  const prices = { ...PLAN_PRICES };
  for (const plan of data?.results ?? []) {
    prices[plan.payment_plan] = { currency: plan.currency, amount: plan.amount };
  }
  return prices;
}

/** SPEC §7 `POST /tender-alerts/subscription/subscribe/` → 201 with the order's code. */
export const subscribe = (form: SubscriptionFormValues) =>
  apiPost<SubscriptionCreated>('/tender-alerts/subscription/subscribe/', form);

/**
 * SPEC §7 `GET /tender-alerts/subscription/search_subscription/?email=`: a previous subscription of this
 * email (masked email and its order code), or null when there is none (404).
 */
export async function findPreviousSubscription(
  email: string,
  signal?: AbortSignal,
): Promise<SubscriptionSearchResult | null> {
  try {
    return await apiGet<SubscriptionSearchResult>(
      '/tender-alerts/subscription/search_subscription/',
      { email },
      signal,
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** SPEC §7 `GET /tender-alerts/subscription/search_subscription_code/?code=`: the order, personal data masked. */
export const subscriptionOrderQuery = (code: string) =>
  queryOptions({
    queryKey: ['tender-alerts', 'subscription', code],
    queryFn: ({ signal }) =>
      apiGet<SubscriptionOrder>('/tender-alerts/subscription/search_subscription_code/', { code }, signal),
    // The page shows a missing order itself.
    meta: { silent: true },
  });
