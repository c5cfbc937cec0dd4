import { Badge, Box, Button, Group, Menu, Select, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SUPPLIER_STATUSES } from '@zabuni/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from '../../../../lib/toast.ts';
import { StatusMessage } from '../../../../components/StatusMessage.tsx';
import { RemotePicker } from '../../../../components/RemotePicker.tsx';
import { knownCategory, useCategories } from '../../../../lib/reference-data.ts';
import { DataTable, type DataColumn } from '../../../../components/data-table/DataTable.tsx';
import { fetchAllPages } from '../../../../lib/fetch-all.ts';
import { ordersKey, PAGE_SIZE } from '../api/keys.ts';
import {
  supplierListParams,
  suppliersApi,
  suppliersQuery,
  SUPPLIERS_PATH,
  type Supplier,
} from '../api/suppliers.ts';
import { AddSupplierModal } from '../components/AddSupplierModal.tsx';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { EditSupplierModal } from '../components/EditSupplierModal.tsx';
import { PageFrame, PageHeader } from '../../../../components/PageFrame.tsx';
import { SearchBox } from '../components/SearchBox.tsx';
import { SupplierStatusBadge } from '../components/StatusBadge.tsx';
import { formatDay } from '../model/dates.ts';
import { clearedParams, readSupplierFilters, withParams } from '../model/list-filters.ts';
import { NS } from '../model/messages.ts';
import { messageText } from '../../../../lib/form-errors.ts';
import { useRoles } from '../model/roles.ts';

const SHOWN_CATEGORIES = 3;

/** `/app/p2p/suppliers`: the organisation's suppliers, their status, categories and payment terms. */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const { organisationId, procurement } = useRoles();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const filters = readSupplierFilters(params);
  const suppliers = useQuery(suppliersQuery(organisationId, filters));
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Supplier | null>(null);
  const [toggling, setToggling] = useState<Supplier | null>(null);
  const [busy, setBusy] = useState(false);
  const filtered = Boolean(filters.status || filters.category || filters.search);
  const set = (change: Parameters<typeof withParams>[1]) =>
    setParams((current) => withParams(current, change));

  const toggle = async () => {
    if (!toggling) return;
    const status = toggling.status === 'active' ? 'blocked' : 'active';
    setBusy(true);
    try {
      await suppliersApi.update(toggling.id, { status });
      await queryClient.invalidateQueries({ queryKey: ordersKey(organisationId, 'suppliers') });
      toast.success(
        t(status === 'blocked' ? 'suppliers.block.done' : 'suppliers.unblock.done', { name: toggling.name }),
      );
      setToggling(null);
    } catch (failure) {
      toast.error(messageText(failure instanceof Error ? failure.message : String(failure)));
    } finally {
      setBusy(false);
    }
  };

  const columns: DataColumn<Supplier>[] = [
    {
      key: 'name',
      header: t('suppliers.columns.name'),
      width: 240,
      sortValue: (row) => row.name,
      render: (row) => (
        <Stack gap={2} align="flex-start" miw={0}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="supplier-row-name">
            {row.name}
          </Text>
          {row.email && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {row.email}
            </Text>
          )}
          <Group gap={6} hiddenFrom="sm">
            <SupplierStatusBadge status={row.status} />
            <Text size="xs" c="dimmed">
              {t('suppliers.termsDays', { count: row.payment_terms_days })}
            </Text>
          </Group>
        </Stack>
      ),
      exportValue: (row) => row.name,
    },
    {
      key: 'status',
      header: t('suppliers.columns.status'),
      width: 110,
      hideOnMobile: true,
      sortValue: (row) => t(`supplierStatus.${row.status}`),
      render: (row) => <SupplierStatusBadge status={row.status} />,
      exportValue: (row) => t(`supplierStatus.${row.status}`),
    },
    {
      key: 'categories',
      header: t('suppliers.columns.categories'),
      width: 240,
      hideOnMobile: true,
      render: (row) =>
        row.categories.length === 0 ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <Group gap={4} wrap="wrap">
            {row.categories.slice(0, SHOWN_CATEGORIES).map((c) => (
              <Badge key={c.id} variant="outline" color="gray" tt="none" fw={500} maw="100%">
                {c.name}
              </Badge>
            ))}
            {row.categories.length > SHOWN_CATEGORIES && (
              <Badge variant="light" color="gray" tt="none">
                {t('suppliers.moreCategories', { count: row.categories.length - SHOWN_CATEGORIES })}
              </Badge>
            )}
          </Group>
        ),
      exportValue: (row) => row.categories.map((c) => c.name).join('; '),
    },
    {
      key: 'payment_terms_days',
      header: t('suppliers.columns.terms'),
      width: 120,
      hideOnMobile: true,
      align: 'right',
      sortValue: (row) => row.payment_terms_days,
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {t('suppliers.termsDays', { count: row.payment_terms_days })}
        </Text>
      ),
      exportValue: (row) => row.payment_terms_days,
    },
    {
      key: 'added_at',
      header: t('suppliers.columns.added'),
      width: 120,
      hideOnMobile: true,
      sortValue: (row) => row.added_at,
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDay(row.added_at, language)}
        </Text>
      ),
      exportValue: (row) => row.added_at.slice(0, 10),
    },
    ...(procurement
      ? [
          {
            key: 'actions',
            header: t('common.actions'),
            width: 80,
            align: 'right',
            render: (row: Supplier) => (
              <Menu position="bottom-end" shadow="md" withinPortal>
                <Menu.Target>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-label={t('suppliers.actionsFor', { name: row.name })}
                    data-testid="supplier-actions"
                  >
                    ⋯
                  </Button>
                </Menu.Target>
                {/* The menu opens in a portal: its clicks would still reach the row and open the row's form. */}
                <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
                  <Menu.Item onClick={() => setEditing(row)} data-testid="supplier-edit">
                    {t('suppliers.edit.action')}
                  </Menu.Item>
                  <Menu.Item
                    color={row.status === 'active' ? 'red' : undefined}
                    onClick={() => setToggling(row)}
                    data-testid={row.status === 'active' ? 'supplier-block' : 'supplier-unblock'}
                  >
                    {row.status === 'active' ? t('suppliers.block.action') : t('suppliers.unblock.action')}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            ),
          } satisfies DataColumn<Supplier>,
        ]
      : []),
  ];

  const categoryOption =
    filters.category === undefined
      ? undefined
      : {
          value: String(filters.category),
          label: knownCategory(queryClient, filters.category)?.name ?? `#${filters.category}`,
        };

  const toolbar = (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SearchBox
        label={t('common.search')}
        placeholder={t('suppliers.searchPlaceholder')}
        value={filters.search}
        onSearch={(search) => set({ search })}
        testId="suppliers-search"
      />
      <Select
        label={t('common.status')}
        placeholder={t('common.allStatuses')}
        data={SUPPLIER_STATUSES.map((status) => ({ value: status, label: t(`supplierStatus.${status}`) }))}
        value={filters.status ?? null}
        onChange={(value) => set({ status: value })}
        clearable
        w={{ base: '100%', xs: 160 }}
        comboboxProps={{ shadow: 'md' }}
        data-testid="suppliers-status-filter"
      />
      <Box w={{ base: '100%', xs: 240 }}>
        <RemotePicker
          label={t('suppliers.fields.category')}
          placeholder={t('suppliers.anyCategory')}
          nothingFound={t('common.nothingFound')}
          value={filters.category}
          onChange={(category) => set({ category })}
          useOptions={useCategories}
          toOption={(c) => ({ value: String(c.id), label: c.name })}
          selectedOption={categoryOption}
          minSearchLength={2}
          testId="suppliers-category-filter"
        />
      </Box>
    </Group>
  );

  const addButton = procurement && (
    <Button onClick={() => setAdding(true)} data-testid="add-supplier">
      {t('suppliers.add.action')}
    </Button>
  );

  return (
    <PageFrame testId="suppliers-page">
      <PageHeader
        module="p2p"
        title={t('screens.suppliers.name', { ns: 'platform' })}
        lead={t('suppliers.lead')}
        actions={addButton}
      />
      <DataTable<Supplier>
        columns={columns}
        rows={suppliers.data?.results}
        rowKey={(row) => row.id}
        error={suppliers.isError && !suppliers.data ? suppliers.error.message : null}
        empty={
          filtered ? (
            <StatusMessage
              title={t('common.emptyFiltered')}
              body={t('common.emptyFilteredBody')}
              action={{ label: t('common.clearFilters'), onClick: () => setParams(clearedParams(params)) }}
            />
          ) : (
            <StatusMessage
              title={t('suppliers.empty')}
              body={t('suppliers.emptyBody')}
              action={
                procurement ? { label: t('suppliers.add.action'), onClick: () => setAdding(true) } : undefined
              }
            />
          )
        }
        pagination={{
          page: filters.page,
          pageSize: PAGE_SIZE,
          count: suppliers.data?.count ?? 0,
          onPageChange: (page) => set({ page }),
        }}
        onRowClick={procurement ? (row) => setEditing(row) : undefined}
        toolbar={toolbar}
        export={{
          fileName: t('suppliers.exportName'),
          fetchAll: () => fetchAllPages<Supplier>(SUPPLIERS_PATH, supplierListParams(filters)),
        }}
        caption={t('screens.suppliers.name', { ns: 'platform' })}
        data-testid="suppliers-table"
      />
      <AddSupplierModal organisationId={organisationId} opened={adding} onClose={() => setAdding(false)} />
      <EditSupplierModal
        organisationId={organisationId}
        supplier={editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={toggling !== null}
        title={
          toggling?.status === 'active'
            ? t('suppliers.block.title', { name: toggling.name })
            : t('suppliers.unblock.title', { name: toggling?.name ?? '' })
        }
        body={toggling?.status === 'active' ? t('suppliers.block.body') : t('suppliers.unblock.body')}
        confirmLabel={
          toggling?.status === 'active' ? t('suppliers.block.confirm') : t('suppliers.unblock.confirm')
        }
        danger={toggling?.status === 'active'}
        busy={busy}
        onCancel={() => setToggling(null)}
        onConfirm={() => void toggle()}
      />
    </PageFrame>
  );
}
