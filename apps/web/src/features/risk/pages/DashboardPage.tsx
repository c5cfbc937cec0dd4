import { Anchor, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { RiskSummary } from '@zabuni/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table/DataTable.tsx';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatDay } from '../../../lib/format.ts';
import { dashboardQuery, exportUrl, NS } from '../api.ts';
import { BandBadge, StatusBadge } from '../components/Badges.tsx';
import { HeatMap } from '../components/HeatMap.tsx';
import { useRiskRoles } from '../roles.ts';

/** `/app/risk/dashboard`: the heat maps, top risks, what is overdue and the suppliers by band. */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const { organisationId, manager } = useRiskRoles();
  const dashboard = useQuery(dashboardQuery(organisationId));
  const data = dashboard.data;

  const columns: DataColumn<RiskSummary>[] = [
    {
      key: 'title',
      header: t('register.columns.title'),
      render: (row) => (
        <Anchor component={Link} to={`/app/risk/register/${row.id}`} size="sm" fw={600} c="teal.8">
          {row.title}
        </Anchor>
      ),
      exportValue: (row) => row.title,
    },
    {
      key: 'score',
      header: t('register.columns.score'),
      width: 130,
      render: (row) => <BandBadge band={row.effective_band} score={row.effective_score} />,
      exportValue: (row) => row.effective_score,
    },
    {
      key: 'status',
      header: t('register.columns.status'),
      width: 140,
      hideOnMobile: true,
      render: (row) => <StatusBadge status={row.status} />,
      exportValue: (row) => t(`status.${row.status}`),
    },
  ];

  return (
    <PageFrame testId="risk-dashboard">
      <PageHeader
        module="risk"
        title={t('dashboard.title')}
        lead={t('dashboard.lead')}
        actions={
          <Group gap="xs">
            <Button component={Link} to="/app/risk/settings" variant="default">
              {t('settings.link')}
            </Button>
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
      {dashboard.error && <StatusMessage title={t('errors.load')} body={dashboard.error.message} />}
      {data && (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            {(['open', 'above_appetite', 'acceptance_pending'] as const).map((count) => (
              <Card key={count} withBorder padding="sm">
                <Text size="xs" c="dimmed">
                  {t(`dashboard.counts.${count}`)}
                </Text>
                <Text size="xl" fw={700} data-testid={`count-${count}`}>
                  {data.counts[count]}
                </Text>
              </Card>
            ))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <HeatMap view={data.heat_map} rating="inherent" testId="heat-map-inherent" />
            <HeatMap view={data.heat_map} rating="residual" testId="heat-map-residual" />
          </SimpleGrid>
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t('dashboard.topRisks')}
            </Title>
            <DataTable
              columns={columns}
              rows={data.top_risks}
              rowKey={(row) => row.id}
              empty={<StatusMessage title={t('register.empty')} />}
            />
          </Stack>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Card withBorder>
              <Title order={2} size="h5" mb="xs">
                {t('dashboard.overdueTreatments')}
              </Title>
              {data.overdue_treatments.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('dashboard.none')}
                </Text>
              ) : (
                <List size="sm" spacing={4} data-testid="overdue-treatments">
                  {data.overdue_treatments.map((item) => (
                    <List.Item key={item.id}>
                      <Anchor component={Link} to={`/app/risk/register/${item.risk.id}`} size="sm">
                        {item.action}
                      </Anchor>{' '}
                      · {item.risk.title} · {t('dashboard.due', { date: formatDay(item.due_on, language) })}
                    </List.Item>
                  ))}
                </List>
              )}
            </Card>
            <Card withBorder>
              <Title order={2} size="h5" mb="xs">
                {t('dashboard.overdueReviews')}
              </Title>
              {data.overdue_reviews.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('dashboard.none')}
                </Text>
              ) : (
                <List size="sm" spacing={4}>
                  {data.overdue_reviews.map((item) => (
                    <List.Item key={item.id}>
                      <Anchor component={Link} to={`/app/risk/outsourcing/${item.id}`} size="sm">
                        {item.service}
                      </Anchor>{' '}
                      · {item.supplier.name} ·{' '}
                      {t('dashboard.due', { date: formatDay(item.next_review_on, language) })}
                    </List.Item>
                  ))}
                </List>
              )}
            </Card>
          </SimpleGrid>
          <Card withBorder>
            <Title order={2} size="h5" mb="xs">
              {t('dashboard.suppliersByBand')}
            </Title>
            <Group gap="md" mb="sm">
              {data.suppliers_by_band.map((b) => (
                <Group key={b.band} gap={6}>
                  <BandBadge band={b.band} />
                  <Text size="sm" fw={600}>
                    {b.count}
                  </Text>
                </Group>
              ))}
            </Group>
            <List size="sm" spacing={4}>
              {data.suppliers.slice(0, 10).map((s) => (
                <List.Item key={s.supplier.id}>
                  <Anchor component={Link} to={`/app/risk/suppliers/${s.supplier.id}`} size="sm">
                    {s.supplier.name}
                  </Anchor>{' '}
                  <BandBadge band={s.band} score={s.score} />
                </List.Item>
              ))}
            </List>
          </Card>
        </Stack>
      )}
    </PageFrame>
  );
}
