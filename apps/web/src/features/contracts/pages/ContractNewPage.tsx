import {
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { contractForm, type ContractForm } from '@zabuni/contracts';
import { RENEWAL_RULES } from '@zabuni/domain';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackLink, PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { contractResolver, messageText } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import {
  clausesQuery,
  contractsApi,
  departmentsQuery,
  key,
  NS,
  settingsQuery,
  suppliersQuery,
  templatesQuery,
} from '../api.ts';
import { AlertsAndOrdersFields } from '../components/AlertsAndOrdersFields.tsx';
import { useRoles } from '../roles.ts';

interface Values {
  title: string;
  supplier_id: number | null;
  template_id: number | null;
  clause_ids: number[];
  /** Minor units (cents): the field shows major units. */
  value_minor: number | '';
  currency: string;
  start_date: string;
  end_date: string;
  renewal: 'none' | 'automatic' | 'by_notice';
  renewal_term_months: number | null;
  notice_days: number | null;
  payment_terms: string;
  department_id: number | null;
  alert_days: number[] | null;
  alert_user_ids: number[];
  purchase_order_ids: number[];
}

const today = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);

/** `/app/contracts/new`: a contract from a template (merge fields filled from the terms) and approved clauses. */
export function Component() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { organisationId } = useRoles();
  const templates = useQuery(templatesQuery(organisationId));
  const clauses = useQuery(clausesQuery(organisationId));
  const suppliers = useQuery(suppliersQuery(organisationId));
  const departments = useQuery(departmentsQuery(organisationId));
  const [busy, setBusy] = useState(false);
  const { control, register, handleSubmit, setError, setValue, formState } = useForm<
    Values,
    unknown,
    ContractForm
  >({
    resolver: contractResolver<Values, ContractForm>(contractForm),
    defaultValues: {
      title: '',
      supplier_id: null,
      template_id: null,
      clause_ids: [],
      value_minor: '',
      currency: 'KES',
      start_date: today(),
      end_date: '',
      renewal: 'none',
      renewal_term_months: null,
      notice_days: null,
      payment_terms: '',
      department_id: null,
      alert_days: null,
      alert_user_ids: [],
      purchase_order_ids: [],
    },
  });
  const renewal = useWatch({ control, name: 'renewal' });
  const supplierId = useWatch({ control, name: 'supplier_id' });
  const [alertDays, alertUserIds, purchaseOrderIds] = useWatch({
    control,
    name: ['alert_days', 'alert_user_ids', 'purchase_order_ids'],
  });
  const settings = useQuery(settingsQuery(organisationId));
  const errorOf = (name: string) =>
    messageText((formState.errors as Record<string, { message?: string } | undefined>)[name]?.message);

  const submit = handleSubmit(async (form) => {
    setBusy(true);
    try {
      const created = await contractsApi.create(form);
      await queryClient.invalidateQueries({ queryKey: key(organisationId) });
      toast.success(t('new.created'));
      void navigate(`/app/contracts/${created.id}`);
    } catch (failure) {
      const field =
        failure instanceof ApiError ? (failure.body as { field?: string } | null)?.field : undefined;
      if (field)
        setError(field as keyof Values, { message: failure instanceof Error ? failure.message : '' });
      toast.error(messageText(failure instanceof Error ? failure : String(failure)) ?? '');
    } finally {
      setBusy(false);
    }
  });

  return (
    <PageFrame testId="contract-new-page">
      <BackLink to="/app/contracts/archive" label={t('archive.title')} />
      <PageHeader module="contracts" title={t('new.title')} lead={t('new.lead')} />
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <TextInput
                label={t('fields.title')}
                required
                {...register('title')}
                error={errorOf('title')}
                data-testid="contract-title"
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Controller
                  control={control}
                  name="supplier_id"
                  render={({ field }) => (
                    <Select
                      label={t('fields.supplier')}
                      required
                      searchable
                      data={(suppliers.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
                      value={field.value === null ? null : String(field.value)}
                      onChange={(value) => {
                        field.onChange(value ? Number(value) : null);
                        // Linked orders belong to the supplier: a new supplier starts with none.
                        setValue('purchase_order_ids', []);
                      }}
                      error={errorOf('supplier_id')}
                      data-testid="contract-supplier"
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="department_id"
                  render={({ field }) => (
                    <Select
                      label={t('fields.department')}
                      description={t('fields.departmentHelp')}
                      clearable
                      data={(departments.data ?? [])
                        .filter((d) => d.active)
                        .map((d) => ({ value: String(d.id), label: d.name }))}
                      value={field.value === null ? null : String(field.value)}
                      onChange={(value) => field.onChange(value ? Number(value) : null)}
                      error={errorOf('department_id')}
                      data-testid="contract-department"
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="template_id"
                  render={({ field }) => (
                    <Select
                      label={t('fields.template')}
                      clearable
                      data={(templates.data ?? [])
                        .filter((tpl) => tpl.active)
                        .map((tpl) => ({ value: String(tpl.id), label: `${tpl.name} (${tpl.language})` }))}
                      value={field.value === null ? null : String(field.value)}
                      onChange={(value) => field.onChange(value ? Number(value) : null)}
                      error={errorOf('template_id')}
                      data-testid="contract-template"
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="clause_ids"
                  render={({ field }) => (
                    <MultiSelect
                      label={t('fields.clauses')}
                      data={(clauses.data ?? [])
                        .filter((c) => c.approved)
                        .map((c) => ({
                          value: String(c.id),
                          label: c.alternative_of ? `${c.title} · ${t('fields.alternative')}` : c.title,
                        }))}
                      value={field.value.map(String)}
                      onChange={(values) => field.onChange(values.map(Number))}
                      error={errorOf('clause_ids')}
                      data-testid="contract-clauses"
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="value_minor"
                  render={({ field }) => (
                    <NumberInput
                      label={t('fields.value')}
                      required
                      min={0}
                      decimalScale={2}
                      thousandSeparator=","
                      value={field.value === '' ? '' : field.value / 100}
                      onChange={(value) =>
                        field.onChange(value === '' ? '' : Math.round(Number(value) * 100))
                      }
                      error={errorOf('value_minor')}
                      data-testid="contract-value"
                    />
                  )}
                />
                <TextInput
                  label={t('fields.currency')}
                  maxLength={3}
                  {...register('currency')}
                  error={errorOf('currency')}
                />
                <TextInput
                  type="date"
                  label={t('fields.start')}
                  required
                  {...register('start_date')}
                  error={errorOf('start_date')}
                  data-testid="contract-start"
                />
                <TextInput
                  type="date"
                  label={t('fields.end')}
                  required
                  {...register('end_date')}
                  error={errorOf('end_date')}
                  data-testid="contract-end"
                />
                <Controller
                  control={control}
                  name="renewal"
                  render={({ field }) => (
                    <Select
                      label={t('fields.renewal')}
                      data={RENEWAL_RULES.map((option) => ({ value: option, label: t(`renewal.${option}`) }))}
                      value={field.value}
                      onChange={(value) => field.onChange(value ?? 'none')}
                      allowDeselect={false}
                    />
                  )}
                />
                {renewal !== 'none' && (
                  <Controller
                    control={control}
                    name="renewal_term_months"
                    render={({ field }) => (
                      <NumberInput
                        label={t('fields.renewalTerm')}
                        min={1}
                        max={120}
                        value={field.value ?? ''}
                        onChange={(value) => field.onChange(value === '' ? null : Number(value))}
                        error={errorOf('renewal_term_months')}
                      />
                    )}
                  />
                )}
                {renewal === 'by_notice' && (
                  <Controller
                    control={control}
                    name="notice_days"
                    render={({ field }) => (
                      <NumberInput
                        label={t('fields.noticeDays')}
                        min={0}
                        value={field.value ?? ''}
                        onChange={(value) => field.onChange(value === '' ? null : Number(value))}
                        error={errorOf('notice_days')}
                      />
                    )}
                  />
                )}
              </SimpleGrid>
              <TextInput
                label={t('fields.paymentTerms')}
                {...register('payment_terms')}
                error={errorOf('payment_terms')}
              />
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="md">
            <AlertsAndOrdersFields
              organisationId={organisationId}
              supplierId={supplierId}
              value={{
                alert_days: alertDays,
                alert_user_ids: alertUserIds,
                purchase_order_ids: purchaseOrderIds,
              }}
              onChange={(next) => {
                for (const [name, value] of Object.entries(next))
                  setValue(name as 'alert_days', value as number[] | null, { shouldDirty: true });
              }}
              errors={{
                alert_days: errorOf('alert_days'),
                alert_user_ids: errorOf('alert_user_ids'),
                purchase_order_ids: errorOf('purchase_order_ids'),
              }}
              defaultDays={settings.data?.alert_days}
            />
          </Paper>
          <Group justify="flex-end">
            <Button type="submit" loading={busy} data-testid="contract-create">
              {t('new.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </PageFrame>
  );
}
