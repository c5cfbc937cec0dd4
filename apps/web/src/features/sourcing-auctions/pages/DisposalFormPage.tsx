import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ASSET_CONDITIONS, assetForm, DISPOSAL_GROUNDS, type AssetForm } from '@zabuni/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { applyServerErrors, contractResolver, failureText } from '../../../lib/form-errors.ts';
import { auctionsKey, disposalsApi, NS } from '../api.ts';
import { useAuctionRoles } from '../roles.ts';

type Values = z.input<typeof assetForm>;

/** `/app/sourcing/disposals/new`: an asset register entry, with the API's own schema. */
export function Component() {
  const { t } = useTranslation(NS);
  const { organisationId } = useAuctionRoles();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<Values, unknown, AssetForm>({
    defaultValues: {
      title: '',
      description: '',
      condition: 'fair',
      grounds: 'surplus',
      location: '',
      currency: 'KES',
      book_value: '',
      reserve_price: '',
    },
    resolver: contractResolver(assetForm),
  });
  const { control, register, handleSubmit, formState, setError } = form;
  const error = (name: keyof Values) => formState.errors[name]?.message as string | undefined;
  const submit = handleSubmit(async (payload) => {
    setProblem(null);
    try {
      const saved = await disposalsApi.create(payload);
      await queryClient.invalidateQueries({ queryKey: auctionsKey(organisationId) });
      void navigate(`/app/sourcing/disposals/${saved.id}`);
    } catch (failure) {
      if (
        !applyServerErrors(failure, setError, [
          'title',
          'description',
          'location',
          'book_value',
          'reserve_price',
        ])
      )
        setProblem(failureText(failure));
    }
  });
  return (
    <PageFrame testId="disposal-form-page">
      <PageHeader module="sourcing" title={t('disposal.new')} lead={t('disposal.formLead')} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Card withBorder>
            <Stack gap="sm">
              <TextInput label={t('disposal.asset')} required {...register('title')} error={error('title')} />
              <Textarea
                label={t('disposal.description')}
                required
                autosize
                minRows={3}
                {...register('description')}
                error={error('description')}
              />
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <Controller
                  control={control}
                  name="condition"
                  render={({ field }) => (
                    <Select
                      label={t('disposal.condition')}
                      data={ASSET_CONDITIONS.map((v) => ({ value: v, label: t(`condition.${v}`) }))}
                      value={field.value}
                      onChange={(v) => field.onChange(v ?? 'fair')}
                      allowDeselect={false}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="grounds"
                  render={({ field }) => (
                    <Select
                      label={t('disposal.grounds')}
                      data={DISPOSAL_GROUNDS.map((v) => ({ value: v, label: t(`grounds.${v}`) }))}
                      value={field.value}
                      onChange={(v) => field.onChange(v ?? 'surplus')}
                      allowDeselect={false}
                    />
                  )}
                />
                <TextInput
                  label={t('disposal.location')}
                  required
                  {...register('location')}
                  error={error('location')}
                />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('disposal.bookValue')}
                  required
                  {...register('book_value')}
                  error={error('book_value')}
                />
                <TextInput
                  label={t('disposal.reserve')}
                  description={t('disposal.reserveHint')}
                  required
                  {...register('reserve_price')}
                  error={error('reserve_price')}
                />
              </SimpleGrid>
            </Stack>
          </Card>
          <Group justify="flex-end">
            <Button type="submit" loading={formState.isSubmitting}>
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </PageFrame>
  );
}
