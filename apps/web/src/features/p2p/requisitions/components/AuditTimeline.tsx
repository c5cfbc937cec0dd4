import { Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client.ts';
import { formatDate } from '../../../../lib/format.ts';
import { TIMELINE_ACTIONS, timelineQuery, type TimelineEntry } from '../api.ts';

const COLOR: Record<string, string> = {
  'requisition.created': 'gray',
  'requisition.updated': 'gray',
  'requisition.submitted': 'blue',
  'requisition.approved': 'green',
  'requisition.rejected': 'red',
  'requisition.returned': 'orange',
  'requisition.cancelled': 'dark',
  'requisition.attachment_added': 'gray',
  'requisition.attachment_removed': 'gray',
};

const known = (action: string): action is (typeof TIMELINE_ACTIONS)[number] =>
  (TIMELINE_ACTIONS as readonly string[]).includes(action);

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

function Entry({ entry }: { entry: TimelineEntry }) {
  const { t, i18n } = useTranslation('requisitions');
  const language = i18n.resolvedLanguage ?? 'en';
  const actor = entry.actor?.name ?? t('timeline.system');
  const key = known(entry.action) ? entry.action.slice('requisition.'.length) : null;
  const comment = text(entry.detail.comment);
  const fileName = text(entry.detail.file_name);
  const step = typeof entry.detail.step === 'number' ? entry.detail.step : null;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {key ? t(`timeline.actions.${key}`, { actor }) : `${entry.action} · ${actor}`}
      </Text>
      <Text size="xs" c="dimmed">
        {formatDate(entry.occurred_at, language, true)}
        {step !== null ? ` · ${t('timeline.step', { step })}` : ''}
        {entry.action === 'requisition.approved' && entry.detail.final === true
          ? ` · ${t('timeline.final')}`
          : ''}
      </Text>
      {fileName && (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {fileName}
        </Text>
      )}
      {comment && (
        <Text size="sm" c="dark.6" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          “{comment}”
        </Text>
      )}
    </Stack>
  );
}

/** Everything that happened to the requisition, oldest first, from the tamper-evident audit log. */
export function AuditTimeline({ requisitionId }: { requisitionId: number }) {
  const { t } = useTranslation('requisitions');
  const timeline = useQuery(timelineQuery(requisitionId));
  if (timeline.isPending) return <Skeleton height={120} radius="md" />;
  if (timeline.isError) {
    const unavailable = timeline.error instanceof ApiError && timeline.error.status === 404;
    return (
      <Text size="sm" c={unavailable ? 'dimmed' : 'red.8'}>
        {unavailable ? t('timeline.unavailable') : timeline.error.message}
      </Text>
    );
  }
  const entries = timeline.data.results;
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('timeline.empty')}
      </Text>
    );
  }
  return (
    <Timeline active={entries.length - 1} bulletSize={14} lineWidth={2} data-testid="audit-timeline">
      {entries.map((entry) => (
        <Timeline.Item
          key={entry.id}
          color={COLOR[entry.action] ?? 'gray'}
          data-testid="timeline-entry"
          data-action={entry.action}
        >
          <Entry entry={entry} />
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
