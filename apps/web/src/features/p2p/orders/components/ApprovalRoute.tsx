import { Badge, Group, Stack, Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../lib/format.ts';
import type { PurchaseOrderView } from '../api/purchase-orders.ts';
import { NS } from '../model/messages.ts';

type Approval = NonNullable<PurchaseOrderView['approval']>;
type Decision = Approval['decisions'][number];
type StepState = 'done' | 'current' | 'rejected' | 'pending';

const DECISION_COLOR: Record<Decision['decision'], string> = {
  approved: 'green',
  rejected: 'red',
  returned: 'orange',
};
const STEP_COLOR: Record<StepState, string> = {
  done: 'green',
  current: 'blue',
  rejected: 'red',
  pending: 'gray',
};

/** Where each step of the current round stands. */
export function stepStates(approval: Approval, waiting: boolean): StepState[] {
  const decisions = approval.decisions.filter((d) => d.round === approval.round);
  return approval.route.map((_, index) => {
    const step = index + 1;
    if (decisions.some((d) => d.step === step && d.decision !== 'approved')) return 'rejected';
    if (approval.state === 'approved') return 'done';
    if (approval.current_step === null) return decisions.some((d) => d.step === step) ? 'done' : 'pending';
    if (step < approval.current_step) return 'done';
    if (step === approval.current_step && waiting) return 'current';
    return 'pending';
  });
}

function DecisionLine({ decision }: { decision: Decision }) {
  const { t, i18n } = useTranslation(NS);
  return (
    <Stack gap={2} data-testid="approval-decision" data-decision={decision.decision}>
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={600}>
          {decision.user.name}
        </Text>
        <Badge size="sm" variant="light" color={DECISION_COLOR[decision.decision]} tt="none" radius="sm">
          {t(`approval.decision.${decision.decision}`)}
        </Badge>
        <Text size="xs" c="dimmed">
          {formatDate(decision.decided_at, i18n.resolvedLanguage ?? 'en', true)}
        </Text>
      </Group>
      {decision.comment && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          “{decision.comment}”
        </Text>
      )}
    </Stack>
  );
}

/** The order's approval route, step by step, with who decided what; earlier rounds below as history. */
export function ApprovalRoute({ approval, waiting }: { approval: Approval | null; waiting: boolean }) {
  const { t } = useTranslation(NS);
  if (!approval) {
    return (
      <Text size="sm" c="dimmed" data-testid="approval-not-submitted">
        {t('approval.notSubmitted')}
      </Text>
    );
  }
  const states = stepStates(approval, waiting);
  const current = approval.decisions.filter((d) => d.round === approval.round);
  const earlier = approval.decisions.filter((d) => d.round < approval.round);
  return (
    <Stack gap="md" data-testid="approval-route">
      <Timeline active={states.findLastIndex((s) => s !== 'pending')} bulletSize={22} lineWidth={2}>
        {approval.route.map((step, index) => {
          const state = states[index] ?? 'pending';
          return (
            <Timeline.Item
              key={`${index}-${step}`}
              color={STEP_COLOR[state]}
              bullet={
                <Text size="xs" fw={700} c={state === 'pending' ? 'dimmed' : 'white'}>
                  {index + 1}
                </Text>
              }
              title={
                <Group gap={6} wrap="wrap">
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {step}
                  </Text>
                  {state === 'current' && (
                    <Badge size="sm" color="blue" tt="none" data-testid="current-step">
                      {approval.waiting_for_me ? t('approval.waitingForYou') : t('approval.waiting')}
                    </Badge>
                  )}
                </Group>
              }
              data-testid="approval-step"
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <Stack gap={6} mt={4}>
                {current
                  .filter((d) => d.step === index + 1)
                  .map((d) => (
                    <DecisionLine key={`${d.step}-${d.user.id}-${d.decided_at}`} decision={d} />
                  ))}
              </Stack>
            </Timeline.Item>
          );
        })}
      </Timeline>
      {earlier.length > 0 && (
        <Stack gap="xs" data-testid="approval-earlier">
          <Text size="sm" fw={600}>
            {t('approval.earlier')}
          </Text>
          {earlier.map((d) => (
            <DecisionLine key={`${d.round}-${d.step}-${d.user.id}-${d.decided_at}`} decision={d} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
