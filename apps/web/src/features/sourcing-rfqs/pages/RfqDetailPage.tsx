import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  BackLink,
  Fact,
  LoadProblem,
  PageFrame,
  PageHeader,
  PageSkeleton,
  Section,
} from '../../../components/PageFrame.tsx';
import { failureText } from '../../../lib/form-errors.ts';
import { formatAmount, formatQuantity } from '../../../lib/money.ts';
import { toast } from '../../../lib/toast.ts';
import { NS, rfqQuery, rfqsApi, rfqsKey, type RfqView } from '../api.ts';
import { formatInstant, RfqStatusBadge } from '../components.tsx';
import { RfqAddenda } from '../parts/RfqAddenda.tsx';
import { RfqAwardContracts } from '../parts/RfqAwardContracts.tsx';
import { RfqDocuments } from '../parts/RfqDocuments.tsx';
import { useRfqRoles } from '../roles.ts';

/** `/app/sourcing/rfqs/:id`: before the opening, who submitted and when, never what; the committee opens it. */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const id = Number(useParams().id);
  const { organisationId } = useRfqRoles();
  const queryClient = useQueryClient();
  const query = useQuery(rfqQuery(organisationId, id));
  const [busy, setBusy] = useState<string | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const [rejecting, setRejecting] = useState(false);
  const [rejectComment, setRejectComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  if (query.isPending)
    return (
      <PageFrame>
        <PageSkeleton />
      </PageFrame>
    );
  if (query.isError)
    return (
      <PageFrame>
        <LoadProblem
          error={query.error}
          onRetry={() => void query.refetch()}
          back={{ to: '/app/sourcing/rfqs', label: t('title.rfqs') }}
          notFound={{ title: t('detail.notFound'), body: t('detail.notFoundBody') }}
        />
      </PageFrame>
    );
  const rfq = query.data;
  const money = (text: string) => formatAmount(text, rfq.currency, language);
  const can = (action: string) => rfq.actions.includes(action);
  const run = async (action: string, call: () => Promise<RfqView>, done: string) => {
    setBusy(action);
    setProblem(null);
    try {
      const updated = await call();
      queryClient.setQueryData(rfqQuery(organisationId, id).queryKey, updated);
      await queryClient.invalidateQueries({ queryKey: rfqsKey(organisationId) });
      toast.success(done);
      return true;
    } catch (failure) {
      setProblem(failureText(failure));
      return false;
    } finally {
      setBusy(null);
    }
  };
  const sealed = rfq.quotes === null;
  const refreshWith = (updated: RfqView, done: string) => {
    queryClient.setQueryData(rfqQuery(organisationId, id).queryKey, updated);
    void queryClient.invalidateQueries({ queryKey: rfqsKey(organisationId) });
    toast.success(done);
  };
  const waiting = rfq.status === 'pending_approval' || rfq.status === 'award_pending';

  return (
    <PageFrame testId="rfq-detail-page">
      <BackLink to="/app/sourcing/rfqs" label={t('title.rfqs')} />
      <PageHeader
        module="sourcing"
        title={`${rfq.number} · ${rfq.title}`}
        badge={<RfqStatusBadge status={rfq.status} />}
        actions={
          <>
            {can('edit') && (
              <Button component={Link} to={`/app/sourcing/rfqs/${id}/edit`} variant="default">
                {t('detail.edit')}
              </Button>
            )}
            {can('publish') && (
              <Button
                loading={busy === 'publish'}
                onClick={() => void run('publish', () => rfqsApi.publish(id), t('detail.published'))}
                data-testid="rfq-publish"
              >
                {t('detail.publish')}
              </Button>
            )}
            {can('approve') && (
              <Button
                color="green"
                loading={busy === 'approve'}
                onClick={() => void run('approve', () => rfqsApi.approve(id), t('detail.approved'))}
                data-testid="rfq-approve"
              >
                {t('detail.approve')}
              </Button>
            )}
            {can('reject') && (
              <Button color="red" variant="light" onClick={() => setRejecting(true)} data-testid="rfq-reject">
                {t('detail.reject')}
              </Button>
            )}
            {!sealed && (
              <Button
                component={Link}
                to={`/app/sourcing/rfqs/${id}/comparison`}
                data-testid="rfq-comparison-link"
              >
                {t('detail.comparison')}
              </Button>
            )}
            {rfq.opened_at && (
              <Button component={Link} to={`/app/sourcing/rfqs/${id}/opening-record`} variant="default">
                {t('detail.openingRecord')}
              </Button>
            )}
          </>
        }
      />
      {problem && (
        <Alert color="red" data-testid="rfq-problem">
          {problem}
        </Alert>
      )}
      {waiting && (
        <Alert color="yellow" data-testid="rfq-waiting">
          <Stack gap={4}>
            <Text size="sm">
              {rfq.status === 'award_pending' ? t('waiting.award') : t('waiting.publication')}
            </Text>
            <Anchor component={Link} to="/app/p2p/approvals" size="sm" data-testid="rfq-waiting-inbox">
              {t('waiting.inbox')}
            </Anchor>
          </Stack>
        </Alert>
      )}
      {rejecting && can('reject') && (
        <Section title={t('reject.title')} testId="rfq-reject-form">
          <Textarea
            label={t('reject.comment')}
            description={t('reject.commentHelp')}
            required
            autosize
            minRows={2}
            value={rejectComment}
            onChange={(event) => setRejectComment(event.currentTarget.value)}
            data-testid="rfq-reject-comment"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRejecting(false)}>
              {t('reject.back')}
            </Button>
            <Button
              color="red"
              disabled={!rejectComment.trim()}
              loading={busy === 'reject'}
              onClick={() =>
                void run('reject', () => rfqsApi.reject(id, rejectComment.trim()), t('reject.done')).then(
                  (ok) => {
                    if (ok) {
                      setRejecting(false);
                      setRejectComment('');
                    }
                  },
                )
              }
              data-testid="rfq-reject-confirm"
            >
              {t('reject.confirm')}
            </Button>
          </Group>
        </Section>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Fact label={t('detail.closing')}>{formatInstant(rfq.closing_at, language)}</Fact>
        <Fact label={t('detail.department')}>{rfq.department.name}</Fact>
        <Fact label={t('detail.estimate')}>{money(rfq.estimate)}</Fact>
        <Fact label={t('detail.submitted')} testId="rfq-submitted-count">
          {t('list.submittedOf', { submitted: rfq.submitted, invited: rfq.invited })}
        </Fact>
      </SimpleGrid>

      {can('confirm_opening') && (
        <Section title={t('opening.title')} testId="rfq-opening">
          <Text size="sm">{t('opening.body', { quorum: rfq.quorum })}</Text>
          <Group align="flex-end">
            <PasswordInput
              label={t('opening.passphrase')}
              value={passphrase}
              onChange={(event) => setPassphrase(event.currentTarget.value)}
              w={{ base: '100%', sm: 320 }}
              data-testid="opening-passphrase"
            />
            <Button
              loading={busy === 'confirm'}
              disabled={!passphrase}
              onClick={() =>
                void run(
                  'confirm',
                  () => rfqsApi.confirmOpening(id, passphrase),
                  t('opening.confirmed'),
                ).then(() => setPassphrase(''))
              }
              data-testid="opening-confirm"
            >
              {t('opening.confirm')}
            </Button>
          </Group>
        </Section>
      )}

      <Section title={t('detail.suppliers')} testId="rfq-suppliers">
        {sealed && (
          <Alert color="blue" data-testid="rfq-sealed-note">
            {t('detail.sealedNote')}
          </Alert>
        )}
        <Table.ScrollContainer minWidth={420}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('detail.supplier')}</Table.Th>
                <Table.Th>{t('detail.submittedAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rfq.suppliers.map((supplier) => (
                <Table.Tr key={supplier.id} data-testid="rfq-supplier-row">
                  <Table.Td>{supplier.name}</Table.Td>
                  <Table.Td>
                    {supplier.submitted_at ? (
                      <Badge color="teal" variant="light">
                        {t('detail.submittedOn', {
                          at: formatInstant(supplier.submitted_at, language),
                          version: supplier.version,
                        })}
                      </Badge>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('detail.notSubmitted')}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>

      <Section title={t('detail.committee')}>
        <Stack gap={4}>
          {rfq.committee.map((member) => (
            <Group key={member.id} gap="xs" data-testid="rfq-committee-member">
              <Text size="sm" fw={500}>
                {member.name}
              </Text>
              {member.confirmed_at ? (
                <Badge color="teal" variant="light">
                  {t('detail.confirmedAt', { at: formatInstant(member.confirmed_at, language) })}
                </Badge>
              ) : (
                <Badge color="gray" variant="light">
                  {t('detail.notConfirmed')}
                </Badge>
              )}
              {!member.has_opening_key && (
                <Badge color="orange" variant="light">
                  {t('detail.noKey')}
                </Badge>
              )}
            </Group>
          ))}
          <Text size="sm" c="dimmed">
            {t('detail.quorum', { quorum: rfq.quorum })}
          </Text>
        </Stack>
      </Section>

      <Section title={t('detail.lines')}>
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>{t('form.description')}</Table.Th>
                <Table.Th>{t('form.category')}</Table.Th>
                <Table.Th ta="right">{t('form.quantity')}</Table.Th>
                <Table.Th ta="right">{t('detail.estimateUnit')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rfq.lines.map((line) => (
                <Table.Tr key={line.line_no}>
                  <Table.Td>{line.line_no}</Table.Td>
                  <Table.Td>{line.description}</Table.Td>
                  <Table.Td>{line.category.name}</Table.Td>
                  <Table.Td ta="right">
                    {formatQuantity(line.quantity, language)} {line.unit}
                  </Table.Td>
                  <Table.Td ta="right">{money(line.estimated_unit_price)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {rfq.terms && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {rfq.terms}
          </Text>
        )}
      </Section>

      <RfqDocuments
        rfq={rfq}
        canUpload={can('edit') || can('document')}
        onUploaded={(updated) => refreshWith(updated, t('documents.uploaded'))}
      />

      <RfqAddenda
        key={rfq.addenda.length}
        rfq={rfq}
        canIssue={can('addendum')}
        onIssued={(updated) => refreshWith(updated, t('addenda.issued'))}
      />

      <Section title={t('detail.questions')}>
        {rfq.questions.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('detail.noQuestions')}
          </Text>
        )}
        {rfq.questions.map((question) => (
          <Stack key={question.id} gap={4} data-testid="rfq-question">
            <Text size="sm" fw={600}>
              {question.question}
            </Text>
            {question.answer ? (
              <Text size="sm">{question.answer}</Text>
            ) : can('answer') ? (
              <Group align="flex-end">
                <Textarea
                  autosize
                  minRows={1}
                  label={t('detail.answer')}
                  value={answers[question.id] ?? ''}
                  onChange={(event) => setAnswers({ ...answers, [question.id]: event.currentTarget.value })}
                  style={{ flex: 1 }}
                />
                <Button
                  disabled={!answers[question.id]}
                  loading={busy === `answer-${question.id}`}
                  onClick={() =>
                    void run(
                      `answer-${question.id}`,
                      () => rfqsApi.answer(id, question.id, answers[question.id]!),
                      t('detail.answered'),
                    )
                  }
                >
                  {t('detail.sendAnswer')}
                </Button>
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {t('detail.unanswered')}
              </Text>
            )}
          </Stack>
        ))}
      </Section>

      {rfq.award.length > 0 && (
        <Section title={t('detail.award')} testId="rfq-award">
          <Table.ScrollContainer minWidth={560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>{t('detail.supplier')}</Table.Th>
                  <Table.Th ta="right">{t('form.quantity')}</Table.Th>
                  <Table.Th ta="right">{t('comparison.net')}</Table.Th>
                  <Table.Th>{t('detail.order')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rfq.award.map((line, index) => (
                  <Table.Tr key={index} data-testid="rfq-award-line">
                    <Table.Td>{line.line_no}</Table.Td>
                    <Table.Td>{line.supplier.name}</Table.Td>
                    <Table.Td ta="right">{formatQuantity(line.quantity, language)}</Table.Td>
                    <Table.Td ta="right">{money(line.net)}</Table.Td>
                    <Table.Td>
                      {line.purchase_order && (
                        <Anchor
                          component={Link}
                          to={`/app/p2p/purchase-orders/${line.purchase_order.id}`}
                          data-testid="rfq-award-order"
                        >
                          {line.purchase_order.number}
                        </Anchor>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Section>
      )}
      <RfqAwardContracts rfq={rfq} organisationId={organisationId} />
    </PageFrame>
  );
}
