import { Anchor, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { RISK_STATUSES } from '@zabuni/domain';
import type { RiskSummary } from '@zabuni/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table/DataTable.tsx';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { exportUrl, NS, PAGE_SIZE, risksQuery } from '../api.ts';
import { BandBadge, StatusBadge } from '../components/Badges.tsx';
import { useRiskRoles } from '../roles.ts';

/** `/app/risk/register`: the risk register, highest effective score first. */
export function Component() {
  const { t } = useTranslation(NS);
  const { organisationId, manager } = useRiskRoles();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const status = params.get('status') ?? undefined;
  const search = params.get('search') ?? undefined;
  const list = useQuery(risksQuery(organisationId, page, { status, search }));
  const set = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    setParams(next);
  };

  const columns: DataColumn<RiskSummary>[] = [
    {
      key: 'title',
      header: t('register.columns.title'),
      width: 280,
      render: (row) => (
        <Stack gap={2} miw={0}>
          <Anchor
            component={Link}
            to={`/app/risk/register/${row.id}`}
            size="sm"
            fw={600}
            c="teal.8"
            style={{ overflowWrap: 'anywhere' }}
            data-testid="risk-row-title"
          >
            {row.title}
          </Anchor>
          <Text size="xs" c="dimmed">
            {t(`categories.${row.category}`)}
            {row.supplier ? ` · ${row.supplier.name}` : ''}
            {row.source === 'threshold' ? ` · ${t('register.automatic')}` : ''}
          </Text>
        </Stack>
      ),
      exportValue: (row) => row.title,
    },
    {
      key: 'inherent',
      header: t('register.columns.inherent'),
      width: 120,
      hideOnMobile: true,
      render: (row) => <BandBadge band={row.inherent.band} score={row.inherent.score} />,
      exportValue: (row) => row.inherent.score,
    },
    {
      key: 'residual',
      header: t('register.columns.residual'),
      width: 120,
      render: (row) =>
        row.residual ? (
          <BandBadge band={row.residual.band} score={row.residual.score} />
        ) : (
          <Text size="sm">—</Text>
        ),
      exportValue: (row) => row.residual?.score ?? null,
    },
    {
      key: 'status',
      header: t('register.columns.status'),
      width: 150,
      hideOnMobile: true,
      render: (row) => (
        <Stack gap={2}>
          <StatusBadge status={row.status} />
          {!row.within_appetite && row.status === 'open' && (
            <Text size="xs" c="red.9">
              {t('register.aboveAppetite')}
            </Text>
          )}
        </Stack>
      ),
      exportValue: (row) => t(`status.${row.status}`),
    },
    {
      key: 'owner',
      header: t('register.columns.owner'),
      width: 150,
      hideOnMobile: true,
      render: (row) => <Text size="sm">{row.owner?.name ?? '—'}</Text>,
      exportValue: (row) => row.owner?.name ?? '',
    },
  ];

  return (
    <PageFrame testId="risk-register">
      <PageHeader
        module="risk"
        title={t('register.title')}
        lead={t('register.lead')}
        actions={
          <Group gap="xs">
            <Button component="a" href={exportUrl('risks')} variant="default" download>
              {t('dashboard.export')}
            </Button>
            {manager && (
              <Button component={Link} to="/app/risk/register/new" data-testid="new-risk">
                {t('register.new')}
              </Button>
            )}
          </Group>
        }
      />
      <Group gap="sm" mb="sm" align="end">
        <TextInput
          label={t('register.search')}
          defaultValue={search ?? ''}
          onKeyDown={(event) => {
            if (event.key === 'Enter') set('search', event.currentTarget.value.trim() || null);
          }}
          w={240}
        />
        <Select
          label={t('register.columns.status')}
          data={RISK_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          value={status ?? null}
          onChange={(value) => set('status', value)}
          clearable
          w={200}
        />
      </Group>
      <DataTable
        columns={columns}
        rows={list.data?.results}
        rowKey={(row) => row.id}
        error={list.error ? list.error.message : null}
        empty={
          <StatusMessage
            title={t('register.empty')}
            body={manager ? t('register.emptyManager') : undefined}
          />
        }
        pagination={{
          page,
          pageSize: PAGE_SIZE,
          count: list.data?.count ?? 0,
          onPageChange: (next) => {
            const copy = new URLSearchParams(params);
            copy.set('page', String(next));
            setParams(copy);
          },
        }}
      />
    </PageFrame>
  );
}
