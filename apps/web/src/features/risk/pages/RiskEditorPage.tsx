import {
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { riskForm, type RiskForm } from '@zabuni/contracts';
import { RISK_CATEGORIES } from '@zabuni/domain';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { applyServerErrors, contractResolver, failureText, fieldError } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { heatMapQuery, key, membersQuery, NS, riskApi, riskQuery, suppliersQuery } from '../api.ts';
import { BandBadge } from '../components/Badges.tsx';
import { useRiskRoles } from '../roles.ts';

interface Values {
  title: string;
  category: RiskForm['category'];
  cause: string;
  effect: string;
  owner_id: number | null;
  supplier_id: number | null;
  inherent: { likelihood: number; impact: number };
  residual: { likelihood: number; impact: number } | null;
  note?: string;
}

/** `/app/risk/register/new` and `/app/risk/register/:id/edit`: the risk and its two ratings. */
export function Component() {
  const { id } = useParams();
  const riskId = id ? Number(id) : null;
  const { organisationId } = useRiskRoles();
  const existing = useQuery({ ...riskQuery(organisationId, riskId ?? 0), enabled: riskId !== null });
  if (riskId !== null && !existing.data) return <PageFrame>{null}</PageFrame>;
  const r = existing.data;
  return (
    <Editor
      riskId={riskId}
      initial={{
        title: r?.title ?? '',
        category: r?.category ?? 'operational',
        cause: r?.cause ?? '',
        effect: r?.effect ?? '',
        owner_id: r?.owner?.id ?? null,
        supplier_id: r?.supplier?.id ?? null,
        inherent: r
          ? { likelihood: r.inherent.likelihood, impact: r.inherent.impact }
          : { likelihood: 3, impact: 3 },
        residual: r?.residual ? { likelihood: r.residual.likelihood, impact: r.residual.impact } : null,
      }}
    />
  );
}

function Editor({ riskId, initial }: { riskId: number | null; initial: Values }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { organisationId } = useRiskRoles();
  const matrix = useQuery(heatMapQuery(organisationId)).data?.matrix;
  const suppliers = useQuery(suppliersQuery(organisationId)).data?.results ?? [];
  const members = useQuery(membersQuery(organisationId)).data ?? [];
  const form = useForm<Values, unknown, RiskForm>({
    resolver: contractResolver<Values, RiskForm>(riskForm),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = form.formState;
  const inherent = useWatch({ control: form.control, name: 'inherent' });
  const residual = useWatch({ control: form.control, name: 'residual' });
  const levels = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));
  const bandOf = (score: number) =>
    [...(matrix?.bands ?? [])].reverse().find((b) => score >= b.min_score)?.key ?? 'low';

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = riskId === null ? await riskApi.create(values) : await riskApi.update(riskId, values);
      await queryClient.invalidateQueries({ queryKey: key(organisationId) });
      toast.success(t('editor.saved'));
      navigate(`/app/risk/register/${saved.id}`);
    } catch (failure) {
      if (
        !applyServerErrors(failure, form.setError, [
          'title',
          'category',
          'owner_id',
          'supplier_id',
          'inherent',
          'residual',
        ])
      )
        toast.error(failureText(failure));
    }
  });

  const rating = (name: 'inherent' | 'residual') => (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h5">
            {t(`editor.${name}`)}
          </Title>
          {name === 'inherent' && inherent && (
            <BandBadge
              band={bandOf(inherent.likelihood * inherent.impact)}
              score={inherent.likelihood * inherent.impact}
            />
          )}
          {name === 'residual' && residual && (
            <BandBadge
              band={bandOf(residual.likelihood * residual.impact)}
              score={residual.likelihood * residual.impact}
            />
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t(`editor.${name}Hint`)}
        </Text>
        {name === 'residual' && !residual ? (
          <Button
            variant="light"
            onClick={() => form.setValue('residual', { ...inherent })}
            data-testid="add-residual"
          >
            {t('editor.addResidual')}
          </Button>
        ) : (
          <SimpleGrid cols={2}>
            {(['likelihood', 'impact'] as const).map((axis) => (
              <Controller
                key={axis}
                control={form.control}
                name={`${name}.${axis}` as 'inherent.likelihood'}
                render={({ field }) => (
                  <Select
                    label={t(`editor.${axis}`)}
                    data={levels(
                      axis === 'likelihood' ? (matrix?.likelihood_levels ?? 5) : (matrix?.impact_levels ?? 5),
                    )}
                    value={field.value ? String(field.value) : null}
                    onChange={(value) => field.onChange(Number(value))}
                    allowDeselect={false}
                    data-testid={`${name}-${axis}`}
                  />
                )}
              />
            ))}
          </SimpleGrid>
        )}
        {name === 'residual' && (
          <Text size="xs" c="red.9">
            {fieldError(errors.residual as { message?: string } | undefined)}
          </Text>
        )}
      </Stack>
    </Paper>
  );

  return (
    <PageFrame testId="risk-editor">
      <PageHeader module="risk" title={riskId === null ? t('editor.newTitle') : t('editor.editTitle')} />
      <form onSubmit={submit} noValidate data-testid="risk-form">
        <Stack gap="md" maw={760}>
          <TextInput
            label={t('editor.title')}
            required
            maxLength={200}
            error={fieldError(errors.title)}
            {...form.register('title')}
            data-testid="risk-title"
          />
          <Controller
            control={form.control}
            name="category"
            render={({ field }) => (
              <Select
                label={t('editor.category')}
                data={RISK_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))}
                value={field.value}
                onChange={(value) => field.onChange(value)}
                allowDeselect={false}
                error={fieldError(errors.category)}
                data-testid="risk-category"
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Textarea label={t('editor.cause')} autosize minRows={2} {...form.register('cause')} />
            <Textarea label={t('editor.effect')} autosize minRows={2} {...form.register('effect')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={form.control}
              name="owner_id"
              render={({ field }) => (
                <Select
                  label={t('editor.owner')}
                  data={members.map((m) => ({ value: String(m.id), label: m.name }))}
                  value={field.value ? String(field.value) : null}
                  onChange={(value) => field.onChange(value ? Number(value) : null)}
                  clearable
                  searchable
                  error={fieldError(errors.owner_id)}
                />
              )}
            />
            <Controller
              control={form.control}
              name="supplier_id"
              render={({ field }) => (
                <Select
                  label={t('editor.supplier')}
                  data={suppliers.map((s) => ({ value: String(s.id), label: s.name }))}
                  value={field.value ? String(field.value) : null}
                  onChange={(value) => field.onChange(value ? Number(value) : null)}
                  clearable
                  searchable
                  error={fieldError(errors.supplier_id)}
                  data-testid="risk-supplier"
                />
              )}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {rating('inherent')}
            {rating('residual')}
          </SimpleGrid>
          {riskId !== null && <TextInput label={t('editor.note')} {...form.register('note')} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(-1)}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting} data-testid="risk-save">
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </PageFrame>
  );
}
