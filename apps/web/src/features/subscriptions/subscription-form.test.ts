import { SUBSCRIPTION_MESSAGES } from '@zabuni/contracts';
import { describe, expect, it } from 'vitest';
import {
  emptySubscriptionForm,
  looksLikeEmail,
  PLAN_PRICES,
  subscriptionFormSchema,
} from './subscription-form.ts';

const valid = {
  ...emptySubscriptionForm('monthly'),
  company_name: 'Acme Ltd',
  email: 'Jane@Acme.example',
  first_name: 'Jane',
  last_name: 'Doe',
  country: 1,
  city: 'Nairobi',
  categories: [3, 3, 5],
};

const messages = (input: unknown) => {
  const parsed = subscriptionFormSchema.safeParse(input);
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('subscription form', () => {
  it('takes the plan from the page property, or none (SPEC §9)', () => {
    expect(emptySubscriptionForm('monthly').payment_plan).toBe('Monthly');
    expect(emptySubscriptionForm('ANNUAL').payment_plan).toBe('Annual');
    expect(emptySubscriptionForm(null).payment_plan).toBeUndefined();
    expect(emptySubscriptionForm('weekly').payment_plan).toBeUndefined();
  });

  it('shows SPEC §9 prices', () => {
    expect(PLAN_PRICES.Monthly).toEqual({ currency: 'KES', amount: 400 });
    expect(PLAN_PRICES.Annual).toEqual({ currency: 'KES', amount: 3000 });
  });

  it('accepts a complete form and sends what the API expects', () => {
    const parsed = subscriptionFormSchema.parse({ ...valid, phone_number: '+254712345678' });
    expect(parsed).toMatchObject({ email: 'jane@acme.example', categories: [3, 5], payment_plan: 'Monthly' });
    expect(parsed.marketing).toBeUndefined();
  });

  it('says SPEC §5 messages for country and categories', () => {
    const errors = messages({ ...valid, country: undefined, categories: [] });
    expect(errors.country).toBe(SUBSCRIPTION_MESSAGES.country);
    expect(errors.categories).toBe(SUBSCRIPTION_MESSAGES.categories);
  });

  it('checks the phone number by country and type, alongside the other errors', () => {
    expect(messages({ ...valid, phone_number: '+254202222222' }).phone_number).toBe('phone:problems.invalid');
    const errors = messages({ ...valid, city: '', phone_number: '+25471' });
    expect(errors.phone_number).toBe('phone:problems.tooShort');
    expect(errors.city).toBeDefined();
    expect(messages({ ...valid, phone_number: '' }).phone_number).toBeUndefined();
  });

  it('checks the email against a basic pattern before the lookup', () => {
    expect(looksLikeEmail('jane@acme.example')).toBe(true);
    expect(looksLikeEmail('jane@acme')).toBe(false);
    expect(looksLikeEmail('jane acme@x.io')).toBe(false);
  });
});
