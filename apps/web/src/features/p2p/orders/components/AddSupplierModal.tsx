import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { supplierInvitation } from '@zabuni/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/toast.ts';
import type { z } from 'zod';
import { applyServerErrors, contractResolver } from '../../../../lib/form-errors.ts';
import { allCountriesQuery, DEFAULT_COUNTRY_ISO2 } from '../../../../lib/reference-data.ts';
import { ordersKey } from '../api/keys.ts';
import { suppliersApi, type Supplier } from '../api/suppliers.ts';
import { NS } from '../model/messages.ts';
import { messageText } from '../../../../lib/form-errors.ts';
import { CategoriesPicker } from './CategoriesPicker.tsx';

type Values = z.input<typeof supplierInvitation>;
type Output = z.output<typeof supplierInvitation>;

const FIELDS = [
  'name',
  'email',
  'first_name',
  'last_name',
  'country',
  'tax_pin',
  'phone',
  'category_ids',
  'payment_terms_days',
] as const;

/**
 * Adds a supplier by its contact's email (the API's invitation form). A new address gets a supplier
 * organisation and an email to set up its free portal; a supplier already on Zabuni is linked as it is.
 */
export function AddSupplierModal({
  organisationId,
  opened,
  onClose,
  onAdded,
}: {
  organisationId: number;
  opened: boolean;
  onClose(): void;
  onAdded?(supplier: Supplier): void;
}) {
  const { t } = useTranslation(NS);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('suppliers.add.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {opened && <AddSupplierForm organisationId={organisationId} onClose={onClose} onAdded={onAdded} />}
    </Modal>
  );
}

function AddSupplierForm({
  organisationId,
  onClose,
  onAdded,
}: {
  organisationId: number;
  onClose(): void;
  onAdded?(supplier: Supplier): void;
}) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const countries = useQuery(allCountriesQuery);
  const [problem, setProblem] = useState<string | null>(null);
  const message = (text: string | undefined) => messageText(text);
  const form = useForm<Values, unknown, Output>({
    resolver: contractResolver<Values, Output>(supplierInvitation),
    defaultValues: {
      name: '',
      email: '',
      first_name: '',
      last_name: '',
      country: DEFAULT_COUNTRY_ISO2,
      tax_pin: '',
      phone: '',
      category_ids: [],
      payment_terms_days: 30,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const supplier = await suppliersApi.add({
        ...values,
        tax_pin: values.tax_pin || undefined,
        phone: values.phone || undefined,
      });
      await queryClient.invalidateQueries({ queryKey: ordersKey(organisationId, 'suppliers') });
      toast.success(t('suppliers.add.done', { name: supplier.name }));
      onAdded?.(supplier);
      onClose();
    } catch (failure) {
      if (!applyServerErrors(failure, form.setError, FIELDS)) {
        setProblem(message(failure instanceof Error ? failure.message : String(failure)) ?? null);
      }
    }
  });

  const countryOptions = (countries.data?.results ?? []).map((c) => ({ value: c.iso2, label: c.name }));

  return (
    <form onSubmit={submit} noValidate data-testid="add-supplier-form">
      <Stack gap="sm">
        <Alert color="blue" variant="light" data-testid="supplier-portal-note">
          {t('suppliers.add.portalNote')}
        </Alert>
        <TextInput
          label={t('suppliers.fields.name')}
          required
          maxLength={200}
          error={message(errors.name?.message)}
          {...form.register('name')}
          data-autofocus
          data-testid="supplier-name"
        />
        <TextInput
          label={t('suppliers.fields.email')}
          description={t('suppliers.add.emailHint')}
          type="email"
          required
          autoComplete="off"
          error={message(errors.email?.message)}
          {...form.register('email')}
          data-testid="supplier-email"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('suppliers.fields.firstName')}
            required
            maxLength={100}
            error={message(errors.first_name?.message)}
            {...form.register('first_name')}
            data-testid="supplier-first-name"
          />
          <TextInput
            label={t('suppliers.fields.lastName')}
            required
            maxLength={100}
            error={message(errors.last_name?.message)}
            {...form.register('last_name')}
            data-testid="supplier-last-name"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Controller
            control={form.control}
            name="country"
            render={({ field }) => (
              <Select
                label={t('suppliers.fields.country')}
                data={
                  countryOptions.length > 0
                    ? countryOptions
                    : [{ value: DEFAULT_COUNTRY_ISO2, label: DEFAULT_COUNTRY_ISO2 }]
                }
                value={field.value ?? null}
                onChange={(value) => field.onChange(value ?? DEFAULT_COUNTRY_ISO2)}
                searchable
                allowDeselect={false}
                error={message(errors.country?.message)}
                comboboxProps={{ withinPortal: true }}
                data-testid="supplier-country"
              />
            )}
          />
          <TextInput
            label={t('suppliers.fields.taxPin')}
            maxLength={40}
            error={message(errors.tax_pin?.message)}
            {...form.register('tax_pin')}
            data-testid="supplier-tax-pin"
          />
          <TextInput
            label={t('suppliers.fields.phone')}
            type="tel"
            maxLength={40}
            error={message(errors.phone?.message)}
            {...form.register('phone')}
            data-testid="supplier-phone"
          />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="category_ids"
          render={({ field }) => (
            <CategoriesPicker
              label={t('suppliers.fields.categories')}
              placeholder={t('suppliers.fields.categoriesPlaceholder')}
              nothingFound={t('common.nothingFound')}
              value={field.value ?? []}
              known={[]}
              onChange={(ids) => field.onChange(ids)}
              error={message(errors.category_ids?.message)}
              testId="supplier-categories"
            />
          )}
        />
        <Controller
          control={form.control}
          name="payment_terms_days"
          render={({ field }) => (
            <NumberInput
              label={t('suppliers.fields.paymentTerms')}
              description={t('suppliers.fields.paymentTermsHint')}
              min={0}
              max={365}
              allowDecimal={false}
              allowNegative={false}
              value={field.value ?? ''}
              onChange={(value) => field.onChange(typeof value === 'number' ? value : undefined)}
              error={message(errors.payment_terms_days?.message)}
              w={{ base: '100%', xs: 220 }}
              data-testid="supplier-terms"
            />
          )}
        />
        {problem && (
          <Alert color="red" variant="light" role="alert" data-testid="add-supplier-problem">
            {problem}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          {t('suppliers.add.privacy')}
        </Text>
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting} data-testid="add-supplier-submit">
            {t('suppliers.add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
