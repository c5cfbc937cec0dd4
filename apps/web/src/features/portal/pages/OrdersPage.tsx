import { Alert, Anchor, Box, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { PurchaseOrderStatus } from '@zabuni/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { DataTable, orderingParam, type DataColumn } from '../../../components/data-table/DataTable.tsx';
import { fetchAllPages } from '../../../lib/fetch-all.ts';
import {
  orderListParams,
  ordersQuery,
  PAGE_SIZE,
  toAcknowledgeQuery,
  type PortalOrderSummary,
} from '../api.ts';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { OrderStatusBadge } from '../components/StatusBadges.tsx';
import { formatDay } from '../format.ts';
import { formatAmount } from '../../../lib/money.ts';
import { PORTAL_ORDER_STATUSES, readOrderFilters, sortOf, withParams } from '../list-params.ts';
import { usePortal } from '../portal-context.ts';
import { awaitsAnswer } from '../portal-model.ts';
import classes from './Portal.module.css';

/** `/portal/purchase-orders`: the orders the selected buyer sent, those waiting for an answer first in mind. */
export function Component() {
  const { t, i18n } = useTranslation('portal');
  const language = i18n.resolvedLanguage ?? 'en';
  const { buyer } = usePortal();
  usePageTitle(t('orders.title'));
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = readOrderFilters(params);
  const orders = useQuery(ordersQuery(filters));
  const waiting = useQuery(toAcknowledgeQuery).data?.count ?? 0;
  const [search, setSearch] = useState(filters.search ?? '');
  const pushSearch = useDebouncedCallback(
    (value: string) => setParams((current) => withParams(current, { search: value.trim() || undefined })),
    400,
  );
  const [searched, setSearched] = useState(filters.search);
  if (searched !== filters.search) {
    setSearched(filters.search);
    if ((filters.search ?? '') !== search.trim()) setSearch(filters.search ?? '');
  }
  const filtered = Boolean(filters.status || filters.search);
  const money = (row: PortalOrderSummary) => formatAmount(row.total, row.currency, language);
  const orderPath = (row: PortalOrderSummary) => `/portal/purchase-orders/${row.id}`;

  const columns: DataColumn<PortalOrderSummary>[] = [
    {
      key: 'number',
      header: t('orders.columns.number'),
      sortable: true,
      width: 200,
      render: (row) => (
        <Stack gap={4} align="flex-start" data-awaiting-answer={awaitsAnswer(row) || undefined}>
          <Anchor
            component={Link}
            to={orderPath(row)}
            fw={600}
            size="sm"
            style={{ whiteSpace: 'nowrap' }}
            data-testid="order-link"
          >
            {row.number}
          </Anchor>
          {awaitsAnswer(row) && (
            <Text size="xs" c="orange.8" fw={600} data-testid="order-to-acknowledge">
              {t('orders.toAcknowledge')}
            </Text>
          )}
          {/* Phones: one column of what matters. */}
          <Group gap={6} hiddenFrom="sm" wrap="wrap">
            <OrderStatusBadge status={row.status} size="sm" />
            <Text size="xs" c="dimmed">
              {t('orders.deliverBy', { date: formatDay(row.delivery_date, language) })}
            </Text>
          </Group>
        </Stack>
      ),
      exportValue: (row) => row.number,
    },
    {
      key: 'status',
      header: t('orders.columns.status'),
      sortable: true,
      width: 150,
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
        <Text size="sm" fw={600} className={classes.amount}>
          {money(row)}
        </Text>
      ),
      exportValue: (row) => `${row.currency} ${row.total}`,
    },
    {
      key: 'delivery_date',
      header: t('orders.columns.delivery'),
      width: 130,
      hideOnMobile: true,
      render: (row) => (
        <Text size="sm" c={row.delivery_date ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
          {formatDay(row.delivery_date, language)}
        </Text>
      ),
      exportValue: (row) => row.delivery_date ?? '',
    },
    {
      key: 'created_at',
      header: t('orders.columns.sent'),
      sortable: true,
      width: 130,
      hideOnMobile: true,
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDay(row.sent_at ?? row.created_at, language)}
        </Text>
      ),
      exportValue: (row) => row.sent_at ?? '',
    },
  ];

  const clear = () => {
    setSearch('');
    setParams(() => {
      const next = new URLSearchParams();
      const ordering = params.get('ordering');
      if (ordering) next.set('ordering', ordering);
      return next;
    });
  };

  const toolbar = (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={t('orders.search')}
        placeholder={t('orders.searchPlaceholder')}
        type="search"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          pushSearch(event.currentTarget.value);
        }}
        w={{ base: '100%', xs: 240 }}
        data-testid="orders-search"
      />
      <Select
        label={t('orders.status')}
        placeholder={t('orders.allStatuses')}
        data={PORTAL_ORDER_STATUSES.map((status) => ({ value: status, label: t(`orderStatus.${status}`) }))}
        value={filters.status ?? null}
        onChange={(value) =>
          setParams((current) =>
            withParams(current, { status: (value as PurchaseOrderStatus | null) ?? undefined }),
          )
        }
        clearable
        w={{ base: '100%', xs: 220 }}
        comboboxProps={{ shadow: 'md' }}
        data-testid="orders-status-filter"
      />
    </Group>
  );

  const empty = filtered ? (
    <StatusMessage
      title={t('orders.emptyFiltered')}
      body={t('orders.emptyFilteredBody')}
      action={{ label: t('common.clearFilters'), onClick: clear }}
    />
  ) : (
    <StatusMessage
      title={t('orders.empty', { buyer: buyer.name })}
      body={t('orders.emptyBody', { buyer: buyer.name })}
      action={{ label: t('orders.openStatement'), onClick: () => void navigate('/portal/statement') }}
    />
  );

  return (
    <PageFrame testId="portal-orders-page">
      <PageHeader title={t('orders.title')} lead={t('orders.lead', { buyer: buyer.name })} />
      {waiting > 0 && filters.status !== 'sent' && (
        <Alert color="orange" variant="light" data-testid="orders-waiting-banner">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" fw={500}>
              {t('orders.waiting', { count: waiting })}
            </Text>
            <Button
              size="xs"
              color="orange"
              variant="filled"
              onClick={() => setParams((current) => withParams(current, { status: 'sent' }))}
              data-testid="orders-show-waiting"
            >
              {t('orders.showWaiting')}
            </Button>
          </Group>
        </Alert>
      )}
      <Box className={classes.highlightWaiting}>
        <DataTable<PortalOrderSummary>
          columns={columns}
          rows={orders.data?.results}
          rowKey={(row) => row.id}
          error={orders.isError && !orders.data ? orders.error.message : null}
          empty={empty}
          pagination={{
            page: filters.page,
            pageSize: PAGE_SIZE,
            count: orders.data?.count ?? 0,
            onPageChange: (page) => setParams((current) => withParams(current, { page })),
          }}
          sort={sortOf(filters.ordering)}
          onSortChange={(sort) =>
            setParams((current) => withParams(current, { ordering: orderingParam(sort) }))
          }
          onRowClick={(row) => void navigate(orderPath(row))}
          toolbar={toolbar}
          export={{
            fileName: t('orders.exportName'),
            fetchAll: () =>
              fetchAllPages<PortalOrderSummary>('/portal/purchase-orders/', orderListParams(filters)),
          }}
          caption={t('orders.title')}
          data-testid="portal-orders-table"
        />
      </Box>
    </PageFrame>
  );
}
