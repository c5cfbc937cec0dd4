import {
  Anchor,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { treatmentForm, type TreatmentForm } from '@zabuni/contracts';
import { TREATMENT_STATUSES } from '@zabuni/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatDate, formatDay } from '../../../lib/format.ts';
import { applyServerErrors, contractResolver, failureText, fieldError } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { key, membersQuery, NS, riskApi, riskQuery } from '../api.ts';
import { BandBadge, StatusBadge } from '../components/Badges.tsx';
import { useRiskRoles } from '../roles.ts';

/** `/app/risk/register/:id`: the risk, its ratings, treatments, history and acceptance. */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const id = Number(useParams().id);
  const { organisationId, manager } = useRiskRoles();
  const queryClient = useQueryClient();
  const risk = useQuery(riskQuery(organisationId, id));
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: key(organisationId) });
  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      await refresh();
      toast.success(done);
    } catch (failure) {
      toast.error(failureText(failure));
    }
  };

  if (risk.error) return <StatusMessage title={t('errors.load')} body={risk.error.message} />;
  const r = risk.data;
  if (!r) return <PageFrame>{null}</PageFrame>;

  return (
    <PageFrame testId="risk-detail">
      <PageHeader
        module="risk"
        title={r.title}
        lead={`${t(`categories.${r.category}`)}${r.supplier ? ` · ${r.supplier.name}` : ''}`}
        actions={
          manager && r.status !== 'closed' ? (
            <Button
              component={Link}
              to={`/app/risk/register/${r.id}/edit`}
              variant="default"
              data-testid="edit-risk"
            >
              {t('detail.edit')}
            </Button>
          ) : undefined
        }
      />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Card withBorder padding="sm">
            <Text size="xs" c="dimmed">
              {t('editor.inherent')}
            </Text>
            <Group gap="xs">
              <BandBadge band={r.inherent.band} score={r.inherent.score} />
              <Text size="sm">
                {t('detail.rating', { likelihood: r.inherent.likelihood, impact: r.inherent.impact })}
              </Text>
            </Group>
          </Card>
          <Card withBorder padding="sm">
            <Text size="xs" c="dimmed">
              {t('editor.residual')}
            </Text>
            {r.residual ? (
              <Group gap="xs" data-testid="residual-score">
                <BandBadge band={r.residual.band} score={r.residual.score} />
                <Text size="sm">
                  {t('detail.rating', { likelihood: r.residual.likelihood, impact: r.residual.impact })}
                </Text>
              </Group>
            ) : (
              <Text size="sm">{t('detail.noResidual')}</Text>
            )}
          </Card>
          <Card withBorder padding="sm">
            <Text size="xs" c="dimmed">
              {t('register.columns.status')}
            </Text>
            <Group gap="xs">
              <StatusBadge status={r.status} />
              <Text size="sm" c={r.within_appetite ? 'teal.9' : 'red.9'}>
                {r.within_appetite ? t('detail.withinAppetite') : t('register.aboveAppetite')}
              </Text>
            </Group>
          </Card>
        </SimpleGrid>
        {(r.cause || r.effect) && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Text size="sm">
              <b>{t('editor.cause')}:</b> {r.cause || '—'}
            </Text>
            <Text size="sm">
              <b>{t('editor.effect')}:</b> {r.effect || '—'}
            </Text>
          </SimpleGrid>
        )}
        {r.supplier && (
          <Anchor component={Link} to={`/app/risk/suppliers/${r.supplier.id}`} size="sm">
            {t('detail.supplierProfile', { supplier: r.supplier.name })}
          </Anchor>
        )}

        <Card withBorder>
          <Title order={2} size="h5" mb="xs">
            {t('detail.treatments')}
          </Title>
          {r.treatments.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('detail.noTreatments')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <Table data-testid="treatments">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('treatment.action')}</Table.Th>
                    <Table.Th>{t('treatment.owner')}</Table.Th>
                    <Table.Th>{t('treatment.due')}</Table.Th>
                    <Table.Th>{t('treatment.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {r.treatments.map((tr) => (
                    <Table.Tr key={tr.id}>
                      <Table.Td>{tr.action}</Table.Td>
                      <Table.Td>{tr.owner?.name ?? '—'}</Table.Td>
                      <Table.Td>
                        {formatDay(tr.due_on, language)}
                        {tr.overdue && (
                          <Text span size="xs" c="red.9" fw={600}>
                            {' '}
                            {t('treatment.overdue')}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {manager ? (
                          <Select
                            aria-label={t('treatment.status')}
                            size="xs"
                            data={TREATMENT_STATUSES.map((s) => ({
                              value: s,
                              label: t(`treatmentStatus.${s}`),
                            }))}
                            value={tr.status}
                            allowDeselect={false}
                            onChange={(value) =>
                              value &&
                              void act(
                                () =>
                                  riskApi.updateTreatment(r.id, tr.id, { status: value as typeof tr.status }),
                                t('treatment.saved'),
                              )
                            }
                            w={140}
                          />
                        ) : (
                          t(`treatmentStatus.${tr.status}`)
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {manager && r.status !== 'closed' && <TreatmentAdder riskId={r.id} onSaved={refresh} />}
        </Card>

        {manager && r.status === 'open' && !r.within_appetite && (
          <Card withBorder>
            <Title order={2} size="h5" mb="xs">
              {t('acceptance.title')}
            </Title>
            <Text size="sm" mb="xs">
              {t('acceptance.lead')}
            </Text>
            <Textarea
              label={t('acceptance.reason')}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              data-testid="acceptance-reason"
            />
            <Group justify="flex-end" mt="xs">
              <Button
                disabled={!reason.trim()}
                onClick={() =>
                  void act(() => riskApi.requestAcceptance(r.id, reason.trim()), t('acceptance.requested'))
                }
                data-testid="request-acceptance"
              >
                {t('acceptance.request')}
              </Button>
            </Group>
          </Card>
        )}
        {r.acceptance && (
          <Card withBorder data-testid="acceptance">
            <Title order={2} size="h5" mb="xs">
              {t('acceptance.title')}
            </Title>
            <Text size="sm">
              {t('acceptance.askedBy', {
                name: r.acceptance.requested_by?.name ?? '—',
                date: r.acceptance.requested_at ? formatDate(r.acceptance.requested_at, language) : '—',
              })}
            </Text>
            {r.acceptance_reason && <Text size="sm">“{r.acceptance_reason}”</Text>}
            {r.acceptance.can_decide && (
              <Stack gap="xs" mt="xs">
                <TextInput
                  label={t('acceptance.comment')}
                  value={comment}
                  onChange={(event) => setComment(event.currentTarget.value)}
                />
                <Group justify="flex-end">
                  <Button
                    color="red"
                    variant="light"
                    onClick={() =>
                      void act(
                        () => riskApi.decideAcceptance(r.id, 'reject', comment),
                        t('acceptance.rejected'),
                      )
                    }
                  >
                    {t('acceptance.reject')}
                  </Button>
                  <Button
                    onClick={() =>
                      void act(
                        () => riskApi.decideAcceptance(r.id, 'approve', comment),
                        t('acceptance.approved'),
                      )
                    }
                    data-testid="approve-acceptance"
                  >
                    {t('acceptance.approve')}
                  </Button>
                </Group>
              </Stack>
            )}
          </Card>
        )}

        <Card withBorder>
          <Title order={2} size="h5" mb="xs">
            {t('detail.history')}
          </Title>
          <Stack gap={4} data-testid="history">
            {r.history.map((h) => (
              <Text key={h.id} size="sm">
                {formatDate(h.changed_at, language)} · {t(`editor.${h.rating}`)}:{' '}
                {h.previous_score === null ? '' : `${h.previous_score} → `}
                <b>{h.score}</b> ({t('detail.rating', { likelihood: h.likelihood, impact: h.impact })}) ·{' '}
                {h.changed_by?.name ?? t('detail.automatic')}
                {h.note ? ` · ${h.note}` : ''}
              </Text>
            ))}
          </Stack>
        </Card>
      </Stack>
    </PageFrame>
  );
}

interface TreatmentValues {
  action: string;
  owner_id: number | null;
  due_on: string;
}

function TreatmentAdder({ riskId, onSaved }: { riskId: number; onSaved(): Promise<unknown> }) {
  const { t } = useTranslation(NS);
  const { organisationId } = useRiskRoles();
  const members = useQuery(membersQuery(organisationId)).data ?? [];
  const form = useForm<TreatmentValues, unknown, TreatmentForm>({
    resolver: contractResolver<TreatmentValues, TreatmentForm>(treatmentForm),
    defaultValues: { action: '', owner_id: null, due_on: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await riskApi.addTreatment(riskId, values);
      form.reset();
      await onSaved();
      toast.success(t('treatment.saved'));
    } catch (failure) {
      if (!applyServerErrors(failure, form.setError, ['action', 'owner_id', 'due_on']))
        toast.error(failureText(failure));
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="treatment-form">
      <SimpleGrid cols={{ base: 1, sm: 4 }} mt="sm" style={{ alignItems: 'end' }}>
        <TextInput
          label={t('treatment.action')}
          error={fieldError(errors.action)}
          {...form.register('action')}
          data-testid="treatment-action"
        />
        <Controller
          control={form.control}
          name="owner_id"
          render={({ field }) => (
            <Select
              label={t('treatment.owner')}
              data={members.map((m) => ({ value: String(m.id), label: m.name }))}
              value={field.value ? String(field.value) : null}
              onChange={(value) => field.onChange(value ? Number(value) : null)}
              clearable
            />
          )}
        />
        <TextInput
          type="date"
          label={t('treatment.due')}
          error={fieldError(errors.due_on)}
          {...form.register('due_on')}
          data-testid="treatment-due"
        />
        <Button type="submit" loading={isSubmitting} data-testid="treatment-add">
          {t('treatment.add')}
        </Button>
      </SimpleGrid>
    </form>
  );
}
