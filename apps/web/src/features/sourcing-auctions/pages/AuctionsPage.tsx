import { Anchor, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table/DataTable.tsx';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { auctionsQuery, NS, PAGE_SIZE, type AuctionSummary } from '../api.ts';
import { formatInstant, PhaseBadge } from '../components.tsx';
import { useAuctionRoles } from '../roles.ts';

/** `/app/sourcing/auctions`: the organisation's eAuctions, newest first. */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const { organisationId, procurement } = useAuctionRoles();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? '1') || 1;
  const auctions = useQuery(auctionsQuery(organisationId, page));
  const columns: DataColumn<AuctionSummary>[] = [
    {
      key: 'title',
      header: t('list.title'),
      render: (row) => (
        <Anchor
          component={Link}
          to={`/app/sourcing/auctions/${row.id}`}
          fw={600}
          size="sm"
          data-testid="auction-link"
        >
          {row.title}
        </Anchor>
      ),
      exportValue: (row) => row.title,
    },
    {
      key: 'phase',
      header: t('list.phase'),
      width: 150,
      render: (row) => <PhaseBadge phase={row.phase} size="sm" />,
      exportValue: (row) => t(`phase.${row.phase}`),
    },
    {
      key: 'kind',
      header: t('list.kind'),
      width: 200,
      hideOnMobile: true,
      render: (row) => (
        <Text size="sm">
          {t(`direction.${row.direction}`)} · {t(`rules.${row.rules}`)}
        </Text>
      ),
      exportValue: (row) => `${row.direction} ${row.rules}`,
    },
    {
      key: 'starts_at',
      header: t('list.starts'),
      width: 180,
      hideOnMobile: true,
      render: (row) => <Text size="sm">{formatInstant(row.starts_at, language)}</Text>,
      exportValue: (row) => row.starts_at,
    },
    {
      key: 'bids',
      header: t('list.bids'),
      width: 100,
      align: 'right',
      render: (row) => <Text size="sm">{row.bids}</Text>,
      exportValue: (row) => row.bids,
    },
  ];
  return (
    <PageFrame testId="auctions-page">
      <PageHeader
        module="sourcing"
        title={t('title.auctions')}
        lead={t('list.lead')}
        actions={
          procurement && (
            <Group gap="xs">
              <Button component={Link} to="/app/sourcing/auctions/new" data-testid="new-auction">
                {t('list.new')}
              </Button>
            </Group>
          )
        }
      />
      <DataTable<AuctionSummary>
        columns={columns}
        rows={auctions.data?.results}
        rowKey={(row) => row.id}
        error={auctions.isError && !auctions.data ? auctions.error.message : null}
        empty={<StatusMessage title={t('list.empty')} body={t('list.emptyBody')} />}
        pagination={{
          page,
          pageSize: PAGE_SIZE,
          count: auctions.data?.count ?? 0,
          onPageChange: (next) => setParams({ page: String(next) }),
        }}
        onRowClick={(row) => void navigate(`/app/sourcing/auctions/${row.id}`)}
        caption={t('title.auctions')}
        data-testid="auctions-table"
      />
    </PageFrame>
  );
}
