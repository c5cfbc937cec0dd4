import { Anchor, Badge, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table/DataTable.tsx';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { portalTendersQuery, TENDER_NS, type PortalTenderSummary } from '../tendering-api.ts';

export const instant = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language === 'am' ? 'am-ET' : language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Africa/Nairobi',
  }).format(new Date(iso));

/** `/portal/tenders`: published tenders of every buyer, newest first (issue 21). */
export function Component() {
  const { t, i18n } = useTranslation(TENDER_NS);
  const language = i18n.resolvedLanguage ?? 'en';
  usePageTitle(t('title'));
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? '1') || 1;
  const tenders = useQuery(portalTendersQuery(page));
  const columns: DataColumn<PortalTenderSummary>[] = [
    {
      key: 'number',
      header: t('number'),
      width: 160,
      render: (row) => (
        <Anchor
          component={Link}
          to={`/portal/tenders/${row.id}`}
          fw={600}
          size="sm"
          data-testid="portal-tender-link"
        >
          {row.number}
        </Anchor>
      ),
    },
    {
      key: 'title',
      header: t('notice'),
      render: (row) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.title}
        </Text>
      ),
    },
    {
      key: 'buyer',
      header: t('buyer'),
      hideOnMobile: true,
      render: (row) => <Text size="sm">{row.buyer}</Text>,
    },
    {
      key: 'closing',
      header: t('closing'),
      width: 180,
      hideOnMobile: true,
      render: (row) => <Text size="sm">{instant(row.closing_at, language)}</Text>,
    },
    {
      key: 'bid',
      header: t('yourBid'),
      width: 140,
      render: (row) =>
        row.has_bid ? (
          <Badge variant="light" color="green">
            {t('bidSent')}
          </Badge>
        ) : (
          <Text size="sm">{t('noBid')}</Text>
        ),
    },
  ];
  return (
    <PageFrame testId="portal-tenders-page">
      <PageHeader title={t('title')} lead={t('lead')} />
      <DataTable<PortalTenderSummary>
        columns={columns}
        rows={tenders.data?.results}
        rowKey={(row) => row.id}
        error={tenders.isError && !tenders.data ? tenders.error.message : null}
        empty={<StatusMessage title={t('empty')} />}
        pagination={{
          page,
          pageSize: 20,
          count: tenders.data?.count ?? 0,
          onPageChange: (next) => setParams({ page: String(next) }),
        }}
        onRowClick={(row) => void navigate(`/portal/tenders/${row.id}`)}
        caption={t('title')}
      />
    </PageFrame>
  );
}
