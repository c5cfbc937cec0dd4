import '@mantine/dates/styles.css';
import { Alert, Anchor, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { isIsoDate } from '@zabuni/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { StatusMessage } from '../../../../components/StatusMessage.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useDayjsLocale } from '../../../../lib/use-dayjs-locale.ts';
import { DataTable, type DataColumn } from '../../../../components/data-table/DataTable.tsx';
import {
  cycleTimesQuery,
  exceptionKindsQuery,
  SPEND_GROUPS,
  spendQuery,
  type CycleTimeRow,
  type ExceptionKindRow,
  type SpendGroup,
  type SpendRow,
} from '../api/reports.ts';
import { BarChart } from '../components/BarChart.tsx';
import { PageFrame, PageHeader, Section } from '../../../../components/PageFrame.tsx';
import { withParams } from '../model/list-filters.ts';
import { NS } from '../model/messages.ts';
import { formatAmount, toMinor } from '../../../../lib/money.ts';
import { useRoles } from '../model/roles.ts';

const SERIES = [
  { key: 'ordered', color: 'var(--mantine-color-blue-6)' },
  { key: 'invoiced', color: 'var(--mantine-color-orange-6)' },
  { key: 'paid', color: 'var(--mantine-color-teal-6)' },
] as const;

/** A report the server does not offer yet answers 404: say so instead of an error. */
const missing = (error: Error) => error instanceof ApiError && error.status === 404;

/** `/app/p2p/reports`: spend, order cycle times and invoice exceptions, with a way to budgets. */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const datesLocale = useDayjsLocale(language);
  const { organisationId } = useRoles();
  const [params, setParams] = useSearchParams();
  const group = SPEND_GROUPS.find((g) => g === params.get('group_by')) ?? 'supplier';
  const date = (name: string) => {
    const value = params.get(name);
    return value && isIsoDate(value) ? value : undefined;
  };
  const from = date('from');
  const to = date('to');
  const spend = useQuery(spendQuery(organisationId, { group_by: group, from, to }));
  const cycle = useQuery(cycleTimesQuery(organisationId));
  const exceptions = useQuery(exceptionKindsQuery(organisationId));
  const currency = spend.data?.currency ?? 'KES';
  const money = (text: string) => formatAmount(text, currency, language);
  const days = (value: number | null) =>
    value === null
      ? '—'
      : t('reports.days', {
          count: value,
          value: new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value),
        });
  const groupLabel = (row: SpendRow) => (group === 'month' ? monthName(row.label, language) : row.label);
  const set = (change: Parameters<typeof withParams>[1]) =>
    setParams((current) => withParams(current, change), { replace: true });

  const spendColumns: DataColumn<SpendRow>[] = [
    {
      key: 'label',
      header: t(`reports.groups.${group}`),
      width: 170,
      sortValue: (row) => (group === 'month' ? row.key : row.label),
      render: (row) => (
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {groupLabel(row)}
        </Text>
      ),
      exportValue: (row) => groupLabel(row),
    },
    ...SERIES.map((s): DataColumn<SpendRow> => ({
      key: s.key,
      header: t(`reports.series.${s.key}`),
      align: 'right',
      width: 150,
      hideOnMobile: s.key === 'paid',
      sortValue: (row) => toMinor(row[s.key], currency) ?? 0,
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {money(row[s.key])}
        </Text>
      ),
      exportValue: (row) => row[s.key],
    })),
  ];

  const cycleColumns: DataColumn<CycleTimeRow>[] = [
    {
      key: 'supplier',
      header: t('orders.columns.supplier'),
      width: 150,
      sortValue: (row) => row.supplier.name,
      render: (row) => (
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {row.supplier.name}
        </Text>
      ),
      exportValue: (row) => row.supplier.name,
    },
    {
      key: 'orders',
      header: t('reports.cycle.orders'),
      align: 'right',
      width: 70,
      sortValue: (row) => row.orders,
      render: (row) => row.orders,
      exportValue: (row) => row.orders,
    },
    ...(['approve', 'send', 'acknowledge', 'receive'] as const).map((step): DataColumn<CycleTimeRow> => ({
      key: step,
      header: t(`reports.cycle.${step}`),
      align: 'right',
      width: 120,
      hideOnMobile: step === 'acknowledge' || step === 'send',
      sortValue: (row) => row[`avg_days_to_${step}`],
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {days(row[`avg_days_to_${step}`])}
        </Text>
      ),
      exportValue: (row) => row[`avg_days_to_${step}`],
    })),
  ];

  const exceptionColumns: DataColumn<ExceptionKindRow>[] = [
    {
      key: 'kind',
      header: t('match.columns.kind'),
      width: 150,
      sortValue: (row) => t(`variance.${row.kind}`, { defaultValue: row.kind }),
      render: (row) => (
        <Text size="sm" fw={600}>
          {t(`variance.${row.kind}`, { defaultValue: row.kind })}
        </Text>
      ),
      exportValue: (row) => t(`variance.${row.kind}`, { defaultValue: row.kind }),
    },
    {
      key: 'invoices',
      header: t('reports.exceptions.invoices'),
      align: 'right',
      width: 80,
      sortValue: (row) => row.invoices,
      render: (row) => row.invoices,
      exportValue: (row) => row.invoices,
    },
    {
      key: 'blocking',
      header: t('reports.exceptions.blocking'),
      align: 'right',
      width: 90,
      sortValue: (row) => row.blocking,
      render: (row) => row.blocking,
      exportValue: (row) => row.blocking,
    },
  ];

  const notOffered = (
    <Alert color="gray" variant="light" data-testid="report-unavailable">
      {t('reports.unavailable')}
    </Alert>
  );

  return (
    <PageFrame testId="reports-page">
      <PageHeader
        module="p2p"
        title={t('screens.reports.name', { ns: 'platform' })}
        lead={t('reports.lead')}
      />

      <Section title={t('reports.spend.title')} testId="spend-section">
        <Text size="sm" c="dimmed">
          {t('reports.spend.lead')}
        </Text>
        <DatesProvider settings={{ locale: datesLocale, firstDayOfWeek: 1 }}>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Stack gap={4} miw={0} style={{ flex: '1 1 320px' }}>
              <Text size="sm" fw={500} id="spend-group-label">
                {t('reports.spend.groupBy')}
              </Text>
              <SegmentedControl
                value={group}
                onChange={(value) => set({ group_by: value === 'supplier' ? undefined : value })}
                data={SPEND_GROUPS.map((g: SpendGroup) => ({ value: g, label: t(`reports.groups.${g}`) }))}
                fullWidth
                aria-labelledby="spend-group-label"
                data-testid="spend-group"
                styles={{ label: { whiteSpace: 'normal' } }}
              />
            </Stack>
            <DateInput
              label={t('reports.from')}
              valueFormat="DD MMM YYYY"
              value={from ?? null}
              onChange={(value) => set({ from: value ?? undefined })}
              maxDate={to}
              clearable
              w={{ base: '100%', xs: 170 }}
              popoverProps={{ withinPortal: true }}
              data-testid="spend-from"
            />
            <DateInput
              label={t('reports.to')}
              valueFormat="DD MMM YYYY"
              value={to ?? null}
              onChange={(value) => set({ to: value ?? undefined })}
              minDate={from}
              clearable
              w={{ base: '100%', xs: 170 }}
              popoverProps={{ withinPortal: true }}
              data-testid="spend-to"
            />
          </Group>
        </DatesProvider>
        {spend.isError && missing(spend.error) ? (
          notOffered
        ) : spend.isPending ? (
          <Skeleton height={180} radius="md" />
        ) : spend.data && spend.data.rows.length > 0 ? (
          <Paper withBorder radius="md" p="sm">
            <BarChart
              label={t('reports.spend.chartLabel', { group: t(`reports.groups.${group}`) })}
              series={SERIES.map((s) => ({
                key: s.key,
                label: t(`reports.series.${s.key}`),
                color: s.color,
              }))}
              rows={spend.data.rows.slice(0, 12).map((row) => ({
                key: row.key,
                label: groupLabel(row),
                values: Object.fromEntries(
                  SERIES.map((s) => [
                    s.key,
                    { value: toMinor(row[s.key], currency) ?? 0, text: money(row[s.key]) },
                  ]),
                ),
              }))}
              testId="spend-chart"
            />
            {spend.data.rows.length > 12 && (
              <Text size="xs" c="dimmed" mt="xs">
                {t('reports.spend.chartTop', { count: 12 })}
              </Text>
            )}
          </Paper>
        ) : null}
        {!(spend.isError && missing(spend.error)) && (
          <DataTable<SpendRow>
            columns={spendColumns}
            rows={spend.data?.rows}
            rowKey={(row) => row.key}
            error={spend.isError ? spend.error.message : null}
            empty={<StatusMessage title={t('reports.spend.empty')} body={t('reports.spend.emptyBody')} />}
            export={{
              fileName: t('reports.spend.exportName', { group: t(`reports.groups.${group}`) }),
              fetchAll: async () => spend.data?.rows ?? [],
            }}
            caption={t('reports.spend.title')}
            data-testid="spend-table"
          />
        )}
        {spend.data && spend.data.rows.length > 0 && (
          <Group justify="flex-end" gap="lg" wrap="wrap" data-testid="spend-totals">
            {SERIES.map((s) => (
              <Text key={s.key} size="sm">
                {t(`reports.series.${s.key}`)}: <b>{money(spend.data.totals[s.key])}</b>
              </Text>
            ))}
          </Group>
        )}
      </Section>

      <Section title={t('reports.cycle.title')} testId="cycle-section">
        <Text size="sm" c="dimmed">
          {t('reports.cycle.lead')}
        </Text>
        {cycle.isError && missing(cycle.error) ? (
          notOffered
        ) : (
          <DataTable<CycleTimeRow>
            columns={cycleColumns}
            rows={cycle.data?.rows}
            rowKey={(row) => row.supplier.id}
            error={cycle.isError ? cycle.error.message : null}
            empty={<StatusMessage title={t('reports.cycle.empty')} />}
            export={{ fileName: t('reports.cycle.exportName'), fetchAll: async () => cycle.data?.rows ?? [] }}
            caption={t('reports.cycle.title')}
            data-testid="cycle-table"
          />
        )}
      </Section>

      <Section title={t('reports.exceptions.title')} testId="exceptions-section">
        <Text size="sm" c="dimmed">
          {t('reports.exceptions.lead')}
        </Text>
        {exceptions.isError && missing(exceptions.error) ? (
          notOffered
        ) : (
          <DataTable<ExceptionKindRow>
            columns={exceptionColumns}
            rows={exceptions.data?.rows}
            rowKey={(row) => row.kind}
            error={exceptions.isError ? exceptions.error.message : null}
            empty={<StatusMessage title={t('reports.exceptions.empty')} />}
            export={{
              fileName: t('reports.exceptions.exportName'),
              fetchAll: async () => exceptions.data?.rows ?? [],
            }}
            caption={t('reports.exceptions.title')}
            data-testid="exceptions-table"
          />
        )}
        <Anchor component={Link} to="/app/p2p/invoices?queue=exceptions" size="sm">
          {t('reports.exceptions.queueLink')}
        </Anchor>
      </Section>

      <Section title={t('reports.budgets.title')} testId="budgets-section">
        <Text size="sm">{t('reports.budgets.body')}</Text>
        <Button
          component={Link}
          to="/app/p2p/budgets"
          variant="light"
          w="fit-content"
          data-testid="budgets-link"
        >
          {t('reports.budgets.link')}
        </Button>
      </Section>
    </PageFrame>
  );
}

/** "2026-11" → "November 2026" in the reader's language. */
function monthName(key: string, locale: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(key);
  if (!match) return key;
  try {
    return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 15)),
    );
  } catch {
    return key;
  }
}
