import { Badge, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table/DataTable.tsx';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatDate } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { PAGE_SIZE } from '../api.ts';
import {
  NS_PQ,
  prequalificationsQuery,
  type PortalPrequalificationSummary,
} from '../prequalifications-api.ts';

/** `/portal/prequalifications`: the prequalifications the supplier is invited to, open ones first by closing. */
export function Component() {
  const { t, i18n } = useTranslation(NS_PQ);
  const language = i18n.resolvedLanguage ?? 'en';
  usePageTitle(t('list.title'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery(prequalificationsQuery(page));
  const columns: DataColumn<PortalPrequalificationSummary>[] = [
    {
      key: 'title',
      header: t('list.columns.title'),
      width: 280,
      render: (row) => (
        <Text
          component={Link}
          to={`/portal/prequalifications/${row.id}`}
          size="sm"
          fw={600}
          c="teal.8"
          data-testid="portal-pq-title"
        >
          {row.title}
        </Text>
      ),
    },
    {
      key: 'buyer',
      header: t('list.columns.buyer'),
      width: 200,
      hideOnMobile: true,
      render: (row) => <Text size="sm">{row.buyer.name}</Text>,
    },
    {
      key: 'closes',
      header: t('list.columns.closes'),
      width: 190,
      render: (row) => <Text size="sm">{formatDate(row.closes_at, language, true)}</Text>,
    },
    {
      key: 'status',
      header: t('list.columns.status'),
      width: 140,
      render: (row) => (
        <Badge
          variant="light"
          color={row.response_status === 'submitted' ? 'teal' : row.open ? 'blue' : 'gray'}
          data-testid="portal-pq-status"
        >
          {row.response_status
            ? t(`response.${row.response_status}`)
            : row.open
              ? t('list.open')
              : t('list.closed')}
        </Badge>
      ),
    },
  ];
  return (
    <PageFrame testId="portal-prequalifications">
      <PageHeader title={t('list.title')} lead={t('list.lead')} />
      <DataTable
        columns={columns}
        rows={list.data?.results}
        rowKey={(row) => row.id}
        error={list.error ? list.error.message : null}
        empty={<StatusMessage title={t('list.empty.title')} body={t('list.empty.body')} />}
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
