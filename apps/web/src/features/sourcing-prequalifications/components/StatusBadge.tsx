import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NS } from '../api.ts';

const COLOURS: Record<string, string> = {
  draft: 'gray',
  published: 'blue',
  results: 'orange',
  completed: 'teal',
  pending: 'orange',
  approved: 'teal',
  rejected: 'red',
  submitted: 'blue',
  withdrawn: 'gray',
};

/** An exercise's, a response's or a result's status, in words and colour. */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation(NS);
  return (
    <Badge color={COLOURS[status] ?? 'gray'} variant="light" data-testid="status-badge">
      {t(`status.${status}`)}
    </Badge>
  );
}
