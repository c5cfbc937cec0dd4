import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  questionnaireSendForm,
  type FinancialOverview,
  type QuestionnaireSendForm,
  type QuestionnaireView,
} from '@zabuni/contracts';
import { QUESTIONNAIRE_KINDS } from '@zabuni/domain';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table/DataTable.tsx';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { applyServerErrors, contractResolver, failureText, fieldError } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { financialQuery, key, NS, questionnairesQuery, riskApi, suppliersQuery } from '../api.ts';
import { useRiskRoles } from '../roles.ts';

type Row = FinancialOverview['results'][number];

/** `/app/risk/financial`: financial scores, spend concentration and exposure; questionnaires sent to suppliers. */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const { organisationId, manager } = useRiskRoles();
  const queryClient = useQueryClient();
  const overview = useQuery(financialQuery(organisationId));
  const questionnaires = useQuery(questionnairesQuery(organisationId));
  const money = (amount: string, currency: string) => formatMoney(Number(amount), currency, language);

  const columns: DataColumn<Row>[] = [
    {
      key: 'supplier',
      header: t('financial.columns.supplier'),
      render: (row) => (
        <Anchor component={Link} to={`/app/risk/suppliers/${row.supplier.id}`} size="sm" fw={600}>
          {row.supplier.name}
        </Anchor>
      ),
      exportValue: (row) => row.supplier.name,
    },
    {
      key: 'score',
      header: t('financial.columns.score'),
      width: 150,
      render: (row) =>
        row.financial_score === null ? (
          <Text size="sm" c="dimmed">
            {t('financial.noScore')}
          </Text>
        ) : (
          <Group gap={4} data-testid="financial-score">
            <Text size="sm" fw={700}>
              {row.financial_score}
            </Text>
            <Text size="xs">{t(`financialBands.${row.financial_band}`)}</Text>
          </Group>
        ),
      exportValue: (row) => row.financial_score,
    },
    {
      key: 'share',
      header: t('financial.columns.share'),
      width: 110,
      align: 'right',
      render: (row) => <Text size="sm">{(Number(row.spend_share) * 100).toFixed(1)} %</Text>,
      exportValue: (row) => row.spend_share,
    },
    {
      key: 'exposure',
      header: t('financial.columns.exposure'),
      width: 160,
      align: 'right',
      hideOnMobile: true,
      render: (row) => <Text size="sm">{money(row.exposure, row.currency)}</Text>,
      exportValue: (row) => row.exposure,
    },
    {
      key: 'breaches',
      header: t('financial.columns.breaches'),
      width: 200,
      hideOnMobile: true,
      render: (row) => (
        <Group gap={4}>
          {row.breaches.map((b) => (
            <Badge key={b} color="red.9" variant="outline" tt="none">
              {t(`thresholds.${b}`)}
            </Badge>
          ))}
        </Group>
      ),
      exportValue: (row) => row.breaches.join('; '),
    },
  ];

  return (
    <PageFrame testId="risk-financial">
      <PageHeader
        module="risk"
        title={t('financial.title')}
        lead={t('financial.lead')}
        actions={
          manager ? (
            <Button
              variant="default"
              onClick={async () => {
                try {
                  const run = await riskApi.evaluate();
                  await queryClient.invalidateQueries({ queryKey: key(organisationId) });
                  toast.success(t('financial.evaluated', { count: run.raised }));
                } catch (failure) {
                  toast.error(failureText(failure));
                }
              }}
            >
              {t('financial.evaluate')}
            </Button>
          ) : undefined
        }
      />
      <Stack gap="lg">
        {overview.data && (
          <Text size="sm">
            {t('financial.totalSpend', { amount: money(overview.data.total_spend, overview.data.currency) })}
          </Text>
        )}
        <DataTable
          columns={columns}
          rows={overview.data?.results}
          rowKey={(row) => row.supplier.id}
          error={overview.error ? overview.error.message : null}
          empty={<StatusMessage title={t('financial.empty')} />}
        />
        {manager && <SendQuestionnaire />}
        <Card withBorder>
          <Title order={2} size="h5" mb="xs">
            {t('questionnaires.title')}
          </Title>
          <Stack gap={4} data-testid="questionnaires">
            {(questionnaires.data?.results ?? []).map((q: QuestionnaireView) => (
              <Text key={q.id} size="sm" data-testid="questionnaire-row">
                <Anchor component={Link} to={`/app/risk/questionnaires/${q.id}`} size="sm" fw={600}>
                  {q.supplier.name}
                </Anchor>{' '}
                · {t(`questionnaires.kind.${q.kind}`)} · {t(`questionnaires.status.${q.status}`)}
                {q.score !== null ? ` · ${t('questionnaires.score', { score: q.score })}` : ''} ·{' '}
                {formatDate(q.sent_at, language)}
              </Text>
            ))}
          </Stack>
        </Card>
      </Stack>
    </PageFrame>
  );
}

interface Values {
  supplier_id: number | null;
  kind: QuestionnaireSendForm['kind'];
  message: string;
  due_on: string | null;
}

function SendQuestionnaire() {
  const { t } = useTranslation(NS);
  const { organisationId } = useRiskRoles();
  const queryClient = useQueryClient();
  const suppliers = useQuery(suppliersQuery(organisationId)).data?.results ?? [];
  const form = useForm<Values, unknown, QuestionnaireSendForm>({
    resolver: contractResolver<Values, QuestionnaireSendForm>(questionnaireSendForm),
    defaultValues: { supplier_id: null, kind: 'financial', message: '', due_on: null },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await riskApi.sendQuestionnaire(values);
      await queryClient.invalidateQueries({ queryKey: key(organisationId) });
      toast.success(t('questionnaires.sent'));
      form.reset();
    } catch (failure) {
      if (!applyServerErrors(failure, form.setError, ['supplier_id', 'kind', 'due_on']))
        toast.error(failureText(failure));
    }
  });
  return (
    <Card withBorder>
      <Title order={2} size="h5" mb="xs">
        {t('questionnaires.send')}
      </Title>
      <form onSubmit={submit} noValidate data-testid="questionnaire-form">
        <SimpleGrid cols={{ base: 1, sm: 4 }} style={{ alignItems: 'end' }}>
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
                data-testid="questionnaire-supplier"
              />
            )}
          />
          <Controller
            control={form.control}
            name="kind"
            render={({ field }) => (
              <Select
                label={t('questionnaires.kindLabel')}
                data={QUESTIONNAIRE_KINDS.map((k) => ({ value: k, label: t(`questionnaires.kind.${k}`) }))}
                value={field.value}
                onChange={(value) => field.onChange(value)}
                allowDeselect={false}
                data-testid="questionnaire-kind"
              />
            )}
          />
          <TextInput
            type="date"
            label={t('questionnaires.due')}
            {...form.register('due_on', { setValueAs: (v: string) => v || null })}
          />
          <Button type="submit" loading={isSubmitting} data-testid="questionnaire-send">
            {t('questionnaires.sendButton')}
          </Button>
        </SimpleGrid>
      </form>
    </Card>
  );
}
