import {
  Alert,
  Button,
  Card,
  Group,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  financialStatementForm,
  type FinancialStatementForm,
  type PortalQuestionnaireView,
} from '@zabuni/contracts';
import { DUE_DILIGENCE_ANSWERS, type DueDiligenceAnswer } from '@zabuni/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageFrame, PageHeader } from '../../../components/PageFrame.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatDay } from '../../../lib/format.ts';
import { applyServerErrors, contractResolver, failureText, fieldError } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { usePortal } from '../portal-context.ts';
import { answerRiskQuestionnaire, riskQuestionnaireQuery } from '../risk-api.ts';

const NS = 'portal-risk';
const FIGURES = [
  'current_assets',
  'inventory',
  'current_liabilities',
  'total_assets',
  'total_liabilities',
  'equity',
  'revenue',
  'net_income',
] as const;

/**
 * `/portal/risk/questionnaires/:id`: the supplier answers the buyer's questionnaire. The buyer's score of
 * the answers is not shown here (nor sent to the portal): it appears on the buyer's supplier profile.
 */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const id = Number(useParams().id);
  const { buyer } = usePortal();
  const questionnaire = useQuery(riskQuestionnaireQuery(buyer?.id ?? null, id));
  usePageTitle(t('detail.title'));
  if (questionnaire.error)
    return <StatusMessage title={t('detail.notFound')} body={questionnaire.error.message} />;
  const q = questionnaire.data;
  if (!q) return <PageFrame>{null}</PageFrame>;
  return (
    <PageFrame testId="portal-risk-questionnaire-page">
      <PageHeader
        title={t(`kind.${q.kind}`)}
        lead={t('detail.lead', { buyer: q.buyer.name })}
        actions={
          <Button component={Link} to="/portal/risk/questionnaires" variant="default">
            {t('detail.back')}
          </Button>
        }
      />
      <Stack gap="md" maw={820}>
        {q.due_on && <Text size="sm">{t('detail.due', { date: formatDay(q.due_on, language) })}</Text>}
        {q.message && <Alert variant="light">{q.message}</Alert>}
        {q.status === 'answered' ? (
          <Answered />
        ) : q.kind === 'financial' ? (
          <FinancialForm q={q} />
        ) : (
          <DueDiligenceForm q={q} />
        )}
      </Stack>
    </PageFrame>
  );
}

/** Answered: the supplier sees that its answers are in; the buyer's scoring of them stays with the buyer. */
function Answered() {
  const { t } = useTranslation(NS);
  return (
    <Card withBorder data-testid="portal-risk-answered">
      <Title order={2} size="h5">
        {t('detail.answered')}
      </Title>
    </Card>
  );
}

type FinancialValues = FinancialStatementForm;

function FinancialForm({ q }: { q: PortalQuestionnaireView }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const form = useForm<FinancialValues, unknown, FinancialStatementForm>({
    resolver: contractResolver<FinancialValues, FinancialStatementForm>(financialStatementForm),
    defaultValues: {
      fiscal_year: String(new Date().getFullYear() - 1),
      currency: 'KES',
      ...Object.fromEntries(FIGURES.map((f) => [f, ''])),
    } as FinancialValues,
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await answerRiskQuestionnaire(q.id, { financial: values });
      await queryClient.invalidateQueries({ queryKey: ['portal'] });
      toast.success(t('detail.submitted'));
    } catch (failure) {
      const fields = Object.fromEntries(
        ['fiscal_year', 'currency', ...FIGURES].map((f) => [`financial.${f}`, f]),
      ) as Record<string, keyof FinancialValues>;
      if (!applyServerErrors(failure, form.setError, fields)) toast.error(failureText(failure));
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="portal-financial-form">
      <Stack gap="sm">
        <Text size="sm">{t('financial.hint')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('financial.fiscal_year')}
            {...form.register('fiscal_year')}
            error={fieldError(errors.fiscal_year)}
          />
          <TextInput
            label={t('financial.currency')}
            {...form.register('currency')}
            error={fieldError(errors.currency)}
          />
          {FIGURES.map((figure) => (
            <TextInput
              key={figure}
              label={t(`financial.${figure}`)}
              inputMode="decimal"
              {...form.register(figure)}
              error={fieldError(errors[figure])}
              data-testid={`figure-${figure}`}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={isSubmitting} data-testid="portal-risk-submit">
            {t('detail.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DueDiligenceForm({ q }: { q: PortalQuestionnaireView }) {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const [answers, setAnswers] = useState<Record<string, DueDiligenceAnswer>>({});
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const complete = q.questions.every((question) => answers[question.key]);
  const submit = async () => {
    setBusy(true);
    try {
      await answerRiskQuestionnaire(q.id, { due_diligence: { answers, notes } });
      await queryClient.invalidateQueries({ queryKey: ['portal'] });
      toast.success(t('detail.submitted'));
    } catch (failure) {
      toast.error(failureText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="sm" data-testid="portal-due-diligence-form">
      {q.questions.map((question) => (
        <Radio.Group
          key={question.key}
          label={t(`dueDiligence.questions.${question.key}`)}
          value={answers[question.key] ?? null}
          onChange={(value) =>
            setAnswers((current) => ({ ...current, [question.key]: value as DueDiligenceAnswer }))
          }
          data-testid={`dd-${question.key}`}
        >
          <Group gap="md" mt={4}>
            {DUE_DILIGENCE_ANSWERS.map((answer) => (
              <Radio
                key={answer}
                value={answer}
                label={t(`dueDiligence.answers.${answer}`)}
                data-testid={`dd-${question.key}-${answer}`}
              />
            ))}
          </Group>
        </Radio.Group>
      ))}
      <Textarea
        label={t('dueDiligence.notes')}
        value={notes}
        onChange={(e) => setNotes(e.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button
          disabled={!complete}
          loading={busy}
          onClick={() => void submit()}
          data-testid="portal-risk-submit"
        >
          {t('detail.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
