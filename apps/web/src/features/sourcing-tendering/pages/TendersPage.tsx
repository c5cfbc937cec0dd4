import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table/DataTable.tsx';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatAmount } from '../../../lib/money.ts';
import { NS, PAGE_SIZE, tendersQuery, type TenderSummary } from '../api.ts';
import { formatInstant, TenderStatusBadge } from '../components.tsx';
import { useTenderRoles } from '../roles.ts';

/** `/app/sourcing/tenders`: the organisation's tenders, newest first (who bid is counted, never what). */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const { organisationId, procurement } = useTenderRoles();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? '1') || 1;
  const tenders = useQuery(tendersQuery(organisationId, page));

  const columns: DataColumn<TenderSummary>[] = [
    {
      key: 'number',
      header: t('list.number'),
      width: 170,
      render: (row) => (
        <Stack gap={2} align="flex-start" miw={0}>
          <Anchor
            component={Link}
            to={`/app/sourcing/tenders/${row.id}`}
            fw={600}
            size="sm"
            data-testid="tender-link"
          >
            {row.number}
          </Anchor>
          <Text size="sm" hiddenFrom="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.title}
          </Text>
        </Stack>
      ),
      exportValue: (row) => row.number,
    },
    {
      key: 'title',
      header: t('list.title'),
      hideOnMobile: true,
      render: (row) => (
        <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {row.title}
        </Text>
      ),
      exportValue: (row) => row.title,
    },
    {
      key: 'method',
      header: t('list.method'),
      hideOnMobile: true,
      width: 170,
      render: (row) => <Text size="sm">{t(`method.${row.method}`)}</Text>,
      exportValue: (row) => row.method,
    },
    {
      key: 'status',
      header: t('list.status'),
      width: 160,
      render: (row) => <TenderStatusBadge status={row.status} size="sm" />,
      exportValue: (row) => row.status,
    },
    {
      key: 'closing',
      header: t('list.closing'),
      width: 180,
      hideOnMobile: true,
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatInstant(row.closing_at, language)}
        </Text>
      ),
      exportValue: (row) => row.closing_at,
    },
    {
      key: 'bids',
      header: t('list.bids'),
      width: 80,
      align: 'right',
      render: (row) => <Text size="sm">{row.bids}</Text>,
      exportValue: (row) => row.bids,
    },
    {
      key: 'estimate',
      header: t('list.estimate'),
      width: 150,
      align: 'right',
      hideOnMobile: true,
      render: (row) => (
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {formatAmount(row.estimate, row.currency, language)}
        </Text>
      ),
      exportValue: (row) => row.estimate,
    },
  ];

  return (
    <PageFrame testId="tenders-page">
      <PageHeader
        module="sourcing"
        title={t('title')}
        lead={t('list.lead')}
        actions={
          procurement && (
            <Button component={Link} to="/app/sourcing/tenders/new" data-testid="new-tender">
              {t('list.new')}
            </Button>
          )
        }
      />
      <DataTable<TenderSummary>
        columns={columns}
        rows={tenders.data?.results}
        rowKey={(row) => row.id}
        error={tenders.isError && !tenders.data ? tenders.error.message : null}
        empty={<StatusMessage title={t('list.empty')} body={t('list.emptyBody')} />}
        pagination={{
          page,
          pageSize: PAGE_SIZE,
          count: tenders.data?.count ?? 0,
          onPageChange: (next) => setParams({ page: String(next) }),
        }}
        onRowClick={(row) => void navigate(`/app/sourcing/tenders/${row.id}`)}
        caption={t('title')}
        data-testid="tenders-table"
      />
    </PageFrame>
  );
}
