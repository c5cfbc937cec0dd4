import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink, PageFrame, PageHeader, PageSkeleton, Section } from '../../../components/PageFrame.tsx';
import { failureText } from '../../../lib/form-errors.ts';
import { formatAmount } from '../../../lib/money.ts';
import { usePlatform } from '../../../lib/platform-context.ts';
import {
  evaluationQuery,
  noticeUrl,
  NS,
  registerQuery,
  tenderingApi,
  tenderQuery,
  tendersKey,
  type TenderView,
} from '../api.ts';
import { formatInstant, TenderStatusBadge } from '../components.tsx';
import { useTenderRoles } from '../roles.ts';

type Stage = 'technical' | 'financial';

/**
 * `/app/sourcing/tenders/:id`: the notice, the bids (who and when until each opening), the committee's
 * openings with their passphrases, the evaluator's own scores, the report, opinion and award, the standstill.
 */
export function Component() {
  const { id } = useParams();
  const { organisationId } = useTenderRoles();
  const tender = useQuery(tenderQuery(organisationId, Number(id)));
  if (!tender.data)
    return (
      <PageFrame>
        {tender.isError ? <Alert color="red">{tender.error.message}</Alert> : <PageSkeleton />}
      </PageFrame>
    );
  return <TenderDetail tender={tender.data} />;
}

function TenderDetail({ tender }: { tender: TenderView }) {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const { organisationId, procurement } = useTenderRoles();
  const { me: user } = usePlatform();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: tendersKey(organisationId) });
  const act = useMutation({
    mutationFn: (run: () => Promise<unknown>) => run(),
    onMutate: () => setProblem(null),
    onSuccess: () => void refresh(),
    onError: (failure) => setProblem(failureText(failure)),
  });
  const me = tender.committee.find((m) => m.user.id === user.id);
  const money = (amount: string) => formatAmount(amount, tender.currency, language);
  const status = tender.status;
  const openingStage: Stage | null =
    status === 'closed' ? 'technical' : status === 'technical_evaluated' ? 'financial' : null;

  return (
    <PageFrame testId="tender-page">
      <BackLink to="/app/sourcing/tenders" label={t('title')} />
      <PageHeader
        module="sourcing"
        title={`${tender.number} · ${tender.title}`}
        badge={<TenderStatusBadge status={status} />}
        lead={t(`method.${tender.method}`)}
        actions={
          <Group gap="xs">
            {tender.published_at && (
              <Button component="a" href={noticeUrl(tender.id)} target="_blank" variant="default">
                {t('detail.printNotice')}
              </Button>
            )}
            {procurement && status === 'draft' && (
              <Button
                onClick={() => act.mutate(() => tenderingApi.publish(tender.id))}
                loading={act.isPending}
                data-testid="tender-publish"
              >
                {t('detail.publish')}
              </Button>
            )}
          </Group>
        }
      />
      {problem && (
        <Alert color="red" role="alert" data-testid="tender-problem">
          {problem}
        </Alert>
      )}
      {tender.evaluation_late && (
        <Alert color="orange" data-testid="tender-late">
          {t('detail.late', { due: formatInstant(tender.evaluation_due_at!, language) })}
        </Alert>
      )}
      {tender.justification_to_approve && (
        <Justification tender={tender} procurement={procurement} act={act.mutate} />
      )}
      <Section title={t('detail.facts')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Fact label={t('list.estimate')} value={money(tender.estimate)} />
          <Fact label={t('form.security')} value={money(tender.bid_security)} />
          <Fact label={t('list.closing')} value={formatInstant(tender.closing_at, language)} />
          <Fact label={t('form.passMark')} value={tender.pass_mark} />
          <Fact label={t('form.quorum')} value={String(tender.quorum)} />
          <Fact label={t('detail.ocid')} value={tender.ocid} />
          {tender.standstill_until && (
            <Fact label={t('detail.standstill')} value={formatInstant(tender.standstill_until, language)} />
          )}
          {tender.evaluation_due_at && (
            <Fact
              label={t('detail.evaluationDue')}
              value={formatInstant(tender.evaluation_due_at, language)}
            />
          )}
        </SimpleGrid>
        {tender.invited_suppliers.length > 0 && (
          <Text size="sm" mt="sm" data-testid="tender-invited-list">
            <b>{t('form.invited')}:</b> {tender.invited_suppliers.map((s) => s.name).join(', ')}
          </Text>
        )}
        {tender.justification && !tender.justification_to_approve && (
          <Text size="sm" mt="sm">
            <b>{t('form.justification')}:</b> {tender.justification}
          </Text>
        )}
      </Section>

      <Section title={t('detail.bids', { count: tender.bid_list.length })} testId="tender-bids">
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('detail.bidder')}</Table.Th>
                <Table.Th>{t('detail.submitted')}</Table.Th>
                <Table.Th>{t('detail.technical')}</Table.Th>
                <Table.Th ta="right">{t('detail.price')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tender.bid_list.map((bid) => (
                <Table.Tr key={bid.id} data-testid="tender-bid">
                  <Table.Td>{bid.supplier.name}</Table.Td>
                  <Table.Td>{formatInstant(bid.submitted_at, language)}</Table.Td>
                  <Table.Td>
                    {bid.technical_score !== null
                      ? `${bid.technical_score} · ${t(bid.technical_pass ? 'detail.passed' : 'detail.failed')}`
                      : bid.technical
                        ? t('detail.opened')
                        : t('detail.sealed')}
                  </Table.Td>
                  <Table.Td ta="right">{bid.price ? money(bid.price) : t('detail.sealed')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>

      <Section title={t('detail.committee')}>
        <Stack gap={4}>
          {tender.committee.map((m) => (
            <Text size="sm" key={m.user.id}>
              {m.user.name}
              {m.technical_confirmed_at ? ` · ${t('detail.confirmedTechnical')}` : ''}
              {m.financial_confirmed_at ? ` · ${t('detail.confirmedFinancial')}` : ''}
              {m.evaluation_submitted_at ? ` · ${t('detail.evaluated')}` : ''}
            </Text>
          ))}
        </Stack>
        {me && openingStage && <Opening tender={tender} stage={openingStage} onDone={refresh} />}
      </Section>

      {status === 'published' && procurement && <Clarifications tender={tender} act={act.mutate} />}
      {me && status === 'technical_opened' && <Evaluation tender={tender} onDone={refresh} />}
      {procurement && ['technical_evaluated', 'financial_opened'].includes(status) && (
        <Report tender={tender} act={act.mutate} />
      )}
      {tender.can_decide && <AwardDecision tender={tender} act={act.mutate} />}
      {tender.technical_opened_at && <Register tender={tender} stage="technical" />}
      {tender.financial_opened_at && <Register tender={tender} stage="financial" />}
      {procurement && status === 'awarded' && <ContractLink tender={tender} act={act.mutate} />}
    </PageFrame>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

function Opening({ tender, stage, onDone }: { tender: TenderView; stage: Stage; onDone: () => unknown }) {
  const { t } = useTranslation(NS);
  const [passphrase, setPassphrase] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const open = useMutation({
    mutationFn: () => tenderingApi.open(tender.id, stage, passphrase),
    onSuccess: () => {
      setPassphrase('');
      void onDone();
    },
    onError: (failure) => setProblem(failureText(failure)),
  });
  return (
    <Stack gap="xs" mt="md" data-testid={`tender-opening-${stage}`}>
      <Text size="sm">{t(`opening.${stage}`)}</Text>
      {problem && <Alert color="red">{problem}</Alert>}
      <Group align="flex-end" wrap="wrap">
        <PasswordInput
          label={t('opening.passphrase')}
          value={passphrase}
          onChange={(event) => setPassphrase(event.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
          data-testid="tender-passphrase"
        />
        <Button
          onClick={() => open.mutate()}
          loading={open.isPending}
          disabled={!passphrase}
          data-testid="tender-confirm-opening"
        >
          {t('opening.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

function Clarifications({ tender, act }: { tender: TenderView; act: (run: () => Promise<unknown>) => void }) {
  const { t } = useTranslation(NS);
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const [note, setNote] = useState('');
  return (
    <Section title={t('clarifications.title')} testId="tender-clarifications">
      <Stack gap="sm">
        {tender.clarifications.length === 0 && <Text size="sm">{t('clarifications.none')}</Text>}
        {tender.clarifications.map((c) => (
          <Stack key={c.id} gap={4}>
            <Text size="sm" fw={500}>
              {c.question}
            </Text>
            {c.answer ? (
              <Text size="sm">{c.answer}</Text>
            ) : (
              <Group align="flex-end" wrap="wrap">
                <TextInput
                  aria-label={t('clarifications.answer')}
                  value={answers[c.id] ?? ''}
                  onChange={(event) => setAnswers({ ...answers, [c.id]: event.currentTarget.value })}
                  style={{ flex: '1 1 240px' }}
                />
                <Button
                  variant="default"
                  onClick={() => act(() => tenderingApi.answer(tender.id, c.id, answers[c.id] ?? ''))}
                >
                  {t('clarifications.publish')}
                </Button>
              </Group>
            )}
          </Stack>
        ))}
        <Textarea
          label={t('clarifications.addendum')}
          description={t('clarifications.addendumHint')}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          autosize
          minRows={2}
        />
        <Group>
          <Button
            variant="default"
            disabled={!note.trim()}
            onClick={() => act(() => tenderingApi.addendum(tender.id, note))}
          >
            {t('clarifications.issue')}
          </Button>
        </Group>
      </Stack>
    </Section>
  );
}

function Evaluation({ tender, onDone }: { tender: TenderView; onDone: () => unknown }) {
  const { t } = useTranslation(NS);
  const { organisationId } = useTenderRoles();
  const evaluation = useQuery(evaluationQuery(organisationId, tender.id, true));
  const [edited, setScores] = useState<Record<number, { pass: boolean; score: number }>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const saved: Record<number, { pass: boolean; score: number }> = {};
  for (const mine of evaluation.data?.mine ?? [])
    saved[mine.bid_id] = { pass: mine.preliminary_pass, score: mine.technical_score };
  const scores = { ...saved, ...edited };
  const submitted = Boolean(evaluation.data?.submitted_at);
  const payload = () =>
    tender.bid_list.map((bid) => ({
      bid_id: bid.id,
      preliminary_pass: scores[bid.id]?.pass ?? true,
      technical_score: scores[bid.id]?.score ?? 0,
      comment: '',
    }));
  const submit = useMutation({
    mutationFn: async () => {
      await tenderingApi.saveEvaluation(tender.id, payload());
      return tenderingApi.submitEvaluation(tender.id);
    },
    onSuccess: () => void onDone(),
    onError: (failure) => setProblem(failureText(failure)),
  });
  return (
    <Section title={t('evaluation.title')} testId="tender-evaluation">
      <Text size="sm" c="dimmed" mb="sm">
        {t('evaluation.lead', { passMark: tender.pass_mark })}
      </Text>
      {problem && <Alert color="red">{problem}</Alert>}
      <Stack gap="sm">
        {tender.bid_list.map((bid) => (
          <Group key={bid.id} align="flex-end" wrap="wrap" data-testid="tender-score-row">
            <Text size="sm" fw={500} style={{ flex: '1 1 200px' }}>
              {bid.supplier.name}
            </Text>
            <Checkbox
              label={t('evaluation.preliminary')}
              checked={scores[bid.id]?.pass ?? true}
              disabled={submitted}
              onChange={(event) =>
                setScores({
                  ...scores,
                  [bid.id]: { score: scores[bid.id]?.score ?? 0, pass: event.currentTarget.checked },
                })
              }
            />
            <NumberInput
              label={t('evaluation.score')}
              min={0}
              max={100}
              w={120}
              value={scores[bid.id]?.score ?? ''}
              disabled={submitted}
              onChange={(value) =>
                setScores({
                  ...scores,
                  [bid.id]: { pass: scores[bid.id]?.pass ?? true, score: Number(value) || 0 },
                })
              }
              data-testid="tender-score"
            />
          </Group>
        ))}
        {submitted ? (
          <Text size="sm">{t('evaluation.submitted')}</Text>
        ) : (
          <Group>
            <Button
              onClick={() => submit.mutate()}
              loading={submit.isPending}
              data-testid="tender-submit-evaluation"
            >
              {t('evaluation.submit')}
            </Button>
          </Group>
        )}
      </Stack>
    </Section>
  );
}

function Report({ tender, act }: { tender: TenderView; act: (run: () => Promise<unknown>) => void }) {
  const { t } = useTranslation(NS);
  const [report, setReport] = useState(tender.evaluation_report ?? '');
  const [opinion, setOpinion] = useState(tender.professional_opinion ?? '');
  const passing = tender.bid_list.filter((b) => b.technical_pass && b.price !== null);
  const [bid, setBid] = useState<string | null>(
    passing.find((b) => b.financial_rank === 1)?.id.toString() ?? null,
  );
  return (
    <Section title={t('award.title')} testId="tender-award">
      <Stack gap="sm">
        <Textarea
          label={t('award.report')}
          value={report}
          onChange={(e) => setReport(e.currentTarget.value)}
          autosize
          minRows={3}
          data-testid="tender-report"
        />
        <Textarea
          label={t('award.opinion')}
          value={opinion}
          onChange={(e) => setOpinion(e.currentTarget.value)}
          autosize
          minRows={2}
          data-testid="tender-opinion"
        />
        <Group>
          <Button
            variant="default"
            onClick={() =>
              act(() =>
                tenderingApi.report(tender.id, { evaluation_report: report, professional_opinion: opinion }),
              )
            }
            data-testid="tender-save-report"
          >
            {t('award.saveReport')}
          </Button>
        </Group>
        {tender.status === 'financial_opened' && (
          <Group align="flex-end" wrap="wrap">
            <Select
              label={t('award.bid')}
              data={passing.map((b) => ({ value: String(b.id), label: `${b.supplier.name} · ${b.price}` }))}
              value={bid}
              onChange={setBid}
              w={{ base: '100%', sm: 360 }}
              data-testid="tender-award-bid"
            />
            <Button
              disabled={!bid}
              onClick={() => act(() => tenderingApi.award(tender.id, Number(bid)))}
              data-testid="tender-award-submit"
            >
              {t('award.submit')}
            </Button>
          </Group>
        )}
      </Stack>
    </Section>
  );
}

/**
 * A draft whose method is outside its threshold (or limits competition): its justification is approved
 * through the approval engine before the notice can be published.
 */
function Justification({
  tender,
  procurement,
  act,
}: {
  tender: TenderView;
  procurement: boolean;
  act: (run: () => Promise<unknown>) => void;
}) {
  const { t } = useTranslation(NS);
  const [comment, setComment] = useState('');
  const state = tender.justification_status ?? 'none';
  return (
    <Alert
      color={state === 'approved' ? 'green' : state === 'rejected' ? 'red' : 'orange'}
      title={t(`justification.${state}`)}
      data-testid="tender-justification"
    >
      <Stack gap="xs">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {tender.justification}
        </Text>
        {procurement && (state === 'none' || state === 'rejected') && (
          <Group>
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => act(() => tenderingApi.askJustification(tender.id))}
              data-testid="tender-justification-ask"
            >
              {t('justification.ask')}
            </Button>
          </Group>
        )}
        {tender.can_decide_justification && (
          <>
            <Textarea
              label={t('decision.comment')}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              autosize
              minRows={2}
            />
            <Group>
              <Button
                size="compact-sm"
                color="green"
                onClick={() => act(() => tenderingApi.decideJustification(tender.id, 'approve', comment))}
                data-testid="tender-justification-approve"
              >
                {t('justification.approve')}
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                color="red"
                disabled={!comment.trim()}
                onClick={() => act(() => tenderingApi.decideJustification(tender.id, 'reject', comment))}
                data-testid="tender-justification-reject"
              >
                {t('justification.reject')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Alert>
  );
}

/** The approver's turn on the award (the approvals inbox opens this page): approve, or reject with a reason. */
function AwardDecision({ tender, act }: { tender: TenderView; act: (run: () => Promise<unknown>) => void }) {
  const { t, i18n } = useTranslation(NS);
  const [comment, setComment] = useState('');
  const awarded = tender.bid_list.find((b) => b.id === tender.award_bid_id);
  return (
    <Section title={t('decision.title')} testId="tender-decision">
      <Stack gap="sm">
        <Text size="sm">
          {t('decision.lead', {
            supplier: awarded?.supplier.name ?? '',
            price: awarded?.price
              ? formatAmount(awarded.price, tender.currency, i18n.resolvedLanguage ?? 'en')
              : '',
          })}
        </Text>
        <Textarea
          label={t('decision.comment')}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        <Group>
          <Button
            color="green"
            onClick={() => act(() => tenderingApi.decide(tender.id, 'approve', comment))}
            data-testid="tender-approve"
          >
            {t('decision.approve')}
          </Button>
          <Button
            variant="default"
            color="red"
            disabled={!comment.trim()}
            onClick={() => act(() => tenderingApi.decide(tender.id, 'reject', comment))}
            data-testid="tender-reject"
          >
            {t('decision.reject')}
          </Button>
        </Group>
      </Stack>
    </Section>
  );
}

function Register({ tender, stage }: { tender: TenderView; stage: Stage }) {
  const { t, i18n } = useTranslation(NS);
  const { organisationId } = useTenderRoles();
  const register = useQuery(registerQuery(organisationId, tender.id, stage, true));
  if (!register.data) return null;
  return (
    <Section
      title={t(`register.${stage}`)}
      testId={`tender-register-${stage}`}
      actions={
        <Button variant="subtle" onClick={() => window.print()}>
          {t('register.print')}
        </Button>
      }
    >
      <Text size="sm" mb="xs">
        {t('register.opened', { at: formatInstant(register.data.opened_at!, i18n.resolvedLanguage ?? 'en') })}{' '}
        {register.data.committee.map((m) => m.name).join(', ')}
      </Text>
      <Table.ScrollContainer minWidth={520}>
        <Table>
          <Table.Tbody>
            {register.data.bids.map((b) => (
              <Table.Tr key={b.supplier}>
                <Table.Td>{b.supplier}</Table.Td>
                <Table.Td>{b.security ?? '—'}</Table.Td>
                <Table.Td>{b.price ?? ''}</Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace">
                    {(stage === 'technical' ? b.technical_sha256 : b.financial_sha256).slice(0, 16)}…
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}

function ContractLink({ tender, act }: { tender: TenderView; act: (run: () => Promise<unknown>) => void }) {
  const { t } = useTranslation(NS);
  const [contract, setContract] = useState('');
  return (
    <Section title={t('contract.title')}>
      <Text size="sm" mb="sm">
        {t('contract.lead')}
      </Text>
      {tender.contract_id ? (
        <Anchor href={`/app/contracts/${tender.contract_id}`}>
          {t('contract.open', { id: tender.contract_id })}
        </Anchor>
      ) : (
        <Group align="flex-end">
          <TextInput
            label={t('contract.id')}
            value={contract}
            onChange={(e) => setContract(e.currentTarget.value)}
            w={160}
          />
          <Button
            variant="default"
            disabled={!Number(contract)}
            onClick={() => act(() => tenderingApi.linkContract(tender.id, Number(contract)))}
          >
            {t('contract.link')}
          </Button>
        </Group>
      )}
    </Section>
  );
}
