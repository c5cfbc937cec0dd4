import { Anchor, Box, Button, Group, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { REQUISITION_STATUSES, type RequisitionStatus } from '@zabuni/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { StatusMessage } from '../../../../components/StatusMessage.tsx';
import { usePageTitle } from '../../../../lib/use-page-title.ts';
import { DataTable, orderingParam, type DataColumn } from '../../../../components/data-table/DataTable.tsx';
import { fetchAllPages } from '../../../../lib/fetch-all.ts';
import { listParams, PAGE_SIZE, requisitionsQuery, type RequisitionSummary } from '../api.ts';
import { PageFrame } from '../../../../components/PageFrame.tsx';
import { StatusBadge } from '../components/StatusBadge.tsx';
import { hasFilters, readFilters, sortOf, withParams } from '../list-filters.ts';
import { formatShortDate } from '../requisition-form.ts';
import { formatAmount } from '../../../../lib/money.ts';
import { exportAmount, exportInstant } from '../../../../components/data-table/export.ts';

/** `/app/p2p/requisitions`: the organisation's requisitions, filtered, sorted and paged by the server. */
export function Component() {
  const { t, i18n } = useTranslation('requisitions');
  const language = i18n.resolvedLanguage ?? 'en';
  usePageTitle(t('list.title'));
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const requisitions = useQuery(requisitionsQuery(filters));
  const [search, setSearch] = useState(filters.search ?? '');
  const pushSearch = useDebouncedCallback(
    (value: string) => setParams((current) => withParams(current, { search: value.trim() || undefined })),
    400,
  );
  // Back and forward change the address: the box follows it (unless it is what was just typed).
  const [searched, setSearched] = useState(filters.search);
  if (searched !== filters.search) {
    setSearched(filters.search);
    if ((filters.search ?? '') !== search.trim()) setSearch(filters.search ?? '');
  }
  const filtered = hasFilters(filters);

  const columns: DataColumn<RequisitionSummary>[] = [
    {
      key: 'number',
      header: t('list.columns.number'),
      sortable: true,
      width: 190,
      render: (row) => (
        <Stack gap={2} align="flex-start">
          <Anchor
            component={Link}
            to={`/app/p2p/requisitions/${row.id}`}
            fw={600}
            size="sm"
            style={{ whiteSpace: 'nowrap' }}
            data-testid="requisition-link"
          >
            {row.number}
          </Anchor>
          {/* Phones show one column of what matters, and the total beside it. */}
          <Text size="sm" hiddenFrom="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {row.title}
          </Text>
          <Box hiddenFrom="sm">
            <StatusBadge status={row.status} size="sm" />
          </Box>
        </Stack>
      ),
      exportValue: (row) => row.number,
    },
    {
      key: 'title',
      header: t('list.columns.title'),
      sortable: true,
      width: 220,
      hideOnMobile: true,
      render: (row) => (
        <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {row.title}
        </Text>
      ),
      exportValue: (row) => row.title,
    },
    {
      key: 'requester',
      header: t('list.columns.requester'),
      width: 140,
      hideOnMobile: true,
      render: (row) => <Text size="sm">{row.requester.name}</Text>,
      exportValue: (row) => row.requester.name,
    },
    {
      key: 'status',
      header: t('list.columns.status'),
      sortable: true,
      width: 110,
      hideOnMobile: true,
      render: (row) => <StatusBadge status={row.status} size="sm" />,
      exportValue: (row) => t(`status.${row.status}`),
    },
    {
      key: 'total',
      header: t('list.columns.total'),
      sortable: true,
      align: 'right',
      width: 150,
      render: (row) => (
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {formatAmount(row.total, row.currency, language)}
        </Text>
      ),
      exportValue: (row) => exportAmount(row.total),
      exportCurrency: (row) => row.currency,
    },
    {
      key: 'submitted_at',
      header: t('list.columns.submitted'),
      sortable: true,
      width: 130,
      hideOnMobile: true,
      render: (row) => (
        <Text size="sm" c={row.submitted_at ? undefined : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
          {row.submitted_at ? formatShortDate(row.submitted_at, language) : '—'}
        </Text>
      ),
      exportValue: (row) => exportInstant(row.submitted_at),
    },
  ];

  const statusOptions = REQUISITION_STATUSES.map((status) => ({
    value: status,
    label: t(`status.${status}`),
  }));
  const clear = () => {
    setSearch('');
    setParams((current) => {
      const next = new URLSearchParams();
      const ordering = current.get('ordering');
      if (ordering) next.set('ordering', ordering);
      return next;
    });
  };

  const toolbar = (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={t('list.search')}
        placeholder={t('list.searchPlaceholder')}
        type="search"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          pushSearch(event.currentTarget.value);
        }}
        w={{ base: '100%', xs: 260 }}
        data-testid="requisitions-search"
      />
      <Select
        label={t('list.status')}
        placeholder={t('list.allStatuses')}
        data={statusOptions}
        value={filters.status ?? null}
        onChange={(value) =>
          setParams((current) =>
            withParams(current, { status: (value as RequisitionStatus | null) ?? undefined }),
          )
        }
        clearable
        w={{ base: '100%', xs: 200 }}
        comboboxProps={{ shadow: 'md' }}
        data-testid="requisitions-status-filter"
      />
      <Switch
        label={t('list.onlyMine')}
        checked={filters.mine}
        onChange={(event) => {
          const mine = event.currentTarget.checked;
          setParams((current) => withParams(current, { mine }));
        }}
        pb={8}
        data-testid="requisitions-mine"
      />
    </Group>
  );

  const empty = filtered ? (
    <StatusMessage
      title={t('list.emptyFiltered')}
      body={t('list.emptyFilteredBody')}
      action={{ label: t('list.clearFilters'), onClick: clear }}
    />
  ) : (
    <StatusMessage
      title={t('list.empty')}
      body={t('list.emptyBody')}
      action={{ label: t('list.new'), onClick: () => void navigate('/app/p2p/requisitions/new') }}
    />
  );

  return (
    <PageFrame testId="requisitions-page">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Stack gap={4} miw={0} style={{ flex: '1 1 280px' }}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('list.title')}
          </Title>
          <Text c="dimmed">{t('list.lead')}</Text>
        </Stack>
        <Button component={Link} to="/app/p2p/requisitions/new" data-testid="new-requisition">
          {t('list.new')}
        </Button>
      </Group>
      <DataTable<RequisitionSummary>
        columns={columns}
        rows={requisitions.data?.results}
        rowKey={(row) => row.id}
        error={requisitions.isError && !requisitions.data ? requisitions.error.message : null}
        empty={empty}
        pagination={{
          page: filters.page,
          pageSize: PAGE_SIZE,
          count: requisitions.data?.count ?? 0,
          onPageChange: (page) => setParams((current) => withParams(current, { page })),
        }}
        sort={sortOf(filters.ordering)}
        onSortChange={(sort) =>
          setParams((current) => withParams(current, { ordering: orderingParam(sort) }))
        }
        onRowClick={(row) => void navigate(`/app/p2p/requisitions/${row.id}`)}
        toolbar={toolbar}
        export={{
          fileName: t('list.exportName'),
          fetchAll: () => fetchAllPages<RequisitionSummary>('/p2p/requisitions/', listParams(filters)),
        }}
        caption={t('list.title')}
        data-testid="requisitions-table"
      />
    </PageFrame>
  );
}
