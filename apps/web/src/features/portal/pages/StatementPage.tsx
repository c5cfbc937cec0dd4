import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatDate } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { DataTable, type DataColumn } from '../../../components/data-table/DataTable.tsx';
import {
  statementDownloadUrl,
  statementQuery,
  type OpenInvoice,
  type StatementPeriod,
  type Statement,
  type StatementRow,
} from '../api.ts';
import { LoadProblem, PageFrame, PageHeader, PageSkeleton, Section } from '../../../components/PageFrame.tsx';
import { formatDay } from '../format.ts';
import { formatAmount } from '../../../lib/money.ts';
import { usePortal } from '../portal-context.ts';
import classes from './Portal.module.css';
import { exportAmount } from '../../../components/data-table/export.ts';

const ROWS_PER_PAGE = 25;
const TYPE_COLOR: Record<StatementRow['type'], string> = {
  purchase_order: 'dimmed',
  invoice: 'blue.8',
  payment: 'teal.8',
  credit: 'grape.8',
};

const isZero = (text: string) => !/[1-9]/.test(text);

function DownloadIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      aria-hidden
    >
      <path d="M12 4v11M7 10l5 5 5-5M5 20h14" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function Figure({
  label,
  value,
  testId,
  strong,
}: {
  label: string;
  value: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fw={strong ? 800 : 700} fz={strong ? 22 : 18} className={classes.amount} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

function Rows({ statement }: { statement: Statement }) {
  const { t, i18n } = useTranslation('portal');
  const language = i18n.resolvedLanguage ?? 'en';
  const [page, setPage] = useState(1);
  const money = (text: string) => (isZero(text) ? '' : formatAmount(text, statement.currency, language));
  const columns: DataColumn<StatementRow>[] = [
    {
      key: 'date',
      header: t('statement.columns.date'),
      width: 100,
      hideOnMobile: true,
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDay(row.date, language)}
        </Text>
      ),
      exportValue: (row) => row.date,
    },
    {
      key: 'type',
      header: t('statement.columns.type'),
      width: 110,
      hideOnMobile: true,
      render: (row) => (
        <Text size="xs" fw={600} c={TYPE_COLOR[row.type]}>
          {t(`statement.types.${row.type}`)}
        </Text>
      ),
      exportValue: (row) => t(`statement.types.${row.type}`),
    },
    {
      key: 'reference',
      header: t('statement.columns.reference'),
      width: 150,
      render: (row) => (
        <Stack gap={2}>
          <Text size="sm" fw={600} className={classes.wrap}>
            {row.reference}
          </Text>
          <Text size="xs" c="dimmed" hiddenFrom="sm" className={classes.wrap}>
            {formatDay(row.date, language)} · {t(`statement.types.${row.type}`)} · {row.description}
          </Text>
        </Stack>
      ),
      exportValue: (row) => row.reference,
    },
    {
      key: 'description',
      header: t('statement.columns.description'),
      width: 220,
      hideOnMobile: true,
      render: (row) => (
        <Text size="sm" className={classes.wrap}>
          {row.description}
        </Text>
      ),
      exportValue: (row) => row.description,
    },
    {
      key: 'debit',
      header: t('statement.columns.debit'),
      align: 'right',
      width: 120,
      hideOnMobile: true,
      render: (row) => (
        <Text size="sm" className={classes.amount}>
          {money(row.debit)}
        </Text>
      ),
      exportValue: (row) => exportAmount(row.debit),
    },
    {
      key: 'credit',
      header: t('statement.columns.credit'),
      align: 'right',
      width: 120,
      hideOnMobile: true,
      render: (row) => (
        <Text size="sm" className={classes.amount}>
          {money(row.credit)}
        </Text>
      ),
      exportValue: (row) => exportAmount(row.credit),
    },
    {
      key: 'balance',
      header: t('statement.columns.balance'),
      align: 'right',
      width: 130,
      render: (row) => (
        <Stack gap={0} align="flex-end">
          <Text size="sm" fw={600} className={classes.amount}>
            {formatAmount(row.balance, statement.currency, language)}
          </Text>
          {/* Phones: the movement under the balance. */}
          {(!isZero(row.debit) || !isZero(row.credit)) && (
            <Text
              size="xs"
              c={isZero(row.credit) ? 'dimmed' : 'teal.8'}
              hiddenFrom="sm"
              className={classes.amount}
            >
              {isZero(row.credit) ? `+ ${money(row.debit)}` : `− ${money(row.credit)}`}
            </Text>
          )}
        </Stack>
      ),
      exportValue: (row) => exportAmount(row.balance),
      exportCurrency: () => statement.currency,
    },
  ];
  const pages = statement.rows.slice((page - 1) * ROWS_PER_PAGE, page * ROWS_PER_PAGE);
  return (
    <DataTable<StatementRow>
      columns={columns}
      rows={pages}
      rowKey={(row) => `${row.type}-${row.reference}-${row.date}-${row.balance}`}
      empty={<StatusMessage title={t('statement.noRows')} />}
      pagination={
        statement.rows.length > ROWS_PER_PAGE
          ? { page, pageSize: ROWS_PER_PAGE, count: statement.rows.length, onPageChange: setPage }
          : undefined
      }
      caption={t('statement.rowsTitle')}
      data-testid="statement-table"
    />
  );
}

function OpenInvoices({ statement }: { statement: Statement }) {
  const { t, i18n } = useTranslation('portal');
  const language = i18n.resolvedLanguage ?? 'en';
  const money = (text: string) => formatAmount(text, statement.currency, language);
  const columns: DataColumn<OpenInvoice>[] = [
    {
      key: 'number',
      header: t('statement.open.number'),
      width: 150,
      render: (row) => (
        <Stack gap={2}>
          <Text size="sm" fw={600} className={classes.wrap}>
            {row.number}
          </Text>
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            {t('statement.open.dueOn', { date: formatDay(row.due_date, language) })}
          </Text>
        </Stack>
      ),
      sortValue: (row) => row.number,
    },
    {
      key: 'date',
      header: t('statement.open.date'),
      width: 110,
      hideOnMobile: true,
      render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDay(row.date, language)}</span>,
      sortValue: (row) => row.date,
    },
    {
      key: 'due_date',
      header: t('statement.open.due'),
      width: 110,
      hideOnMobile: true,
      render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatDay(row.due_date, language)}</span>,
      sortValue: (row) => row.due_date,
    },
    {
      key: 'status',
      header: t('statement.open.status'),
      width: 150,
      hideOnMobile: true,
      render: (row) => t(`invoiceStatus.${row.status}`, { defaultValue: row.status.replace(/_/g, ' ') }),
    },
    {
      key: 'total',
      header: t('statement.open.total'),
      align: 'right',
      width: 130,
      hideOnMobile: true,
      render: (row) => <span className={classes.amount}>{money(row.total)}</span>,
    },
    {
      key: 'paid',
      header: t('statement.open.paid'),
      align: 'right',
      width: 130,
      hideOnMobile: true,
      render: (row) => <span className={classes.amount}>{money(row.paid)}</span>,
    },
    {
      key: 'outstanding',
      header: t('statement.open.outstanding'),
      align: 'right',
      width: 140,
      render: (row) => (
        <Text size="sm" fw={700} className={classes.amount}>
          {money(row.outstanding)}
        </Text>
      ),
    },
  ];
  return (
    <Section title={t('statement.open.title')} testId="statement-open-invoices">
      <DataTable<OpenInvoice>
        columns={columns}
        rows={statement.open_invoices}
        rowKey={(row) => row.number}
        empty={
          <Text size="sm" c="dimmed" ta="center" py="md">
            {t('statement.open.none')}
          </Text>
        }
        caption={t('statement.open.title')}
        data-testid="statement-open-table"
      />
    </Section>
  );
}

/**
 * The statement's period: two East Africa Time days, kept in the address (`?from=…&to=…`, shareable). The API
 * decides: a period ending before it starts, or a day that is not one, comes back as its error, shown on
 * the field by its code.
 */
function PeriodFields({
  period,
  shown,
  onChange,
  problem,
}: {
  period: StatementPeriod;
  /** The period the statement on screen covers (the API's own when none was chosen). */
  shown: { from: string; to: string } | undefined;
  onChange(next: StatementPeriod): void;
  problem: ApiError | null;
}) {
  const { t } = useTranslation('portal');
  // The fields keep what was typed at once (the address follows a moment later); each change sends both
  // days as they stand, the statement's own standing in for a day not chosen.
  const [draft, setDraft] = useState<StatementPeriod>(period);
  const latest = useRef(draft);
  const chosen = Boolean(draft.from || draft.to);
  const change = (next: StatementPeriod) => {
    latest.current = next;
    setDraft(next);
    onChange(next);
  };
  const changeDay = (field: 'from' | 'to', value: string) =>
    change({
      from: latest.current.from ?? shown?.from,
      to: latest.current.to ?? shown?.to,
      [field]: value || undefined,
    });
  const fromError = problem?.messageFor('from');
  const toError = problem?.messageFor('to');
  return (
    <Stack gap={6}>
      <Group gap="sm" align="flex-start" wrap="wrap" data-testid="statement-period-fields">
        <TextInput
          type="date"
          label={t('statement.from')}
          value={draft.from ?? shown?.from ?? ''}
          onChange={(event) => changeDay('from', event.currentTarget.value)}
          error={fromError}
          w={180}
          data-testid="statement-from"
        />
        <TextInput
          type="date"
          label={t('statement.to')}
          value={draft.to ?? shown?.to ?? ''}
          onChange={(event) => changeDay('to', event.currentTarget.value)}
          error={toError}
          w={180}
          data-testid="statement-to"
        />
        {chosen && (
          <Button variant="subtle" mt={25} onClick={() => change({})} data-testid="statement-whole">
            {t('statement.wholeHistory')}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t('statement.periodHint')}
      </Text>
      {problem && !fromError && !toError && (
        <Alert color="red" variant="light" role="alert" data-testid="statement-period-error">
          {problem.message}
        </Alert>
      )}
    </Stack>
  );
}

/** `/portal/statement`: everything between the supplier and the selected buyer, with the running balance. */
export function Component() {
  const { t, i18n } = useTranslation('portal');
  const language = i18n.resolvedLanguage ?? 'en';
  const { buyer } = usePortal();
  const navigate = useNavigate();
  usePageTitle(t('statement.title', { buyer: buyer.name }));
  const [params, setParams] = useSearchParams();
  const period: StatementPeriod = {
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
  };
  const choose = (next: StatementPeriod) =>
    setParams(
      {
        ...(next.from ? { from: next.from } : {}),
        ...(next.to ? { to: next.to } : {}),
      },
      { replace: true },
    );
  const statement = useQuery(statementQuery(period));
  // A period the API refuses (400): its message goes on the field; the rest of the page waits for a good one.
  const refused =
    statement.error instanceof ApiError && statement.error.status === 400 ? statement.error : null;
  const chosen = Boolean(period.from || period.to);

  const downloads = (
    <>
      <Button
        component="a"
        href={statementDownloadUrl('pdf', period)}
        download
        disabled={refused !== null}
        variant="default"
        leftSection={<DownloadIcon />}
        data-testid="statement-download-pdf"
      >
        {t('statement.downloadPdf')}
      </Button>
      <Button
        component="a"
        href={statementDownloadUrl('xlsx', period)}
        download
        disabled={refused !== null}
        variant="default"
        leftSection={<DownloadIcon />}
        data-testid="statement-download-xlsx"
      >
        {t('statement.downloadXlsx')}
      </Button>
    </>
  );

  let body;
  if (statement.isPending) body = <PageSkeleton />;
  else if (refused) body = null;
  else if (statement.isError) {
    body = (
      <LoadProblem
        error={statement.error}
        onRetry={() => void statement.refetch()}
        back={{ to: '/portal/purchase-orders', label: t('orders.title') }}
        notFound={{ title: t('common.notFound'), body: t('common.notFoundBody') }}
      />
    );
  } else {
    const s = statement.data;
    const money = (text: string) => formatAmount(text, s.currency, language);
    const owed = s.open_invoices.length;
    body = (
      <>
        <Text size="sm" c="dimmed" data-testid="statement-period">
          {t('statement.period', {
            from: formatDay(s.from, language),
            to: formatDay(s.to, language),
            generated: formatDate(s.generated_at, language, true),
          })}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <Figure
            label={t('statement.opening')}
            value={money(s.opening_balance)}
            testId="statement-opening"
          />
          <Figure
            label={t('statement.closing')}
            value={money(s.closing_balance)}
            testId="statement-closing"
            strong
          />
          <Figure
            label={t('statement.openCount')}
            value={new Intl.NumberFormat(language).format(owed)}
            testId="statement-open-count"
          />
        </SimpleGrid>
        {s.rows.length === 0 ? (
          <Paper withBorder radius="md">
            <StatusMessage
              title={t(chosen ? 'statement.emptyPeriod' : 'statement.empty', { buyer: buyer.name })}
              body={t(chosen ? 'statement.emptyPeriodBody' : 'statement.emptyBody')}
              action={{ label: t('orders.title'), onClick: () => void navigate('/portal/purchase-orders') }}
            />
          </Paper>
        ) : (
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {t('statement.rowsTitle')}
            </Title>
            <Rows statement={s} />
          </Stack>
        )}
        <OpenInvoices statement={s} />
      </>
    );
  }

  return (
    <PageFrame testId="portal-statement-page">
      <PageHeader
        title={t('statement.title', { buyer: buyer.name })}
        lead={t('statement.lead', { buyer: buyer.name })}
        actions={<Group gap="sm">{downloads}</Group>}
      />
      <PeriodFields
        period={period}
        shown={statement.data ? { from: statement.data.from, to: statement.data.to } : undefined}
        onChange={choose}
        problem={refused}
      />
      {body}
    </PageFrame>
  );
}
