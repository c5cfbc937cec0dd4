import { Anchor, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { RFQ_PHASES } from '@zabuni/domain';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table/DataTable.tsx';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatAmount } from '../../../lib/money.ts';
import { NS, PAGE_SIZE, rfqsQuery, type RfqSummary } from '../api.ts';
import { formatInstant, RfqStatusBadge } from '../components.tsx';
import { useRfqRoles } from '../roles.ts';

/** `/app/sourcing/rfqs`: the organisation's requests for quotations, newest first, paged by the server. */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const { organisationId, procurement } = useRfqRoles();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? '1') || 1;
  const status = params.get('status') ?? undefined;
  const rfqs = useQuery(rfqsQuery(organisationId, page, status));
  const set = (key: string, value: string | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      if (key !== 'page') next.delete('page');
      return next;
    });

  const columns: DataColumn<RfqSummary>[] = [
    {
      key: 'number',
      header: t('list.columns.number'),
      width: 170,
      render: (row) => (
        <Stack gap={2} align="flex-start" miw={0}>
          <Anchor
            component={Link}
            to={`/app/sourcing/rfqs/${row.id}`}
            fw={600}
            size="sm"
            data-testid="rfq-link"
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
      header: t('list.columns.title'),
      hideOnMobile: true,
      render: (row) => (
        <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {row.title}
        </Text>
      ),
      exportValue: (row) => row.title,
    },
    {
      key: 'status',
      header: t('list.columns.status'),
      width: 150,
      render: (row) => <RfqStatusBadge status={row.status} size="sm" />,
      exportValue: (row) => t(`status.${row.status}`),
    },
    {
      key: 'closing_at',
      header: t('list.columns.closing'),
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
      key: 'submitted',
      header: t('list.columns.submitted'),
      width: 120,
      align: 'right',
      render: (row) => (
        <Text size="sm" data-testid="rfq-submitted">
          {t('list.submittedOf', { submitted: row.submitted, invited: row.invited })}
        </Text>
      ),
      exportValue: (row) => row.submitted,
    },
    {
      key: 'estimate',
      header: t('list.columns.estimate'),
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
    <PageFrame testId="rfqs-page">
      <PageHeader
        module="sourcing"
        title={t('title.rfqs')}
        lead={t('list.lead')}
        actions={
          <Group gap="xs">
            <Button component={Link} to="/app/sourcing/opening-passphrase" variant="default">
              {t('title.passphrase')}
            </Button>
            {procurement && (
              <Button component={Link} to="/app/sourcing/rfqs/new" data-testid="new-rfq">
                {t('list.new')}
              </Button>
            )}
          </Group>
        }
      />
      <DataTable<RfqSummary>
        columns={columns}
        rows={rfqs.data?.results}
        rowKey={(row) => row.id}
        error={rfqs.isError && !rfqs.data ? rfqs.error.message : null}
        toolbar={
          <Select
            label={t('list.columns.status')}
            placeholder={t('list.allStatuses')}
            data={RFQ_PHASES.map((value) => ({ value, label: t(`status.${value}`) }))}
            value={status ?? null}
            onChange={(value) => set('status', value ?? undefined)}
            clearable
            w={{ base: '100%', xs: 200 }}
            data-testid="rfqs-status-filter"
          />
        }
        empty={
          <StatusMessage
            title={t('list.empty')}
            body={t('list.emptyBody')}
            action={
              procurement
                ? { label: t('list.new'), onClick: () => void navigate('/app/sourcing/rfqs/new') }
                : undefined
            }
          />
        }
        pagination={{
          page,
          pageSize: PAGE_SIZE,
          count: rfqs.data?.count ?? 0,
          onPageChange: (next) => set('page', String(next)),
        }}
        onRowClick={(row) => void navigate(`/app/sourcing/rfqs/${row.id}`)}
        caption={t('title.rfqs')}
        data-testid="rfqs-table"
      />
    </PageFrame>
  );
}
