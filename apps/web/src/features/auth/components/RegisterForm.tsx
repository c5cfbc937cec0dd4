import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { advertiserRegistration, taxPinIsValid, taxPinMessage } from '@zabuni/contracts';
import { useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.ts';
import type { z } from 'zod';
import { applyServerErrors, contractResolver, messageText } from '../../../lib/form-errors.ts';
import { countryName } from '../../../lib/format.ts';
import { normaliseLanguage } from '../../../lib/i18n.ts';
import { authApi } from '../api/auth-api.ts';
import { useAllCountries } from '../api/countries.ts';

type RegistrationForm = z.input<typeof advertiserRegistration>;

const FIELDS = [
  'name',
  'company_website',
  'tax_pin',
  'country',
  'first_name',
  'last_name',
  'contact_person_email',
  'contact_person_phone_number',
  'username',
  'password',
  'password2',
  'terms',
] as const;

/** The terms and the privacy policy open beside the form, so nothing typed is lost (issue 16 point 7). */
function LegalLink({ to, children }: { to: string; children?: ReactNode }) {
  return (
    <Anchor href={to} target="_blank" rel="noopener" inherit underline="always">
      {children}
    </Anchor>
  );
}

/** SPEC §3 advertiser registration: the API's schema, plus the tax-PIN rule of the chosen country. */
export function RegisterForm() {
  const { t, i18n } = useTranslation('auth');
  const language = normaliseLanguage(i18n.resolvedLanguage) ?? 'en';
  const countries = useAllCountries();
  const [done, setDone] = useState(false);
  const isoOf = useMemo(() => {
    const byId = new Map((countries.data?.results ?? []).map((c) => [c.id, c.iso2]));
    return (id: unknown) => byId.get(Number(id)) ?? 'KE';
  }, [countries.data]);

  const schema = useMemo(
    () =>
      advertiserRegistration.refine((value) => taxPinIsValid(value.tax_pin, isoOf(value.country)), {
        path: ['tax_pin'],
        error: (issue) => taxPinMessage(isoOf((issue.input as { country?: unknown } | undefined)?.country)),
        when: (payload) => typeof (payload.value as { tax_pin?: unknown } | undefined)?.tax_pin === 'string',
      }),
    [isoOf],
  );
  const form = useForm<RegistrationForm, unknown, z.output<typeof schema>>({
    resolver: contractResolver<RegistrationForm, z.output<typeof schema>>(schema),
    defaultValues: {
      name: '',
      company_website: '',
      tax_pin: '',
      first_name: '',
      last_name: '',
      contact_person_email: '',
      contact_person_phone_number: '',
      username: '',
      password: '',
      password2: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const error = (field: keyof RegistrationForm) => messageText(errors[field]?.message as string | undefined);

  const submit = form.handleSubmit(async (values) => {
    try {
      // SPEC: contact person is "first last"; email and phone are copied from the contact fields.
      await authApi.register({
        ...values,
        contact_person: `${values.first_name} ${values.last_name}`.trim(),
        email: values.contact_person_email,
        phone_number: values.contact_person_phone_number,
        language,
      });
      setDone(true);
      form.reset();
    } catch (failure) {
      if (!applyServerErrors(failure, form.setError, FIELDS))
        toast.error(failure instanceof Error ? failure.message : String(failure));
    }
  });

  if (done) {
    return (
      <Alert color="green" title={t('register.success')} data-testid="registration-done">
        {t('register.checkEmail')}
      </Alert>
    );
  }

  const countryOptions = (countries.data?.results ?? []).map((c) => ({
    value: String(c.id),
    label: countryName(c.iso2, c.name, language),
  }));

  return (
    <form onSubmit={submit} noValidate data-testid="register-form">
      <Stack gap="md">
        <Fieldset legend={t('register.company')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('register.name')} required error={error('name')} {...form.register('name')} />
            <TextInput
              label={t('register.website')}
              required
              error={error('company_website')}
              {...form.register('company_website')}
            />
            <Controller
              control={form.control}
              name="country"
              render={({ field }) => (
                <Select
                  label={t('register.country')}
                  placeholder={t('register.selectCountry')}
                  required
                  searchable
                  data={countryOptions}
                  value={field.value === undefined || field.value === null ? null : String(field.value)}
                  onChange={(value) => field.onChange(value ? Number(value) : undefined)}
                  error={error('country')}
                  data-testid="register-country"
                />
              )}
            />
            <TextInput
              label={t('register.taxPin')}
              description={t('register.taxPinHint')}
              required
              error={error('tax_pin')}
              {...form.register('tax_pin')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('register.contact')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('register.firstName')}
              required
              error={error('first_name')}
              {...form.register('first_name')}
            />
            <TextInput
              label={t('register.lastName')}
              required
              error={error('last_name')}
              {...form.register('last_name')}
            />
            <TextInput
              label={t('register.email')}
              type="email"
              autoComplete="email"
              required
              error={error('contact_person_email')}
              {...form.register('contact_person_email')}
            />
            <TextInput
              label={t('register.phone')}
              placeholder={t('register.phonePlaceholder')}
              type="tel"
              maxLength={25}
              required
              error={error('contact_person_phone_number')}
              {...form.register('contact_person_phone_number')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('register.account')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label={t('register.username')}
              autoComplete="username"
              required
              error={error('username')}
              {...form.register('username')}
            />
            <PasswordInput
              label={t('register.password')}
              autoComplete="new-password"
              required
              error={error('password')}
              {...form.register('password')}
            />
            <PasswordInput
              label={t('register.password2')}
              autoComplete="new-password"
              required
              error={error('password2')}
              {...form.register('password2')}
            />
          </SimpleGrid>
        </Fieldset>
        <Controller
          control={form.control}
          name="terms"
          render={({ field }) => (
            <Checkbox
              label={
                <Trans
                  t={t}
                  i18nKey="register.terms"
                  components={{
                    terms: <LegalLink to="/terms" />,
                    privacy: <LegalLink to="/privacy" />,
                  }}
                />
              }
              checked={field.value === true}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              error={error('terms')}
              data-testid="register-terms"
            />
          )}
        />
        <Group>
          <Button type="submit" loading={isSubmitting}>
            {t('register.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
