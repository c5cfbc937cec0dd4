import { Badge, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table/DataTable.tsx';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatDay, formatMoney } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { PAGE_SIZE } from '../api.ts';
import { contractsQuery, NS_CONTRACTS, type PortalContractSummary } from '../contracts-api.ts';

/** `/portal/contracts`: contracts sent to the supplier to sign, and the signed ones. */
export function Component() {
  const { t, i18n } = useTranslation(NS_CONTRACTS);
  const language = i18n.resolvedLanguage ?? 'en';
  usePageTitle(t('list.title'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery(contractsQuery(page));
  const columns: DataColumn<PortalContractSummary>[] = [
    {
      key: 'title',
      header: t('list.columns.title'),
      width: 280,
      render: (row) => (
        <Text
          component={Link}
          to={`/portal/contracts/${row.id}`}
          size="sm"
          fw={600}
          c="teal.8"
          data-testid="portal-contract-title"
        >
          {row.title}
          <Text span size="xs" c="dimmed" display="block">
            {row.number}
          </Text>
        </Text>
      ),
      exportValue: (row) => row.title,
    },
    {
      key: 'buyer',
      header: t('list.columns.buyer'),
      width: 200,
      hideOnMobile: true,
      render: (row) => <Text size="sm">{row.buyer.name}</Text>,
      exportValue: (row) => row.buyer.name,
    },
    {
      key: 'status',
      header: t('list.columns.status'),
      width: 130,
      render: (row) => (
        <Badge
          variant="light"
          color={row.status === 'signing' ? 'grape' : row.status === 'active' ? 'teal' : 'gray'}
        >
          {t(`status.${row.status}`)}
        </Badge>
      ),
      exportValue: (row) => t(`status.${row.status}`),
    },
    {
      key: 'value',
      header: t('list.columns.value'),
      width: 150,
      align: 'right',
      hideOnMobile: true,
      render: (row) => <Text size="sm">{formatMoney(row.value_minor / 100, row.currency, language)}</Text>,
      exportValue: (row) => row.value_minor / 100,
    },
    {
      key: 'end',
      header: t('list.columns.end'),
      width: 120,
      hideOnMobile: true,
      render: (row) => <Text size="sm">{formatDay(row.end_date, language)}</Text>,
      exportValue: (row) => row.end_date,
    },
  ];
  return (
    <PageFrame testId="portal-contracts-page">
      <PageHeader title={t('list.title')} lead={t('list.lead')} />
      <DataTable
        columns={columns}
        rows={list.data?.results}
        rowKey={(row) => row.id}
        error={list.error ? list.error.message : null}
        empty={<StatusMessage title={t('list.empty')} />}
        pagination={{
          page,
          pageSize: PAGE_SIZE,
          count: list.data?.count ?? 0,
          onPageChange: (next) => setParams({ page: String(next) }),
        }}
      />
    </PageFrame>
  );
}
