import { Badge } from '@mantine/core';
import type { InvoiceStatus, PurchaseOrderStatus } from '@zabuni/domain';
import { useTranslation } from 'react-i18next';

export const ORDER_STATUS_COLOR: Record<PurchaseOrderStatus, string> = {
  draft: 'gray',
  pending_approval: 'gray',
  approved: 'blue',
  sent: 'orange',
  acknowledged: 'blue',
  declined: 'red',
  partially_received: 'teal',
  received: 'green',
  closed: 'dark',
  cancelled: 'dark',
};

export const INVOICE_STATUS_COLOR: Record<InvoiceStatus, string> = {
  submitted: 'gray',
  matched: 'blue',
  exception: 'orange',
  awaiting_credit_note: 'orange',
  approved: 'teal',
  rejected: 'red',
  partially_paid: 'green',
  paid: 'green',
};

type Size = 'sm' | 'md' | 'lg';

/** An order's state for its supplier (orange: waiting for the supplier's answer). */
export function OrderStatusBadge({ status, size = 'md' }: { status: PurchaseOrderStatus; size?: Size }) {
  const { t } = useTranslation('portal');
  return (
    <Badge
      color={ORDER_STATUS_COLOR[status]}
      variant={status === 'sent' ? 'filled' : status === 'cancelled' ? 'outline' : 'light'}
      radius="sm"
      size={size}
      tt="none"
      data-testid="order-status"
      data-status={status}
      style={{ flexShrink: 0 }}
    >
      {t(`orderStatus.${status}`)}
    </Badge>
  );
}

export function InvoiceStatusBadge({ status, size = 'md' }: { status: InvoiceStatus; size?: Size }) {
  const { t } = useTranslation('portal');
  return (
    <Badge
      color={INVOICE_STATUS_COLOR[status]}
      variant={status === 'paid' ? 'filled' : 'light'}
      radius="sm"
      size={size}
      tt="none"
      data-testid="invoice-status"
      data-status={status}
      style={{ flexShrink: 0 }}
    >
      {t(`invoiceStatus.${status}`)}
    </Badge>
  );
}
