import { Anchor, Badge, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table/DataTable.tsx';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { usePortal } from '../portal-context.ts';
import { portalRfqsQuery, RFQ_NS, type PortalRfqSummary } from '../rfqs-api.ts';

const instant = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language === 'am' ? 'am-ET' : language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Africa/Nairobi',
  }).format(new Date(iso));

/** `/portal/rfqs`: requests for quotations the selected buyer invited the supplier to. */
export function Component() {
  const { t, i18n } = useTranslation(RFQ_NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const { buyer } = usePortal();
  usePageTitle(t('list.title'));
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? '1') || 1;
  const rfqs = useQuery(portalRfqsQuery(buyer.id, page));
  const columns: DataColumn<PortalRfqSummary>[] = [
    {
      key: 'number',
      header: t('list.number'),
      width: 160,
      render: (row) => (
        <Anchor
          component={Link}
          to={`/portal/rfqs/${row.id}`}
          fw={600}
          size="sm"
          data-testid="portal-rfq-link"
        >
          {row.number}
        </Anchor>
      ),
    },
    { key: 'title', header: t('list.rfqTitle'), render: (row) => <Text size="sm">{row.title}</Text> },
    {
      key: 'closing',
      header: t('list.closing'),
      width: 180,
      hideOnMobile: true,
      render: (row) => <Text size="sm">{instant(row.closing_at, language)}</Text>,
    },
    {
      key: 'status',
      header: t('list.status'),
      width: 200,
      render: (row) => (
        <Badge
          variant="light"
          color={row.my_submission ? 'teal' : row.status === 'published' ? 'blue' : 'gray'}
        >
          {row.outcome
            ? t(`outcome.${row.outcome}`)
            : row.my_submission
              ? t('list.submitted')
              : row.status === 'published'
                ? t('list.open')
                : t('list.closed')}
        </Badge>
      ),
    },
  ];
  return (
    <PageFrame testId="portal-rfqs-page">
      <PageHeader title={t('list.title')} lead={t('list.lead', { buyer: buyer.name })} />
      <DataTable<PortalRfqSummary>
        columns={columns}
        rows={rfqs.data?.results}
        rowKey={(row) => row.id}
        error={rfqs.isError && !rfqs.data ? rfqs.error.message : null}
        empty={<StatusMessage title={t('list.empty')} body={t('list.emptyBody')} />}
        pagination={{
          page,
          pageSize: 20,
          count: rfqs.data?.count ?? 0,
          onPageChange: (next) => setParams({ page: String(next) }),
        }}
        onRowClick={(row) => void navigate(`/portal/rfqs/${row.id}`)}
        caption={t('list.title')}
        data-testid="portal-rfqs-table"
      />
    </PageFrame>
  );
}
