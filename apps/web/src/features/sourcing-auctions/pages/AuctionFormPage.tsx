import {
  Alert,
  Button,
  Card,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { auctionForm, type AuctionForm, type AuctionFormInput } from '@zabuni/contracts';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { applyServerErrors, contractResolver, failureText } from '../../../lib/form-errors.ts';
import { auctionsApi, auctionsKey, NS, suppliersQuery } from '../api.ts';
import { useAuctionRoles } from '../roles.ts';

const inHours = (hours: number) => {
  const d = new Date(Date.now() + hours * 3_600_000);
  d.setUTCMinutes(0, 0, 0);
  return d.toISOString();
};

/** `/app/sourcing/auctions/new`: an auction set up as a draft with the same zod schema the API checks. */
export function Component() {
  const { t } = useTranslation(NS);
  const { organisationId } = useAuctionRoles();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const suppliers = useQuery(suppliersQuery(organisationId));
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<AuctionFormInput, unknown, AuctionForm>({
    defaultValues: {
      title: '',
      currency: 'KES',
      direction: 'reverse',
      rules: 'open',
      visibility: 'rank_only',
      starts_at: inHours(24),
      ends_at: inHours(25),
      anti_sniping: { window_seconds: 120, extension_seconds: 120, max_extensions: 10 },
      rounds: { first_pause_seconds: 300, rounds: 3, turn_seconds: 120, pause_seconds: 120 },
      step_kind: 'percent',
      step: '1',
      reserve_price: null,
      suppliers: [],
    },
    resolver: contractResolver(auctionForm),
  });
  const { control, handleSubmit, formState, register, setError } = form;
  const rules = useWatch({ control, name: 'rules' });
  const submit = handleSubmit(async (payload) => {
    setProblem(null);
    try {
      const body = {
        ...payload,
        anti_sniping: payload.rules === 'open' ? payload.anti_sniping : null,
        rounds: payload.rules === 'rounds' ? payload.rounds : null,
        ends_at: payload.rules === 'open' ? payload.ends_at : null,
      };
      const saved = await auctionsApi.create(body);
      await queryClient.invalidateQueries({ queryKey: auctionsKey(organisationId) });
      void navigate(`/app/sourcing/auctions/${saved.id}`);
    } catch (failure) {
      if (
        !applyServerErrors(failure, setError, [
          'title',
          'starts_at',
          'ends_at',
          'step',
          'reserve_price',
          'suppliers',
        ])
      )
        setProblem(failureText(failure));
    }
  });
  const error = (name: keyof AuctionFormInput) => formState.errors[name]?.message as string | undefined;
  const seconds = (name: `anti_sniping.${string}` | `rounds.${string}`, label: string) => (
    <Controller
      control={control}
      name={name as 'anti_sniping.window_seconds'}
      render={({ field }) => (
        <NumberInput
          label={label}
          min={0}
          value={field.value ?? ''}
          onChange={(v) => field.onChange(Number(v) || 0)}
        />
      )}
    />
  );
  return (
    <PageFrame testId="auction-form-page">
      <PageHeader module="sourcing" title={t('form.title')} lead={t('form.lead')} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Card withBorder>
            <Stack gap="sm">
              <TextInput
                label={t('form.name')}
                required
                {...register('title')}
                error={error('title')}
                data-testid="auction-title"
              />
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <Controller
                  control={control}
                  name="direction"
                  render={({ field }) => (
                    <Select
                      label={t('form.direction')}
                      data={['reverse', 'forward'].map((v) => ({ value: v, label: t(`direction.${v}`) }))}
                      value={field.value}
                      onChange={(v) => field.onChange(v ?? 'reverse')}
                      allowDeselect={false}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="rules"
                  render={({ field }) => (
                    <Select
                      label={t('form.rules')}
                      data={['open', 'rounds'].map((v) => ({ value: v, label: t(`rules.${v}`) }))}
                      value={field.value}
                      onChange={(v) => field.onChange(v ?? 'open')}
                      allowDeselect={false}
                      data-testid="auction-rules"
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="visibility"
                  render={({ field }) => (
                    <Select
                      label={t('form.visibility')}
                      data={['rank_only', 'best_price'].map((v) => ({
                        value: v,
                        label: t(`visibility.${v}`),
                      }))}
                      value={field.value}
                      onChange={(v) => field.onChange(v ?? 'rank_only')}
                      allowDeselect={false}
                    />
                  )}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('form.starts')}
                  description={t('form.instantHint')}
                  {...register('starts_at')}
                  error={error('starts_at')}
                  data-testid="auction-starts"
                />
                {rules === 'open' && (
                  <TextInput
                    label={t('form.ends')}
                    description={t('form.instantHint')}
                    {...register('ends_at')}
                    error={error('ends_at')}
                    data-testid="auction-ends"
                  />
                )}
              </SimpleGrid>
              {rules === 'open' ? (
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  {seconds('anti_sniping.window_seconds', t('form.window'))}
                  {seconds('anti_sniping.extension_seconds', t('form.extension'))}
                  {seconds('anti_sniping.max_extensions', t('form.maxExtensions'))}
                </SimpleGrid>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 4 }}>
                  {seconds('rounds.first_pause_seconds', t('form.firstPause'))}
                  {seconds('rounds.rounds', t('form.rounds'))}
                  {seconds('rounds.turn_seconds', t('form.turn'))}
                  {seconds('rounds.pause_seconds', t('form.pause'))}
                </SimpleGrid>
              )}
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <Controller
                  control={control}
                  name="step_kind"
                  render={({ field }) => (
                    <Select
                      label={t('form.stepKind')}
                      data={['percent', 'amount'].map((v) => ({ value: v, label: t(`stepKind.${v}`) }))}
                      value={field.value}
                      onChange={(v) => field.onChange(v ?? 'percent')}
                      allowDeselect={false}
                    />
                  )}
                />
                <TextInput
                  label={t('form.step')}
                  {...register('step')}
                  error={error('step')}
                  data-testid="auction-step"
                />
                <TextInput
                  label={t('form.reserve')}
                  {...register('reserve_price', { setValueAs: (v: string) => (v ? v : null) })}
                  error={error('reserve_price')}
                />
              </SimpleGrid>
              <Controller
                control={control}
                name="suppliers"
                render={({ field }) => (
                  <MultiSelect
                    label={t('form.suppliers')}
                    data={(suppliers.data?.results ?? []).map((s) => ({
                      value: String(s.id),
                      label: s.name,
                    }))}
                    value={(field.value ?? []).map(String)}
                    onChange={(values) => field.onChange(values.map(Number))}
                    error={error('suppliers')}
                    searchable
                    data-testid="auction-suppliers"
                  />
                )}
              />
            </Stack>
          </Card>
          <Group justify="flex-end">
            <Button type="submit" loading={formState.isSubmitting} data-testid="auction-save">
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </PageFrame>
  );
}
