import { Badge, Group, Stack, Text, Timeline } from '@mantine/core';
import type { RequisitionStatus } from '@zabuni/domain';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../lib/format.ts';
import type { RequisitionView } from '../api.ts';
import { stepStates, type StepState } from '../approval-steps.ts';

type Approval = NonNullable<RequisitionView['approval']>;
type DecisionRow = Approval['decisions'][number];

const DECISION_COLOR: Record<DecisionRow['decision'], string> = {
  approved: 'green',
  rejected: 'red',
  returned: 'orange',
};

const STEP_COLOR: Record<StepState, string> = {
  done: 'green',
  current: 'blue',
  rejected: 'red',
  returned: 'orange',
  pending: 'gray',
};

function DecisionLine({ decision }: { decision: DecisionRow }) {
  const { t, i18n } = useTranslation('requisitions');
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <Stack gap={2} data-testid="approval-decision" data-decision={decision.decision}>
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={600}>
          {decision.user.name}
        </Text>
        <Badge size="sm" variant="light" color={DECISION_COLOR[decision.decision]} tt="none" radius="sm">
          {t(`decision.kind.${decision.decision}`)}
        </Badge>
        <Text size="xs" c="dimmed">
          {formatDate(decision.decided_at, language, true)}
        </Text>
      </Group>
      {decision.comment && (
        <Text size="sm" c="dark.6" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          “{decision.comment}”
        </Text>
      )}
    </Stack>
  );
}

/**
 * The approval route of the current round, step by step: who decided what, with their comments, and the
 * step waiting now highlighted. Earlier rounds (before a return) follow, as history.
 */
export function ApprovalTimeline({
  approval,
  status,
}: {
  approval: RequisitionView['approval'];
  status: RequisitionStatus;
}) {
  const { t } = useTranslation('requisitions');
  if (!approval) {
    return (
      <Text size="sm" c="dimmed" data-testid="approval-not-submitted">
        {t('approval.notSubmitted')}
      </Text>
    );
  }
  const states = stepStates(approval, status);
  const current = approval.decisions.filter((d) => d.round === approval.round);
  const earlier = approval.decisions.filter((d) => d.round < approval.round);
  const active = states.findLastIndex((state) => state !== 'pending');

  return (
    <Stack gap="md" data-testid="approval-timeline">
      {approval.round > 1 && (
        <Text size="sm" c="dimmed">
          {t('approval.round', { round: approval.round })}
        </Text>
      )}
      <Timeline active={active} bulletSize={22} lineWidth={2} color="blue">
        {approval.route.map((step, index) => {
          const state = states[index] ?? 'pending';
          const decisions = current.filter((d) => d.step === index + 1);
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
              style={
                state === 'current'
                  ? {
                      background: 'var(--mantine-color-blue-0)',
                      borderRadius: 'var(--mantine-radius-md)',
                      padding: '4px 8px',
                    }
                  : undefined
              }
            >
              <Stack gap={6} mt={4}>
                {decisions.length === 0 && state !== 'current' && (
                  <Text size="xs" c="dimmed">
                    {state === 'pending' ? t('approval.pending') : ''}
                  </Text>
                )}
                {decisions.map((decision) => (
                  <DecisionLine
                    key={`${decision.step}-${decision.user.id}-${decision.decided_at}`}
                    decision={decision}
                  />
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
          {earlier.map((decision) => (
            <Group
              key={`${decision.round}-${decision.step}-${decision.user.id}-${decision.decided_at}`}
              gap={6}
              align="flex-start"
              wrap="nowrap"
            >
              <Badge size="sm" variant="outline" color="gray" tt="none" radius="sm" style={{ flexShrink: 0 }}>
                {t('approval.roundStep', { round: decision.round, step: decision.step })}
              </Badge>
              <DecisionLine decision={decision} />
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
