import { Anchor, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { INVOICE_STATUSES, type InvoiceStatus } from '@zabuni/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { DataTable, type DataColumn } from '../../../components/data-table/DataTable.tsx';
import { fetchAllPages } from '../../../lib/fetch-all.ts';
import { invoiceListParams, invoicesQuery, PAGE_SIZE, type PortalInvoiceSummary } from '../api.ts';
import { OutcomeText, useOutcomeText } from '../components/OutcomeText.tsx';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { InvoiceStatusBadge } from '../components/StatusBadges.tsx';
import { formatDay } from '../format.ts';
import { formatAmount } from '../../../lib/money.ts';
import { readInvoiceFilters, withParams } from '../list-params.ts';
import { usePortal } from '../portal-context.ts';
import classes from './Portal.module.css';

/** `/portal/invoices`: the invoices sent to the selected buyer, each with what happens next in plain words. */
export function Component() {
  const { t, i18n } = useTranslation('portal');
  const language = i18n.resolvedLanguage ?? 'en';
  const { buyer } = usePortal();
  usePageTitle(t('invoices.title'));
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = readInvoiceFilters(params);
  const invoices = useQuery(invoicesQuery(filters));
  const describe = useOutcomeText();
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
  const filtered = Boolean(filters.status || filters.search || filters.purchaseOrder);
  const invoicePath = (row: PortalInvoiceSummary) => `/portal/invoices/${row.id}`;

  const columns: DataColumn<PortalInvoiceSummary>[] = [
    {
      key: 'invoice_number',
      header: t('invoices.columns.number'),
      width: 170,
      render: (row) => (
        <Stack gap={4} align="flex-start">
          <Anchor
            component={Link}
            to={invoicePath(row)}
            fw={600}
            size="sm"
            className={classes.wrap}
            data-testid="invoice-link"
          >
            {row.invoice_number}
          </Anchor>
          <Text size="xs" c="dimmed">
            {row.purchase_order.number} · {formatDay(row.invoice_date, language)}
          </Text>
          <Stack gap={4} hiddenFrom="sm">
            <InvoiceStatusBadge status={row.status} size="sm" />
            <OutcomeText invoice={row} lineClamp={3} />
          </Stack>
        </Stack>
      ),
      exportValue: (row) => row.invoice_number,
    },
    {
      key: 'status',
      header: t('invoices.columns.status'),
      width: 150,
      hideOnMobile: true,
      render: (row) => <InvoiceStatusBadge status={row.status} size="sm" />,
      exportValue: (row) => t(`invoiceStatus.${row.status}`),
    },
    {
      key: 'outcome',
      header: t('invoices.columns.outcome'),
      width: 320,
      hideOnMobile: true,
      render: (row) => <OutcomeText invoice={row} lineClamp={3} />,
      exportValue: (row) => describe(row).text,
    },
    {
      key: 'total',
      header: t('invoices.columns.total'),
      align: 'right',
      width: 150,
      render: (row) => (
        <Stack gap={0} align="flex-end">
          <Text size="sm" fw={600} className={classes.amount}>
            {formatAmount(row.total, row.currency, language)}
          </Text>
          {row.paid !== '0.00' && row.paid !== '0' && (
            <Text size="xs" c="dimmed" className={classes.amount}>
              {t('invoices.paidSoFar', { amount: formatAmount(row.paid, row.currency, language) })}
            </Text>
          )}
        </Stack>
      ),
      exportValue: (row) => `${row.currency} ${row.total}`,
    },
    {
      key: 'due_date',
      header: t('invoices.columns.due'),
      width: 120,
      hideOnMobile: true,
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDay(row.due_date, language)}
        </Text>
      ),
      exportValue: (row) => row.due_date,
    },
  ];

  const clear = () => {
    setSearch('');
    setParams(new URLSearchParams());
  };

  const toolbar = (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={t('invoices.search')}
        placeholder={t('invoices.searchPlaceholder')}
        type="search"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          pushSearch(event.currentTarget.value);
        }}
        w={{ base: '100%', xs: 240 }}
        data-testid="invoices-search"
      />
      <Select
        label={t('invoices.status')}
        placeholder={t('invoices.allStatuses')}
        data={INVOICE_STATUSES.map((status) => ({ value: status, label: t(`invoiceStatus.${status}`) }))}
        value={filters.status ?? null}
        onChange={(value) =>
          setParams((current) =>
            withParams(current, { status: (value as InvoiceStatus | null) ?? undefined }),
          )
        }
        clearable
        w={{ base: '100%', xs: 240 }}
        comboboxProps={{ shadow: 'md' }}
        data-testid="invoices-status-filter"
      />
    </Group>
  );

  const empty = filtered ? (
    <StatusMessage
      title={t('invoices.emptyFiltered')}
      body={t('invoices.emptyFilteredBody')}
      action={{ label: t('common.clearFilters'), onClick: clear }}
    />
  ) : (
    <StatusMessage
      title={t('invoices.empty', { buyer: buyer.name })}
      body={t('invoices.emptyBody')}
      action={{ label: t('invoices.send'), onClick: () => void navigate('/portal/invoices/new') }}
    />
  );

  return (
    <PageFrame testId="portal-invoices-page">
      <PageHeader
        title={t('invoices.title')}
        lead={t('invoices.lead', { buyer: buyer.name })}
        actions={
          <Button component={Link} to="/portal/invoices/new" data-testid="send-invoice">
            {t('invoices.send')}
          </Button>
        }
      />
      <DataTable<PortalInvoiceSummary>
        columns={columns}
        rows={invoices.data?.results}
        rowKey={(row) => row.id}
        error={invoices.isError && !invoices.data ? invoices.error.message : null}
        empty={empty}
        pagination={{
          page: filters.page,
          pageSize: PAGE_SIZE,
          count: invoices.data?.count ?? 0,
          onPageChange: (page) => setParams((current) => withParams(current, { page })),
        }}
        onRowClick={(row) => void navigate(invoicePath(row))}
        toolbar={toolbar}
        export={{
          fileName: t('invoices.exportName'),
          fetchAll: () =>
            fetchAllPages<PortalInvoiceSummary>('/portal/invoices/', invoiceListParams(filters)),
        }}
        caption={t('invoices.title')}
        data-testid="portal-invoices-table"
      />
    </PageFrame>
  );
}
