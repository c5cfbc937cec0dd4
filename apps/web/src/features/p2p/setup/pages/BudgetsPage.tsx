import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { BudgetView } from '@zabuni/contracts';
import { BUDGET_CHECK_POINTS, currencyExponent, formatMinor, nairobiDate } from '@zabuni/domain';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Pagination } from '../../../../components/Pagination.tsx';
import { StatusMessage } from '../../../../components/StatusMessage.tsx';
import { usePlatform } from '../../../../lib/platform-context.ts';
import { DataTable, type DataColumn } from '../../../../components/data-table/DataTable.tsx';
import { useBudgets, useUtilisations, type BudgetRow } from '../api/budgets.ts';
import { useDepartments } from '../api/departments.ts';
import { useFiscalYears } from '../api/fiscal-years.ts';
import { BudgetFormModal } from '../components/BudgetFormModal.tsx';
import { NS, ReadOnlyNotice, useIsOrgAdmin } from '../components/shared.tsx';
import { PageHeader } from '../../../../components/PageFrame.tsx';
import { UtilisationBar } from '../components/UtilisationBar.tsx';
import { useClientTable } from '../model/client-table.ts';
import { defaultFiscalYear } from '../model/fiscal-year.ts';
import { formatMoneyText } from '../model/money.ts';
import { figuresOf, totalsByCurrency, type Figures } from '../model/utilisation.ts';

/** Departments per page of bars: a phone scrolls through a handful, not through fifty. */
const DEPARTMENTS_PER_PAGE = 10;

interface TableRow {
  budget: BudgetRow;
  figures: Figures | null;
}

interface DepartmentGroup {
  department: BudgetView['department'];
  owner: BudgetView['budget_owner'];
  budgets: BudgetRow[];
}

/**
 * `/app/p2p/budgets`: each cost centre's budgets for a fiscal year against what is proposed, committed and
 * spent (the budget owner's view before approving), as bars or as a table to export.
 */
export function Component() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { current } = usePlatform();
  const organisationId = current.organisation.id;
  const isAdmin = useIsOrgAdmin();
  const [params, setParams] = useSearchParams();
  const years = useFiscalYears(organisationId);
  const departments = useDepartments(organisationId);
  const [modal, setModal] = useState<{ budget: BudgetView | null } | null>(null);
  const [page, setPage] = useState(1);

  const today = nairobiDate(new Date());
  const fallbackYear = years.data ? defaultFiscalYear(years.data, today) : null;
  const asked = Number(params.get('fiscal_year')) || null;
  const fiscalYearId = years.data?.some((y) => y.id === asked) ? asked : (fallbackYear?.id ?? null);
  const fiscalYear = years.data?.find((y) => y.id === fiscalYearId) ?? null;
  const departmentId = Number(params.get('department')) || null;
  const view = params.get('view') === 'table' ? 'table' : 'bars';
  const budgets = useBudgets(organisationId, { fiscalYear: fiscalYearId, department: departmentId });
  const { byBudget, failed } = useUtilisations(organisationId, budgets.data);

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
    setPage(1);
  };

  const groups = useMemo(() => groupByDepartment(budgets.data ?? []), [budgets.data]);
  const allFigures = (budgets.data ?? []).flatMap((b) => {
    const utilisation = byBudget.get(b.id);
    const figures = utilisation ? figuresOf(utilisation) : null;
    return figures ? [figures] : [];
  });
  const totalsReady = budgets.data !== undefined && allFigures.length + failed.size >= budgets.data.length;
  const figuresFor = (budget: BudgetRow) => {
    const utilisation = byBudget.get(budget.id);
    return utilisation ? figuresOf(utilisation) : null;
  };

  const openNew = () => setModal({ budget: null });
  const newButton = isAdmin && (
    <Button
      onClick={openNew}
      disabled={!years.data?.some((y) => y.status === 'open')}
      data-testid="budget-new"
    >
      {t('budgets.new')}
    </Button>
  );

  let content;
  if (years.isError || departments.isError) {
    content = (
      <StatusMessage
        title={t('loadFailed')}
        body={(years.error ?? departments.error)?.message}
        action={{
          label: t('actions.retry'),
          onClick: () => void Promise.all([years.refetch(), departments.refetch()]),
        }}
      />
    );
  } else if (!years.data || !departments.data) {
    content = <BarsSkeleton />;
  } else if (years.data.length === 0) {
    content = (
      <StatusMessage
        title={t('budgets.noYears.title')}
        body={isAdmin ? t('budgets.noYears.bodyAdmin') : t('budgets.noYears.body')}
        action={
          isAdmin
            ? {
                label: t('budgets.noYears.action'),
                onClick: () => void navigate('../organisation-setup/fiscal-years'),
              }
            : undefined
        }
      />
    );
  } else if (departments.data.length === 0) {
    content = (
      <StatusMessage
        title={t('budgets.noDepartments.title')}
        body={isAdmin ? t('budgets.noDepartments.bodyAdmin') : t('budgets.noDepartments.body')}
        action={
          isAdmin
            ? {
                label: t('budgets.noDepartments.action'),
                onClick: () => void navigate('../organisation-setup/departments'),
              }
            : undefined
        }
      />
    );
  } else if (view === 'table') {
    content = (
      <BudgetsTable
        rows={budgets.data?.map((budget) => ({ budget, figures: figuresFor(budget) }))}
        error={budgets.isError ? budgets.error.message : null}
        fileName={`budgets-${fiscalYear?.name ?? ''}`}
        isAdmin={isAdmin}
        onEdit={(budget) => setModal({ budget })}
        empty={<EmptyBudgets yearName={fiscalYear?.name ?? ''} isAdmin={isAdmin} onNew={openNew} />}
      />
    );
  } else if (budgets.isError) {
    content = (
      <StatusMessage
        title={t('loadFailed')}
        body={budgets.error.message}
        action={{ label: t('actions.retry'), onClick: () => void budgets.refetch() }}
      />
    );
  } else if (!budgets.data) {
    content = <BarsSkeleton />;
  } else if (groups.length === 0) {
    content = <EmptyBudgets yearName={fiscalYear?.name ?? ''} isAdmin={isAdmin} onNew={openNew} />;
  } else {
    const pages = Math.max(1, Math.ceil(groups.length / DEPARTMENTS_PER_PAGE));
    const shownPage = Math.min(page, pages);
    const shown = groups.slice((shownPage - 1) * DEPARTMENTS_PER_PAGE, shownPage * DEPARTMENTS_PER_PAGE);
    content = (
      <Stack gap="md">
        {shown.map((group) => (
          <DepartmentCard
            key={group.department.id}
            group={group}
            figuresFor={figuresFor}
            failed={failed}
            isAdmin={isAdmin}
            onEdit={(budget) => setModal({ budget })}
          />
        ))}
        <Pagination
          page={shownPage}
          totalPages={pages}
          chunkSize={4}
          onChange={setPage}
          labels={{
            nav: t('pagination.nav'),
            previous: t('pagination.previous'),
            next: t('pagination.next'),
            first: t('pagination.first'),
            last: t('pagination.last'),
            summary: t('pagination.summary', { page: shownPage, pages }),
          }}
        />
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} bg="gray.0" data-testid="budget-totals">
          <Title order={2} fz="lg" mb="xs">
            {departmentId
              ? t('budgets.totalsDepartment')
              : t('budgets.totals', { year: fiscalYear?.name ?? '' })}
          </Title>
          {totalsReady ? (
            <Stack gap="md">
              {totalsByCurrency(allFigures).map((total) => (
                <UtilisationBar
                  key={total.currency}
                  figures={total}
                  testId={`budget-totals-${total.currency}`}
                />
              ))}
              {failed.size > 0 && (
                <Text size="xs" c="dimmed">
                  {t('budgets.totalsPartial', { count: failed.size })}
                </Text>
              )}
            </Stack>
          ) : (
            <Skeleton height={72} radius="sm" />
          )}
        </Paper>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={1120} mx="auto" data-testid="budgets-page">
      <PageHeader
        module="p2p"
        title={t('screens.budgets.name', { ns: 'platform' })}
        lead={t('budgets.description')}
        actions={newButton}
      />
      {!isAdmin && <ReadOnlyNotice>{t('budgets.readOnly')}</ReadOnlyNotice>}
      {years.data && years.data.length > 0 && departments.data && departments.data.length > 0 && (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('budgets.fields.fiscalYear')}
            data={years.data.map((y) => ({
              value: String(y.id),
              label: y.status === 'closed' ? `${y.name} (${t('fiscalYears.closed')})` : y.name,
            }))}
            value={fiscalYearId === null ? null : String(fiscalYearId)}
            onChange={(value) => setParam('fiscal_year', value)}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
            data-testid="budgets-fiscal-year"
          />
          <Select
            label={t('budgets.fields.department')}
            placeholder={t('budgets.allDepartments')}
            data={departments.data.map((d) => ({ value: String(d.id), label: `${d.code} · ${d.name}` }))}
            value={departmentId === null ? null : String(departmentId)}
            onChange={(value) => setParam('department', value)}
            clearable
            searchable
            nothingFoundMessage={t('form.nothingFound')}
            w={{ base: '100%', xs: 260 }}
            data-testid="budgets-department"
          />
          <SegmentedControl
            aria-label={t('budgets.view.label')}
            data={[
              { value: 'bars', label: t('budgets.view.bars') },
              { value: 'table', label: t('budgets.view.table') },
            ]}
            value={view}
            onChange={(value) => setParam('view', value === 'table' ? 'table' : null)}
            data-testid="budgets-view"
          />
        </Group>
      )}
      {fiscalYear?.status === 'closed' && (
        <Alert color="gray" variant="light">
          {t('budgets.closedYear', { year: fiscalYear.name })}
        </Alert>
      )}
      {content}
      {modal && years.data && departments.data && (
        <BudgetFormModal
          opened
          organisationId={organisationId}
          budget={modal.budget}
          fiscalYears={years.data}
          departments={departments.data}
          defaultFiscalYearId={fiscalYear?.status === 'open' ? fiscalYear.id : (fallbackYear?.id ?? null)}
          onClose={() => setModal(null)}
        />
      )}
    </Stack>
  );
}

function groupByDepartment(budgets: readonly BudgetRow[]): DepartmentGroup[] {
  const groups = new Map<number, DepartmentGroup>();
  for (const budget of budgets) {
    const group = groups.get(budget.department.id) ?? {
      department: budget.department,
      owner: budget.budget_owner,
      budgets: [],
    };
    group.budgets.push(budget);
    groups.set(budget.department.id, group);
  }
  for (const group of groups.values()) {
    // The department's general budget first, then its categories by name.
    group.budgets.sort((a, b) =>
      a.category === null ? -1 : b.category === null ? 1 : a.category.name.localeCompare(b.category.name),
    );
  }
  return [...groups.values()].sort((a, b) => a.department.code.localeCompare(b.department.code));
}

function DepartmentCard({
  group,
  figuresFor,
  failed,
  isAdmin,
  onEdit,
}: {
  group: DepartmentGroup;
  figuresFor(budget: BudgetRow): Figures | null;
  failed: ReadonlySet<number>;
  isAdmin: boolean;
  onEdit(budget: BudgetView): void;
}) {
  const { t } = useTranslation(NS);
  const figures = group.budgets.map(figuresFor);
  const loaded = figures.filter((f): f is Figures => f !== null);
  const totals = totalsByCurrency(loaded);
  const showTotal = group.budgets.length > 1 && loaded.length === group.budgets.length && totals.length === 1;
  const { department } = group;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-labelledby={`budget-department-${department.id}`}
      data-testid={`budget-utilisation-${department.code}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Box miw={0}>
            <Title
              order={2}
              fz="lg"
              id={`budget-department-${department.id}`}
              style={{ overflowWrap: 'anywhere' }}
            >
              {department.code} · {department.name}
            </Title>
            <Text size="xs" c="dimmed">
              {group.owner ? t('budgets.owner', { name: group.owner.name }) : t('budgets.noOwner')}
            </Text>
          </Box>
        </Group>
        {showTotal && totals[0] && (
          <Box data-testid="department-total">
            <Text size="sm" fw={600} mb={4}>
              {t('budgets.departmentTotal')}
            </Text>
            <UtilisationBar figures={totals[0]} />
          </Box>
        )}
        {group.budgets.map((budget, index) => (
          <BudgetLine
            key={budget.id}
            budget={budget}
            figures={figures[index] ?? null}
            failed={failed.has(budget.id)}
            isAdmin={isAdmin}
            onEdit={() => onEdit(budget)}
            divided={showTotal || index > 0}
          />
        ))}
      </Stack>
    </Paper>
  );
}

function BudgetLine({
  budget,
  figures,
  failed,
  isAdmin,
  onEdit,
  divided,
}: {
  budget: BudgetRow;
  figures: Figures | null;
  failed: boolean;
  isAdmin: boolean;
  onEdit(): void;
  divided: boolean;
}) {
  const { t } = useTranslation(NS);
  const category = budget.category?.name ?? t('budgets.allCategories');
  return (
    <Box
      pt={divided ? 'sm' : 0}
      style={divided ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
      data-testid={`budget-${budget.id}`}
    >
      <Group justify="space-between" align="flex-start" gap="xs" mb={6}>
        <Box miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {category}
            </Text>
            <Badge size="sm" variant="light" color="gray" tt="none">
              {t(`budgets.period.${budget.period}`)}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {budget.name} · {controlsSummary(budget, t)}
          </Text>
        </Box>
        {isAdmin && (
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={onEdit}
            aria-label={t('budgets.editNamed', { name: budget.name })}
            data-testid={`budget-edit-${budget.id}`}
          >
            {t('actions.edit')}
          </Button>
        )}
      </Group>
      {figures ? (
        <UtilisationBar figures={figures} />
      ) : failed ? (
        <Text size="sm" c="red.7">
          {t('budgets.utilisationFailed', { amount: formatMoneyText(budget.amount, budget.currency) })}
        </Text>
      ) : (
        <Skeleton height={64} radius="sm" />
      )}
    </Box>
  );
}

type T = ReturnType<typeof useTranslation>['t'];
function controlsSummary(budget: BudgetView, t: T): string {
  return BUDGET_CHECK_POINTS.map(
    (point) => `${t(`budgets.checkPointShort.${point}`)}: ${t(`budgets.action.${budget.controls[point]}`)}`,
  ).join(' · ');
}

function EmptyBudgets({ yearName, isAdmin, onNew }: { yearName: string; isAdmin: boolean; onNew(): void }) {
  const { t } = useTranslation(NS);
  return (
    <StatusMessage
      title={t('budgets.empty.title', { year: yearName })}
      body={isAdmin ? t('budgets.empty.bodyAdmin') : t('budgets.empty.body')}
      action={isAdmin ? { label: t('budgets.new'), onClick: onNew } : undefined}
    />
  );
}

function BarsSkeleton() {
  return (
    <Stack gap="md" data-testid="budgets-loading">
      {[0, 1, 2].map((i) => (
        <Paper key={i} withBorder radius="md" p="md">
          <Skeleton height={18} width="40%" mb="sm" />
          <Skeleton height={20} mb="sm" />
          <SimpleGrid cols={{ base: 2, md: 5 }} spacing="xs">
            {[0, 1, 2, 3, 4].map((j) => (
              <Skeleton key={j} height={32} />
            ))}
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}

function BudgetsTable({
  rows,
  error,
  fileName,
  isAdmin,
  onEdit,
  empty,
}: {
  rows: TableRow[] | undefined;
  error: string | null;
  fileName: string;
  isAdmin: boolean;
  onEdit(budget: BudgetView): void;
  empty: ReactNode;
}) {
  const { t } = useTranslation(NS);
  const money = (row: TableRow, figure: keyof Omit<Figures, 'currency'>) =>
    row.figures ? formatMinor(row.figures[figure], row.figures.currency) : '…';
  const number = (row: TableRow, figure: keyof Omit<Figures, 'currency'>) =>
    row.figures ? row.figures[figure] / 10 ** currencyExponent(row.figures.currency) : null;
  const amountColumn = (key: keyof Omit<Figures, 'currency'>, label: string): DataColumn<TableRow> => ({
    key,
    header: label,
    align: 'right',
    width: 150,
    render: (row) => (
      <Text
        size="sm"
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        c={key === 'available' && row.figures && row.figures.available < 0 ? 'red.7' : undefined}
      >
        {money(row, key)}
      </Text>
    ),
    sortValue: (row) => number(row, key),
    exportValue: (row) => number(row, key),
  });
  const columns: DataColumn<TableRow>[] = [
    {
      key: 'department',
      header: t('budgets.columns.department'),
      render: (row) => (
        <Text size="sm" fw={500}>
          {row.budget.department.code} · {row.budget.department.name}
        </Text>
      ),
      sortValue: (row) => row.budget.department.code,
      exportValue: (row) => `${row.budget.department.code} · ${row.budget.department.name}`,
      width: 180,
    },
    {
      key: 'category',
      header: t('budgets.columns.category'),
      render: (row) => row.budget.category?.name ?? t('budgets.allCategories'),
      sortValue: (row) => row.budget.category?.name ?? '',
      exportValue: (row) => row.budget.category?.name ?? t('budgets.allCategories'),
      width: 170,
    },
    {
      key: 'period',
      header: t('budgets.columns.period'),
      render: (row) => t(`budgets.period.${row.budget.period}`),
      sortValue: (row) => row.budget.period,
      exportValue: (row) => t(`budgets.period.${row.budget.period}`),
      width: 100,
      hideOnMobile: true,
    },
    {
      key: 'currency',
      header: t('budgets.columns.currency'),
      render: (row) => row.budget.currency,
      exportValue: (row) => row.budget.currency,
      width: 80,
      hideOnMobile: true,
    },
    amountColumn('amount', t('utilisation.amount')),
    amountColumn('proposed', t('utilisation.proposed')),
    amountColumn('committed', t('utilisation.committed')),
    amountColumn('actual', t('utilisation.actual')),
    amountColumn('available', t('utilisation.available')),
    {
      key: 'controls',
      header: t('budgets.columns.controls'),
      render: (row) => (
        <Text size="xs" c="dimmed">
          {controlsSummary(row.budget, t)}
        </Text>
      ),
      exportValue: (row) => controlsSummary(row.budget, t),
      width: 260,
      hideOnMobile: true,
    },
    ...(isAdmin
      ? [
          {
            key: 'edit',
            header: t('columns.actions'),
            render: (row: TableRow) => (
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => onEdit(row.budget)}
                aria-label={t('budgets.editNamed', { name: row.budget.name })}
              >
                {t('actions.edit')}
              </Button>
            ),
            width: 80,
          } satisfies DataColumn<TableRow>,
        ]
      : []),
  ];
  const table = useClientTable(rows, columns);
  return (
    <DataTable<TableRow>
      columns={table.columns}
      rows={table.rows}
      rowKey={(row) => row.budget.id}
      error={error}
      empty={empty}
      sort={table.sort}
      onSortChange={table.onSortChange}
      pagination={table.pagination}
      export={{ fileName, fetchAll: async () => table.all ?? [] }}
      caption={t('screens.budgets.name', { ns: 'platform' })}
      data-testid="budgets-table"
    />
  );
}
