import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table/DataTable.tsx';
import { BackLink, PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatDay } from '../../../lib/format.ts';
import { NS, PAGE_SIZE, prequalifiedQuery, type PrequalifiedSupplier } from '../api.ts';
import { useRoles } from '../roles.ts';

/** `/app/sourcing/prequalifications/prequalified`: suppliers approved and still valid, per category. */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const { organisationId } = useRoles();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery(prequalifiedQuery(organisationId, page));
  const columns: DataColumn<PrequalifiedSupplier>[] = [
    {
      key: 'category',
      header: t('prequalified.columns.category'),
      width: 240,
      render: (row) => <Text size="sm">{row.category.name}</Text>,
      exportValue: (row) => row.category.name,
    },
    {
      key: 'supplier',
      header: t('prequalified.columns.supplier'),
      width: 240,
      render: (row) => (
        <Text size="sm" fw={600}>
          {row.supplier.name}
        </Text>
      ),
      exportValue: (row) => row.supplier.name,
    },
    {
      key: 'score',
      header: t('prequalified.columns.score'),
      width: 90,
      align: 'right',
      hideOnMobile: true,
      render: (row) => <Text size="sm">{row.score}</Text>,
      exportValue: (row) => row.score,
    },
    {
      key: 'valid_until',
      header: t('prequalified.columns.validUntil'),
      width: 140,
      render: (row) => <Text size="sm">{formatDay(row.valid_until, language)}</Text>,
      exportValue: (row) => row.valid_until,
    },
  ];
  return (
    <PageFrame testId="prequalified-page">
      <BackLink to="/app/sourcing/prequalifications" label={t('list.title')} />
      <PageHeader module="sourcing" title={t('prequalified.title')} lead={t('prequalified.lead')} />
      <DataTable
        columns={columns}
        rows={list.data?.results}
        rowKey={(row) => `${row.supplier.id}-${row.category.id}-${row.prequalification_id}`}
        error={list.error ? list.error.message : null}
        empty={<StatusMessage title={t('prequalified.empty.title')} body={t('prequalified.empty.body')} />}
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
