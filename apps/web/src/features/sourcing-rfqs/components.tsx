import { Badge } from '@mantine/core';
import type { RfqPhase } from '@zabuni/domain';
import { useTranslation } from 'react-i18next';
import { NS } from './api.ts';

const COLOURS: Record<RfqPhase, string> = {
  draft: 'gray',
  pending_approval: 'yellow',
  published: 'blue',
  closed: 'orange',
  opened: 'teal',
  award_pending: 'yellow',
  awarded: 'green',
  cancelled: 'red',
};

export function RfqStatusBadge({ status, size = 'md' }: { status: RfqPhase; size?: 'sm' | 'md' }) {
  const { t } = useTranslation(NS);
  return (
    <Badge color={COLOURS[status]} variant="light" size={size} data-testid="rfq-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** An instant in East Africa Time, as people read it in the interface language. */
export function formatInstant(iso: string, language: string) {
  return new Intl.DateTimeFormat(language === 'am' ? 'am-ET' : language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Africa/Nairobi',
  }).format(new Date(iso));
}
