import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { StatusMessage } from '../../../../components/StatusMessage.tsx';
import { DataTable, type DataColumn } from '../../../../components/data-table/DataTable.tsx';
import { fetchAllPages } from '../../../../lib/fetch-all.ts';
import { PAGE_SIZE } from '../api/keys.ts';
import { paymentListParams, paymentsQuery, PAYMENTS_PATH, type Payment } from '../api/invoices.ts';
import { PageFrame, PageHeader } from '../../../../components/PageFrame.tsx';
import { SupplierPicker } from '../components/SupplierPicker.tsx';
import { formatDay } from '../model/dates.ts';
import { clearedParams, readPaymentFilters, withParams } from '../model/list-filters.ts';
import { NS } from '../model/messages.ts';
import { formatAmount, toMinor } from '../../../../lib/money.ts';
import { useRoles } from '../model/roles.ts';
import { exportAmount } from '../../../../components/data-table/export.ts';

/** `/app/p2p/payments`: payments recorded against approved invoices (made outside Zabuni). */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const { organisationId } = useRoles();
  const [params, setParams] = useSearchParams();
  const filters = readPaymentFilters(params);
  const payments = useQuery(paymentsQuery(organisationId, filters));
  const set = (change: Parameters<typeof withParams>[1]) =>
    setParams((current) => withParams(current, change));
  const method = (row: Payment) => t(`payments.methods.${row.method}`, { defaultValue: row.method });

  const columns: DataColumn<Payment>[] = [
    {
      key: 'paid_on',
      header: t('payments.fields.paidOn'),
      width: 120,
      sortValue: (row) => row.paid_on,
      render: (row) => (
        <Stack gap={2}>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDay(row.paid_on, language)}
          </Text>
          <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.supplier.name}
          </Text>
        </Stack>
      ),
      exportValue: (row) => row.paid_on,
    },
    {
      key: 'reference',
      header: t('payments.fields.reference'),
      width: 160,
      sortValue: (row) => row.reference,
      render: (row) => (
        <Stack gap={2}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {row.reference}
          </Text>
          <Anchor component={Link} to={`/app/p2p/invoices/${row.invoice.id}`} size="xs" hiddenFrom="sm">
            {row.invoice.invoice_number}
          </Anchor>
        </Stack>
      ),
      exportValue: (row) => row.reference,
    },
    {
      key: 'supplier',
      header: t('orders.columns.supplier'),
      width: 200,
      hideOnMobile: true,
      sortValue: (row) => row.supplier.name,
      render: (row) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.supplier.name}
        </Text>
      ),
      exportValue: (row) => row.supplier.name,
    },
    {
      key: 'invoice',
      header: t('payments.columns.invoice'),
      width: 150,
      hideOnMobile: true,
      sortValue: (row) => row.invoice.invoice_number,
      render: (row) => (
        <Anchor component={Link} to={`/app/p2p/invoices/${row.invoice.id}`} size="sm">
          {row.invoice.invoice_number}
        </Anchor>
      ),
      exportValue: (row) => row.invoice.invoice_number,
    },
    {
      key: 'method',
      header: t('payments.fields.method'),
      width: 130,
      hideOnMobile: true,
      sortValue: method,
      render: (row) => <Text size="sm">{method(row)}</Text>,
      exportValue: method,
    },
    {
      key: 'amount',
      header: t('payments.columns.amount'),
      align: 'right',
      width: 150,
      sortValue: (row) => toMinor(row.amount, row.currency),
      render: (row) => (
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {formatAmount(row.amount, row.currency, language)}
        </Text>
      ),
      exportValue: (row) => exportAmount(row.amount),
      exportCurrency: (row) => row.currency,
    },
    {
      key: 'recorded_by',
      header: t('payments.columns.recordedBy'),
      width: 150,
      hideOnMobile: true,
      sortValue: (row) => row.recorded_by.name,
      render: (row) => <Text size="sm">{row.recorded_by.name}</Text>,
      exportValue: (row) => row.recorded_by.name,
    },
  ];

  return (
    <PageFrame testId="payments-page">
      <PageHeader
        module="p2p"
        title={t('screens.payments.name', { ns: 'platform' })}
        lead={t('payments.lead')}
      />
      <DataTable<Payment>
        columns={columns}
        rows={payments.data?.results}
        rowKey={(row) => row.id}
        error={payments.isError && !payments.data ? payments.error.message : null}
        empty={
          filters.supplier ? (
            <StatusMessage
              title={t('common.emptyFiltered')}
              body={t('common.emptyFilteredBody')}
              action={{ label: t('common.clearFilters'), onClick: () => setParams(clearedParams(params)) }}
            />
          ) : (
            <StatusMessage title={t('payments.empty')} body={t('payments.emptyBody')} />
          )
        }
        pagination={{
          page: filters.page,
          pageSize: PAGE_SIZE,
          count: payments.data?.count ?? 0,
          onPageChange: (page) => set({ page }),
        }}
        toolbar={
          <Group gap="sm" align="flex-end" wrap="wrap">
            <SupplierPicker
              inToolbar
              label={t('orders.columns.supplier')}
              placeholder={t('orders.anySupplier')}
              value={filters.supplier}
              onChange={(supplier) => set({ supplier })}
              testId="payments-supplier-filter"
            />
          </Group>
        }
        export={{
          fileName: t('payments.exportName'),
          fetchAll: () => fetchAllPages<Payment>(PAYMENTS_PATH, paymentListParams(filters)),
        }}
        caption={t('screens.payments.name', { ns: 'platform' })}
        data-testid="payments-table"
      />
    </PageFrame>
  );
}
