import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { arrangementForm, type ArrangementForm, type ArrangementView } from '@zabuni/contracts';
import { SUBSTITUTABILITY } from '@zabuni/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table/DataTable.tsx';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatDay, todayInNairobi } from '../../../lib/format.ts';
import { applyServerErrors, contractResolver, failureText, fieldError } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { arrangementsQuery, exportUrl, key, NS, riskApi, suppliersQuery } from '../api.ts';
import { useRiskRoles } from '../roles.ts';

/** `/app/risk/outsourcing` (and `/:id` from a reminder): the outsourcing register (CBK/PG/16) and its reviews. */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const { organisationId, manager } = useRiskRoles();
  const queryClient = useQueryClient();
  const highlighted = Number(useParams().id) || null;
  const list = useQuery(arrangementsQuery(organisationId));
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<ArrangementView | null>(null);
  const sendDiligence = async (row: ArrangementView) => {
    try {
      await riskApi.sendQuestionnaire({
        supplier_id: row.supplier.id,
        kind: 'due_diligence',
        arrangement_id: row.id,
        message: '',
      });
      await queryClient.invalidateQueries({ queryKey: key(organisationId) });
      toast.success(t('questionnaires.sent'));
    } catch (failure) {
      toast.error(failureText(failure));
    }
  };
  const review = async (row: ArrangementView) => {
    try {
      await riskApi.recordReview(row.id, todayInNairobi());
      await queryClient.invalidateQueries({ queryKey: key(organisationId) });
      toast.success(t('outsourcing.reviewed'));
    } catch (failure) {
      toast.error(failureText(failure));
    }
  };
  const nextReview = (row: ArrangementView) => (
    <Text size="sm" c={row.review_overdue ? 'red.9' : undefined} fw={row.review_overdue ? 700 : 400}>
      {formatDay(row.next_review_on, language)}
      {row.review_overdue ? ` · ${t('outsourcing.overdue')}` : ''}
    </Text>
  );
  const diligenceLink = (row: ArrangementView, testId: string) =>
    row.due_diligence_questionnaire_id === null ? (
      <Text size="sm">—</Text>
    ) : (
      <Anchor
        component={Link}
        to={`/app/risk/questionnaires/${row.due_diligence_questionnaire_id}`}
        size="sm"
        fw={600}
        data-testid={testId}
      >
        {t('questionnaires.score', { score: row.due_diligence_score })}
      </Anchor>
    );
  const columns: DataColumn<ArrangementView>[] = [
    {
      key: 'service',
      header: t('outsourcing.columns.service'),
      render: (row) => (
        <Stack gap={4}>
          <Text size="sm" fw={row.id === highlighted ? 800 : 600}>
            {row.service}
          </Text>
          <Text size="xs" c="dimmed">
            {row.supplier.name} · {row.data_location}
          </Text>
          {/* On a phone the review and due-diligence columns are hidden: their facts come here. */}
          <Stack gap={2} hiddenFrom="sm">
            <Group gap={4}>
              <Text size="xs" c="dimmed">
                {t('outsourcing.columns.nextReview')}:
              </Text>
              {nextReview(row)}
            </Group>
            <Group gap={4}>
              <Text size="xs" c="dimmed">
                {t('outsourcing.columns.dueDiligence')}:
              </Text>
              {diligenceLink(row, 'arrangement-diligence-link-mobile')}
            </Group>
          </Stack>
          {manager && (
            <Group gap={6} mt={4} data-testid="arrangement-actions">
              <Button
                size="compact-xs"
                variant="default"
                onClick={() => setEditing(row)}
                data-testid="arrangement-edit"
              >
                {t('outsourcing.edit')}
              </Button>
              <Button
                size="compact-xs"
                variant="default"
                onClick={() => void sendDiligence(row)}
                data-testid="arrangement-send-diligence"
              >
                {t('outsourcing.sendDueDiligence')}
              </Button>
              <Button size="compact-xs" variant="light" onClick={() => void review(row)}>
                {t('outsourcing.recordReview')}
              </Button>
            </Group>
          )}
        </Stack>
      ),
      exportValue: (row) => row.service,
    },
    {
      key: 'material',
      header: t('outsourcing.columns.material'),
      width: 170,
      render: (row) => (
        // Text, not a badge: a badge cuts "Not material · 30" short in a narrow column.
        <Text size="sm" fw={700} c={row.material ? 'red.9' : 'gray.7'}>
          {row.material ? t('outsourcing.material') : t('outsourcing.notMaterial')} · {row.materiality_score}
        </Text>
      ),
      exportValue: (row) => (row.material ? 'yes' : 'no'),
    },
    {
      key: 'review',
      header: t('outsourcing.columns.nextReview'),
      width: 170,
      hideOnMobile: true,
      render: nextReview,
      exportValue: (row) => row.next_review_on,
    },
    {
      key: 'diligence',
      header: t('outsourcing.columns.dueDiligence'),
      width: 130,
      hideOnMobile: true,
      render: (row) => diligenceLink(row, 'arrangement-diligence-link'),
      exportValue: (row) => row.due_diligence_score,
    },
  ];
  return (
    <PageFrame testId="risk-outsourcing">
      <PageHeader
        module="risk"
        title={t('outsourcing.title')}
        lead={t('outsourcing.lead')}
        actions={
          <Group gap="xs">
            <Button component="a" href={exportUrl('outsourcing')} variant="default" download>
              {t('outsourcing.export')}
            </Button>
            {manager && <Button onClick={() => setAdding(true)}>{t('outsourcing.add')}</Button>}
          </Group>
        }
      />
      <DataTable
        columns={columns}
        rows={list.data}
        rowKey={(row) => row.id}
        error={list.error ? list.error.message : null}
        empty={<StatusMessage title={t('outsourcing.empty')} />}
      />
      {adding && <ArrangementEditor arrangement={null} onClose={() => setAdding(false)} />}
      {editing && <ArrangementEditor arrangement={editing} onClose={() => setEditing(null)} />}
    </PageFrame>
  );
}

type Values = Omit<ArrangementForm, 'supplier_id'> & { supplier_id: number | null };

/** Adds an arrangement, or edits one (the whole record is sent again: its owner, contract and dates kept). */
function ArrangementEditor({
  arrangement,
  onClose,
}: {
  arrangement: ArrangementView | null;
  onClose(): void;
}) {
  const { t } = useTranslation(NS);
  const { organisationId } = useRiskRoles();
  const queryClient = useQueryClient();
  const suppliers = useQuery(suppliersQuery(organisationId)).data?.results ?? [];
  const form = useForm<Values, unknown, ArrangementForm>({
    resolver: contractResolver<Values, ArrangementForm>(arrangementForm),
    defaultValues: arrangement
      ? {
          service: arrangement.service,
          supplier_id: arrangement.supplier.id,
          contract_id: arrangement.contract_id,
          materiality: { ...arrangement.materiality },
          data_location: arrangement.data_location,
          subcontractors: arrangement.subcontractors,
          exit_strategy: arrangement.exit_strategy,
          annual_value: arrangement.annual_value,
          currency: arrangement.currency,
          owner_id: arrangement.owner?.id ?? null,
          started_on: arrangement.started_on,
          last_reviewed_on: arrangement.last_reviewed_on,
          next_review_on: arrangement.next_review_on,
        }
      : {
          service: '',
          supplier_id: null,
          materiality: {
            critical_function: false,
            customer_data: false,
            data_offshore: false,
            disruption_impact: 3,
            substitutability: 'moderate',
            above_value_threshold: false,
          },
          data_location: '',
          subcontractors: '',
          exit_strategy: '',
          annual_value: '0',
          currency: 'KES',
        },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await riskApi.saveArrangement(arrangement?.id ?? null, values);
      await queryClient.invalidateQueries({ queryKey: key(organisationId) });
      toast.success(t('outsourcing.saved'));
      onClose();
    } catch (failure) {
      if (
        !applyServerErrors(failure, form.setError, [
          'service',
          'supplier_id',
          'data_location',
          'annual_value',
        ])
      )
        toast.error(failureText(failure));
    }
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={arrangement ? `${t('outsourcing.edit')}: ${arrangement.service}` : t('outsourcing.add')}
      size="lg"
    >
      <form onSubmit={submit} noValidate data-testid="arrangement-form">
        <Stack gap="sm">
          <TextInput
            label={t('outsourcing.columns.service')}
            required
            error={fieldError(errors.service)}
            data-testid="arrangement-service"
            {...form.register('service')}
          />
          <Controller
            control={form.control}
            name="supplier_id"
            render={({ field }) => (
              <Select
                label={t('financial.columns.supplier')}
                data={suppliers.map((s) => ({ value: String(s.id), label: s.name }))}
                value={field.value ? String(field.value) : null}
                onChange={(value) => field.onChange(value ? Number(value) : null)}
                searchable
                error={fieldError(errors.supplier_id)}
              />
            )}
          />
          <Text size="sm" fw={600}>
            {t('outsourcing.materiality')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {(['critical_function', 'customer_data', 'data_offshore', 'above_value_threshold'] as const).map(
              (name) => (
                <Checkbox
                  key={name}
                  label={t(`outsourcing.criteria.${name}`)}
                  {...form.register(`materiality.${name}`)}
                />
              ),
            )}
          </SimpleGrid>
          <SimpleGrid cols={2}>
            <Controller
              control={form.control}
              name="materiality.disruption_impact"
              render={({ field }) => (
                <NumberInput
                  label={t('outsourcing.criteria.disruption_impact')}
                  min={1}
                  max={5}
                  value={field.value}
                  onChange={(value) => field.onChange(Number(value) || 1)}
                />
              )}
            />
            <Controller
              control={form.control}
              name="materiality.substitutability"
              render={({ field }) => (
                <Select
                  label={t('outsourcing.criteria.substitutability')}
                  data={SUBSTITUTABILITY.map((s) => ({
                    value: s,
                    label: t(`outsourcing.substitutability.${s}`),
                  }))}
                  value={field.value}
                  onChange={(value) => field.onChange(value)}
                  allowDeselect={false}
                />
              )}
            />
          </SimpleGrid>
          <TextInput
            label={t('outsourcing.dataLocation')}
            required
            error={fieldError(errors.data_location)}
            data-testid="arrangement-data-location"
            {...form.register('data_location')}
          />
          <Textarea label={t('outsourcing.subcontractors')} autosize {...form.register('subcontractors')} />
          <Textarea label={t('outsourcing.exitStrategy')} autosize {...form.register('exit_strategy')} />
          <TextInput
            label={t('outsourcing.annualValue')}
            error={fieldError(errors.annual_value)}
            {...form.register('annual_value')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} data-testid="arrangement-save">
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
