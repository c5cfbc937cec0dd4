import {
  Alert,
  Button,
  Grid,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RfqForm } from '@zabuni/contracts';
import { useEffect, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LineEditor } from '../../../components/LineEditor.tsx';
import { BackLink, PageFrame, PageHeader, PageSkeleton, Section } from '../../../components/PageFrame.tsx';
import { applyServerErrors, contractResolver, failureText, fieldError } from '../../../lib/form-errors.ts';
import { formatMinorAmount, lineNetMinor } from '../../../lib/money.ts';
import { useCategoryPicker } from '../../../lib/reference-data.ts';
import { departmentsQuery, NS, rfqQuery, rfqsApi, rfqsKey, staffQuery, suppliersQuery } from '../api.ts';
import { emptyLine, emptyRfqForm, formOf, rfqFormSchema, type RfqFormValues } from '../model.ts';
import { useRfqRoles } from '../roles.ts';

/** `/app/sourcing/rfqs/new` and `/app/sourcing/rfqs/:id/edit`: a draft RFQ, its lines, suppliers and committee. */
export function Component() {
  const { id } = useParams();
  const { organisationId } = useRfqRoles();
  const existing = useQuery({ ...rfqQuery(organisationId, Number(id)), enabled: id !== undefined });
  if (id !== undefined && !existing.data) return <PageFrame>{<PageSkeleton />}</PageFrame>;
  return (
    <RfqFormView
      initial={existing.data ? formOf(existing.data) : emptyRfqForm()}
      id={id ? Number(id) : null}
    />
  );
}

function RfqFormView({ initial, id }: { initial: RfqFormValues; id: number | null }) {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const { organisationId } = useRfqRoles();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const categories = useCategoryPicker();
  const departments = useQuery(departmentsQuery(organisationId));
  const staff = useQuery(staffQuery(organisationId));
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<RfqFormValues, unknown, RfqForm>({
    defaultValues: initial,
    resolver: contractResolver(rfqFormSchema),
  });
  const { control, handleSubmit, formState, setError, setValue } = form;
  const lines = useFieldArray({ control, name: 'lines' });
  const currency = useWatch({ control, name: 'currency' }) || 'KES';
  const departmentId = useWatch({ control, name: 'department_id' });
  const watchedLines = useWatch({ control, name: 'lines' });
  const categoryIds = [
    ...new Set(
      (watchedLines ?? []).flatMap((line) => (line?.category_id === undefined ? [] : [line.category_id])),
    ),
  ];
  const suppliers = useQuery(suppliersQuery(organisationId, categoryIds));
  const chosenDepartment = departments.data?.results.filter((d) => d.id === departmentId);

  // Every line is charged to the RFQ's department.
  useEffect(() => {
    lines.fields.forEach((_, index) => setValue(`lines.${index}.department_id`, departmentId));
  }, [departmentId, lines.fields, setValue]);

  const submit = handleSubmit(async (payload) => {
    setProblem(null);
    try {
      const saved = id === null ? await rfqsApi.create(payload) : await rfqsApi.update(id, payload);
      await queryClient.invalidateQueries({ queryKey: rfqsKey(organisationId) });
      void navigate(`/app/sourcing/rfqs/${saved.id}`);
    } catch (failure) {
      if (
        !applyServerErrors(failure, setError, [
          'title',
          'closing_at',
          'department_id',
          'committee',
          'suppliers',
          'quorum',
          'lines',
        ])
      )
        setProblem(failureText(failure));
    }
  });

  const people = (staff.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  const supplierOptions = (suppliers.data?.results ?? []).map((s) => ({
    value: String(s.id),
    label: s.prequalified ? `${s.name} · ${t('form.prequalified')}` : s.name,
  }));
  const prequalifiedIds = (suppliers.data?.results ?? [])
    .filter((s) => s.prequalified)
    .map((s) => String(s.id));

  return (
    <PageFrame testId="rfq-form-page">
      <BackLink to={id ? `/app/sourcing/rfqs/${id}` : '/app/sourcing/rfqs'} label={t('title.rfqs')} />
      <PageHeader
        module="sourcing"
        title={id ? t('form.editTitle') : t('form.newTitle')}
        lead={t('form.lead')}
      />
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          {problem && (
            <Alert color="red" data-testid="rfq-form-problem">
              {problem}
            </Alert>
          )}
          <Section title={t('form.general')}>
            <Grid>
              <Grid.Col span={{ base: 12, sm: 8 }}>
                <Controller
                  control={control}
                  name="title"
                  render={({ field, fieldState }) => (
                    <TextInput
                      {...field}
                      required
                      label={t('form.title')}
                      error={fieldError(fieldState.error)}
                      data-testid="rfq-title"
                    />
                  )}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <Controller
                  control={control}
                  name="currency"
                  render={({ field, fieldState }) => (
                    <TextInput
                      {...field}
                      required
                      label={t('form.currency')}
                      maxLength={3}
                      error={fieldError(fieldState.error)}
                    />
                  )}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Controller
                  control={control}
                  name="closing_at"
                  render={({ field, fieldState }) => (
                    <TextInput
                      {...field}
                      type="datetime-local"
                      required
                      label={t('form.closing')}
                      description={t('form.closingHelp')}
                      error={fieldError(fieldState.error)}
                      data-testid="rfq-closing"
                    />
                  )}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Controller
                  control={control}
                  name="department_id"
                  render={({ field, fieldState }) => (
                    <Select
                      required
                      label={t('form.department')}
                      data={(departments.data?.results ?? []).map((d) => ({
                        value: String(d.id),
                        label: `${d.code} · ${d.name}`,
                      }))}
                      value={field.value === undefined ? null : String(field.value)}
                      onChange={(value) => field.onChange(value ? Number(value) : undefined)}
                      error={fieldError(fieldState.error)}
                      data-testid="rfq-department"
                    />
                  )}
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <Controller
                  control={control}
                  name="terms"
                  render={({ field, fieldState }) => (
                    <Textarea
                      {...field}
                      autosize
                      minRows={2}
                      label={t('form.terms')}
                      error={fieldError(fieldState.error)}
                    />
                  )}
                />
              </Grid.Col>
            </Grid>
          </Section>
          <Section title={t('form.lines')}>
            <Stack gap="sm">
              {lines.fields.map((line, index) => {
                const values = watchedLines?.[index];
                const net = values ? lineNetMinor(values.quantity, values.unit_price, currency) : null;
                const errors = Array.isArray(formState.errors.lines)
                  ? formState.errors.lines[index]
                  : undefined;
                return (
                  <LineEditor<RfqFormValues, RfqForm>
                    key={line.id}
                    control={control}
                    index={index}
                    count={lines.fields.length}
                    departments={chosenDepartment}
                    categories={categories}
                    testId="rfq-line"
                    error={(field) =>
                      fieldError((errors as Record<string, { message?: string }> | undefined)?.[field])
                    }
                    onRemove={() => lines.remove(index)}
                    labels={{
                      name: t('form.line', { number: index + 1 }),
                      remove: t('form.removeLine'),
                      removeLabel: t('form.removeLine'),
                      description: t('form.description'),
                      category: t('form.category'),
                      categoryPlaceholder: t('form.category'),
                      nothingFound: t('form.nothingFound'),
                      department: t('form.department'),
                      departmentPlaceholder: t('form.department'),
                      quantity: t('form.quantity'),
                      unit: t('form.unit'),
                      unitPrice: t('form.estimate', { currency }),
                      amount: t('form.estimateAmount'),
                    }}
                    amount={{
                      text: net === null ? '—' : formatMinorAmount(net, currency, language),
                      testId: 'rfq-line-estimate',
                    }}
                  />
                );
              })}
              <Group>
                <Button
                  variant="default"
                  onClick={() => lines.append(emptyLine(departmentId))}
                  data-testid="add-line"
                >
                  {t('form.addLine')}
                </Button>
              </Group>
              {formState.errors.lines?.root?.message && (
                <Alert color="red">{fieldError(formState.errors.lines.root)}</Alert>
              )}
            </Stack>
          </Section>
          <Section title={t('form.invitations')}>
            <Controller
              control={control}
              name="suppliers"
              render={({ field, fieldState }) => (
                <Stack gap="xs">
                  <MultiSelect
                    label={t('form.suppliers')}
                    description={t('form.suppliersHelp')}
                    data={supplierOptions}
                    value={field.value}
                    onChange={field.onChange}
                    searchable
                    error={fieldError(fieldState.error)}
                    data-testid="rfq-suppliers"
                  />
                  <Group>
                    <Button
                      variant="light"
                      size="xs"
                      disabled={prequalifiedIds.length === 0}
                      onClick={() => field.onChange([...new Set([...field.value, ...prequalifiedIds])])}
                      data-testid="rfq-invite-prequalified"
                    >
                      {t('form.invitePrequalified', { count: prequalifiedIds.length })}
                    </Button>
                  </Group>
                </Stack>
              )}
            />
          </Section>
          <Section title={t('form.committeeTitle')}>
            <Grid>
              <Grid.Col span={{ base: 12, sm: 9 }}>
                <Controller
                  control={control}
                  name="committee"
                  render={({ field, fieldState }) => (
                    <MultiSelect
                      label={t('form.committee')}
                      description={t('form.committeeHelp')}
                      data={people}
                      value={field.value}
                      onChange={field.onChange}
                      searchable
                      error={fieldError(fieldState.error)}
                      data-testid="rfq-committee"
                    />
                  )}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 3 }}>
                <Controller
                  control={control}
                  name="quorum"
                  render={({ field, fieldState }) => (
                    <NumberInput
                      label={t('form.quorum')}
                      min={2}
                      max={20}
                      value={field.value}
                      onChange={(value) => field.onChange(Number(value) || 2)}
                      error={fieldError(fieldState.error)}
                      data-testid="rfq-quorum"
                    />
                  )}
                />
              </Grid.Col>
            </Grid>
          </Section>
          <Group justify="flex-end">
            <Button type="submit" loading={formState.isSubmitting} data-testid="rfq-save">
              {id ? t('form.save') : t('form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </PageFrame>
  );
}
