import {
  Alert,
  Button,
  Grid,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from '../../../../lib/toast.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { formatDate } from '../../../../lib/format.ts';
import { failureText } from '../../../../lib/form-errors.ts';
import { usePageTitle } from '../../../../lib/use-page-title.ts';
import { usePlatform } from '../../../../lib/platform-context.ts';
import {
  cancelRequisition,
  requisitionQuery,
  submitRequisition,
  useRequisition,
  type Decision,
  type RequisitionView,
} from '../api.ts';
import { ApprovalTimeline } from '../components/ApprovalTimeline.tsx';
import { AttachmentsSection } from '../components/AttachmentsSection.tsx';
import { AuditTimeline } from '../components/AuditTimeline.tsx';
import { BudgetPanel, stopping } from '../components/BudgetPanel.tsx';
import { DecisionModal } from '../components/DecisionModal.tsx';
import { BackLink, LoadProblem, PageFrame, PageSkeleton } from '../../../../components/PageFrame.tsx';
import { StatusBadge } from '../components/StatusBadge.tsx';
import { availableActions, latestReturn } from '../requisition-actions.ts';
import { budgetCheckPayload, formatShortDate, formFromRequisition } from '../requisition-form.ts';
import { formatAmount } from '../../../../lib/money.ts';
import { useBudgetCheck, type BudgetCheckResult } from '../use-budget-check.ts';
import { COMMENT_MAX } from '../components/DecisionModal.tsx';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function LinesTable({ view }: { view: RequisitionView }) {
  const { t, i18n } = useTranslation('requisitions');
  const language = i18n.resolvedLanguage ?? 'en';
  const money = (text: string) => formatAmount(text, view.currency, language);
  const date = (value: string | null) => (value ? formatShortDate(`${value}T12:00:00+03:00`, language) : '—');
  return (
    <>
      <Table.ScrollContainer minWidth={640} visibleFrom="sm">
        <Table verticalSpacing="xs" striped data-testid="lines-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36}>#</Table.Th>
              <Table.Th>{t('form.line.description')}</Table.Th>
              <Table.Th ta="right">{t('form.line.quantity')}</Table.Th>
              <Table.Th ta="right">{t('detail.unitPrice')}</Table.Th>
              <Table.Th ta="right">{t('form.line.amount')}</Table.Th>
              <Table.Th>{t('form.line.neededBy')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {view.lines.map((line) => (
              <Table.Tr key={line.id} data-testid="line-row">
                <Table.Td>{line.line_no}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text size="sm" fw={500}>
                    {line.description}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {line.category.name} · {line.department.code} · {line.department.name}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {line.quantity} {line.unit}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(line.unit_price)}
                </Table.Td>
                <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {money(line.amount)}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{date(line.needed_by)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={4} ta="right">
                {t('form.total')}
              </Table.Th>
              <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="lines-total">
                {money(view.total)}
              </Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="xs" hiddenFrom="sm" data-testid="lines-cards">
        {view.lines.map((line) => (
          <Paper key={line.id} withBorder radius="md" p="sm" data-testid="line-card">
            <Stack gap={4}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {line.line_no}. {line.description}
                </Text>
                <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {money(line.amount)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {line.category.name} · {line.department.code} · {line.department.name}
              </Text>
              <Text size="xs">
                {line.quantity} {line.unit} × {money(line.unit_price)}
                {line.needed_by ? ` · ${t('detail.neededBy', { date: date(line.needed_by) })}` : ''}
              </Text>
            </Stack>
          </Paper>
        ))}
        <Group justify="space-between" px="sm">
          <Text fw={600}>{t('form.total')}</Text>
          <Text fw={800}>{money(view.total)}</Text>
        </Group>
      </Stack>
    </>
  );
}

/** Draft, returned and submitted requisitions still draw on their budgets' available amount. */
const checksBudget = (view: RequisitionView) =>
  view.status === 'draft' || view.status === 'returned' || view.status === 'submitted';

/**
 * The budget panel: what the requisition does to its budgets now (itself left out of the figures, so a
 * submitted one is not counted twice), or why there is nothing to check.
 */
function DetailBudget({ view, budget }: { view: RequisitionView; budget: BudgetCheckResult }) {
  const { t } = useTranslation('requisitions');
  if (!checksBudget(view)) {
    return (
      <Stack gap="xs" data-testid="budget-panel" data-state="closed">
        <Title order={2} fz="lg">
          {t('budget.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t(view.status === 'approved' || view.status === 'ordered' ? 'budget.committed' : 'budget.closed')}
        </Text>
      </Stack>
    );
  }
  return (
    <BudgetPanel
      state={budget.state}
      checks={budget.checks}
      refreshing={budget.refreshing}
      error={budget.error}
      context={view.status === 'submitted' ? 'submitted' : 'detail'}
    />
  );
}

/** `/app/p2p/requisitions/:id`: the requisition, its approval route and history, and what can be done now. */
export function Component() {
  const { t, i18n } = useTranslation('requisitions');
  const language = i18n.resolvedLanguage ?? 'en';
  const { me } = usePlatform();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const requisition = useRequisition(id);
  const view = requisition.data;
  usePageTitle(view ? `${view.number} · ${view.title}` : t('detail.loadingTitle'));
  const [decision, setDecision] = useState<Decision | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [cancelComment, setCancelComment] = useState('');
  const [busy, setBusy] = useState<'submit' | 'cancel' | null>(null);
  const [problem, setProblem] = useState<{ title: string; message: string } | null>(null);
  const saved = view && checksBudget(view) ? budgetCheckPayload(formFromRequisition(view)) : null;
  const budget = useBudgetCheck(view && saved ? { ...saved, requisition_id: view.id } : null, 0);

  if (requisition.isPending) {
    return (
      <PageFrame>
        <PageSkeleton />
      </PageFrame>
    );
  }
  if (requisition.isError) {
    return (
      <PageFrame>
        <LoadProblem
          error={requisition.error}
          onRetry={() => void requisition.refetch()}
          back={{ to: '/app/p2p/requisitions', label: t('list.title') }}
          notFound={{ title: t('detail.notFound'), body: t('detail.notFoundBody') }}
        />
      </PageFrame>
    );
  }
  const current = view!;
  const actions = availableActions(current, me.id);
  const returned = latestReturn(current);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['p2p', 'requisitions'] });
    await queryClient.invalidateQueries({ queryKey: ['p2p', 'approvals'] });
  };

  /** A 409 (someone acted first) reloads the requisition; any refusal is shown above the page. */
  const failed = async (title: string, failure: unknown) => {
    const message = failureText(failure);
    setProblem({ title, message });
    toast.error(message, { toastId: `requisition-${current.id}-problem` });
    if (failure instanceof ApiError && (failure.status === 409 || failure.status === 403)) await refresh();
  };

  const submit = async () => {
    setBusy('submit');
    setProblem(null);
    try {
      const submitted = await submitRequisition(current.id);
      queryClient.setQueryData(requisitionQuery(current.id).queryKey, submitted);
      toast.success(t('form.submitted', { number: current.number }));
      await refresh();
    } catch (failure) {
      await failed(t('detail.submitFailed'), failure);
    } finally {
      setBusy(null);
    }
  };

  const cancel = async () => {
    setBusy('cancel');
    setProblem(null);
    try {
      const cancelled = await cancelRequisition(current.id, cancelComment.trim() || undefined);
      queryClient.setQueryData(requisitionQuery(current.id).queryKey, cancelled);
      toast.success(t('detail.cancelled', { number: current.number }));
      setCancelling(false);
      await refresh();
    } catch (failure) {
      setCancelling(false);
      await failed(t('detail.cancelFailed'), failure);
    } finally {
      setBusy(null);
    }
  };

  const actionButtons = (
    <Group gap="xs" wrap="wrap" data-testid="requisition-actions">
      {actions.order && (
        <Button
          component={Link}
          to={`/app/p2p/purchase-orders/new?requisition=${current.id}`}
          data-testid="action-order"
        >
          {t('actions.order')}
        </Button>
      )}
      {actions.approve && (
        <Button color="green" onClick={() => setDecision('approve')} data-testid="action-approve">
          {t('actions.approve')}
        </Button>
      )}
      {actions.return && (
        <Button
          color="orange"
          variant="light"
          onClick={() => setDecision('return')}
          data-testid="action-return"
        >
          {t('actions.return')}
        </Button>
      )}
      {actions.reject && (
        <Button color="red" variant="light" onClick={() => setDecision('reject')} data-testid="action-reject">
          {t('actions.reject')}
        </Button>
      )}
      {actions.edit && (
        <Button
          component={Link}
          to={`/app/p2p/requisitions/${current.id}/edit`}
          variant="light"
          data-testid="action-edit"
        >
          {t('actions.edit')}
        </Button>
      )}
      {actions.submit && (
        <Button
          onClick={() => void submit()}
          loading={busy === 'submit'}
          // Over a budget that stops requisitions: the budget panel below says which and by how much.
          disabled={budget.current && stopping(budget.checks).length > 0}
          data-testid="action-submit"
        >
          {t('actions.submit')}
        </Button>
      )}
      {actions.cancel && (
        <Button
          color="red"
          variant="subtle"
          onClick={() => {
            setCancelComment('');
            setCancelling(true);
          }}
          data-testid="action-cancel"
        >
          {t('actions.cancel')}
        </Button>
      )}
    </Group>
  );

  return (
    <PageFrame testId="requisition-detail">
      <BackLink to="/app/p2p/requisitions" label={t('list.title')} />
      <Stack gap="xs">
        <Group gap="sm" wrap="wrap">
          <Text fw={700} c="dimmed" data-testid="requisition-number">
            {current.number}
          </Text>
          <StatusBadge status={current.status} size="lg" />
        </Group>
        <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
          <Title
            order={1}
            fz={{ base: 22, sm: 28 }}
            style={{ overflowWrap: 'anywhere', flex: '1 1 320px' }}
            data-testid="requisition-title"
          >
            {current.title}
          </Title>
          {actionButtons}
        </Group>
      </Stack>

      {problem && (
        <Alert
          color="red"
          variant="light"
          title={problem.title}
          withCloseButton
          onClose={() => setProblem(null)}
          data-testid="action-error"
        >
          {problem.message}
        </Alert>
      )}
      {current.approval?.waiting_for_me && current.status === 'submitted' && (
        <Alert color="blue" variant="light" data-testid="waiting-for-me">
          {t('detail.waitingForYou', { step: current.approval.current_step ?? '' })}
        </Alert>
      )}
      {returned && (
        <Alert
          color="orange"
          variant="light"
          title={t('form.returnedBy', { name: returned.user.name })}
          data-testid="returned-comment"
        >
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {returned.comment}
          </Text>
        </Alert>
      )}

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="sm">
          <Fact label={t('detail.requester')} testId="requisition-requester">
            {current.requester.name}
          </Fact>
          <Fact label={t('detail.created')}>{formatDate(current.created_at, language)}</Fact>
          <Fact label={t('detail.submitted')}>
            {current.submitted_at ? formatDate(current.submitted_at, language, true) : t('detail.notYet')}
          </Fact>
          <Fact label={t('form.total')} testId="requisition-total">
            {formatAmount(current.total, current.currency, language)}
          </Fact>
        </SimpleGrid>
      </Paper>

      <Section title={t('form.sections.lines')} testId="lines-section">
        <LinesTable view={current} />
      </Section>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }} miw={0}>
          <Stack gap="lg">
            <Section title={t('form.justification')}>
              <Text
                size="sm"
                c={current.justification ? undefined : 'dimmed'}
                style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                data-testid="requisition-justification"
              >
                {current.justification || t('detail.noJustification')}
              </Text>
            </Section>
            <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
              <AttachmentsSection requisitionId={current.id} editable={actions.edit} />
            </Paper>
            <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
              <DetailBudget view={current} budget={budget} />
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }} miw={0}>
          <Stack gap="lg">
            <Section title={t('approval.title')} testId="approval-section">
              <ApprovalTimeline approval={current.approval} status={current.status} />
            </Section>
            <Section title={t('timeline.title')} testId="timeline-section">
              <AuditTimeline requisitionId={current.id} />
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>

      <DecisionModal
        target={
          decision
            ? {
                id: current.id,
                number: current.number,
                title: current.title,
                step: current.approval?.current_step ?? null,
              }
            : null
        }
        decision={decision ?? 'approve'}
        onClose={() => setDecision(null)}
        onDone={(updated) => {
          if (updated) queryClient.setQueryData(requisitionQuery(current.id).queryKey, updated);
          setDecision(null);
        }}
      />
      <Modal
        opened={cancelling}
        onClose={() => setCancelling(false)}
        title={t('detail.cancelTitle', { number: current.number })}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('detail.cancelBody')}</Text>
          <Textarea
            label={t('detail.cancelReason')}
            autosize
            minRows={2}
            maxLength={COMMENT_MAX}
            value={cancelComment}
            onChange={(event) => setCancelComment(event.currentTarget.value)}
            data-testid="cancel-comment"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setCancelling(false)}>
              {t('actions.keep')}
            </Button>
            <Button
              color="red"
              loading={busy === 'cancel'}
              onClick={() => void cancel()}
              data-testid="cancel-confirm"
            >
              {t('detail.cancelConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </PageFrame>
  );
}
