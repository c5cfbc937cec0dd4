import { Badge, Button, Group, Menu, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { fiscalYearForm, required, type FiscalYear, type FiscalYearForm } from '@zabuni/contracts';
import { nairobiDate } from '@zabuni/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/toast.ts';
import { z } from 'zod';
import { StatusMessage } from '../../../../components/StatusMessage.tsx';
import { applyServerErrors, contractResolver } from '../../../../lib/form-errors.ts';
import { formatDate } from '../../../../lib/format.ts';
import { usePlatform } from '../../../../lib/platform-context.ts';
import { DataTable, type DataColumn } from '../../../../components/data-table/DataTable.tsx';
import { fiscalYearsApi, useFiscalYears } from '../api/fiscal-years.ts';
import { setupKey } from '../api/keys.ts';
import { errorText, NS, ReadOnlyNotice, useIsOrgAdmin, useMessage } from '../components/shared.tsx';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { useClientTable } from '../model/client-table.ts';
import { nextFiscalYear, suggestedFiscalYearName } from '../model/fiscal-year.ts';

/** Fiscal years: budgets belong to one; a closed year's budgets no longer change. */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const message = useMessage();
  const queryClient = useQueryClient();
  const { current } = usePlatform();
  const organisationId = current.organisation.id;
  const isAdmin = useIsOrgAdmin();
  const years = useFiscalYears(organisationId);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<FiscalYear | null>(null);
  const [statusChange, setStatusChange] = useState<FiscalYear | null>(null);
  const [busy, setBusy] = useState(false);
  const language = i18n.resolvedLanguage ?? 'en';
  const today = nairobiDate(new Date());

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: setupKey(organisationId, 'fiscal-years') }),
      queryClient.invalidateQueries({ queryKey: setupKey(organisationId, 'budgets') }),
    ]);

  const changeStatus = async () => {
    if (!statusChange) return;
    const status = statusChange.status === 'open' ? 'closed' : 'open';
    setBusy(true);
    try {
      await fiscalYearsApi.update(statusChange.id, { status });
      await refresh();
      toast.success(
        status === 'closed'
          ? t('fiscalYears.closedToast', { name: statusChange.name })
          : t('fiscalYears.reopenedToast', { name: statusChange.name }),
      );
      setStatusChange(null);
    } catch (failure) {
      toast.error(message(errorText(failure)));
    } finally {
      setBusy(false);
    }
  };

  const columns: DataColumn<FiscalYear>[] = [
    {
      key: 'name',
      header: t('fiscalYears.fields.name'),
      render: (y) => (
        <Stack gap={2}>
          <Group gap={6} wrap="wrap">
            <Text size="sm" fw={600}>
              {y.name}
            </Text>
            {y.starts_on <= today && today <= y.ends_on && (
              <Badge size="sm" variant="outline" tt="none">
                {t('fiscalYears.current')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            {formatDate(`${y.starts_on}T12:00:00Z`, language)} –{' '}
            {formatDate(`${y.ends_on}T12:00:00Z`, language)}
          </Text>
        </Stack>
      ),
      sortValue: (y) => y.name,
      exportValue: (y) => y.name,
      width: 150,
    },
    {
      key: 'starts_on',
      header: t('fiscalYears.fields.startsOn'),
      render: (y) => formatDate(`${y.starts_on}T12:00:00Z`, language),
      sortValue: (y) => y.starts_on,
      exportValue: (y) => y.starts_on,
      width: 150,
      hideOnMobile: true,
    },
    {
      key: 'ends_on',
      header: t('fiscalYears.fields.endsOn'),
      render: (y) => formatDate(`${y.ends_on}T12:00:00Z`, language),
      sortValue: (y) => y.ends_on,
      exportValue: (y) => y.ends_on,
      width: 150,
      hideOnMobile: true,
    },
    {
      key: 'status',
      header: t('fiscalYears.fields.status'),
      render: (y) => (
        <Badge variant="light" color={y.status === 'open' ? 'green' : 'gray'} tt="none">
          {t(`fiscalYears.status.${y.status}`)}
        </Badge>
      ),
      sortValue: (y) => y.status,
      exportValue: (y) => t(`fiscalYears.status.${y.status}`),
      width: 90,
    },
    ...(isAdmin
      ? [
          {
            key: 'actions',
            header: t('columns.actions'),
            render: (y: FiscalYear) => (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-label={t('fiscalYears.actionsNamed', { name: y.name })}
                    data-testid={`fiscal-year-actions-${y.id}`}
                  >
                    {t('columns.actions')} ▾
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => setRenaming(y)}>{t('fiscalYears.rename')}</Menu.Item>
                  <Menu.Item
                    color={y.status === 'open' ? 'red' : undefined}
                    onClick={() => setStatusChange(y)}
                    data-testid={`fiscal-year-${y.status === 'open' ? 'close' : 'reopen'}-${y.id}`}
                  >
                    {y.status === 'open' ? t('fiscalYears.close') : t('fiscalYears.reopen')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            ),
            width: 110,
          } satisfies DataColumn<FiscalYear>,
        ]
      : []),
  ];
  const table = useClientTable(years.data, columns);

  return (
    <Stack gap="md" data-testid="fiscal-years-tab">
      {!isAdmin && <ReadOnlyNotice>{t('setup.readOnly')}</ReadOnlyNotice>}
      <DataTable<FiscalYear>
        columns={table.columns}
        rows={table.rows}
        rowKey={(y) => y.id}
        error={years.isError ? years.error.message : null}
        sort={table.sort}
        onSortChange={table.onSortChange}
        pagination={table.pagination}
        toolbar={
          isAdmin && (
            <Button onClick={() => setAdding(true)} data-testid="fiscal-year-add">
              {t('fiscalYears.add')}
            </Button>
          )
        }
        empty={
          <StatusMessage
            title={t('fiscalYears.empty.title')}
            body={t('fiscalYears.empty.body')}
            action={isAdmin ? { label: t('fiscalYears.add'), onClick: () => setAdding(true) } : undefined}
          />
        }
        export={{ fileName: 'fiscal-years', fetchAll: async () => table.all ?? [] }}
        caption={t('setup.tabs.fiscal-years')}
        data-testid="fiscal-years-table"
      />
      {adding && (
        <AddFiscalYearModal
          suggestion={nextFiscalYear(years.data ?? [], today)}
          onSaved={refresh}
          onClose={() => setAdding(false)}
        />
      )}
      {renaming && <RenameModal year={renaming} onSaved={refresh} onClose={() => setRenaming(null)} />}
      <ConfirmDialog
        opened={statusChange !== null}
        title={
          statusChange?.status === 'open'
            ? t('fiscalYears.closeTitle', { name: statusChange.name })
            : t('fiscalYears.reopenTitle', { name: statusChange?.name ?? '' })
        }
        body={statusChange?.status === 'open' ? t('fiscalYears.closeBody') : t('fiscalYears.reopenBody')}
        confirmLabel={statusChange?.status === 'open' ? t('fiscalYears.close') : t('fiscalYears.reopen')}
        danger={statusChange?.status === 'open'}
        busy={busy}
        onCancel={() => setStatusChange(null)}
        onConfirm={() => void changeStatus()}
      />
    </Stack>
  );
}

type YearValues = z.input<typeof fiscalYearForm>;

function AddFiscalYearModal({
  suggestion,
  onSaved,
  onClose,
}: {
  suggestion: { starts_on: string; ends_on: string };
  onSaved(): Promise<unknown>;
  onClose(): void;
}) {
  const { t } = useTranslation(NS);
  const message = useMessage();
  const form = useForm<YearValues, unknown, FiscalYearForm>({
    resolver: contractResolver<YearValues, FiscalYearForm>(fiscalYearForm),
    defaultValues: { ...suggestion, name: suggestedFiscalYearName(suggestion.starts_on, suggestion.ends_on) },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await fiscalYearsApi.create(values);
      await onSaved();
      toast.success(t('fiscalYears.created', { name: saved.name }));
      onClose();
    } catch (failure) {
      if (applyServerErrors(failure, form.setError, ['name', 'starts_on', 'ends_on']))
        toast.error(t('form.fixErrors'));
      else toast.error(message(errorText(failure)));
    }
  });
  // The name follows the dates until the user writes one of their own.
  const suggestName = () => {
    const { starts_on: startsOn, ends_on: endsOn } = form.getValues();
    if (form.getFieldState('name').isDirty) return;
    if (/^\d{4}-\d{2}-\d{2}$/.test(startsOn) && /^\d{4}-\d{2}-\d{2}$/.test(endsOn))
      form.setValue('name', suggestedFiscalYearName(startsOn, endsOn));
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('fiscalYears.addTitle')}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form onSubmit={submit} noValidate data-testid="fiscal-year-form">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              type="date"
              label={t('fiscalYears.fields.startsOn')}
              description={t('fiscalYears.fields.inclusive')}
              required
              error={message(errors.starts_on?.message)}
              {...form.register('starts_on', { onChange: suggestName })}
              data-testid="fiscal-year-starts-on"
            />
            <TextInput
              type="date"
              label={t('fiscalYears.fields.endsOn')}
              description={t('fiscalYears.fields.inclusive')}
              required
              error={message(errors.ends_on?.message)}
              {...form.register('ends_on', { onChange: suggestName })}
              data-testid="fiscal-year-ends-on"
            />
          </SimpleGrid>
          <TextInput
            label={t('fiscalYears.fields.name')}
            description={t('fiscalYears.fields.nameHint')}
            required
            maxLength={40}
            error={message(errors.name?.message)}
            {...form.register('name')}
            data-testid="fiscal-year-name"
          />
          <Text size="xs" c="dimmed">
            {t('fiscalYears.datesFixed')}
          </Text>
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} data-testid="fiscal-year-save">
              {t('fiscalYears.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const renameSchema = z.object({ name: required(40) });

function RenameModal({
  year,
  onSaved,
  onClose,
}: {
  year: FiscalYear;
  onSaved(): Promise<unknown>;
  onClose(): void;
}) {
  const { t } = useTranslation(NS);
  const message = useMessage();
  const form = useForm<z.input<typeof renameSchema>, unknown, z.output<typeof renameSchema>>({
    resolver: contractResolver<z.input<typeof renameSchema>, z.output<typeof renameSchema>>(renameSchema),
    defaultValues: { name: year.name },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await fiscalYearsApi.update(year.id, values);
      await onSaved();
      toast.success(t('fiscalYears.renamed', { name: values.name }));
      onClose();
    } catch (failure) {
      if (applyServerErrors(failure, form.setError, ['name'])) toast.error(t('form.fixErrors'));
      else toast.error(message(errorText(failure)));
    }
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('fiscalYears.renameTitle', { name: year.name })}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('fiscalYears.fields.name')}
            required
            maxLength={40}
            error={message(errors.name?.message)}
            {...form.register('name')}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
