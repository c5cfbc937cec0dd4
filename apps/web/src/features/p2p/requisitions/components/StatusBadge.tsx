import { Badge } from '@mantine/core';
import type { RequisitionStatus } from '@zabuni/domain';
import { useTranslation } from 'react-i18next';

export const STATUS_COLOR: Record<RequisitionStatus, string> = {
  draft: 'gray',
  submitted: 'blue',
  approved: 'green',
  rejected: 'red',
  returned: 'orange',
  ordered: 'teal',
  cancelled: 'dark',
};

/** A requisition's state in a word, coloured by what it asks of people (orange: back with the requester). */
export function StatusBadge({
  status,
  size = 'md',
}: {
  status: RequisitionStatus;
  size?: 'sm' | 'md' | 'lg';
}) {
  const { t } = useTranslation('requisitions');
  return (
    <Badge
      color={STATUS_COLOR[status]}
      variant={status === 'cancelled' ? 'outline' : 'light'}
      radius="sm"
      size={size}
      tt="none"
      data-testid="requisition-status"
      data-status={status}
      // Table cells would otherwise squeeze it to an ellipsis ("Submitt…").
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
