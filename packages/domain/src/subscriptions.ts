/**
 * Tender-alert subscriptions: plans and the period a payment buys (SPEC §9: Monthly KES 400, Annual KES
 * 3000; the amounts themselves live in the price list).
 */

export const PAYMENT_PLANS = ['Monthly', 'Annual'] as const;
export type PaymentPlan = (typeof PAYMENT_PLANS)[number];

/** The price-list product of each plan. */
export const PLAN_PRODUCTS: Record<PaymentPlan, string> = {
  Monthly: 'alert_subscription_monthly',
  Annual: 'alert_subscription_annual',
};

/** SPEC §9 "plan from page property": monthly or annual, otherwise none chosen yet. */
export function planFromPageProperty(value: string | null | undefined): PaymentPlan | null {
  const key = (value ?? '').trim().toLowerCase();
  if (key === 'monthly') return 'Monthly';
  if (key === 'annual' || key === 'yearly') return 'Annual';
  return null;
}

/** Calendar months on UTC dates, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(instant: Date, months: number): Date {
  const year = instant.getUTCFullYear();
  const month = instant.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(instant.getTime());
  result.setUTCFullYear(year, month, Math.min(instant.getUTCDate(), lastDay));
  return result;
}

/**
 * The period a payment buys. Paying while a period is still running extends it from its end, so no day
 * already paid for is lost; otherwise the new period starts when the money arrived.
 */
export function subscriptionPeriod(
  plan: PaymentPlan,
  paidAt: Date,
  currentEnd: Date | null,
): { start: Date; end: Date } {
  const start = currentEnd && currentEnd.getTime() > paidAt.getTime() ? currentEnd : paidAt;
  return { start, end: addMonths(start, plan === 'Annual' ? 12 : 1) };
}
