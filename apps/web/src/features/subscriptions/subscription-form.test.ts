import { MESSAGES, subscriptionForm, SUBSCRIPTION_MESSAGES } from '@zabuni/contracts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import swErrors from '../../locales/sw/errors.json';
import {
  emptySubscriptionForm,
  looksLikeEmail,
  PLAN_PRICES,
  subscriptionFormSchema,
  subscriptionResolver,
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

  it('resolves with the API’s keys in the interface language, a length’s maximum filled in', async () => {
    const input = {
      ...valid,
      payment_plan: 'Monthly' as const,
      company_name: 'A'.repeat(201),
      city: '',
      phone_number: '+254202222222',
    };
    // What the API refuses the request with: the contract's own keys.
    const api = subscriptionForm.safeParse(input).error?.issues ?? [];
    expect(Object.fromEntries(api.map((issue) => [String(issue.path[0]), issue.message]))).toEqual({
      company_name: 'field.too_long',
      city: 'field.required',
    });
    const resolve = () =>
      subscriptionResolver(input, undefined, { fields: {}, shouldUseNativeValidation: false });
    const messageOf = (errors: Record<string, unknown>, field: string) =>
      (errors[field] as { message?: string } | undefined)?.message;
    // The errors namespace not loaded yet: the catalogue's English, its values filled in.
    const english = (await resolve()).errors;
    expect(messageOf(english, 'company_name')).toBe(MESSAGES['field.too_long'].replace('{max}', '200'));
    expect(messageOf(english, 'city')).toBe(MESSAGES['field.required']);
    // The form's own phone check keeps its key, translated where shown.
    expect(messageOf(english, 'phone_number')).toBe('phone:problems.invalid');
    await i18next.init({
      lng: 'sw',
      resources: { sw: { errors: swErrors } },
      interpolation: { escapeValue: false },
    });
    const swahili = (await resolve()).errors;
    expect(messageOf(swahili, 'company_name')).toBe(swErrors.field.too_long.replace('{{max}}', '200'));
    expect(messageOf(swahili, 'city')).toBe(swErrors.field.required);
  });

  it('checks the email against a basic pattern before the lookup', () => {
    expect(looksLikeEmail('jane@acme.example')).toBe(true);
    expect(looksLikeEmail('jane@acme')).toBe(false);
    expect(looksLikeEmail('jane acme@x.io')).toBe(false);
  });
});
