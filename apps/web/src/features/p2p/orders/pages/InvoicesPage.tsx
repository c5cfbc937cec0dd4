import { Anchor, Box, Button, Group, Select, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { INVOICE_STATUSES, type InvoiceStatus } from '@zabuni/domain';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { StatusMessage } from '../../../../components/StatusMessage.tsx';
import { DataTable, type DataColumn } from '../../../../components/data-table/DataTable.tsx';
import { fetchAllPages } from '../../../../lib/fetch-all.ts';
import { PAGE_SIZE } from '../api/keys.ts';
import { invoiceListParams, invoicesQuery, INVOICES_PATH, type InvoiceSummary } from '../api/invoices.ts';
import { PageFrame, PageHeader } from '../../../../components/PageFrame.tsx';
import { SearchBox } from '../components/SearchBox.tsx';
import { InvoiceStatusBadge } from '../components/StatusBadge.tsx';
import { SupplierPicker } from '../components/SupplierPicker.tsx';
import { formatDay } from '../model/dates.ts';
import { clearedParams, readInvoiceFilters, withParams } from '../model/list-filters.ts';
import { NS } from '../model/messages.ts';
import { formatAmount, toMinor } from '../../../../lib/money.ts';
import { useRoles } from '../model/roles.ts';
import { exportAmount } from '../../../../components/data-table/export.ts';

/** `/app/p2p/invoices` (`?queue=exceptions`: finance's exception queue). */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const { organisationId, finance } = useRoles();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = readInvoiceFilters(params);
  const invoices = useQuery(invoicesQuery(organisationId, filters));
  const filtered = Boolean(filters.status || filters.supplier || filters.search || filters.purchaseOrder);
  const set = (change: Parameters<typeof withParams>[1]) =>
    setParams((current) => withParams(current, change));
  const statuses = filters.exceptions ? (['exception', 'awaiting_credit_note'] as const) : INVOICE_STATUSES;

  const columns: DataColumn<InvoiceSummary>[] = [
    {
      key: 'invoice_number',
      header: t('invoices.columns.number'),
      width: 170,
      sortValue: (row) => row.invoice_number,
      render: (row) => (
        <Stack gap={2} align="flex-start" miw={0}>
          <Anchor
            component={Link}
            to={`/app/p2p/invoices/${row.id}`}
            fw={600}
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
            data-testid="invoice-link"
          >
            {row.invoice_number}
          </Anchor>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatDay(row.invoice_date, language)}
          </Text>
          <Text size="sm" hiddenFrom="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.supplier.name}
          </Text>
          <Box hiddenFrom="sm">
            <InvoiceStatusBadge status={row.status} size="sm" />
          </Box>
        </Stack>
      ),
      exportValue: (row) => `${row.invoice_number} (${row.invoice_date})`,
    },
    {
      key: 'supplier',
      header: t('orders.columns.supplier'),
      width: 180,
      hideOnMobile: true,
      sortValue: (row) => row.supplier.name,
      render: (row) => (
        <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {row.supplier.name}
        </Text>
      ),
      exportValue: (row) => row.supplier.name,
    },
    {
      key: 'purchase_order',
      header: t('invoices.columns.order'),
      width: 150,
      hideOnMobile: true,
      sortValue: (row) => row.purchase_order.number,
      render: (row) => (
        <Anchor component={Link} to={`/app/p2p/purchase-orders/${row.purchase_order.id}`} size="sm">
          {row.purchase_order.number}
        </Anchor>
      ),
      exportValue: (row) => row.purchase_order.number,
    },
    {
      key: 'status',
      header: t('common.status'),
      width: 170,
      hideOnMobile: true,
      sortValue: (row) => t(`invoiceStatus.${row.status}`),
      render: (row) => (
        <Stack gap={2} align="flex-start">
          <InvoiceStatusBadge status={row.status} size="sm" />
          {row.blocking_variances > 0 && (
            <Text size="xs" c="red.8" data-testid="blocking-count">
              {t('invoices.blocking', { count: row.blocking_variances })}
            </Text>
          )}
        </Stack>
      ),
      exportValue: (row) => t(`invoiceStatus.${row.status}`),
    },
    {
      key: 'due_date',
      header: t('invoices.columns.due'),
      width: 120,
      hideOnMobile: true,
      sortValue: (row) => row.due_date,
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDay(row.due_date, language)}
        </Text>
      ),
      exportValue: (row) => row.due_date,
    },
    {
      key: 'total',
      header: t('orders.columns.total'),
      align: 'right',
      width: 140,
      sortValue: (row) => toMinor(row.total, row.currency),
      render: (row) => (
        <Stack gap={0} align="flex-end">
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
            {formatAmount(row.total, row.currency, language)}
          </Text>
          {(toMinor(row.outstanding, row.currency) ?? 0) > 0 && (
            <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ whiteSpace: 'nowrap' }}>
              {t('invoices.outstandingShort', {
                amount: formatAmount(row.outstanding, row.currency, language),
              })}
            </Text>
          )}
        </Stack>
      ),
      exportValue: (row) => exportAmount(row.total),
      exportCurrency: (row) => row.currency,
    },
    {
      key: 'outstanding',
      header: t('invoices.columns.outstanding'),
      align: 'right',
      width: 130,
      hideOnMobile: true,
      sortValue: (row) => toMinor(row.outstanding, row.currency),
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {formatAmount(row.outstanding, row.currency, language)}
        </Text>
      ),
      exportValue: (row) => exportAmount(row.outstanding),
      exportCurrency: (row) => row.currency,
    },
  ];

  const toolbar = (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SearchBox
        label={t('common.search')}
        placeholder={t('invoices.searchPlaceholder')}
        value={filters.search}
        onSearch={(search) => set({ search })}
        testId="invoices-search"
      />
      <Select
        label={t('common.status')}
        placeholder={t('common.allStatuses')}
        data={statuses.map((status) => ({ value: status, label: t(`invoiceStatus.${status}`) }))}
        value={filters.status ?? null}
        onChange={(value) => set({ status: (value as InvoiceStatus | null) ?? undefined })}
        clearable
        w={{ base: '100%', xs: 190 }}
        comboboxProps={{ shadow: 'md' }}
        data-testid="invoices-status-filter"
      />
      <SupplierPicker
        inToolbar
        label={t('orders.columns.supplier')}
        placeholder={t('orders.anySupplier')}
        value={filters.supplier}
        onChange={(supplier) => set({ supplier })}
        testId="invoices-supplier-filter"
      />
    </Group>
  );

  return (
    <PageFrame testId="invoices-page">
      <PageHeader
        module="p2p"
        title={t('screens.invoices.name', { ns: 'platform' })}
        lead={t('invoices.lead')}
        actions={
          finance && (
            <Button component={Link} to="/app/p2p/invoices/new" data-testid="enter-invoice">
              {t('invoices.enter')}
            </Button>
          )
        }
      />
      <Tabs
        value={filters.exceptions ? 'exceptions' : 'all'}
        onChange={(tab) =>
          setParams((current) => {
            const next = withParams(current, { queue: tab === 'exceptions' ? 'exceptions' : undefined });
            // A status of the other tab would show nothing here.
            next.delete('status');
            return next;
          })
        }
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="all" data-testid="invoices-tab-all">
            {t('invoices.tabs.all')}
          </Tabs.Tab>
          <Tabs.Tab value="exceptions" data-testid="invoices-tab-exceptions">
            {t('invoices.tabs.exceptions')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {filters.exceptions && (
        <Text size="sm" c="dimmed" mt={-8}>
          {t('invoices.queueLead')}
        </Text>
      )}
      <DataTable<InvoiceSummary>
        columns={columns}
        rows={invoices.data?.results}
        rowKey={(row) => row.id}
        error={invoices.isError && !invoices.data ? invoices.error.message : null}
        empty={
          filtered ? (
            <StatusMessage
              title={t('common.emptyFiltered')}
              body={t('common.emptyFilteredBody')}
              action={{ label: t('common.clearFilters'), onClick: () => setParams(clearedParams(params)) }}
            />
          ) : filters.exceptions ? (
            <StatusMessage title={t('invoices.queueEmpty')} body={t('invoices.queueEmptyBody')} />
          ) : (
            <StatusMessage
              title={t('invoices.empty')}
              body={t('invoices.emptyBody')}
              action={
                finance
                  ? { label: t('invoices.enter'), onClick: () => void navigate('/app/p2p/invoices/new') }
                  : undefined
              }
            />
          )
        }
        pagination={{
          page: filters.page,
          pageSize: PAGE_SIZE,
          count: invoices.data?.count ?? 0,
          onPageChange: (page) => set({ page }),
        }}
        onRowClick={(row) => void navigate(`/app/p2p/invoices/${row.id}`)}
        toolbar={toolbar}
        export={{
          fileName: filters.exceptions ? t('invoices.queueExportName') : t('invoices.exportName'),
          fetchAll: () => fetchAllPages<InvoiceSummary>(INVOICES_PATH, invoiceListParams(filters)),
        }}
        caption={
          filters.exceptions ? t('invoices.tabs.exceptions') : t('screens.invoices.name', { ns: 'platform' })
        }
        data-testid="invoices-table"
      />
    </PageFrame>
  );
}
