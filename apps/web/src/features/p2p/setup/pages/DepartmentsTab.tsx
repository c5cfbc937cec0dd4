import { Badge, Button, Group, Modal, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { departmentForm, type Department, type DepartmentForm } from '@zabuni/contracts';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/toast.ts';
import type { z } from 'zod';
import { StatusMessage } from '../../../../components/StatusMessage.tsx';
import { applyServerErrors, contractResolver } from '../../../../lib/form-errors.ts';
import { usePlatform } from '../../../../lib/platform-context.ts';
import { DataTable, type DataColumn } from '../../../../components/data-table/DataTable.tsx';
import { departmentsApi, useDepartments } from '../api/departments.ts';
import { setupKey } from '../api/keys.ts';
import { displayName, useMembers, type Member } from '../api/members.ts';
import { errorText, NS, ReadOnlyNotice, useIsOrgAdmin, useMessage } from '../components/shared.tsx';
import { useClientTable } from '../model/client-table.ts';

/** Departments (cost centres): budgets and approval rules refer to them; their budget owners approve. */
export function Component() {
  const { t } = useTranslation(NS);
  const { current } = usePlatform();
  const organisationId = current.organisation.id;
  const isAdmin = useIsOrgAdmin();
  const departments = useDepartments(organisationId);
  const members = useMembers(organisationId);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ department: Department | null } | null>(null);

  const rows = useMemo(() => {
    const text = search.trim().toLowerCase();
    if (!departments.data || !text) return departments.data;
    return departments.data.filter((d) =>
      [d.code, d.name, d.budget_owner?.name ?? ''].some((v) => v.toLowerCase().includes(text)),
    );
  }, [departments.data, search]);

  const columns: DataColumn<Department>[] = [
    {
      key: 'code',
      header: t('departments.fields.code'),
      render: (d) => (
        <Text size="sm" fw={600} ff="monospace">
          {d.code}
        </Text>
      ),
      sortValue: (d) => d.code,
      exportValue: (d) => d.code,
      width: 90,
    },
    {
      key: 'name',
      header: t('departments.fields.name'),
      render: (d) => d.name,
      sortValue: (d) => d.name,
      exportValue: (d) => d.name,
      width: 170,
    },
    {
      key: 'owner',
      header: t('departments.fields.owner'),
      render: (d) =>
        d.budget_owner ? (
          d.budget_owner.name
        ) : (
          <Text size="sm" c="dimmed">
            {t('departments.noOwner')}
          </Text>
        ),
      sortValue: (d) => d.budget_owner?.name ?? null,
      exportValue: (d) => d.budget_owner?.name ?? '',
      width: 180,
      hideOnMobile: true,
    },
    {
      key: 'active',
      header: t('departments.fields.status'),
      render: (d) => (
        <Badge variant="light" color={d.active ? 'green' : 'gray'} tt="none">
          {d.active ? t('status.active') : t('status.inactive')}
        </Badge>
      ),
      sortValue: (d) => (d.active ? 0 : 1),
      exportValue: (d) => (d.active ? t('status.active') : t('status.inactive')),
      width: 100,
    },
    ...(isAdmin
      ? [
          {
            key: 'actions',
            header: t('columns.actions'),
            render: (d: Department) => (
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => setEditing({ department: d })}
                aria-label={t('departments.editNamed', { code: d.code })}
                data-testid={`department-edit-${d.code}`}
              >
                {t('actions.edit')}
              </Button>
            ),
            width: 90,
            hideOnMobile: true,
          } satisfies DataColumn<Department>,
        ]
      : []),
  ];
  const table = useClientTable(rows, columns);

  return (
    <Stack gap="md" data-testid="departments-tab">
      {!isAdmin && <ReadOnlyNotice>{t('setup.readOnly')}</ReadOnlyNotice>}
      <DataTable<Department>
        columns={table.columns}
        rows={table.rows}
        rowKey={(d) => d.id}
        error={departments.isError ? departments.error.message : null}
        sort={table.sort}
        onSortChange={table.onSortChange}
        pagination={table.pagination}
        onRowClick={isAdmin ? (d) => setEditing({ department: d }) : undefined}
        toolbar={
          <Group gap="sm" wrap="wrap">
            <TextInput
              placeholder={t('departments.search')}
              aria-label={t('departments.search')}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              w={{ base: '100%', xs: 240 }}
            />
            {isAdmin && (
              <Button onClick={() => setEditing({ department: null })} data-testid="department-add">
                {t('departments.add')}
              </Button>
            )}
          </Group>
        }
        empty={
          search ? (
            <StatusMessage title={t('departments.noMatch')} />
          ) : (
            <StatusMessage
              title={t('departments.empty.title')}
              body={t('departments.empty.body')}
              action={
                isAdmin
                  ? { label: t('departments.add'), onClick: () => setEditing({ department: null }) }
                  : undefined
              }
            />
          )
        }
        export={{ fileName: 'departments', fetchAll: async () => table.all ?? [] }}
        caption={t('setup.tabs.departments')}
        data-testid="departments-table"
      />
      {editing && (
        <DepartmentModal
          organisationId={organisationId}
          department={editing.department}
          members={members.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

type DepartmentValues = z.input<typeof departmentForm>;

function DepartmentModal({
  organisationId,
  department,
  members,
  onClose,
}: {
  organisationId: number;
  department: Department | null;
  members: readonly Member[];
  onClose(): void;
}) {
  const { t } = useTranslation(NS);
  const message = useMessage();
  const queryClient = useQueryClient();
  const form = useForm<DepartmentValues, unknown, DepartmentForm>({
    resolver: contractResolver<DepartmentValues, DepartmentForm>(departmentForm),
    defaultValues: {
      code: department?.code ?? '',
      name: department?.name ?? '',
      budget_owner_id: department?.budget_owner?.id ?? null,
      active: department?.active ?? true,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = department
        ? await departmentsApi.update(department.id, values)
        : await departmentsApi.create(values);
      await queryClient.invalidateQueries({ queryKey: setupKey(organisationId, 'departments') });
      // Budgets show the department's name and owner.
      await queryClient.invalidateQueries({ queryKey: setupKey(organisationId, 'budgets') });
      toast.success(
        department
          ? t('departments.saved', { code: saved.code })
          : t('departments.created', { code: saved.code }),
      );
      onClose();
    } catch (failure) {
      if (applyServerErrors(failure, form.setError, ['code', 'name', 'budget_owner_id', 'active']))
        toast.error(t('form.fixErrors'));
      else toast.error(message(errorText(failure)));
    }
  });
  const ownerOptions = members.map((m) => ({
    value: String(m.userId),
    label: `${displayName(m)} (${m.email})`,
  }));
  return (
    <Modal
      opened
      onClose={onClose}
      title={department ? t('departments.editTitle', { code: department.code }) : t('departments.addTitle')}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form onSubmit={submit} noValidate data-testid="department-form">
        <Stack gap="sm">
          <TextInput
            label={t('departments.fields.code')}
            description={t('departments.fields.codeHint')}
            required
            maxLength={20}
            autoCapitalize="characters"
            error={message(errors.code?.message)}
            {...form.register('code')}
            data-autofocus
            data-testid="department-code"
          />
          <TextInput
            label={t('departments.fields.name')}
            required
            maxLength={120}
            error={message(errors.name?.message)}
            {...form.register('name')}
            data-testid="department-name"
          />
          <Controller
            control={form.control}
            name="budget_owner_id"
            render={({ field }) => (
              <Select
                label={t('departments.fields.owner')}
                description={t('departments.fields.ownerHint')}
                placeholder={t('departments.noOwner')}
                data={ownerOptions}
                value={field.value ? String(field.value) : null}
                onChange={(value) => field.onChange(value ? Number(value) : null)}
                clearable
                searchable
                nothingFoundMessage={t('form.nothingFound')}
                error={message(errors.budget_owner_id?.message)}
                comboboxProps={{ withinPortal: true }}
                data-testid="department-owner"
              />
            )}
          />
          <Controller
            control={form.control}
            name="active"
            render={({ field }) => (
              <Switch
                label={t('departments.fields.active')}
                description={t('departments.fields.activeHint')}
                checked={field.value ?? true}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                data-testid="department-active"
              />
            )}
          />
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} data-testid="department-save">
              {department ? t('actions.save') : t('departments.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
