import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CONTRACT_STATUSES } from '@zabuni/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table/DataTable.tsx';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatDay, formatMoney } from '../../../lib/format.ts';
import { listQuery, NS, PAGE_SIZE, type ContractSummary } from '../api.ts';
import { StatusBadge } from '../components/StatusBadge.tsx';
import { useRoles } from '../roles.ts';

/** `/app/contracts/archive`: every contract the member may see, searchable by text, status and expiry. */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const { organisationId, manager } = useRoles();
  const [params, setParams] = useSearchParams();
  const filter = {
    page: Math.max(1, Number(params.get('page')) || 1),
    search: params.get('search') ?? '',
    status: params.get('status') ?? '',
    expiring: params.get('expiring') ?? '',
  };
  const [search, setSearch] = useState(filter.search);
  const list = useQuery(listQuery(organisationId, filter));
  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };

  const columns: DataColumn<ContractSummary>[] = [
    {
      key: 'title',
      header: t('archive.columns.title'),
      width: 300,
      render: (row) => (
        <Stack gap={2} miw={0}>
          <Text
            component={Link}
            to={`/app/contracts/${row.id}`}
            size="sm"
            fw={600}
            c="teal.8"
            style={{ overflowWrap: 'anywhere' }}
            data-testid="contract-row-title"
          >
            {row.title}
          </Text>
          <Text size="xs" c="dimmed">
            {row.number}
            {row.kind !== 'contract' ? ` · ${t(`kind.${row.kind}`)}` : ''}
          </Text>
          <Group gap={4} hiddenFrom="sm">
            <StatusBadge status={row.status} />
            <Text size="xs" c="dimmed">
              {row.supplier.name}
            </Text>
          </Group>
        </Stack>
      ),
      exportValue: (row) => row.title,
    },
    {
      key: 'supplier',
      header: t('archive.columns.supplier'),
      width: 200,
      hideOnMobile: true,
      render: (row) => <Text size="sm">{row.supplier.name}</Text>,
      exportValue: (row) => row.supplier.name,
    },
    {
      key: 'status',
      header: t('archive.columns.status'),
      width: 130,
      hideOnMobile: true,
      render: (row) => <StatusBadge status={row.status} />,
      exportValue: (row) => t(`status.${row.status}`),
    },
    {
      key: 'value',
      header: t('archive.columns.value'),
      width: 160,
      align: 'right',
      hideOnMobile: true,
      render: (row) => <Text size="sm">{formatMoney(row.value_minor / 100, row.currency, language)}</Text>,
      exportValue: (row) => row.value_minor / 100,
      exportCurrency: (row) => row.currency,
    },
    {
      key: 'end',
      header: t('archive.columns.end'),
      width: 130,
      hideOnMobile: true,
      render: (row) => <Text size="sm">{formatDay(row.end_date, language)}</Text>,
      exportValue: (row) => row.end_date,
    },
  ];

  return (
    <PageFrame testId="contracts-archive-page">
      <PageHeader
        module="contracts"
        title={t('archive.title')}
        lead={t('archive.lead')}
        actions={
          <Group gap="xs">
            <Button component={Link} to="/app/contracts/dashboard" variant="default">
              {t('dashboard.title')}
            </Button>
            <Button component="a" href="/api/v1/contracts/export/" variant="default" download>
              {t('archive.csv')}
            </Button>
            {manager && (
              <Button component={Link} to="/app/contracts/new" data-testid="new-contract">
                {t('archive.new')}
              </Button>
            )}
          </Group>
        }
      />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          update({ search });
        }}
      >
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={t('archive.search')}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
            data-testid="contracts-search"
          />
          <Select
            label={t('archive.status')}
            clearable
            data={CONTRACT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
            value={filter.status || null}
            onChange={(value) => update({ status: value ?? '' })}
            w={180}
          />
          <Select
            label={t('archive.expiring')}
            clearable
            data={['30', '60', '90'].map((days) => ({ value: days, label: t('archive.within', { days }) }))}
            value={filter.expiring || null}
            onChange={(value) => update({ expiring: value ?? '' })}
            w={180}
          />
          <Button type="submit" variant="default" data-testid="contracts-search-go">
            {t('archive.find')}
          </Button>
        </Group>
      </form>
      <DataTable
        columns={columns}
        rows={list.data?.results}
        rowKey={(row) => row.id}
        error={list.error ? list.error.message : null}
        empty={<StatusMessage title={t('archive.empty.title')} body={t('archive.empty.body')} />}
        pagination={{
          page: filter.page,
          pageSize: PAGE_SIZE,
          count: list.data?.count ?? 0,
          onPageChange: (next) => update({ page: String(next) }),
        }}
      />
    </PageFrame>
  );
}
