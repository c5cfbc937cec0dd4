import {
  Box,
  Button,
  ColorInput,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { riskSettingsForm, type RiskSettings, type RiskSettingsForm } from '@zabuni/contracts';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { apiGet, request } from '../../../lib/api-client.ts';
import { applyServerErrors, contractResolver, failureText, fieldError } from '../../../lib/form-errors.ts';
import { usePlatform } from '../../../lib/platform-context.ts';
import { toast } from '../../../lib/toast.ts';
import { key, NS } from '../api.ts';
import { useRiskRoles } from '../roles.ts';

/** `/app/risk/settings`: the organisation's matrix (scales, colour bands, appetite) and thresholds. */
export function Component() {
  const { organisationId } = useRiskRoles();
  const settings = useQuery({
    queryKey: key(organisationId, 'settings'),
    queryFn: ({ signal }) => apiGet<RiskSettings>('/risk/settings/', {}, signal),
  });
  if (!settings.data) return <PageFrame>{null}</PageFrame>;
  return <SettingsForm initial={settings.data} />;
}

function SettingsForm({ initial }: { initial: RiskSettings }) {
  const { t } = useTranslation(NS);
  const { organisationId } = useRiskRoles();
  const admin = usePlatform().current.roles.includes('org_admin');
  const queryClient = useQueryClient();
  const form = useForm<RiskSettingsForm, unknown, RiskSettingsForm>({
    resolver: contractResolver<RiskSettingsForm, RiskSettingsForm>(riskSettingsForm),
    defaultValues: initial,
  });
  const bands = useFieldArray({ control: form.control, name: 'matrix.bands' });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await request('PUT', '/risk/settings/', { body: values });
      await queryClient.invalidateQueries({ queryKey: key(organisationId) });
      toast.success(t('settings.saved'));
    } catch (failure) {
      if (!applyServerErrors(failure, form.setError, ['matrix', 'currency']))
        toast.error(failureText(failure));
    }
  });
  const number = (
    name:
      | 'matrix.likelihood_levels'
      | 'matrix.impact_levels'
      | 'matrix.appetite'
      | 'thresholds.min_financial_score',
    label: string,
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <NumberInput
          label={label}
          value={field.value}
          onChange={(v) => field.onChange(Number(v) || 0)}
          disabled={!admin}
        />
      )}
    />
  );
  return (
    <PageFrame testId="risk-settings">
      <PageHeader module="risk" title={t('settings.title')} lead={t('settings.lead')} />
      <form onSubmit={submit} noValidate>
        <Stack gap="md" maw={760}>
          {!admin && <Text size="sm">{t('settings.adminOnly')}</Text>}
          <Paper withBorder p="md">
            <Title order={2} size="h5" mb="xs">
              {t('settings.matrix')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {number('matrix.likelihood_levels', t('settings.likelihoodLevels'))}
              {number('matrix.impact_levels', t('settings.impactLevels'))}
              {number('matrix.appetite', t('settings.appetite'))}
            </SimpleGrid>
            <Text size="sm" c="red.9">
              {fieldError(errors.matrix as { message?: string } | undefined)}
            </Text>
            <Title order={3} size="h6" mt="md" mb="xs">
              {t('settings.bands')}
            </Title>
            <Stack gap="xs">
              {bands.fields.map((band, index) => (
                <Group key={band.id} gap="xs" align="end" wrap="wrap">
                  <TextInput
                    label={t('settings.bandKey')}
                    {...form.register(`matrix.bands.${index}.key`)}
                    disabled={!admin}
                    w={140}
                  />
                  <Controller
                    control={form.control}
                    name={`matrix.bands.${index}.min_score`}
                    render={({ field }) => (
                      <NumberInput
                        label={t('settings.fromScore')}
                        value={field.value}
                        onChange={(v) => field.onChange(Number(v) || 0)}
                        disabled={!admin}
                        w={110}
                      />
                    )}
                  />
                  <Controller
                    control={form.control}
                    name={`matrix.bands.${index}.colour`}
                    render={({ field }) => (
                      <ColorInput
                        label={t('settings.colour')}
                        value={field.value}
                        onChange={field.onChange}
                        disabled={!admin}
                        w={150}
                      />
                    )}
                  />
                  {admin && (
                    <Button variant="subtle" color="red" onClick={() => bands.remove(index)}>
                      {t('settings.remove')}
                    </Button>
                  )}
                </Group>
              ))}
              {admin && (
                <Box>
                  <Button
                    variant="light"
                    size="xs"
                    onClick={() => bands.append({ key: 'new', min_score: 1, colour: '#868e96' })}
                  >
                    {t('settings.addBand')}
                  </Button>
                </Box>
              )}
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <Title order={2} size="h5" mb="xs">
              {t('settings.thresholds')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              {number('thresholds.min_financial_score', t('settings.minFinancialScore'))}
              <TextInput
                label={t('settings.maxSpendShare')}
                {...form.register('thresholds.max_spend_share')}
                error={fieldError(errors.thresholds?.max_spend_share)}
                disabled={!admin}
              />
              <TextInput
                label={t('settings.maxExposure', { currency: initial.currency })}
                {...form.register('thresholds.max_exposure')}
                error={fieldError(errors.thresholds?.max_exposure)}
                disabled={!admin}
              />
            </SimpleGrid>
          </Paper>
          {admin && (
            <Group justify="flex-end">
              <Button type="submit" loading={isSubmitting} data-testid="risk-settings-save">
                {t('actions.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </PageFrame>
  );
}
