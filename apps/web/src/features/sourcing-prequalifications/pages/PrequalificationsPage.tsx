import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table/DataTable.tsx';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatDate } from '../../../lib/format.ts';
import { listQuery, NS, PAGE_SIZE, type PrequalificationSummary } from '../api.ts';
import { StatusBadge } from '../components/StatusBadge.tsx';
import { useRoles } from '../roles.ts';

/** `/app/sourcing/prequalifications`: the organisation's exercises, newest first. */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const { organisationId, procurement } = useRoles();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery(listQuery(organisationId, page));

  const columns: DataColumn<PrequalificationSummary>[] = [
    {
      key: 'title',
      header: t('list.columns.title'),
      width: 280,
      render: (row) => (
        <Stack gap={2} miw={0}>
          <Text
            component={Link}
            to={`/app/sourcing/prequalifications/${row.id}`}
            size="sm"
            fw={600}
            c="teal.8"
            style={{ overflowWrap: 'anywhere' }}
            data-testid="prequalification-row-title"
          >
            {row.title}
          </Text>
          <Group gap={4} hiddenFrom="sm">
            <StatusBadge status={row.status} />
            <Text size="xs" c="dimmed">
              {t('list.closes', { date: formatDate(row.closes_at, language, true) })}
            </Text>
          </Group>
        </Stack>
      ),
      exportValue: (row) => row.title,
    },
    {
      key: 'status',
      header: t('list.columns.status'),
      width: 120,
      hideOnMobile: true,
      render: (row) => <StatusBadge status={row.status} />,
      exportValue: (row) => t(`status.${row.status}`),
    },
    {
      key: 'categories',
      header: t('list.columns.categories'),
      width: 220,
      hideOnMobile: true,
      render: (row) => (
        <Group gap={4}>
          {row.categories.map((c) => (
            <Badge key={c.id} variant="outline" color="gray" tt="none" fw={500} maw="100%">
              {c.name}
            </Badge>
          ))}
        </Group>
      ),
      exportValue: (row) => row.categories.map((c) => c.name).join('; '),
    },
    {
      key: 'closes_at',
      header: t('list.columns.closes'),
      width: 180,
      hideOnMobile: true,
      render: (row) => <Text size="sm">{formatDate(row.closes_at, language, true)}</Text>,
      exportValue: (row) => row.closes_at,
    },
    {
      key: 'responses',
      header: t('list.columns.responses'),
      width: 100,
      align: 'right',
      hideOnMobile: true,
      render: (row) => <Text size="sm">{row.responses}</Text>,
      exportValue: (row) => row.responses,
    },
  ];

  return (
    <PageFrame testId="prequalifications-page">
      <PageHeader
        module="sourcing"
        title={t('list.title')}
        lead={t('list.lead')}
        actions={
          <Group gap="xs">
            <Button component={Link} to="/app/sourcing/prequalifications/prequalified" variant="default">
              {t('prequalified.title')}
            </Button>
            {procurement && (
              <Button
                component={Link}
                to="/app/sourcing/prequalifications/new"
                data-testid="new-prequalification"
              >
                {t('list.new')}
              </Button>
            )}
          </Group>
        }
      />
      <DataTable
        columns={columns}
        rows={list.data?.results}
        rowKey={(row) => row.id}
        error={list.error ? list.error.message : null}
        empty={
          <StatusMessage
            title={t('list.empty.title')}
            body={procurement ? t('list.empty.body') : t('list.empty.bodyReader')}
          />
        }
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
