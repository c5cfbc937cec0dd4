import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  continuityPlanForm,
  criticalServiceForm,
  type ContinuityPlanForm,
  type ContinuityPlanView,
  type CriticalServiceForm,
  type CriticalServiceView,
} from '@zabuni/contracts';
import { CONTINUITY_TEST_RESULTS } from '@zabuni/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatDay } from '../../../lib/format.ts';
import { applyServerErrors, contractResolver, failureText, fieldError } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { key, NS, riskApi, servicesQuery, suppliersQuery } from '../api.ts';
import { useRiskRoles } from '../roles.ts';

/** `/app/risk/continuity`: critical services, their BIA, suppliers and continuity plans; single sources flagged. */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const { organisationId, manager } = useRiskRoles();
  const services = useQuery(servicesQuery(organisationId));
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<CriticalServiceView | null>(null);
  const [planFor, setPlanFor] = useState<{
    service: CriticalServiceView;
    plan: ContinuityPlanView | null;
  } | null>(null);
  return (
    <PageFrame testId="risk-continuity">
      <PageHeader
        module="risk"
        title={t('continuity.title')}
        lead={t('continuity.lead')}
        actions={manager ? <Button onClick={() => setAdding(true)}>{t('continuity.add')}</Button> : undefined}
      />
      {services.data?.length === 0 && <StatusMessage title={t('continuity.empty')} />}
      <Stack gap="md">
        {services.data?.map((s) => (
          <Card key={s.id} withBorder data-testid="critical-service">
            <Group justify="space-between" align="start">
              <Stack gap={2}>
                <Title order={2} size="h5">
                  {s.name}
                </Title>
                <Text size="sm" c="dimmed">
                  {s.description}
                </Text>
              </Stack>
              {s.single_source && (
                <Badge color="red.9" variant="filled">
                  {t('continuity.singleSource')}
                </Badge>
              )}
            </Group>
            <Group gap="lg" my="xs">
              <Text size="sm">{t('continuity.mtd', { hours: s.mtd_hours })}</Text>
              <Text size="sm">{t('continuity.rto', { hours: s.rto_hours })}</Text>
              <Text size="sm">{t('continuity.rpo', { hours: s.rpo_hours })}</Text>
            </Group>
            <Text size="sm">
              <b>{t('continuity.suppliers')}:</b>{' '}
              {s.suppliers.map((x) => `${x.name} (${t(`continuity.role.${x.role}`)})`).join(', ') || '—'}
            </Text>
            {manager && (
              <Group justify="flex-end" mt="xs" gap="xs">
                <Button size="xs" variant="default" onClick={() => setEditing(s)} data-testid="edit-service">
                  {t('continuity.edit')}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => setPlanFor({ service: s, plan: null })}
                  data-testid="add-plan"
                >
                  {t('continuity.addPlan')}
                </Button>
              </Group>
            )}
            {s.plans.length > 0 && (
              // On a phone each plan is a block of its own (a table of four columns would scroll sideways).
              <Stack gap="xs" mt="xs" hiddenFrom="sm" data-testid="plans-mobile">
                {s.plans.map((p) => (
                  <Card key={p.id} withBorder padding="sm">
                    <Stack gap={4}>
                      <Text size="sm" fw={600}>
                        {p.supplier?.name ?? '—'}
                      </Text>
                      {(
                        [
                          ['continuity.plan.alternates', p.alternates || '—'],
                          ['continuity.plan.exit', p.exit_plan || '—'],
                          [
                            'continuity.plan.tested',
                            `${p.last_tested_on ? formatDay(p.last_tested_on, language) : '—'}${
                              p.test_result ? ` · ${t(`continuity.result.${p.test_result}`)}` : ''
                            }${p.test_overdue ? ` · ${t('continuity.testOverdue')}` : ''}`,
                          ],
                        ] as const
                      ).map(([label, value]) => (
                        <Text key={label} size="sm">
                          <Text span size="xs" c="dimmed">
                            {t(label)}:
                          </Text>{' '}
                          {value}
                        </Text>
                      ))}
                      {manager && (
                        <Group justify="flex-end">
                          <Button
                            size="xs"
                            variant="subtle"
                            onClick={() => setPlanFor({ service: s, plan: p })}
                          >
                            {t('continuity.editPlan')}
                          </Button>
                        </Group>
                      )}
                    </Stack>
                  </Card>
                ))}
              </Stack>
            )}
            {s.plans.length > 0 && (
              <Table.ScrollContainer minWidth={520} mt="xs" visibleFrom="sm">
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('continuity.plan.supplier')}</Table.Th>
                      <Table.Th>{t('continuity.plan.alternates')}</Table.Th>
                      <Table.Th>{t('continuity.plan.exit')}</Table.Th>
                      <Table.Th>{t('continuity.plan.tested')}</Table.Th>
                      {manager && <Table.Th />}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {s.plans.map((p) => (
                      <Table.Tr key={p.id}>
                        <Table.Td>{p.supplier?.name ?? '—'}</Table.Td>
                        <Table.Td>{p.alternates || '—'}</Table.Td>
                        <Table.Td>{p.exit_plan || '—'}</Table.Td>
                        <Table.Td>
                          {p.last_tested_on ? formatDay(p.last_tested_on, language) : '—'}
                          {p.test_result ? ` · ${t(`continuity.result.${p.test_result}`)}` : ''}
                          {p.test_overdue ? ` · ${t('continuity.testOverdue')}` : ''}
                        </Table.Td>
                        {manager && (
                          <Table.Td>
                            <Button
                              size="xs"
                              variant="subtle"
                              onClick={() => setPlanFor({ service: s, plan: p })}
                              data-testid="edit-plan"
                            >
                              {t('continuity.editPlan')}
                            </Button>
                          </Table.Td>
                        )}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Card>
        ))}
      </Stack>
      {adding && <ServiceForm service={null} onClose={() => setAdding(false)} />}
      {editing && <ServiceForm service={editing} onClose={() => setEditing(null)} />}
      {planFor && <PlanForm service={planFor.service} plan={planFor.plan} onClose={() => setPlanFor(null)} />}
    </PageFrame>
  );
}

interface Values {
  name: string;
  description: string;
  owner_id: number | null;
  mtd_hours: number;
  rto_hours: number;
  rpo_hours: number;
  impact_notes: string;
  suppliers: Array<{ supplier_id: number; role: 'primary' | 'alternate' }>;
}

/** Adds a critical service, or edits one (its owner and impact notes kept). */
function ServiceForm({ service, onClose }: { service: CriticalServiceView | null; onClose(): void }) {
  const { t } = useTranslation(NS);
  const { organisationId } = useRiskRoles();
  const queryClient = useQueryClient();
  const suppliers = useQuery(suppliersQuery(organisationId)).data?.results ?? [];
  const form = useForm<Values, unknown, CriticalServiceForm>({
    resolver: contractResolver<Values, CriticalServiceForm>(criticalServiceForm),
    defaultValues: service
      ? {
          name: service.name,
          description: service.description,
          owner_id: service.owner?.id ?? null,
          mtd_hours: service.mtd_hours,
          rto_hours: service.rto_hours,
          rpo_hours: service.rpo_hours,
          impact_notes: service.impact_notes,
          suppliers: service.suppliers.map((x) => ({ supplier_id: x.id, role: x.role })),
        }
      : {
          name: '',
          description: '',
          owner_id: null,
          mtd_hours: 24,
          rto_hours: 8,
          rpo_hours: 1,
          impact_notes: '',
          suppliers: [],
        },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await riskApi.saveService(service?.id ?? null, values);
      await queryClient.invalidateQueries({ queryKey: key(organisationId) });
      toast.success(t('continuity.saved'));
      onClose();
    } catch (failure) {
      if (!applyServerErrors(failure, form.setError, ['name', 'mtd_hours', 'rto_hours', 'rpo_hours']))
        toast.error(failureText(failure));
    }
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={service ? `${t('continuity.edit')}: ${service.name}` : t('continuity.add')}
    >
      <form onSubmit={submit} noValidate data-testid="service-form">
        <Stack gap="sm">
          <TextInput
            label={t('continuity.name')}
            required
            error={fieldError(errors.name)}
            data-testid="service-name"
            {...form.register('name')}
          />
          <TextInput label={t('continuity.description')} {...form.register('description')} />
          {(['mtd_hours', 'rto_hours', 'rpo_hours'] as const).map((field) => (
            <Controller
              key={field}
              control={form.control}
              name={field}
              render={({ field: f }) => (
                <NumberInput
                  label={t(`continuity.fields.${field}`)}
                  min={0}
                  value={f.value}
                  onChange={(value) => f.onChange(Number(value) || 0)}
                  error={fieldError(errors[field])}
                  data-testid={`service-${field}`}
                />
              )}
            />
          ))}
          <Controller
            control={form.control}
            name="suppliers"
            render={({ field }) => (
              <MultiSelect
                label={t('continuity.suppliers')}
                data={suppliers.map((s) => ({ value: String(s.id), label: s.name }))}
                value={field.value.map((x) => String(x.supplier_id))}
                onChange={(values) =>
                  field.onChange(
                    values.map((v, i) => ({
                      supplier_id: Number(v),
                      // A supplier already listed keeps its role; a new one is an alternate after the first.
                      role:
                        field.value.find((x) => x.supplier_id === Number(v))?.role ??
                        (i === 0 ? 'primary' : 'alternate'),
                    })),
                  )
                }
                searchable
              />
            )}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} data-testid="service-save">
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

interface PlanValues {
  service_id: number;
  supplier_id: number | null;
  alternates: string;
  stock: string;
  exit_plan: string;
  last_tested_on: string | null;
  test_result: ContinuityPlanForm['test_result'];
  test_notes: string;
  next_test_on: string | null;
}

/** A continuity plan for one of the service's suppliers (new, or one to edit): alternates, stock, exit plan and the last test. */
function PlanForm({
  service,
  plan,
  onClose,
}: {
  service: CriticalServiceView;
  plan: ContinuityPlanView | null;
  onClose(): void;
}) {
  const { t } = useTranslation(NS);
  const { organisationId } = useRiskRoles();
  const queryClient = useQueryClient();
  const form = useForm<PlanValues, unknown, ContinuityPlanForm>({
    resolver: contractResolver<PlanValues, ContinuityPlanForm>(continuityPlanForm),
    defaultValues: plan
      ? {
          service_id: service.id,
          supplier_id: plan.supplier?.id ?? null,
          alternates: plan.alternates,
          stock: plan.stock,
          exit_plan: plan.exit_plan,
          last_tested_on: plan.last_tested_on,
          test_result: plan.test_result,
          test_notes: plan.test_notes,
          next_test_on: plan.next_test_on,
        }
      : {
          service_id: service.id,
          supplier_id: service.suppliers[0]?.id ?? null,
          alternates: '',
          stock: '',
          exit_plan: '',
          last_tested_on: null,
          test_result: null,
          test_notes: '',
          next_test_on: null,
        },
  });
  const { errors, isSubmitting } = form.formState;
  const dateField = { setValueAs: (v: string) => v || null };
  const submit = form.handleSubmit(async (values) => {
    try {
      await riskApi.savePlan(plan?.id ?? null, values);
      await queryClient.invalidateQueries({ queryKey: key(organisationId) });
      toast.success(t('continuity.planSaved'));
      onClose();
    } catch (failure) {
      if (!applyServerErrors(failure, form.setError, ['supplier_id', 'last_tested_on', 'next_test_on']))
        toast.error(failureText(failure));
    }
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={`${plan ? t('continuity.editPlan') : t('continuity.addPlan')}: ${service.name}`}
    >
      <form onSubmit={submit} noValidate data-testid="plan-form">
        <Stack gap="sm">
          <Controller
            control={form.control}
            name="supplier_id"
            render={({ field }) => (
              <Select
                label={t('continuity.plan.supplier')}
                data={service.suppliers.map((s) => ({ value: String(s.id), label: s.name }))}
                value={field.value ? String(field.value) : null}
                onChange={(value) => field.onChange(value ? Number(value) : null)}
                clearable
                error={fieldError(errors.supplier_id)}
              />
            )}
          />
          <Textarea
            label={t('continuity.plan.alternates')}
            autosize
            data-testid="plan-alternates"
            {...form.register('alternates')}
          />
          <Textarea label={t('continuity.plan.stock')} autosize {...form.register('stock')} />
          <Textarea label={t('continuity.plan.exit')} autosize {...form.register('exit_plan')} />
          <TextInput
            type="date"
            label={t('continuity.plan.tested')}
            {...form.register('last_tested_on', dateField)}
          />
          <Controller
            control={form.control}
            name="test_result"
            render={({ field }) => (
              <Select
                label={t('continuity.plan.result')}
                data={CONTINUITY_TEST_RESULTS.map((r) => ({ value: r, label: t(`continuity.result.${r}`) }))}
                value={field.value ?? null}
                onChange={(value) => field.onChange(value)}
                clearable
              />
            )}
          />
          <TextInput label={t('continuity.plan.notes')} {...form.register('test_notes')} />
          <TextInput
            type="date"
            label={t('continuity.plan.nextTest')}
            {...form.register('next_test_on', dateField)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} data-testid="plan-save">
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
