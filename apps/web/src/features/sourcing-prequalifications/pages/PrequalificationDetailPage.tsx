import { Badge, Button, Group, List, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table/DataTable.tsx';
import {
  BackLink,
  Fact,
  LoadProblem,
  PageFrame,
  PageHeader,
  PageSkeleton,
  Section,
} from '../../../components/PageFrame.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatDate, formatDay } from '../../../lib/format.ts';
import { messageText } from '../../../lib/form-errors.ts';
import { toast } from '../../../lib/toast.ts';
import { useNow } from '../../../lib/use-now.ts';
import {
  detailQuery,
  key,
  NS,
  prequalificationsApi,
  responsesQuery,
  resultsQuery,
  type PrequalificationResponse,
  type Result,
} from '../api.ts';
import { StatusBadge } from '../components/StatusBadge.tsx';
import { useRoles } from '../roles.ts';

/** `/app/sourcing/prequalifications/:id`: the exercise, its responses, the evaluation's state and the results. */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const id = Number(useParams().id);
  const { organisationId, procurement } = useRoles();
  const queryClient = useQueryClient();
  const detail = useQuery(detailQuery(organisationId, id));
  const responses = useQuery({
    ...responsesQuery(organisationId, id),
    enabled: detail.data?.status !== 'draft' && !!detail.data,
  });
  const results = useQuery({
    ...resultsQuery(organisationId, id),
    enabled: !!detail.data && ['results', 'completed'].includes(detail.data.status),
  });
  const [busy, setBusy] = useState(false);
  const [deciding, setDeciding] = useState<{ result: Result; decision: 'approve' | 'reject' } | null>(null);
  const [comment, setComment] = useState('');
  const now = useNow();

  if (detail.error)
    return (
      <LoadProblem
        error={detail.error}
        onRetry={() => void detail.refetch()}
        back={{ to: '/app/sourcing/prequalifications', label: t('list.title') }}
        notFound={{ title: t('detail.notFound.title'), body: t('detail.notFound.body') }}
      />
    );
  if (!detail.data) return <PageSkeleton />;
  const pq = detail.data;
  const closed = Date.parse(pq.closes_at) <= now;
  const committeeDone = pq.evaluators.every((e) => e.submitted_at !== null);
  // Questions by key: their number in the questionnaire (badges) and their text (reasons).
  const questions = pq.sections.flatMap((section) => section.questions);
  const numberOf = (key: string) => questions.findIndex((q) => q.key === key) + 1;
  const textOf = (key: string) => questions.find((q) => q.key === key)?.text ?? key;

  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      await queryClient.invalidateQueries({ queryKey: key(organisationId) });
      toast.success(done);
      return true;
    } catch (failure) {
      toast.error(messageText(failure instanceof Error ? failure : String(failure)) ?? '');
      return false;
    } finally {
      setBusy(false);
    }
  };

  const responseColumns: DataColumn<PrequalificationResponse>[] = [
    {
      key: 'supplier',
      header: t('detail.responses.supplier'),
      width: 240,
      render: (row) => (
        <Text size="sm" fw={600}>
          {row.supplier.name}
        </Text>
      ),
      exportValue: (row) => row.supplier.name,
    },
    {
      key: 'submitted',
      header: t('detail.responses.submitted'),
      width: 180,
      hideOnMobile: true,
      render: (row) => (
        <Text size="sm">{row.submitted_at ? formatDate(row.submitted_at, language, true) : '—'}</Text>
      ),
      exportValue: (row) => row.submitted_at,
    },
    {
      key: 'automatic',
      header: t('detail.responses.automatic'),
      width: 260,
      render: (row) => (
        <Group gap={4}>
          {Object.entries(row.automatic_scores).map(([question, score]) => (
            <Badge
              key={question}
              variant="light"
              color={score > 0 ? 'teal' : 'red'}
              tt="none"
              title={textOf(question)}
            >
              {t('detail.responses.questionScore', { number: numberOf(question), score })}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'documents',
      header: t('detail.responses.documents'),
      width: 200,
      hideOnMobile: true,
      render: (row) => (
        <Stack gap={2}>
          {row.documents.map((d) => (
            <Text
              key={d.id}
              size="xs"
              component="a"
              href={`/api/v1/sourcing/prequalifications/documents/${d.id}/`}
              c="teal.8"
            >
              {d.file_name}
              {d.expires_on
                ? ` (${t('detail.responses.expires', { date: formatDay(d.expires_on, language) })})`
                : ''}
            </Text>
          ))}
        </Stack>
      ),
    },
  ];

  const resultColumns: DataColumn<Result>[] = [
    {
      key: 'supplier',
      header: t('detail.results.supplier'),
      width: 200,
      render: (row) => (
        <Stack gap={2}>
          <Text size="sm" fw={600} data-testid="result-supplier">
            {row.supplier.name}
          </Text>
          <Text size="xs" c="dimmed">
            {row.category.name}
          </Text>
        </Stack>
      ),
      exportValue: (row) => row.supplier.name,
    },
    {
      key: 'score',
      header: t('detail.results.score'),
      width: 80,
      align: 'right',
      render: (row) => (
        <Text size="sm" data-testid="result-score">
          {row.score}
        </Text>
      ),
      exportValue: (row) => row.score,
    },
    {
      key: 'recommended',
      header: t('detail.results.recommendation'),
      width: 220,
      hideOnMobile: true,
      render: (row) => (
        <Stack gap={2}>
          <Text size="sm">{row.recommended ? t('detail.results.pass') : t('detail.results.fail')}</Text>
          {row.reasons.map((reason) => (
            <Text key={reason} size="xs" c="red.8">
              {reasonText(t, reason, textOf)}
            </Text>
          ))}
        </Stack>
      ),
    },
    {
      key: 'status',
      header: t('detail.results.status'),
      width: 200,
      render: (row) =>
        row.status === 'pending' ? (
          <Group gap={6}>
            <Button
              size="xs"
              color="teal"
              onClick={() => setDeciding({ result: row, decision: 'approve' })}
              data-testid="result-approve"
            >
              {t('detail.results.approve')}
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              onClick={() => setDeciding({ result: row, decision: 'reject' })}
              data-testid="result-reject"
            >
              {t('detail.results.reject')}
            </Button>
          </Group>
        ) : (
          <Stack gap={2}>
            <StatusBadge status={row.status} />
            {row.valid_until && (
              <Text size="xs" c="dimmed">
                {t('detail.results.validUntil', { date: formatDay(row.valid_until, language) })}
              </Text>
            )}
            {row.comment && <Text size="xs">{row.comment}</Text>}
          </Stack>
        ),
      exportValue: (row) => t(`status.${row.status}`),
    },
  ];

  return (
    <PageFrame testId="prequalification-detail">
      <BackLink to="/app/sourcing/prequalifications" label={t('list.title')} />
      <PageHeader
        module="sourcing"
        title={pq.title}
        badge={<StatusBadge status={pq.status} />}
        lead={pq.description}
        actions={
          <Group gap="xs">
            {procurement && pq.status === 'draft' && (
              <>
                <Button
                  component={Link}
                  to={`/app/sourcing/prequalifications/${id}/edit`}
                  variant="default"
                  data-testid="pq-edit"
                >
                  {t('detail.edit')}
                </Button>
                <Button
                  loading={busy}
                  onClick={() => void act(() => prequalificationsApi.publish(id), t('detail.published'))}
                  data-testid="pq-publish"
                >
                  {t('detail.publish')}
                </Button>
              </>
            )}
            {pq.is_evaluator && pq.status === 'published' && closed && (
              <Button
                component={Link}
                to={`/app/sourcing/prequalifications/${id}/evaluation`}
                data-testid="pq-evaluate"
              >
                {t('detail.evaluate')}
              </Button>
            )}
            {procurement && pq.status === 'published' && closed && committeeDone && (
              <Button
                loading={busy}
                onClick={() => void act(() => prequalificationsApi.proposeResults(id), t('detail.proposed'))}
                data-testid="pq-propose"
              >
                {t('detail.propose')}
              </Button>
            )}
          </Group>
        }
      />
      <Section title={t('detail.facts')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Fact label={t('detail.opens')}>{formatDate(pq.opens_at, language, true)}</Fact>
          <Fact label={t('detail.closes')}>{formatDate(pq.closes_at, language, true)}</Fact>
          <Fact label={t('detail.passMark')}>{pq.pass_mark}</Fact>
          <Fact label={t('detail.validUntil')}>{formatDay(pq.valid_until, language)}</Fact>
          <Fact label={t('detail.categories')}>{pq.categories.map((c) => c.name).join(', ')}</Fact>
          <Fact label={t('detail.invited')}>{pq.invited}</Fact>
          <Fact label={t('detail.committee')} testId="pq-committee-facts">
            {pq.evaluators.map((e) => `${e.name}${e.submitted_at ? ' ✓' : ''}`).join(', ')}
          </Fact>
        </SimpleGrid>
      </Section>
      <Section title={t('detail.questionnaire')}>
        <Stack gap="sm">
          {pq.sections.map((s, index) => (
            <Stack key={index} gap={4}>
              <Text fw={600}>{s.title}</Text>
              <List size="sm" spacing={4}>
                {s.questions.map((q) => (
                  <List.Item key={q.key}>
                    {q.text}{' '}
                    <Text span size="xs" c="dimmed">
                      ({t(`questionType.${q.type}`)}, {t('detail.weight', { weight: q.weight })}
                      {q.mandatory ? `, ${t('detail.mandatory')}` : ''}
                      {q.rule ? `, ${t('detail.automatic')}` : `, ${t('detail.byCommittee')}`})
                    </Text>
                  </List.Item>
                ))}
              </List>
            </Stack>
          ))}
        </Stack>
      </Section>
      {pq.status !== 'draft' && (
        <Section title={t('detail.responses.title')} testId="pq-responses">
          <DataTable
            columns={responseColumns}
            rows={responses.data?.results}
            rowKey={(row) => row.id}
            error={responses.error ? responses.error.message : null}
            empty={<StatusMessage title={t('detail.responses.empty')} />}
          />
        </Section>
      )}
      {results.data && (
        <Section title={t('detail.results.title')} testId="pq-results">
          <DataTable
            columns={resultColumns}
            rows={results.data.results}
            rowKey={(row) => row.id}
            empty={<StatusMessage title={t('detail.results.empty')} />}
          />
        </Section>
      )}
      <Modal
        opened={deciding !== null}
        onClose={() => setDeciding(null)}
        title={
          deciding
            ? t(
                deciding.decision === 'approve'
                  ? 'detail.results.approveTitle'
                  : 'detail.results.rejectTitle',
                { supplier: deciding.result.supplier.name },
              )
            : ''
        }
      >
        <Stack gap="sm">
          <Textarea
            label={deciding?.decision === 'reject' ? t('detail.results.reason') : t('detail.results.comment')}
            required={deciding?.decision === 'reject'}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            data-testid="decision-comment"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeciding(null)}>
              {t('detail.results.cancel')}
            </Button>
            <Button
              loading={busy}
              color={deciding?.decision === 'reject' ? 'red' : 'teal'}
              data-testid="decision-confirm"
              onClick={async () => {
                if (!deciding) return;
                const ok = await act(
                  () => prequalificationsApi.decide(deciding.result.id, deciding.decision, comment.trim()),
                  t('detail.results.decided'),
                );
                if (ok) {
                  setDeciding(null);
                  setComment('');
                }
              }}
            >
              {deciding?.decision === 'reject' ? t('detail.results.reject') : t('detail.results.approve')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </PageFrame>
  );
}

/** "mandatory_failed:tax" → "Mandatory criterion failed: tax"; "below_pass_mark" → its words. */
function reasonText(
  t: (key: string, options?: Record<string, unknown>) => string,
  reason: string,
  textOf: (key: string) => string,
): string {
  const [code, question] = reason.split(':');
  return code === 'mandatory_failed'
    ? t('reasons.mandatory_failed', { question: textOf(question ?? '') })
    : t(`reasons.${code}`);
}
