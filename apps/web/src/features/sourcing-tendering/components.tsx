import { Badge, type BadgeProps } from '@mantine/core';
import type { TenderingPhase } from '@zabuni/domain';
import { useTranslation } from 'react-i18next';
import { NS } from './api.ts';

const COLOURS: Record<TenderingPhase, string> = {
  draft: 'gray',
  published: 'blue',
  closed: 'orange',
  technical_opened: 'grape',
  technical_evaluated: 'violet',
  financial_opened: 'indigo',
  award_pending: 'yellow',
  awarded: 'green',
  cancelled: 'red',
};

export function TenderStatusBadge({ status, ...props }: { status: TenderingPhase } & BadgeProps) {
  const { t } = useTranslation(NS);
  return (
    <Badge color={COLOURS[status]} variant="light" data-testid="tender-status" {...props}>
      {t(`status.${status}`)}
    </Badge>
  );
}

export function formatInstant(iso: string, language: string) {
  return new Intl.DateTimeFormat(language === 'am' ? 'am-ET' : language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Africa/Nairobi',
  }).format(new Date(iso));
}
