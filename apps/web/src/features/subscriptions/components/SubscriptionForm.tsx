import { Button, Fieldset, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import type { SubscriptionForm as SubscriptionFormInput, SubscriptionFormValues } from '@zabuni/contracts';
import { MARKETING_SOURCES } from '@zabuni/contracts/constants';
import { PAYMENT_PLANS, type PaymentPlan } from '@zabuni/domain';
import { useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { CompanyContactFields } from '../../../components/CompanyContactFields.tsx';
import { PhoneField } from '../../../components/phone/PhoneField.tsx';
import { applyServerErrors, failureText, fieldError } from '../../../lib/form-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
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

  const plan = useWatch({ control: form.control, name: 'payment_plan' }) as PaymentPlan | undefined;

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

          <CompanyContactFields
            form={form}
            ns="subscriptions"
            companyLabelKey="form.company"
            taxPin={() => (
              <TextInput
                label={t('form.taxPin')}
                description={t('form.taxPinHint')}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                maxLength={30}
                error={error('kra_pin_number')}
                {...form.register('kra_pin_number')}
                data-testid="field-tax-pin"
              />
            )}
            contactExtra={() => (
              <>
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
                <PhoneField control={form.control} label={t('form.phone')} error={error('phone_number')} />
              </>
            )}
            categoriesLegend={t('form.sections.alerts')}
            categoriesExtra={() => (
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
            )}
          />

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
