import { Anchor, Box, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PO_STATUSES, type PurchaseOrderStatus } from '@zabuni/domain';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { StatusMessage } from '../../../../components/StatusMessage.tsx';
import { DataTable, orderingParam, type DataColumn } from '../../../../components/data-table/DataTable.tsx';
import { fetchAllPages } from '../../../../lib/fetch-all.ts';
import { PAGE_SIZE } from '../api/keys.ts';
import {
  orderListParams,
  ordersQuery,
  ORDERS_PATH,
  type PurchaseOrderSummary,
} from '../api/purchase-orders.ts';
import { PageFrame, PageHeader } from '../../../../components/PageFrame.tsx';
import { SearchBox } from '../components/SearchBox.tsx';
import { OrderStatusBadge } from '../components/StatusBadge.tsx';
import { SupplierPicker } from '../components/SupplierPicker.tsx';
import { formatDay } from '../model/dates.ts';
import { clearedParams, readOrderFilters, sortOf, withParams } from '../model/list-filters.ts';
import { NS } from '../model/messages.ts';
import { formatAmount } from '../../../../lib/money.ts';
import { useRoles } from '../model/roles.ts';
import { exportAmount, exportDay } from '../../../../components/data-table/export.ts';

/** `/app/p2p/purchase-orders`: the organisation's orders, filtered, sorted and paged by the server. */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const { organisationId, procurement } = useRoles();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = readOrderFilters(params);
  const orders = useQuery(ordersQuery(organisationId, filters));
  const filtered = Boolean(filters.status || filters.supplier || filters.search);
  const set = (change: Parameters<typeof withParams>[1]) =>
    setParams((current) => withParams(current, change));
  const open = (row: PurchaseOrderSummary) => void navigate(`/app/p2p/purchase-orders/${row.id}`);

  const columns: DataColumn<PurchaseOrderSummary>[] = [
    {
      key: 'number',
      header: t('orders.columns.number'),
      sortable: true,
      width: 170,
      render: (row) => (
        <Stack gap={2} align="flex-start" miw={0}>
          <Anchor
            component={Link}
            to={`/app/p2p/purchase-orders/${row.id}`}
            fw={600}
            size="sm"
            style={{ whiteSpace: 'nowrap' }}
            data-testid="order-link"
          >
            {row.number}
          </Anchor>
          <Text size="sm" hiddenFrom="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.supplier.name}
          </Text>
          <Box hiddenFrom="sm">
            <OrderStatusBadge status={row.status} size="sm" />
          </Box>
        </Stack>
      ),
      exportValue: (row) => row.number,
    },
    {
      key: 'supplier',
      header: t('orders.columns.supplier'),
      width: 200,
      hideOnMobile: true,
      render: (row) => (
        <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {row.supplier.name}
        </Text>
      ),
      exportValue: (row) => row.supplier.name,
    },
    {
      key: 'status',
      header: t('common.status'),
      sortable: true,
      width: 180,
      hideOnMobile: true,
      render: (row) => <OrderStatusBadge status={row.status} size="sm" />,
      exportValue: (row) => t(`orderStatus.${row.status}`),
    },
    {
      key: 'total',
      header: t('orders.columns.total'),
      sortable: true,
      align: 'right',
      width: 150,
      render: (row) => (
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {formatAmount(row.total, row.currency, language)}
        </Text>
      ),
      exportValue: (row) => exportAmount(row.total),
      exportCurrency: (row) => row.currency,
    },
    {
      key: 'delivery_date',
      header: t('orders.columns.delivery'),
      width: 120,
      hideOnMobile: true,
      render: (row) => (
        <Text size="sm" c={row.delivery_date ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
          {row.delivery_date ? formatDay(row.delivery_date, language) : '—'}
        </Text>
      ),
      exportValue: (row) => row.delivery_date ?? '',
    },
    {
      key: 'created_at',
      header: t('orders.columns.created'),
      sortable: true,
      width: 120,
      hideOnMobile: true,
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDay(row.created_at, language)}
        </Text>
      ),
      exportValue: (row) => exportDay(row.created_at),
    },
  ];

  const toolbar = (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SearchBox
        label={t('common.search')}
        placeholder={t('orders.searchPlaceholder')}
        value={filters.search}
        onSearch={(search) => set({ search })}
        testId="orders-search"
      />
      <Select
        label={t('common.status')}
        placeholder={t('common.allStatuses')}
        data={PO_STATUSES.map((status) => ({ value: status, label: t(`orderStatus.${status}`) }))}
        value={filters.status ?? null}
        onChange={(value) => set({ status: (value as PurchaseOrderStatus | null) ?? undefined })}
        clearable
        w={{ base: '100%', xs: 190 }}
        comboboxProps={{ shadow: 'md' }}
        data-testid="orders-status-filter"
      />
      <SupplierPicker
        inToolbar
        label={t('orders.columns.supplier')}
        placeholder={t('orders.anySupplier')}
        value={filters.supplier}
        onChange={(supplier) => set({ supplier })}
        testId="orders-supplier-filter"
      />
    </Group>
  );

  return (
    <PageFrame testId="orders-page">
      <PageHeader
        module="p2p"
        title={t('screens.purchaseOrders.name', { ns: 'platform' })}
        lead={t('orders.lead')}
        actions={
          procurement && (
            <Button component={Link} to="/app/p2p/purchase-orders/new" data-testid="new-order">
              {t('orders.new')}
            </Button>
          )
        }
      />
      <DataTable<PurchaseOrderSummary>
        columns={columns}
        rows={orders.data?.results}
        rowKey={(row) => row.id}
        error={orders.isError && !orders.data ? orders.error.message : null}
        empty={
          filtered ? (
            <StatusMessage
              title={t('common.emptyFiltered')}
              body={t('common.emptyFilteredBody')}
              action={{ label: t('common.clearFilters'), onClick: () => setParams(clearedParams(params)) }}
            />
          ) : (
            <StatusMessage
              title={t('orders.empty')}
              body={t('orders.emptyBody')}
              action={
                procurement
                  ? { label: t('orders.new'), onClick: () => void navigate('/app/p2p/purchase-orders/new') }
                  : undefined
              }
            />
          )
        }
        pagination={{
          page: filters.page,
          pageSize: PAGE_SIZE,
          count: orders.data?.count ?? 0,
          onPageChange: (page) => set({ page }),
        }}
        sort={sortOf(filters.ordering)}
        onSortChange={(sort) => set({ ordering: orderingParam(sort) })}
        onRowClick={open}
        toolbar={toolbar}
        export={{
          fileName: t('orders.exportName'),
          fetchAll: () => fetchAllPages<PurchaseOrderSummary>(ORDERS_PATH, orderListParams(filters)),
        }}
        caption={t('screens.purchaseOrders.name', { ns: 'platform' })}
        data-testid="orders-table"
      />
    </PageFrame>
  );
}
