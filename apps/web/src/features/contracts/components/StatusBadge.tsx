import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<string, string> = {
  draft: 'gray',
  in_approval: 'yellow',
  approved: 'blue',
  signing: 'grape',
  active: 'teal',
  expired: 'orange',
  terminated: 'red',
};

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('contracts');
  return (
    <Badge color={COLOURS[status] ?? 'gray'} variant="light" data-testid="contract-status">
      {t(`status.${status}`)}
    </Badge>
  );
}
