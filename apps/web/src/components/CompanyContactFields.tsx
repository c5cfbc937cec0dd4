import { Fieldset, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { Category, Country } from '@zabuni/contracts';
import type { ReactNode } from 'react';
import {
  Controller,
  useWatch,
  type Control,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldError } from '../lib/form-errors.ts';
import { countryName } from '../lib/format.ts';
import { useAllCountries, useCategories } from '../lib/reference-data.ts';
import { CountryFlag } from './CountryFlag.tsx';
import { RemoteMultiPicker } from './RemoteMultiPicker.tsx';

/** The fields this block fills, by the same names in every form that uses it. */
type Field = 'company_name' | 'country' | 'city' | 'first_name' | 'last_name' | 'categories';

/** The country chosen in a form's country field (an id; `country` unless named), from the all-countries list. */
export function useChosenCountry<T extends FieldValues, V>(
  control: Control<T, unknown, V>,
  name: Path<T> = 'country' as Path<T>,
): Country | undefined {
  const countries = useAllCountries();
  const country: unknown = useWatch({ control, name });
  return countries.data?.results.find((c) => c.id === Number(country));
}

/**
 * The country picker of the public forms: every country by its name in the page's language, searchable, the
 * chosen one's flag beside it; the field holds the country's id. Labels come from the form's own namespace.
 */
export function CountryField<T extends FieldValues, V>({
  control,
  name,
  label,
  placeholder,
  nothingFound,
  error,
  required = true,
}: {
  control: Control<T, unknown, V>;
  name: Path<T>;
  label: string;
  placeholder: string;
  nothingFound: string;
  error?: string;
  required?: boolean;
}) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const countries = useAllCountries();
  const chosenCountry = useChosenCountry(control, name);
  const options = (countries.data?.results ?? [])
    .map((c) => ({ value: String(c.id), label: countryName(c.iso2, c.name, language) }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          placeholder={placeholder}
          data={options}
          value={field.value === undefined || field.value === null ? null : String(field.value)}
          onChange={(value) => field.onChange(value ? Number(value) : undefined)}
          onBlur={field.onBlur}
          searchable
          required={required}
          nothingFoundMessage={nothingFound}
          leftSection={chosenCountry ? <CountryFlag src={chosenCountry.flag} name="" size={12} /> : undefined}
          error={error}
          data-testid="field-country"
        />
      )}
    />
  );
}

interface Props<T extends FieldValues, V> {
  form: UseFormReturn<T, unknown, V>;
  /**
   * The feature's translation namespace. It holds `form.sections.company`, `form.sections.contact`,
   * `form.country`, `form.countryPlaceholder`, `form.nothingFound`, `form.city`, `form.firstName`,
   * `form.lastName`, `form.categories`, `form.categoriesHint`, `form.categoriesPlaceholder` and the company
   * name's label (`companyLabelKey`).
   */
  ns: 'subscriptions' | 'registry';
  companyLabelKey: 'form.company' | 'form.companyName';
  // The form's own fields, as functions called where they stand, so that `form.register` runs in the order
  // the fields are shown: react-hook-form puts the focus on the first field with an error in that order.
  /** Right after the company name (the tax PIN field, each form checks it its own way). */
  taxPin(): ReactNode;
  /** In the company grid, between the tax PIN and the country. */
  companyExtra?(): ReactNode;
  /** In the contact grid, after the last name. */
  contactExtra(): ReactNode;
  categoriesLegend: string;
  /** Under the categories picker, in the same fieldset. */
  categoriesExtra?(): ReactNode;
}

/**
 * The company, contact person and categories fieldsets the supplier registration form and the tender
 * subscription form share: company name, country (searchable, flagged) and city; first and last name; the
 * categories picker (SPEC §5: 2 letters to search, 50 at the most). Each form puts its own fields in the slots.
 */
export function CompanyContactFields<T extends FieldValues, V>({
  form,
  ns,
  companyLabelKey,
  taxPin,
  companyExtra,
  contactExtra,
  categoriesLegend,
  categoriesExtra,
}: Props<T, V>) {
  const { t } = useTranslation(ns);
  const name = (field: Field) => field as Path<T>;
  const error = (field: Field) =>
    fieldError(form.formState.errors[field] as { message?: string } | undefined);

  const categories = (
    <Controller
      control={form.control}
      name={name('categories')}
      render={({ field }) => (
        <RemoteMultiPicker<Category>
          label={t('form.categories')}
          description={t('form.categoriesHint')}
          placeholder={t('form.categoriesPlaceholder')}
          nothingFound={t('form.nothingFound')}
          value={((field.value as unknown[] | undefined) ?? []).map(Number)}
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
  );

  return (
    <>
      <Fieldset legend={t('form.sections.company')} radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t(companyLabelKey)}
            required
            autoComplete="organization"
            maxLength={200}
            error={error('company_name')}
            {...form.register(name('company_name'))}
            data-testid="field-company"
          />
          {taxPin()}
          {companyExtra?.()}
          <CountryField
            control={form.control}
            name={name('country')}
            label={t('form.country')}
            placeholder={t('form.countryPlaceholder')}
            nothingFound={t('form.nothingFound')}
            error={error('country')}
          />
          <TextInput
            label={t('form.city')}
            required
            autoComplete="address-level2"
            maxLength={100}
            error={error('city')}
            {...form.register(name('city'))}
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
            {...form.register(name('first_name'))}
            data-testid="field-first-name"
          />
          <TextInput
            label={t('form.lastName')}
            required
            autoComplete="family-name"
            maxLength={100}
            error={error('last_name')}
            {...form.register(name('last_name'))}
            data-testid="field-last-name"
          />
          {contactExtra()}
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend={categoriesLegend} radius="md">
        {categoriesExtra ? (
          <Stack gap="sm">
            {categories}
            {categoriesExtra()}
          </Stack>
        ) : (
          categories
        )}
      </Fieldset>
    </>
  );
}
