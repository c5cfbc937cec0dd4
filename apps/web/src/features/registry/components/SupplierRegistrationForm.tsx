import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import {
  supplierRegistrationForm,
  type SupplierRegistrationForm as FormInput,
  type SupplierRegistrationInput,
} from '@zabuni/contracts';
import { useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CompanyContactFields } from '../../../components/CompanyContactFields.tsx';
import { applyServerErrors, contractResolver, failureText, fieldError } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { pinSearch, registerSupplier } from '../api/registry.ts';

const FIELDS = [
  'company_name',
  'kra_tax_pin',
  'primary_email',
  'primary_phone',
  'first_name',
  'last_name',
  'country',
  'city',
  'username',
  'password',
  'categories',
  'terms',
] as const;

const PIN_SHAPE = /^[AP]\d{9}[A-Z]$/;
const resolver = contractResolver<FormInput, SupplierRegistrationInput>(supplierRegistrationForm);

/**
 * SPEC §2 supplier self-registration, validated with the contract's schema (the API's own). The tax PIN is
 * looked up as it is typed (debounced): a verified PIN shows the name the tax authority holds, an already
 * registered one blocks the form (SPEC §5). On 201 the success view says "Registration Completed".
 */
export function SupplierRegistrationForm() {
  const { t, i18n } = useTranslation('registry');
  const language = i18n.resolvedLanguage ?? 'en';
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, SupplierRegistrationInput>({
    resolver,
    defaultValues: {
      company_name: '',
      kra_tax_pin: '',
      primary_email: '',
      primary_phone: '',
      first_name: '',
      last_name: '',
      city: '',
      username: '',
      password: '',
      categories: [],
      terms: false as unknown as true,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const error = (field: keyof FormInput) => fieldError(errors[field]);

  const typedPin = useWatch({ control: form.control, name: 'kra_tax_pin' }) ?? '';
  const normalisedPin = typedPin.trim().toUpperCase().replace(/\s+/g, '');
  const [pin] = useDebouncedValue(normalisedPin, 400);
  const lookup = useQuery({
    queryKey: ['supplier-directory', 'pin-search', pin],
    queryFn: ({ signal }) => pinSearch(pin, signal),
    enabled: PIN_SHAPE.test(pin),
    staleTime: 60_000,
    retry: false,
  });
  const answer = PIN_SHAPE.test(pin) && pin === normalisedPin ? lookup.data : undefined;
  const blocked = answer?.response === 'err';

  const submit = form.handleSubmit(async (values) => {
    if (blocked) return;
    try {
      const created = await registerSupplier({ ...values, language: language as FormInput['language'] });
      setDone(created.detail);
    } catch (failure) {
      const onFields = applyServerErrors(failure, form.setError, FIELDS);
      toast.error(onFields ? t('form.fixErrors') : failureText(failure));
    }
  });

  if (done) {
    return (
      <Stack gap="md" data-testid="registration-success" role="status">
        <Title order={2} fz="h3">
          {t('success.title')}
        </Title>
        <Text>{t('success.body', { email: form.getValues('primary_email') })}</Text>
        <Text c="dimmed" size="sm">
          {t('success.next')}
        </Text>
        <Button component={Link} to="/" variant="light" w="fit-content">
          {t('success.home')}
        </Button>
      </Stack>
    );
  }

  const pinDescription = () => {
    if (!PIN_SHAPE.test(normalisedPin)) return t('form.taxPinHint');
    if (lookup.isFetching || pin !== normalisedPin) return t('form.pinChecking');
    return undefined;
  };

  return (
    <form onSubmit={submit} noValidate data-testid="supplier-register-form">
      <Stack gap="lg">
        <CompanyContactFields
          form={form}
          ns="registry"
          companyLabelKey="form.companyName"
          taxPin={() => (
            <Stack gap={4}>
              <TextInput
                label={t('form.taxPin')}
                required
                maxLength={20}
                placeholder="P051234567X"
                description={pinDescription()}
                rightSection={lookup.isFetching ? <Loader size="xs" /> : undefined}
                error={error('kra_tax_pin') ?? (blocked ? answer.response_message : undefined)}
                {...form.register('kra_tax_pin')}
                data-testid="field-tax-pin"
              />
              {answer && !blocked && (
                <Text
                  size="sm"
                  c={answer.response === 'success' ? 'teal.8' : 'orange.8'}
                  data-testid="pin-answer"
                  role="status"
                >
                  {answer.response === 'success'
                    ? t('form.pinVerified', { name: answer.company_name })
                    : t(`errors:${answer.code ?? 'registry.pin_unknown'}`, {
                        defaultValue: answer.response_message,
                      })}
                </Text>
              )}
            </Stack>
          )}
          companyExtra={() => (
            <>
              <TextInput
                label={t('form.email')}
                type="email"
                required
                autoComplete="email"
                maxLength={254}
                error={error('primary_email')}
                {...form.register('primary_email')}
                data-testid="field-email"
              />
              <TextInput
                label={t('form.phone')}
                type="tel"
                required
                autoComplete="tel"
                maxLength={25}
                placeholder="+254712345678"
                error={error('primary_phone')}
                {...form.register('primary_phone')}
                data-testid="field-phone"
              />
            </>
          )}
          contactExtra={() => (
            <>
              <TextInput
                label={t('form.username')}
                required
                autoComplete="username"
                maxLength={60}
                error={error('username')}
                {...form.register('username')}
                data-testid="field-username"
              />
              <PasswordInput
                label={t('form.password')}
                required
                autoComplete="new-password"
                maxLength={128}
                error={error('password')}
                {...form.register('password')}
                data-testid="field-password"
              />
            </>
          )}
          categoriesLegend={t('form.sections.categories')}
        />

        <TermsConsent form={form} error={error('terms')} />

        {blocked && (
          <Alert color="red" data-testid="pin-registered" role="alert">
            {t('errors:registry.pin_registered', { defaultValue: answer.response_message })}{' '}
            <Anchor component={Link} to="/login">
              {t('form.signIn')}
            </Anchor>
          </Alert>
        )}

        <Button
          type="submit"
          size="md"
          loading={isSubmitting}
          disabled={blocked}
          w={{ base: '100%', sm: 'fit-content' }}
          data-testid="join-now"
        >
          {t('form.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * The terms consent: a component of its own so that `terms` registers after the fields above it
 * (react-hook-form puts the focus on the first field with an error in the order the fields registered).
 */
function TermsConsent({
  form,
  error,
}: {
  form: UseFormReturn<FormInput, unknown, SupplierRegistrationInput>;
  error: string | undefined;
}) {
  const { t } = useTranslation('registry');
  return (
    <Stack gap={6}>
      <label style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
        <input type="checkbox" {...form.register('terms')} data-testid="field-terms" />
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="form.terms"
            components={{
              terms: <Anchor component={Link} to="/terms" target="_blank" />,
              privacy: <Anchor component={Link} to="/privacy" target="_blank" />,
            }}
          />
        </Text>
      </label>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
