import { Button, Fieldset, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type {
  Category,
  SubscriptionForm as SubscriptionFormInput,
  SubscriptionFormValues,
} from '@zabuni/contracts';
import { MARKETING_SOURCES } from '@zabuni/contracts/constants';
import { PAYMENT_PLANS, type PaymentPlan } from '@zabuni/domain';
import { useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { CountryFlag } from '../../../components/CountryFlag.tsx';
import { PhoneInput } from '../../../components/phone/PhoneInput.tsx';
import { isPhoneCountry } from '../../../components/phone/phone-number.ts';
import { RemoteMultiPicker } from '../../../components/RemoteMultiPicker.tsx';
import { applyServerErrors, failureText, fieldError } from '../../../lib/form-errors.ts';
import { countryName, formatMoney } from '../../../lib/format.ts';
import { useAllCountries, useCategories } from '../api/pickers.ts';
import {
  findPreviousSubscription,
  subscribe,
  usePlanPrices,
  type SubscriptionSearchResult,
} from '../api/subscriptions.ts';
import {
  emptySubscriptionForm,
  looksLikeEmail,
  SUBSCRIPTION_FIELDS,
  subscriptionResolver,
} from '../subscription-form.ts';
import { PlanSummary } from './PlanSummary.tsx';
import { PreviousSubscriptionDialog } from './PreviousSubscriptionDialog.tsx';

const checkoutOf = (code: string) => `/tenders-checkout/${encodeURIComponent(code)}`;

/**
 * SPEC §3 subscription form with the §5 rules: validated with the contract's schema (the API's own), a
 * previous subscription of the email offered when the email field is left, and on 201 the checkout.
 */
export function SubscriptionForm({ planParam }: { planParam: string | null }) {
  const { t, i18n } = useTranslation('subscriptions');
  const language = i18n.resolvedLanguage ?? 'en';
  const prices = usePlanPrices();
  const navigate = useNavigate();
  const countries = useAllCountries();
  const form = useForm<SubscriptionFormInput, unknown, SubscriptionFormValues>({
    resolver: subscriptionResolver,
    defaultValues: emptySubscriptionForm(planParam),
  });
  const { errors, isSubmitting } = form.formState;
  const error = (field: keyof SubscriptionFormInput) => fieldError(errors[field]);

  // SPEC §4: a previous subscription found by email may be continued instead.
  const [previous, setPrevious] = useState<SubscriptionSearchResult | null>(null);
  const lookedUp = useRef('');
  const lookUp = async (email: string) => {
    const value = email.trim().toLowerCase();
    if (!looksLikeEmail(value) || value === lookedUp.current) return;
    lookedUp.current = value;
    try {
      const found = await findPreviousSubscription(value);
      // Only if the email is still the one typed when asking.
      if (found && form.getValues('email').trim().toLowerCase() === value) setPrevious(found);
    } catch {
      // A failed lookup must not stand in the way of subscribing: the form goes on as new.
      lookedUp.current = '';
    }
  };

  const emailField = form.register('email');

  const submit = form.handleSubmit(async (values) => {
    try {
      const created = await subscribe(values);
      toast.success(t('messages.submitted'));
      void navigate(checkoutOf(created.code));
    } catch (failure) {
      const onFields = applyServerErrors(failure, form.setError, SUBSCRIPTION_FIELDS);
      toast.error(onFields ? t('form.fixErrors') : failureText(failure));
    }
  });

  const countryList = countries.data?.results ?? [];
  const countryOptions = countryList
    .map((c) => ({ value: String(c.id), label: countryName(c.iso2, c.name, language) }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
  const country = useWatch({ control: form.control, name: 'country' });
  const plan = useWatch({ control: form.control, name: 'payment_plan' }) as PaymentPlan | undefined;
  const chosenCountry = countryList.find((c) => c.id === Number(country));
  const phoneCountry = chosenCountry && isPhoneCountry(chosenCountry.iso2) ? chosenCountry.iso2 : undefined;

  return (
    <>
      <form onSubmit={submit} noValidate data-testid="subscribe-form">
        <Stack gap="lg">
          <Fieldset legend={t('form.sections.plan')} radius="md">
            <Stack gap="md">
              <Controller
                control={form.control}
                name="payment_plan"
                render={({ field }) => (
                  <Select
                    label={t('form.plan')}
                    placeholder={t('form.planPlaceholder')}
                    data={PAYMENT_PLANS.map((option) => ({
                      value: option,
                      label: `${t(`plans.${option}`)} · ${formatMoney(prices[option].amount, prices[option].currency, language)}`,
                    }))}
                    value={field.value ?? null}
                    onChange={(value) => field.onChange(value ?? undefined)}
                    onBlur={field.onBlur}
                    required
                    allowDeselect={false}
                    error={error('payment_plan')}
                    data-testid="field-plan"
                  />
                )}
              />
              <PlanSummary
                plan={plan}
                onChoose={(option) => form.setValue('payment_plan', option, { shouldValidate: true })}
              />
            </Stack>
          </Fieldset>

          <Fieldset legend={t('form.sections.company')} radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t('form.company')}
                required
                autoComplete="organization"
                maxLength={200}
                error={error('company_name')}
                {...form.register('company_name')}
                data-testid="field-company"
              />
              <TextInput
                label={t('form.taxPin')}
                description={t('form.taxPinHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                maxLength={30}
                error={error('kra_pin_number')}
                {...form.register('kra_pin_number')}
                data-testid="field-tax-pin"
              />
              <Controller
                control={form.control}
                name="country"
                render={({ field }) => (
                  <Select
                    label={t('form.country')}
                    placeholder={t('form.countryPlaceholder')}
                    data={countryOptions}
                    value={field.value === undefined || field.value === null ? null : String(field.value)}
                    onChange={(value) => field.onChange(value ? Number(value) : undefined)}
                    onBlur={field.onBlur}
                    searchable
                    required
                    nothingFoundMessage={t('form.nothingFound')}
                    leftSection={
                      chosenCountry ? <CountryFlag src={chosenCountry.flag} name="" size={12} /> : undefined
                    }
                    error={error('country')}
                    data-testid="field-country"
                  />
                )}
              />
              <TextInput
                label={t('form.city')}
                required
                autoComplete="address-level2"
                maxLength={100}
                error={error('city')}
                {...form.register('city')}
                data-testid="field-city"
              />
            </SimpleGrid>
          </Fieldset>

          <Fieldset legend={t('form.sections.contact')} radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t('form.firstName')}
                required
                autoComplete="given-name"
                maxLength={100}
                error={error('first_name')}
                {...form.register('first_name')}
                data-testid="field-first-name"
              />
              <TextInput
                label={t('form.lastName')}
                required
                autoComplete="family-name"
                maxLength={100}
                error={error('last_name')}
                {...form.register('last_name')}
                data-testid="field-last-name"
              />
              <TextInput
                label={t('form.email')}
                type="email"
                required
                autoComplete="email"
                error={error('email')}
                {...emailField}
                onBlur={(event) => {
                  void emailField.onBlur(event);
                  void lookUp(event.currentTarget.value);
                }}
                data-testid="field-email"
              />
              <Controller
                control={form.control}
                name="phone_number"
                render={({ field }) => (
                  <PhoneInput
                    label={t('form.phone')}
                    description={t('hint', { ns: 'phone' })}
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    defaultCountry={phoneCountry}
                    error={error('phone_number')}
                    testId="field-phone"
                  />
                )}
              />
            </SimpleGrid>
          </Fieldset>

          <Fieldset legend={t('form.sections.alerts')} radius="md">
            <Stack gap="sm">
              <Controller
                control={form.control}
                name="categories"
                render={({ field }) => (
                  <RemoteMultiPicker<Category>
                    label={t('form.categories')}
                    description={t('form.categoriesHint')}
                    placeholder={t('form.categoriesPlaceholder')}
                    nothingFound={t('form.nothingFound')}
                    value={(field.value ?? []).map(Number)}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    useOptions={useCategories}
                    toOption={(category) => ({ value: String(category.id), label: category.name })}
                    minSearchLength={2}
                    maxValues={50}
                    required
                    error={error('categories')}
                    testId="field-categories"
                  />
                )}
              />
              <Controller
                control={form.control}
                name="marketing"
                render={({ field }) => (
                  <Select
                    label={t('form.marketing')}
                    placeholder={t('form.choose')}
                    data={MARKETING_SOURCES.map((source) => ({
                      value: source,
                      label: t(`marketing.${source}`),
                    }))}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    clearable
                    error={error('marketing')}
                    data-testid="field-marketing"
                  />
                )}
              />
            </Stack>
          </Fieldset>

          <Group justify="space-between" gap="sm">
            <Text size="xs" c="dimmed" maw={420}>
              {t('form.privacy')}
            </Text>
            <Button
              type="submit"
              size="md"
              loading={isSubmitting}
              w={{ base: '100%', xs: 'auto' }}
              styles={{
                root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 8 },
                label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 },
              }}
              data-testid="subscribe-submit"
            >
              {t('form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      <PreviousSubscriptionDialog
        email={previous?.supplier.email ?? null}
        onProceed={() => {
          if (previous) void navigate(checkoutOf(previous.code));
        }}
        onEdit={() => setPrevious(null)}
      />
    </>
  );
}
