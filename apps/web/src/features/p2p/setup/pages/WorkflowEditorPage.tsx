import {
  Alert,
  Anchor,
  Box,
  Button,
  Grid,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { WorkflowRuleForm } from '@zabuni/contracts';
import {
  APPROVAL_DOCUMENT_TYPES,
  CURRENCY_EXPONENTS,
  SUPPLIER_RISK_BANDS,
  type ApprovalDocumentType,
  type SupplierRiskBand,
} from '@zabuni/domain';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from '../../../../lib/toast.ts';
import { StatusMessage } from '../../../../components/StatusMessage.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { applyServerErrors } from '../../../../lib/form-errors.ts';
import { usePlatform } from '../../../../lib/platform-context.ts';
import { setupKey } from '../api/keys.ts';
import { useWorkflow, workflowsApi } from '../api/workflows.ts';
import { errorText, NS, ReadOnlyNotice, useIsOrgAdmin, useMessage } from '../components/shared.tsx';
import { PageHeader } from '../../../../components/PageFrame.tsx';
import { StepsEditor } from '../components/StepsEditor.tsx';
import { WorkflowPreviewPanel } from '../components/WorkflowPreviewPanel.tsx';
import { useNames } from '../model/use-names.ts';
import {
  emptyWorkflowForm,
  workflowFormOf,
  workflowResolver,
  type WorkflowFormValues,
} from '../model/workflow-form.ts';

const CURRENCIES = Object.keys(CURRENCY_EXPONENTS).sort((a, b) =>
  a === 'KES' ? -1 : b === 'KES' ? 1 : a.localeCompare(b),
);
const SERVER_FIELDS = [
  'name',
  'document_type',
  'priority',
  'currency',
  'min_amount',
  'max_amount',
  'department_ids',
  'category_ids',
  'min_supplier_risk_band',
  'active',
] as const;

/** `/app/p2p/approval-workflows/new` and `/:id`: one routing rule and its ordered approval steps. */
export function Component() {
  const { t } = useTranslation(NS);
  const { id } = useParams();
  const ruleId = id === undefined ? null : Number(id);
  const { current } = usePlatform();
  const organisationId = current.organisation.id;
  const rule = useWorkflow(organisationId, ruleId);
  const isNew = ruleId === null;
  const title = isNew ? t('workflows.newTitle') : (rule.data?.name ?? t('workflows.editTitle'));

  if (!isNew && (!Number.isInteger(ruleId) || rule.isError)) {
    const notFound =
      !Number.isInteger(ruleId) || (rule.error instanceof ApiError && rule.error.status === 404);
    return (
      <Stack gap="lg" maw={1120} mx="auto">
        <PageHeader module="p2p" title={t('workflows.editTitle')} />
        <StatusMessage
          title={notFound ? t('workflows.notFound') : t('loadFailed')}
          body={notFound ? undefined : rule.error?.message}
          action={notFound ? undefined : { label: t('actions.retry'), onClick: () => void rule.refetch() }}
        />
        <Anchor component={Link} to=".." relative="path" size="sm">
          {t('workflows.back')}
        </Anchor>
      </Stack>
    );
  }
  if (!isNew && !rule.data) {
    return (
      <Stack gap="lg" maw={1120} mx="auto" data-testid="workflow-loading">
        <Skeleton height={36} width="50%" />
        <Skeleton height={240} />
        <Skeleton height={180} />
      </Stack>
    );
  }
  return (
    <WorkflowEditor
      key={ruleId ?? 'new'}
      title={title}
      ruleId={ruleId}
      initial={rule.data ? workflowFormOf(rule.data) : emptyWorkflowForm()}
    />
  );
}

function WorkflowEditor({
  title,
  ruleId,
  initial,
}: {
  title: string;
  ruleId: number | null;
  initial: WorkflowFormValues;
}) {
  const { t } = useTranslation(NS);
  const message = useMessage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { current } = usePlatform();
  const organisationId = current.organisation.id;
  const isAdmin = useIsOrgAdmin();
  const readOnly = !isAdmin;
  const { members, departments, categories } = useNames(organisationId, true);
  const form = useForm<WorkflowFormValues, unknown, WorkflowRuleForm>({
    resolver: workflowResolver,
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;
  const documentType = useWatch({ control: form.control, name: 'document_type' });
  const error = (text: string | undefined) => message(text);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved =
        ruleId === null ? await workflowsApi.create(values) : await workflowsApi.update(ruleId, values);
      await queryClient.invalidateQueries({ queryKey: setupKey(organisationId, 'workflows') });
      toast.success(ruleId === null ? t('workflows.created', { name: saved.name }) : t('workflows.saved'));
      void navigate('/app/p2p/approval-workflows');
    } catch (failure) {
      const onFields = applyServerErrors(failure, form.setError, SERVER_FIELDS);
      const steps = (failure instanceof ApiError ? failure.messageFor('steps') : undefined) ?? null;
      if (steps) form.setError('root.steps', { type: 'server', message: steps });
      toast.error(
        onFields || steps ? t('form.fixErrors') : (message(errorText(failure)) ?? errorText(failure)),
      );
    }
  });

  const departmentOptions = (departments.data ?? []).map((d) => ({
    value: String(d.id),
    label: `${d.code} · ${d.name}`,
  }));
  const categoryOptions = (categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));

  return (
    <Stack gap="lg" maw={1280} mx="auto" data-testid="workflow-editor">
      <Anchor component={Link} to="/app/p2p/approval-workflows" size="sm">
        ← {t('workflows.back')}
      </Anchor>
      <PageHeader module="p2p" title={title} />
      {readOnly && <ReadOnlyNotice>{t('workflows.readOnly')}</ReadOnlyNotice>}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <FormProvider {...form}>
            <form onSubmit={submit} noValidate data-testid="workflow-form">
              <Stack gap="lg">
                <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
                  <Stack gap="sm">
                    <Title order={2} fz="lg">
                      {t('workflows.sections.rule')}
                    </Title>
                    <TextInput
                      label={t('workflows.fields.name')}
                      required
                      maxLength={120}
                      readOnly={readOnly}
                      error={error(errors.name?.message)}
                      {...form.register('name')}
                      data-testid="workflow-name"
                    />
                    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                      <Controller
                        control={form.control}
                        name="document_type"
                        render={({ field }) => (
                          <Select
                            label={t('workflows.fields.documentType')}
                            required
                            data={APPROVAL_DOCUMENT_TYPES.map((type) => ({
                              value: type,
                              label: t(`documentType.${type}`),
                            }))}
                            value={field.value}
                            onChange={(value) =>
                              field.onChange((value as ApprovalDocumentType | null) ?? 'requisition')
                            }
                            allowDeselect={false}
                            disabled={readOnly}
                            error={error(errors.document_type?.message)}
                            data-testid="workflow-document-type"
                          />
                        )}
                      />
                      <TextInput
                        label={t('workflows.fields.priority')}
                        description={t('workflows.fields.priorityHint')}
                        inputWrapperOrder={['label', 'input', 'description', 'error']}
                        inputMode="numeric"
                        readOnly={readOnly}
                        error={error(errors.priority?.message)}
                        {...form.register('priority')}
                        data-testid="workflow-priority"
                      />
                    </SimpleGrid>
                  </Stack>
                </Paper>
                <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
                  <Stack gap="sm">
                    <Title order={2} fz="lg">
                      {t('workflows.sections.applies')}
                    </Title>
                    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                      <Controller
                        control={form.control}
                        name="currency"
                        render={({ field }) => (
                          <Select
                            label={t('workflows.fields.currency')}
                            data={CURRENCIES}
                            value={field.value}
                            onChange={(value) => field.onChange(value ?? 'KES')}
                            searchable
                            allowDeselect={false}
                            disabled={readOnly}
                            error={error(errors.currency?.message)}
                            data-testid="workflow-currency"
                          />
                        )}
                      />
                      <TextInput
                        label={t('workflows.fields.minAmount')}
                        description={t('workflows.fields.minAmountHint')}
                        inputWrapperOrder={['label', 'input', 'description', 'error']}
                        inputMode="decimal"
                        autoComplete="off"
                        readOnly={readOnly}
                        error={error(errors.min_amount?.message)}
                        {...form.register('min_amount')}
                        data-testid="workflow-min-amount"
                      />
                      <TextInput
                        label={t('workflows.fields.maxAmount')}
                        description={t('workflows.fields.maxAmountHint')}
                        inputWrapperOrder={['label', 'input', 'description', 'error']}
                        inputMode="decimal"
                        autoComplete="off"
                        readOnly={readOnly}
                        error={error(errors.max_amount?.message)}
                        {...form.register('max_amount')}
                        data-testid="workflow-max-amount"
                      />
                    </SimpleGrid>
                    <Controller
                      control={form.control}
                      name="department_ids"
                      render={({ field }) => (
                        <MultiSelect
                          label={t('workflows.fields.departments')}
                          description={t('workflows.fields.departmentsHint')}
                          placeholder={field.value.length === 0 ? t('workflows.allDepartments') : undefined}
                          data={departmentOptions}
                          value={field.value.map(String)}
                          onChange={(values) => field.onChange(values.map(Number))}
                          searchable
                          clearable
                          disabled={readOnly}
                          nothingFoundMessage={t('form.nothingFound')}
                          error={error(errors.department_ids?.message)}
                          data-testid="workflow-departments"
                        />
                      )}
                    />
                    <Controller
                      control={form.control}
                      name="category_ids"
                      render={({ field }) => (
                        <MultiSelect
                          label={t('workflows.fields.categories')}
                          description={t('workflows.fields.categoriesHint')}
                          placeholder={field.value.length === 0 ? t('workflows.allCategories') : undefined}
                          data={categoryOptions}
                          value={field.value.map(String)}
                          onChange={(values) => field.onChange(values.map(Number))}
                          searchable
                          clearable
                          limit={60}
                          disabled={readOnly}
                          nothingFoundMessage={
                            categories.isPending ? t('form.loading') : t('form.nothingFound')
                          }
                          error={error(errors.category_ids?.message)}
                          data-testid="workflow-categories"
                        />
                      )}
                    />
                    <Controller
                      control={form.control}
                      name="min_supplier_risk_band"
                      render={({ field }) => (
                        <Select
                          label={t('workflows.fields.supplierRiskBand')}
                          description={t('workflows.fields.supplierRiskBandHint')}
                          inputWrapperOrder={['label', 'input', 'description', 'error']}
                          placeholder={t('workflows.anySupplierRisk')}
                          data={SUPPLIER_RISK_BANDS.map((band) => ({
                            value: band.key,
                            label: t(`workflows.supplierRiskAtLeast.${band.key}`),
                          }))}
                          value={field.value}
                          onChange={(value) => field.onChange((value as SupplierRiskBand | null) ?? null)}
                          clearable
                          disabled={readOnly}
                          error={error(errors.min_supplier_risk_band?.message)}
                          data-testid="workflow-supplier-risk-band"
                        />
                      )}
                    />
                    <Controller
                      control={form.control}
                      name="active"
                      render={({ field }) => (
                        <Switch
                          label={t('workflows.fields.active')}
                          description={t('workflows.fields.activeHint')}
                          checked={field.value}
                          onChange={(event) => field.onChange(event.currentTarget.checked)}
                          disabled={readOnly}
                          data-testid="workflow-active"
                        />
                      )}
                    />
                  </Stack>
                </Paper>
                <Stack gap="sm">
                  <div>
                    <Title order={2} fz="lg">
                      {t('workflows.sections.steps')}
                    </Title>
                    <Alert variant="transparent" p={0} color="gray">
                      {t('workflows.steps.hint')}
                    </Alert>
                  </div>
                  <StepsEditor members={members.data ?? []} readOnly={readOnly} />
                </Stack>
                {!readOnly && (
                  <Group justify="flex-end">
                    <Button variant="default" component={Link} to="/app/p2p/approval-workflows">
                      {t('actions.cancel')}
                    </Button>
                    <Button type="submit" loading={isSubmitting} data-testid="workflow-save">
                      {ruleId === null ? t('workflows.create') : t('actions.save')}
                    </Button>
                  </Group>
                )}
              </Stack>
            </form>
          </FormProvider>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Box pos="sticky" top={76}>
            <WorkflowPreviewPanel
              key={documentType}
              departments={departments.data ?? []}
              initialDocumentType={documentType}
              note={readOnly ? undefined : t('preview.savedRulesNote')}
            />
          </Box>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
