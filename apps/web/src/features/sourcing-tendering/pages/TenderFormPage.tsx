import {
  Alert,
  Button,
  Checkbox,
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
import type { TenderForm } from '@zabuni/contracts';
import { PROCUREMENT_CATEGORIES, PROCUREMENT_METHODS } from '@zabuni/domain';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackLink, PageFrame, PageHeader, Section } from '../../../components/PageFrame.tsx';
import { applyServerErrors, contractResolver, failureText, fieldError } from '../../../lib/form-errors.ts';
import { NS, staffQuery, suppliersQuery, tenderingApi, tendersKey } from '../api.ts';
import { emptyTenderForm, tenderFormSchema, type TenderFormValues } from '../model.ts';
import { useTenderRoles } from '../roles.ts';

/** `/app/sourcing/tenders/new`: a draft tender; its method is checked against the thresholds on saving. */
export function Component() {
  const { t } = useTranslation(NS);
  const { organisationId } = useTenderRoles();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const staff = useQuery(staffQuery(organisationId));
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<TenderFormValues, unknown, TenderForm>({
    defaultValues: emptyTenderForm(),
    resolver: contractResolver(tenderFormSchema),
  });
  const { control, handleSubmit, formState, setError, register } = form;
  const restricted = useWatch({ control, name: 'method' }) === 'restricted_tender';
  const suppliers = useQuery(suppliersQuery(organisationId, restricted));

  const submit = handleSubmit(async (payload) => {
    setProblem(null);
    try {
      const saved = await tenderingApi.create(payload);
      await queryClient.invalidateQueries({ queryKey: tendersKey(organisationId) });
      void navigate(`/app/sourcing/tenders/${saved.id}`);
    } catch (failure) {
      if (
        !applyServerErrors(failure, setError, [
          'title',
          'estimate',
          'justification',
          'bid_security',
          'closing_at',
          'committee',
          'quorum',
          'invited_suppliers',
        ])
      )
        setProblem(failureText(failure));
    }
  });
  const people = (staff.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));

  return (
    <PageFrame testId="tender-form-page">
      <BackLink to="/app/sourcing/tenders" label={t('title')} />
      <PageHeader module="sourcing" title={t('form.title')} lead={t('form.lead')} />
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="lg">
          {problem && (
            <Alert color="red" role="alert" data-testid="tender-form-problem">
              {problem}
            </Alert>
          )}
          <Section title={t('form.notice')}>
            <Grid>
              <Grid.Col span={12}>
                <TextInput
                  label={t('form.name')}
                  required
                  {...register('title')}
                  error={fieldError(formState.errors.title)}
                  data-testid="tender-title"
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <Textarea
                  label={t('form.description')}
                  autosize
                  minRows={3}
                  {...register('description')}
                  data-testid="tender-description"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Controller
                  control={control}
                  name="method"
                  render={({ field }) => (
                    <Select
                      label={t('form.method')}
                      data={PROCUREMENT_METHODS.map((value) => ({ value, label: t(`method.${value}`) }))}
                      value={field.value}
                      onChange={(value) => field.onChange(value ?? 'open_tender')}
                      allowDeselect={false}
                      data-testid="tender-method"
                    />
                  )}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Controller
                  control={control}
                  name="category"
                  render={({ field }) => (
                    <Select
                      label={t('form.category')}
                      data={PROCUREMENT_CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) }))}
                      value={field.value}
                      onChange={(value) => field.onChange(value ?? 'goods')}
                      allowDeselect={false}
                      data-testid="tender-category"
                    />
                  )}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label={t('form.estimate')}
                  required
                  inputMode="decimal"
                  {...register('estimate')}
                  error={fieldError(formState.errors.estimate)}
                  data-testid="tender-estimate"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label={t('form.security')}
                  inputMode="decimal"
                  description={t('form.securityHint')}
                  {...register('bid_security')}
                  error={fieldError(formState.errors.bid_security)}
                  data-testid="tender-security"
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <Textarea
                  label={t('form.justification')}
                  description={t('form.justificationHint')}
                  autosize
                  minRows={2}
                  {...register('justification')}
                  error={fieldError(formState.errors.justification)}
                  data-testid="tender-justification"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  type="datetime-local"
                  label={t('form.closing')}
                  description={t('form.closingHint')}
                  required
                  {...register('closing_at')}
                  error={fieldError(formState.errors.closing_at)}
                  data-testid="tender-closing"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Controller
                  control={control}
                  name="pass_mark"
                  render={({ field }) => (
                    <NumberInput
                      label={t('form.passMark')}
                      min={0}
                      max={100}
                      value={field.value}
                      onChange={(value) => field.onChange(Number(value) || 0)}
                      data-testid="tender-pass-mark"
                    />
                  )}
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <Checkbox label={t('form.agpo')} {...register('agpo_reserved')} data-testid="tender-agpo" />
              </Grid.Col>
            </Grid>
          </Section>
          {restricted && (
            <Section title={t('form.invitedTitle')}>
              <Controller
                control={control}
                name="invited_suppliers"
                render={({ field }) => (
                  <MultiSelect
                    label={t('form.invited')}
                    description={t('form.invitedHint')}
                    data={(suppliers.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
                    value={field.value}
                    onChange={field.onChange}
                    searchable
                    error={fieldError(formState.errors.invited_suppliers as { message?: string } | undefined)}
                    data-testid="tender-invited"
                  />
                )}
              />
            </Section>
          )}
          <Section title={t('form.committeeTitle')}>
            <Grid>
              <Grid.Col span={{ base: 12, sm: 8 }}>
                <Controller
                  control={control}
                  name="committee"
                  render={({ field }) => (
                    <MultiSelect
                      label={t('form.committee')}
                      description={t('form.committeeHint')}
                      data={people}
                      value={field.value}
                      onChange={field.onChange}
                      searchable
                      error={fieldError(formState.errors.committee as { message?: string } | undefined)}
                      data-testid="tender-committee"
                    />
                  )}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <Controller
                  control={control}
                  name="quorum"
                  render={({ field }) => (
                    <NumberInput
                      label={t('form.quorum')}
                      min={3}
                      max={20}
                      value={field.value}
                      onChange={(value) => field.onChange(Number(value) || 3)}
                      error={fieldError(formState.errors.quorum)}
                      data-testid="tender-quorum"
                    />
                  )}
                />
              </Grid.Col>
            </Grid>
          </Section>
          <Group justify="flex-end">
            <Button type="submit" loading={formState.isSubmitting} data-testid="tender-save">
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </PageFrame>
  );
}
