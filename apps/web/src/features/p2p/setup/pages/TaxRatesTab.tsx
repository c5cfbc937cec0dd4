import { Badge, Button, Group, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { taxRateForm, type TaxRate, type TaxRateForm } from '@zabuni/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/toast.ts';
import type { z } from 'zod';
import { StatusMessage } from '../../../../components/StatusMessage.tsx';
import { applyServerErrors, contractResolver } from '../../../../lib/form-errors.ts';
import { usePlatform } from '../../../../lib/platform-context.ts';
import { DataTable, type DataColumn } from '../../../../components/data-table/DataTable.tsx';
import { setupKey } from '../api/keys.ts';
import { taxRatesApi, useTaxRates } from '../api/tax-rates.ts';
import { errorText, NS, ReadOnlyNotice, useIsOrgAdmin, useMessage } from '../components/shared.tsx';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { useClientTable } from '../model/client-table.ts';

/** Tax rates documents apply; one is the default (Kenya's VAT at 16 % to start with). */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const message = useMessage();
  const queryClient = useQueryClient();
  const { current } = usePlatform();
  const organisationId = current.organisation.id;
  const isAdmin = useIsOrgAdmin();
  const rates = useTaxRates(organisationId);
  const [editing, setEditing] = useState<{ rate: TaxRate | null } | null>(null);
  const [makingDefault, setMakingDefault] = useState<TaxRate | null>(null);
  const [busy, setBusy] = useState(false);
  const percent = (rate: string) =>
    `${new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en', { maximumFractionDigits: 2 }).format(Number(rate))} %`;
  const refresh = () => queryClient.invalidateQueries({ queryKey: setupKey(organisationId, 'tax-rates') });

  const makeDefault = async () => {
    if (!makingDefault) return;
    setBusy(true);
    try {
      await taxRatesApi.update(makingDefault.id, { is_default: true });
      await refresh();
      toast.success(t('taxRates.defaultToast', { name: makingDefault.name }));
      setMakingDefault(null);
    } catch (failure) {
      toast.error(message(errorText(failure)));
    } finally {
      setBusy(false);
    }
  };

  const columns: DataColumn<TaxRate>[] = [
    {
      key: 'name',
      header: t('taxRates.fields.name'),
      render: (r) => (
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={600}>
            {r.name}
          </Text>
          {r.is_default && (
            <Badge size="sm" variant="filled" tt="none" data-testid="tax-rate-default">
              {t('taxRates.default')}
            </Badge>
          )}
        </Group>
      ),
      sortValue: (r) => r.name,
      exportValue: (r) => r.name,
      width: 220,
    },
    {
      key: 'rate',
      header: t('taxRates.fields.rate'),
      render: (r) => percent(r.rate),
      sortValue: (r) => Number(r.rate),
      exportValue: (r) => Number(r.rate),
      align: 'right',
      width: 100,
    },
    {
      key: 'active',
      header: t('taxRates.fields.status'),
      render: (r) => (
        <Badge variant="light" color={r.active ? 'green' : 'gray'} tt="none">
          {r.active ? t('status.active') : t('status.inactive')}
        </Badge>
      ),
      sortValue: (r) => (r.active ? 0 : 1),
      exportValue: (r) => (r.active ? t('status.active') : t('status.inactive')),
      width: 100,
      hideOnMobile: true,
    },
    ...(isAdmin
      ? [
          {
            key: 'actions',
            header: t('columns.actions'),
            render: (r: TaxRate) => (
              <Group gap={4} wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="subtle"
                  onClick={() => setEditing({ rate: r })}
                  aria-label={t('taxRates.editNamed', { name: r.name })}
                >
                  {t('actions.edit')}
                </Button>
                {!r.is_default && r.active && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    onClick={() => setMakingDefault(r)}
                    aria-label={t('taxRates.makeDefaultNamed', { name: r.name })}
                    data-testid={`tax-rate-make-default-${r.id}`}
                  >
                    {t('taxRates.makeDefault')}
                  </Button>
                )}
              </Group>
            ),
            width: 220,
            hideOnMobile: true,
          } satisfies DataColumn<TaxRate>,
        ]
      : []),
  ];
  const table = useClientTable(rates.data, columns);

  return (
    <Stack gap="md" data-testid="tax-rates-tab">
      {!isAdmin && <ReadOnlyNotice>{t('setup.readOnly')}</ReadOnlyNotice>}
      <DataTable<TaxRate>
        columns={table.columns}
        rows={table.rows}
        rowKey={(r) => r.id}
        error={rates.isError ? rates.error.message : null}
        sort={table.sort}
        onSortChange={table.onSortChange}
        pagination={table.pagination}
        onRowClick={isAdmin ? (r) => setEditing({ rate: r }) : undefined}
        toolbar={
          isAdmin && (
            <Button onClick={() => setEditing({ rate: null })} data-testid="tax-rate-add">
              {t('taxRates.add')}
            </Button>
          )
        }
        empty={
          <StatusMessage
            title={t('taxRates.empty')}
            action={
              isAdmin ? { label: t('taxRates.add'), onClick: () => setEditing({ rate: null }) } : undefined
            }
          />
        }
        export={{ fileName: 'tax-rates', fetchAll: async () => table.all ?? [] }}
        caption={t('setup.tabs.tax-rates')}
        data-testid="tax-rates-table"
      />
      {editing && <TaxRateModal rate={editing.rate} onSaved={refresh} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={makingDefault !== null}
        title={t('taxRates.makeDefaultTitle', { name: makingDefault?.name ?? '' })}
        body={t('taxRates.makeDefaultBody')}
        confirmLabel={t('taxRates.makeDefault')}
        busy={busy}
        onCancel={() => setMakingDefault(null)}
        onConfirm={() => void makeDefault()}
      />
    </Stack>
  );
}

type RateValues = z.input<typeof taxRateForm>;

function TaxRateModal({
  rate,
  onSaved,
  onClose,
}: {
  rate: TaxRate | null;
  onSaved(): Promise<unknown>;
  onClose(): void;
}) {
  const { t } = useTranslation(NS);
  const message = useMessage();
  const form = useForm<RateValues, unknown, TaxRateForm>({
    resolver: contractResolver<RateValues, TaxRateForm>(taxRateForm),
    defaultValues: {
      name: rate?.name ?? '',
      rate: rate?.rate ?? '',
      is_default: rate?.is_default ?? false,
      active: rate?.active ?? true,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = rate ? await taxRatesApi.update(rate.id, values) : await taxRatesApi.create(values);
      await onSaved();
      toast.success(
        rate ? t('taxRates.saved', { name: saved.name }) : t('taxRates.created', { name: saved.name }),
      );
      onClose();
    } catch (failure) {
      if (applyServerErrors(failure, form.setError, ['name', 'rate', 'is_default', 'active']))
        toast.error(t('form.fixErrors'));
      else toast.error(message(errorText(failure)));
    }
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={rate ? t('taxRates.editTitle', { name: rate.name }) : t('taxRates.addTitle')}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form onSubmit={submit} noValidate data-testid="tax-rate-form">
        <Stack gap="sm">
          <TextInput
            label={t('taxRates.fields.name')}
            required
            maxLength={60}
            error={message(errors.name?.message)}
            {...form.register('name')}
            data-autofocus
            data-testid="tax-rate-name"
          />
          <TextInput
            label={t('taxRates.fields.ratePercent')}
            description={t('taxRates.fields.rateHint')}
            required
            inputMode="decimal"
            rightSection="%"
            error={message(errors.rate?.message)}
            {...form.register('rate')}
            data-testid="tax-rate-rate"
          />
          <Controller
            control={form.control}
            name="active"
            render={({ field }) => (
              <Switch
                label={t('taxRates.fields.active')}
                checked={field.value ?? true}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                disabled={rate?.is_default}
              />
            )}
          />
          <Controller
            control={form.control}
            name="is_default"
            render={({ field }) => (
              <Switch
                label={t('taxRates.fields.isDefault')}
                description={
                  rate?.is_default ? t('taxRates.fields.isDefaultLocked') : t('taxRates.fields.isDefaultHint')
                }
                checked={field.value ?? false}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                disabled={rate?.is_default}
              />
            )}
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} data-testid="tax-rate-save">
              {rate ? t('actions.save') : t('taxRates.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
