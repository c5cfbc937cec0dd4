import { Anchor, Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table/DataTable.tsx';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatAmount } from '../../../lib/money.ts';
import { disposalsQuery, NS, PAGE_SIZE, type DisposalView } from '../api.ts';
import { PhaseBadge } from '../components.tsx';
import { useAuctionRoles } from '../roles.ts';

/** `/app/sourcing/disposals`: the asset register entries being disposed of. */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const { organisationId, procurement } = useAuctionRoles();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? '1') || 1;
  const disposals = useQuery(disposalsQuery(organisationId, page));
  const columns: DataColumn<DisposalView>[] = [
    {
      key: 'title',
      header: t('disposal.asset'),
      render: (row) => (
        <Anchor component={Link} to={`/app/sourcing/disposals/${row.id}`} fw={600} size="sm">
          {row.title}
        </Anchor>
      ),
      exportValue: (row) => row.title,
    },
    {
      key: 'status',
      header: t('list.phase'),
      width: 160,
      render: (row) => <PhaseBadge phase={row.status} size="sm" />,
      exportValue: (row) => row.status,
    },
    {
      key: 'method',
      header: t('disposal.method'),
      width: 180,
      hideOnMobile: true,
      render: (row) => <Text size="sm">{row.method ? t(`method.${row.method}`) : '—'}</Text>,
      exportValue: (row) => row.method ?? '',
    },
    {
      key: 'reserve',
      header: t('disposal.reserve'),
      width: 160,
      align: 'right',
      render: (row) => <Text size="sm">{formatAmount(row.reserve_price, row.currency, language)}</Text>,
      exportValue: (row) => row.reserve_price,
    },
  ];
  return (
    <PageFrame testId="disposals-page">
      <PageHeader
        module="sourcing"
        title={t('title.disposals')}
        lead={t('disposal.lead')}
        actions={
          procurement && (
            <Button component={Link} to="/app/sourcing/disposals/new" data-testid="new-disposal">
              {t('disposal.new')}
            </Button>
          )
        }
      />
      <DataTable<DisposalView>
        columns={columns}
        rows={disposals.data?.results}
        rowKey={(row) => row.id}
        error={disposals.isError && !disposals.data ? disposals.error.message : null}
        empty={<StatusMessage title={t('disposal.empty')} body={t('disposal.emptyBody')} />}
        pagination={{
          page,
          pageSize: PAGE_SIZE,
          count: disposals.data?.count ?? 0,
          onPageChange: (next) => setParams({ page: String(next) }),
        }}
        onRowClick={(row) => void navigate(`/app/sourcing/disposals/${row.id}`)}
        caption={t('title.disposals')}
      />
    </PageFrame>
  );
}
