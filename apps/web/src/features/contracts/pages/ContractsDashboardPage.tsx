import { Box, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table/DataTable.tsx';
import { PageFrame, PageHeader, PageSkeleton, Section } from '../../../components/PageFrame.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { NS, reportQuery, type Report } from '../api.ts';
import { useRoles } from '../roles.ts';

type SpendRow = Report['spend_vs_value'][number];

/** `/app/contracts`: the dashboard (by status, supplier, department; expiring soon; spend against value; cycle time). */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const { organisationId, manager } = useRoles();
  const report = useQuery(reportQuery(organisationId));
  if (!report.data) return <PageSkeleton />;
  const data = report.data;
  const money = (minor: number) => formatMoney(minor / 100, data.currency, language);
  const buckets = (
    title: string,
    rows: Report['by_status'],
    label: (row: Report['by_status'][number]) => string,
    testId: string,
  ) => (
    <Section title={title} testId={testId}>
      <Table.ScrollContainer minWidth={280}>
        <Table striped>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td>{label(row)}</Table.Td>
                <Table.Td ta="right">{row.count}</Table.Td>
                <Table.Td ta="right">{money(row.value_minor)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
  return (
    <PageFrame testId="contracts-dashboard-page">
      <PageHeader
        module="contracts"
        title={t('dashboard.title')}
        lead={t('dashboard.lead')}
        actions={
          <Group gap="xs">
            <Button
              component={Link}
              to="/app/contracts/archive"
              variant="default"
              data-testid="contracts-archive-link"
            >
              {t('archive.title')}
            </Button>
            {manager && (
              <Button component={Link} to="/app/contracts/new">
                {t('archive.new')}
              </Button>
            )}
          </Group>
        }
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {([30, 60, 90] as const).map((days) => (
          <Paper
            key={days}
            withBorder
            radius="md"
            p="md"
            component={Link}
            to={`/app/contracts/archive?expiring=${days}`}
            data-testid={`expiring-${days}`}
            style={{ color: 'inherit', textDecoration: 'none' }}
          >
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                {t('dashboard.expiring', { days })}
              </Text>
              <Text fz={28} fw={700}>
                {data.expiring[`within_${days}`]}
              </Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Text size="sm" c="dimmed">
          {t('dashboard.cycle')}
        </Text>
        <Text fw={600}>
          {data.cycle_time_days.average === null
            ? t('dashboard.noSigned')
            : t('dashboard.cycleValue', {
                average: data.cycle_time_days.average,
                median: data.cycle_time_days.median,
                count: data.cycle_time_days.count,
              })}
        </Text>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {buckets(t('dashboard.byStatus'), data.by_status, (row) => t(`status.${row.key}`), 'by-status')}
        {buckets(t('dashboard.bySupplier'), data.by_supplier, (row) => row.label, 'by-supplier')}
        {buckets(
          t('dashboard.byDepartment'),
          data.by_department,
          (row) => (row.key === '0' ? t('dashboard.none') : row.label),
          'by-department',
        )}
        {buckets(
          t('dashboard.byCategory'),
          data.by_category,
          (row) => (row.key === '0' ? t('dashboard.none') : row.label),
          'by-category',
        )}
      </SimpleGrid>
      <Section title={t('dashboard.spend')} testId="spend-vs-value">
        {/* One table: on phones the three amounts fold under each contract instead of scrolling sideways. */}
        <DataTable<SpendRow>
          rows={data.spend_vs_value}
          rowKey={(row) => row.id}
          empty={t('dashboard.none')}
          caption={t('dashboard.spend')}
          columns={[
            {
              key: 'contract',
              header: t('archive.columns.title'),
              width: 200,
              render: (row) => (
                <Stack gap={2}>
                  <Text
                    component={Link}
                    to={`/app/contracts/${row.id}`}
                    size="sm"
                    c="teal.8"
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {row.number} · {row.title}
                  </Text>
                  <Box hiddenFrom="sm" data-testid="spend-stacked">
                    {(
                      [
                        ['archive.columns.value', row.value_minor],
                        ['dashboard.ordered', row.ordered_minor],
                        ['dashboard.invoiced', row.invoiced_minor],
                      ] as const
                    ).map(([label, minor]) => (
                      <Group key={label} justify="space-between" gap="xs" wrap="nowrap">
                        <Text size="xs" c="dimmed">
                          {t(label)}
                        </Text>
                        <Text size="xs" fw={600} ta="right">
                          {money(minor)}
                        </Text>
                      </Group>
                    ))}
                  </Box>
                </Stack>
              ),
            },
            {
              key: 'value',
              header: t('archive.columns.value'),
              align: 'right',
              hideOnMobile: true,
              render: (row) => money(row.value_minor),
            },
            {
              key: 'ordered',
              header: t('dashboard.ordered'),
              align: 'right',
              hideOnMobile: true,
              render: (row) => money(row.ordered_minor),
            },
            {
              key: 'invoiced',
              header: t('dashboard.invoiced'),
              align: 'right',
              hideOnMobile: true,
              render: (row) => money(row.invoiced_minor),
            },
          ]}
        />
      </Section>
    </PageFrame>
  );
}
