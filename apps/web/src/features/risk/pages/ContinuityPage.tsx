import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { criticalServiceForm, type CriticalServiceForm } from '@zabuni/contracts';
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
            {s.plans.length > 0 && (
              <Table.ScrollContainer minWidth={520} mt="xs">
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('continuity.plan.supplier')}</Table.Th>
                      <Table.Th>{t('continuity.plan.alternates')}</Table.Th>
                      <Table.Th>{t('continuity.plan.exit')}</Table.Th>
                      <Table.Th>{t('continuity.plan.tested')}</Table.Th>
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
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Card>
        ))}
      </Stack>
      {adding && <ServiceForm onClose={() => setAdding(false)} />}
    </PageFrame>
  );
}

interface Values {
  name: string;
  description: string;
  mtd_hours: number;
  rto_hours: number;
  rpo_hours: number;
  impact_notes: string;
  suppliers: Array<{ supplier_id: number; role: 'primary' | 'alternate' }>;
}

function ServiceForm({ onClose }: { onClose(): void }) {
  const { t } = useTranslation(NS);
  const { organisationId } = useRiskRoles();
  const queryClient = useQueryClient();
  const suppliers = useQuery(suppliersQuery(organisationId)).data?.results ?? [];
  const form = useForm<Values, unknown, CriticalServiceForm>({
    resolver: contractResolver<Values, CriticalServiceForm>(criticalServiceForm),
    defaultValues: {
      name: '',
      description: '',
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
      await riskApi.saveService(null, values);
      await queryClient.invalidateQueries({ queryKey: key(organisationId) });
      toast.success(t('continuity.saved'));
      onClose();
    } catch (failure) {
      if (!applyServerErrors(failure, form.setError, ['name', 'mtd_hours', 'rto_hours', 'rpo_hours']))
        toast.error(failureText(failure));
    }
  });
  return (
    <Modal opened onClose={onClose} title={t('continuity.add')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('continuity.name')}
            required
            error={fieldError(errors.name)}
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
                      role: i === 0 ? 'primary' : 'alternate',
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
            <Button type="submit" loading={isSubmitting}>
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
