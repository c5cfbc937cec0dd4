import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  budgetForm,
  type BudgetForm,
  type BudgetView,
  type Department,
  type FiscalYear,
} from '@zabuni/contracts';
import {
  BUDGET_CHECK_POINTS,
  BUDGET_CONTROL_ACTIONS,
  BUDGET_PERIODS,
  CURRENCY_EXPONENTS,
  type BudgetControlAction,
  type BudgetPeriod,
} from '@zabuni/domain';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/toast.ts';
import { applyServerErrors, contractResolver } from '../../../../lib/form-errors.ts';
import { budgetsApi } from '../api/budgets.ts';
import { useAllCategories } from '../api/categories.ts';
import { setupKey } from '../api/keys.ts';
import { errorText, NS, useMessage } from './shared.tsx';

/** What the form holds: ids stay null until chosen (the contract's message then names the field). */
export interface BudgetFormValues {
  name: string;
  fiscal_year_id: number | null;
  department_id: number | null;
  category_id: number | null;
  currency: string;
  amount: string;
  period: BudgetPeriod;
  controls: Record<(typeof BUDGET_CHECK_POINTS)[number], BudgetControlAction>;
  /** Whether others' pending (submitted) requisitions count against it, not only shown. */
  count_proposed: boolean;
}

/** The API's own request schema; its catalogue keys shown in the interface language with their values. */
const resolver = contractResolver<BudgetFormValues, BudgetForm>(budgetForm);
const CURRENCIES = Object.keys(CURRENCY_EXPONENTS).sort((a, b) =>
  a === 'KES' ? -1 : b === 'KES' ? 1 : a.localeCompare(b),
);
const SERVER_FIELDS = [
  'name',
  'fiscal_year_id',
  'department_id',
  'category_id',
  'currency',
  'amount',
  'period',
] as const;

function valuesOf(budget: BudgetView | null, fiscalYearId: number | null): BudgetFormValues {
  if (!budget) {
    return {
      name: '',
      fiscal_year_id: fiscalYearId,
      department_id: null,
      category_id: null,
      currency: 'KES',
      amount: '',
      period: 'annual',
      controls: { requisition: 'warn', purchase_order: 'stop', invoice: 'warn' },
      count_proposed: false,
    };
  }
  return {
    name: budget.name,
    fiscal_year_id: budget.fiscal_year.id,
    department_id: budget.department.id,
    category_id: budget.category?.id ?? null,
    currency: budget.currency,
    amount: budget.amount,
    period: budget.period,
    controls: { ...budget.controls },
    count_proposed: budget.count_proposed,
  };
}

/**
 * Sets or changes a budget: fiscal year × department × category (or every category), its amount and period,
 * and what happens at each check point when a document would pass it.
 */
export function BudgetFormModal({
  opened,
  organisationId,
  budget,
  fiscalYears,
  departments,
  defaultFiscalYearId,
  onClose,
}: {
  opened: boolean;
  organisationId: number;
  /** null: a new budget. */
  budget: BudgetView | null;
  fiscalYears: readonly FiscalYear[];
  departments: readonly Department[];
  defaultFiscalYearId: number | null;
  onClose(): void;
}) {
  const { t } = useTranslation(NS);
  const message = useMessage();
  const queryClient = useQueryClient();
  const categories = useAllCategories(opened);
  const form = useForm<BudgetFormValues, unknown, BudgetForm>({
    resolver,
    defaultValues: valuesOf(budget, defaultFiscalYearId),
  });
  useEffect(() => {
    if (opened) form.reset(valuesOf(budget, defaultFiscalYearId));
  }, [opened, budget, defaultFiscalYearId, form]);
  const { errors, isSubmitting } = form.formState;
  const [fiscalYearId, departmentId, categoryId] = useWatch({
    control: form.control,
    name: ['fiscal_year_id', 'department_id', 'category_id'],
  });

  const categoryOptions = useMemo(
    () => [
      { value: 'all', label: t('budgets.allCategories') },
      ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    ],
    [categories.data, t],
  );

  // A new budget is named after what it covers until the user writes a name of their own.
  useEffect(() => {
    if (budget || form.getFieldState('name').isDirty) return;
    const year = fiscalYears.find((y) => y.id === fiscalYearId);
    const department = departments.find((d) => d.id === departmentId);
    if (!year || !department) return;
    const category =
      categoryId === null
        ? t('budgets.allCategories')
        : (categories.data?.find((c) => c.id === categoryId)?.name ?? '');
    form.setValue('name', [department.code, year.name, category].filter(Boolean).join(' · '), {
      shouldDirty: false,
    });
  }, [budget, fiscalYearId, departmentId, categoryId, fiscalYears, departments, categories.data, form, t]);

  const yearOptions = fiscalYears
    .filter((year) => year.status === 'open' || year.id === budget?.fiscal_year.id)
    .map((year) => ({
      value: String(year.id),
      label: year.status === 'closed' ? `${year.name} (${t('fiscalYears.closed')})` : year.name,
    }));
  const departmentOptions = departments
    .filter((d) => d.active || d.id === budget?.department.id)
    .map((d) => ({ value: String(d.id), label: `${d.code} · ${d.name}` }));
  const error = (text: string | undefined) => message(text);

  const submit = form.handleSubmit(async (values) => {
    try {
      if (budget) await budgetsApi.update(budget.id, values);
      else await budgetsApi.create(values);
      await queryClient.invalidateQueries({ queryKey: setupKey(organisationId, 'budgets') });
      await queryClient.invalidateQueries({ queryKey: setupKey(organisationId, 'budget-utilisation') });
      toast.success(budget ? t('budgets.saved') : t('budgets.created'));
      onClose();
    } catch (failure) {
      if (applyServerErrors(failure, form.setError, SERVER_FIELDS)) toast.error(t('form.fixErrors'));
      else toast.error(message(errorText(failure)));
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={budget ? t('budgets.editTitle') : t('budgets.newTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <form onSubmit={submit} noValidate data-testid="budget-form">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Controller
              control={form.control}
              name="fiscal_year_id"
              render={({ field }) => (
                <Select
                  label={t('budgets.fields.fiscalYear')}
                  placeholder={t('form.choose')}
                  required
                  data={yearOptions}
                  value={field.value === null ? null : String(field.value)}
                  onChange={(value) => field.onChange(value ? Number(value) : null)}
                  error={error(errors.fiscal_year_id?.message)}
                  nothingFoundMessage={t('budgets.noOpenYear')}
                  allowDeselect={false}
                  data-testid="budget-fiscal-year"
                />
              )}
            />
            <Controller
              control={form.control}
              name="department_id"
              render={({ field }) => (
                <Select
                  label={t('budgets.fields.department')}
                  placeholder={t('form.choose')}
                  required
                  searchable
                  data={departmentOptions}
                  value={field.value === null ? null : String(field.value)}
                  onChange={(value) => field.onChange(value ? Number(value) : null)}
                  error={error(errors.department_id?.message)}
                  nothingFoundMessage={t('form.nothingFound')}
                  allowDeselect={false}
                  data-testid="budget-department"
                />
              )}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="category_id"
            render={({ field }) => (
              <Select
                label={t('budgets.fields.category')}
                description={t('budgets.fields.categoryHint')}
                searchable
                limit={60}
                data={categoryOptions}
                value={field.value === null ? 'all' : String(field.value)}
                onChange={(value) => field.onChange(!value || value === 'all' ? null : Number(value))}
                error={error(errors.category_id?.message)}
                nothingFoundMessage={categories.isPending ? t('form.loading') : t('form.nothingFound')}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                data-testid="budget-category"
              />
            )}
          />
          <TextInput
            label={t('budgets.fields.name')}
            description={t('budgets.fields.nameHint')}
            required
            maxLength={120}
            error={error(errors.name?.message)}
            {...form.register('name')}
            data-testid="budget-name"
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Controller
              control={form.control}
              name="currency"
              render={({ field }) => (
                <Select
                  label={t('budgets.fields.currency')}
                  required
                  searchable
                  data={CURRENCIES}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? 'KES')}
                  error={error(errors.currency?.message)}
                  allowDeselect={false}
                  data-testid="budget-currency"
                />
              )}
            />
            <TextInput
              label={t('budgets.fields.amount')}
              description={t('budgets.fields.amountHint')}
              required
              inputMode="decimal"
              autoComplete="off"
              error={error(errors.amount?.message)}
              {...form.register('amount')}
              data-testid="budget-amount"
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="period"
            render={({ field }) => (
              <Stack gap={4}>
                <Text size="sm" fw={500} id="budget-period-label">
                  {t('budgets.fields.period')}
                </Text>
                <SegmentedControl
                  aria-labelledby="budget-period-label"
                  data={BUDGET_PERIODS.map((period) => ({
                    value: period,
                    label: t(`budgets.period.${period}`),
                  }))}
                  value={field.value}
                  onChange={(value) => field.onChange(value as BudgetPeriod)}
                  data-testid="budget-period"
                />
                <Text size="xs" c="dimmed">
                  {t(`budgets.periodHint.${field.value}`)}
                </Text>
              </Stack>
            )}
          />
          <Fieldset legend={t('budgets.fields.controls')} radius="md">
            <Text size="xs" c="dimmed" mb="xs">
              {t('budgets.fields.controlsHint')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              {BUDGET_CHECK_POINTS.map((point) => (
                <Controller
                  key={point}
                  control={form.control}
                  name={`controls.${point}`}
                  render={({ field }) => (
                    <Select
                      label={t(`budgets.checkPoint.${point}`)}
                      data={BUDGET_CONTROL_ACTIONS.map((action) => ({
                        value: action,
                        label: t(`budgets.action.${action}`),
                      }))}
                      value={field.value}
                      onChange={(value) => field.onChange((value as BudgetControlAction | null) ?? 'warn')}
                      description={t(`budgets.actionHint.${field.value}`)}
                      allowDeselect={false}
                      data-testid={`budget-control-${point}`}
                    />
                  )}
                />
              ))}
            </SimpleGrid>
            <Controller
              control={form.control}
              name="count_proposed"
              render={({ field }) => (
                <Checkbox
                  mt="sm"
                  label={t('budgets.fields.countProposed')}
                  description={t('budgets.fields.countProposedHint')}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  data-testid="budget-count-proposed"
                />
              )}
            />
          </Fieldset>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} data-testid="budget-save">
              {budget ? t('actions.save') : t('budgets.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
