import {
  Button,
  Fieldset,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PrequalifiedOrderValues } from '@zabuni/contracts';
import { CountryField } from '../../../components/CompanyContactFields.tsx';
import { PhoneField } from '../../../components/phone/PhoneField.tsx';
import { RemotePicker } from '../../../components/RemotePicker.tsx';
import { applyServerErrors, failureText, fieldError } from '../../../lib/form-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { DEFAULT_COUNTRY_ISO2, useAllCountries } from '../../../lib/reference-data.ts';
import { toast } from '../../../lib/toast.ts';
import { createPrequalifiedOrder, usePrequalifiedCategories, usePricing } from '../api/prequalified.ts';
import {
  emptyPrequalifiedForm,
  emptyRow,
  PREQUALIFIED_FIELDS,
  prequalifiedResolver,
  rowEstimate,
  type PrequalifiedFormValues,
} from '../prequalified-form.ts';

const cartOf = (id: string) => `/prequalified-suppliers/cart/${encodeURIComponent(id)}`;

/**
 * SPEC §3 prequalified order request with the §5 rules: company, contact person, email, phone, country and
 * rows of category plus number of suppliers (0 or more), added and removed, each new row numbered next. The
 * estimate follows today's price list; the server prices the order itself. On 201 the cart.
 */
export function PrequalifiedForm() {
  const { t, i18n } = useTranslation('prequalified');
  const language = i18n.resolvedLanguage ?? 'en';
  const navigate = useNavigate();
  const countries = useAllCountries();
  const pricing = usePricing();
  const kenya = countries.data?.results.find((c) => c.iso2 === DEFAULT_COUNTRY_ISO2)?.id;
  const form = useForm<PrequalifiedFormValues, unknown, PrequalifiedOrderValues>({
    resolver: prequalifiedResolver,
    defaultValues: emptyPrequalifiedForm(kenya),
  });
  const rows = useFieldArray({ control: form.control, name: 'categories' });
  // SPEC §9: Kenya is the default country, once the list has arrived.
  useEffect(() => {
    if (kenya !== undefined && form.getValues('country') === undefined) form.setValue('country', kenya);
  }, [kenya, form]);
  // SPEC §5: a new row gets the next reference number (never one a removed row had).
  const lastRef = useRef(1);
  const { errors, isSubmitting } = form.formState;
  const error = (field: keyof PrequalifiedFormValues) =>
    fieldError(errors[field] as { message?: string } | undefined);

  const watchedRows = useWatch({ control: form.control, name: 'categories' });
  const estimates = (watchedRows ?? []).map((row) => rowEstimate(row?.supplier_count ?? '', pricing));
  const total = estimates.every((e) => e !== null)
    ? estimates.reduce<number>((sum, e) => sum + (e ?? 0), 0)
    : null;

  const submit = form.handleSubmit(async (values) => {
    try {
      const created = await createPrequalifiedOrder(values);
      toast.success(t('form.created'));
      void navigate(cartOf(created.id));
    } catch (failure) {
      const onFields = applyServerErrors(failure, form.setError, PREQUALIFIED_FIELDS);
      toast.error(onFields ? t('form.fixErrors') : failureText(failure));
    }
  });
  const rowsError = fieldError(
    (errors.categories as { message?: string; root?: { message?: string } } | undefined)?.root ??
      (errors.categories as { message?: string } | undefined),
  );

  return (
    <form onSubmit={submit} noValidate data-testid="prequalified-form">
      <Stack gap="lg">
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
            <CountryField
              control={form.control}
              name="country"
              label={t('form.country')}
              placeholder={t('form.countryPlaceholder')}
              nothingFound={t('form.nothingFound')}
              error={error('country')}
            />
            <TextInput
              label={t('form.contactPerson')}
              required
              autoComplete="name"
              maxLength={200}
              error={error('contact_person')}
              {...form.register('contact_person')}
              data-testid="field-contact"
            />
            <TextInput
              label={t('form.email')}
              type="email"
              required
              autoComplete="email"
              error={error('email')}
              {...form.register('email')}
              data-testid="field-email"
            />
            <PhoneField
              control={form.control}
              label={t('form.phone')}
              error={error('phone_number')}
              required
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t('form.sections.categories')} radius="md">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('form.categoriesHint')}
            </Text>
            {rows.fields.map((row, index) => {
              const rowErrors = (
                errors.categories as
                  | Array<{ category?: { message?: string }; supplier_count?: { message?: string } }>
                  | undefined
              )?.[index];
              const estimate = estimates[index];
              return (
                <Paper key={row.id} withBorder radius="md" p="sm" data-testid="category-row">
                  <Stack gap="xs">
                    <Group justify="space-between" gap="xs">
                      <Text fw={600} size="sm" data-testid="row-number">
                        {t('form.row', { number: row.ref })}
                      </Text>
                      <Button
                        variant="subtle"
                        color="red"
                        size="compact-sm"
                        onClick={() => rows.remove(index)}
                        disabled={rows.fields.length === 1}
                        data-testid="row-remove"
                      >
                        {t('form.removeRow')}
                      </Button>
                    </Group>
                    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                      <div style={{ gridColumn: 'span 2' }}>
                        <Controller
                          control={form.control}
                          name={`categories.${index}.category`}
                          render={({ field }) => (
                            <RemotePicker
                              label={t('form.category')}
                              placeholder={t('form.categoryPlaceholder')}
                              nothingFound={t('form.nothingFound')}
                              value={field.value}
                              onChange={field.onChange}
                              useOptions={usePrequalifiedCategories}
                              toOption={(category) => ({ value: String(category.id), label: category.name })}
                              required
                              error={fieldError(rowErrors?.category)}
                              testId="field-category"
                            />
                          )}
                        />
                      </div>
                      <Controller
                        control={form.control}
                        name={`categories.${index}.supplier_count`}
                        render={({ field }) => (
                          <NumberInput
                            label={t('form.count')}
                            required
                            min={0}
                            allowDecimal={false}
                            allowNegative={false}
                            value={field.value}
                            onChange={field.onChange}
                            onBlur={field.onBlur}
                            description={
                              estimate === null || estimate === undefined || !pricing
                                ? undefined
                                : formatMoney(estimate, pricing.currency, language)
                            }
                            inputWrapperOrder={['label', 'input', 'description', 'error']}
                            error={fieldError(rowErrors?.supplier_count)}
                            data-testid="field-count"
                          />
                        )}
                      />
                    </SimpleGrid>
                  </Stack>
                </Paper>
              );
            })}
            {rowsError && (
              <Text size="sm" c="red" role="alert" data-testid="rows-error">
                {rowsError}
              </Text>
            )}
            <Group justify="space-between" gap="sm">
              <Button
                variant="light"
                onClick={() => {
                  lastRef.current += 1;
                  rows.append(emptyRow(lastRef.current));
                }}
                disabled={rows.fields.length >= 50}
                data-testid="row-add"
              >
                {t('form.addRow')}
              </Button>
              {pricing && total !== null && (
                <Text size="sm" fw={600} data-testid="estimate">
                  {t('form.estimate', { amount: formatMoney(total, pricing.currency, language) })}
                </Text>
              )}
            </Group>
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
            data-testid="prequalified-submit"
          >
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
