import { Alert, Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  BackLink,
  LoadProblem,
  PageFrame,
  PageHeader,
  PageSkeleton,
} from '../../../components/PageFrame.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { messageText } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { detailQuery, evaluationQuery, key, NS, prequalificationsApi } from '../api.ts';
import { useRoles } from '../roles.ts';

/**
 * `/app/sourcing/prequalifications/:id/evaluation`: a committee member scores the questions no rule scores,
 * for every supplier. The others' scores appear only once the member's own are submitted (the server
 * decides: it does not send them before).
 */
export function Component() {
  const { t } = useTranslation(NS);
  const id = Number(useParams().id);
  const { organisationId } = useRoles();
  const queryClient = useQueryClient();
  const detail = useQuery(detailQuery(organisationId, id));
  const evaluation = useQuery(evaluationQuery(organisationId, id));
  const [edited, setScores] = useState<Record<string, number | ''>>({});
  const [busy, setBusy] = useState(false);

  if (evaluation.error)
    return (
      <LoadProblem
        error={evaluation.error}
        onRetry={() => void evaluation.refetch()}
        back={{ to: `/app/sourcing/prequalifications/${id}`, label: t('list.title') }}
        notFound={{ title: t('detail.notFound.title'), body: t('detail.notFound.body') }}
        forbidden={t('evaluation.notMember')}
      />
    );
  if (!evaluation.data || !detail.data) return <PageSkeleton />;
  const data = evaluation.data;
  const submitted = data.submitted_at !== null;
  // What the member typed over what they saved (the saved scores come with the evaluation).
  const saved: Record<string, number | ''> = {};
  for (const response of data.responses)
    for (const [question, score] of Object.entries(response.my_scores))
      saved[`${response.id}:${question}`] = score;
  const scores = { ...saved, ...edited };

  const entered = () =>
    Object.entries(scores).flatMap(([slot, score]) => {
      if (score === '') return [];
      const [response, question] = slot.split(':');
      return [{ response_id: Number(response), question_key: question!, score: Number(score) }];
    });

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: key(organisationId) });
      toast.success(done);
    } catch (failure) {
      toast.error(messageText(failure instanceof Error ? failure : String(failure)) ?? '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame testId="evaluation-page">
      <BackLink to={`/app/sourcing/prequalifications/${id}`} label={detail.data.title} />
      <PageHeader module="sourcing" title={t('evaluation.title')} lead={t('evaluation.lead')} />
      <Alert color={submitted ? 'teal' : 'blue'} data-testid="evaluation-state">
        {submitted ? t('evaluation.submitted') : t('evaluation.independent')}
      </Alert>
      {data.responses.length === 0 && <StatusMessage title={t('evaluation.empty')} />}
      {data.responses.map((response) => (
        <Paper key={response.id} withBorder radius="md" p="md" data-testid="evaluation-response">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {response.supplier.name}
            </Title>
            {data.questions.map((question) => {
              const answer = response.answers.find((a) => a.key === question.key);
              const slot = `${response.id}:${question.key}`;
              return (
                <Stack key={question.key} gap={4}>
                  <Text size="sm" fw={600}>
                    {question.text}
                  </Text>
                  <Text size="sm" c={answer ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
                    {answer && 'value' in answer ? String(answer.value) : t('evaluation.noAnswer')}
                  </Text>
                  <Group gap="sm" align="flex-end" wrap="wrap">
                    <NumberInput
                      label={t('evaluation.score')}
                      min={0}
                      max={100}
                      w={140}
                      disabled={submitted}
                      value={scores[slot] ?? ''}
                      onChange={(value) =>
                        setScores((current) => ({ ...current, [slot]: value === '' ? '' : Number(value) }))
                      }
                      data-testid="evaluation-score"
                    />
                    {response.others.map((other) => (
                      <Text key={other.evaluator.id} size="xs" c="dimmed" data-testid="evaluation-other">
                        {t('evaluation.other', {
                          name: other.evaluator.name,
                          score: other.scores[question.key] ?? '—',
                        })}
                      </Text>
                    ))}
                  </Group>
                </Stack>
              );
            })}
          </Stack>
        </Paper>
      ))}
      {!submitted && data.responses.length > 0 && (
        <Group justify="flex-end">
          <Button
            variant="default"
            loading={busy}
            onClick={() =>
              void run(() => prequalificationsApi.saveScores(id, entered()), t('evaluation.saved'))
            }
            data-testid="evaluation-save"
          >
            {t('evaluation.save')}
          </Button>
          <Button
            loading={busy}
            onClick={() =>
              void run(async () => {
                await prequalificationsApi.saveScores(id, entered());
                await prequalificationsApi.submitScores(id);
              }, t('evaluation.submittedDone'))
            }
            data-testid="evaluation-submit"
          >
            {t('evaluation.submit')}
          </Button>
        </Group>
      )}
    </PageFrame>
  );
}
