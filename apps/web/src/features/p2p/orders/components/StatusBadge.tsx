import { Badge } from '@mantine/core';
import type { InvoiceStatus, PurchaseOrderStatus } from '@zabuni/domain';
import { useTranslation } from 'react-i18next';
import type { SupplierStatus } from '../api/suppliers.ts';
import { NS } from '../model/messages.ts';

const ORDER_COLOR: Record<PurchaseOrderStatus, string> = {
  draft: 'gray',
  pending_approval: 'blue',
  approved: 'teal',
  sent: 'indigo',
  acknowledged: 'cyan',
  declined: 'red',
  partially_received: 'orange',
  received: 'green',
  closed: 'dark',
  cancelled: 'dark',
};

const INVOICE_COLOR: Record<InvoiceStatus, string> = {
  submitted: 'blue',
  matched: 'teal',
  exception: 'red',
  awaiting_credit_note: 'orange',
  approved: 'green',
  rejected: 'dark',
  partially_paid: 'cyan',
  paid: 'green',
};

const SUPPLIER_COLOR: Record<SupplierStatus, string> = { active: 'green', blocked: 'red' };

type Size = 'sm' | 'md' | 'lg';

function StatusPill({
  label,
  color,
  outline,
  size,
  testId,
  status,
}: {
  label: string;
  color: string;
  outline?: boolean;
  size: Size;
  testId: string;
  status: string;
}) {
  return (
    <Badge
      color={color}
      variant={outline ? 'outline' : 'light'}
      radius="sm"
      size={size}
      tt="none"
      data-testid={testId}
      data-status={status}
      // Never cut a status short: the cell grows instead.
      style={{ flexShrink: 0 }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {label}
    </Badge>
  );
}

export function OrderStatusBadge({ status, size = 'md' }: { status: PurchaseOrderStatus; size?: Size }) {
  const { t } = useTranslation(NS);
  return (
    <StatusPill
      label={t(`orderStatus.${status}`)}
      color={ORDER_COLOR[status]}
      outline={status === 'cancelled' || status === 'closed'}
      size={size}
      testId="order-status"
      status={status}
    />
  );
}

export function InvoiceStatusBadge({ status, size = 'md' }: { status: InvoiceStatus; size?: Size }) {
  const { t } = useTranslation(NS);
  return (
    <StatusPill
      label={t(`invoiceStatus.${status}`)}
      color={INVOICE_COLOR[status]}
      outline={status === 'rejected'}
      size={size}
      testId="invoice-status"
      status={status}
    />
  );
}

export function SupplierStatusBadge({ status, size = 'sm' }: { status: SupplierStatus; size?: Size }) {
  const { t } = useTranslation(NS);
  return (
    <StatusPill
      label={t(`supplierStatus.${status}`)}
      color={SUPPLIER_COLOR[status]}
      size={size}
      testId="supplier-status"
      status={status}
    />
  );
}
