import { Badge } from '@mantine/core';
import type { TenderStatus } from '@zabuni/domain';
import { paymentLabel, reviewLabel, type PaymentLabel, type ReviewLabel } from '@zabuni/domain';
import { useTranslation } from 'react-i18next';
import { PUBLISHING } from '../../../lib/i18n.ts';

const PAYMENT_COLOR: Record<PaymentLabel, string> = {
  pending: 'yellow',
  processing: 'blue',
  paid: 'green',
  failed: 'red',
};
const REVIEW_COLOR: Record<ReviewLabel, string> = {
  under_review: 'yellow',
  awaiting_payment: 'orange',
  published: 'green',
  rejected: 'red',
  withdrawn: 'gray',
};
const STATUS_COLOR: Record<TenderStatus, string> = { open: 'green', closed: 'gray', cancelled: 'red' };

/** SPEC §4 payment label: 2 Pending, 1 Paid, 3 Processing, anything else Failed. */
export function PaymentBadge({ status }: { status: unknown }) {
  const { t } = useTranslation(...PUBLISHING);
  const label = paymentLabel(status);
  return (
    <Badge
      color={PAYMENT_COLOR[label]}
      variant="light"
      radius="sm"
      data-testid="payment-label"
      data-label={label}
    >
      {t(`payment.${label}`)}
    </Badge>
  );
}

/** Review label: Under Review, Approved awaiting payment, Published (public only), Rejected, Withdrawn. */
export function ReviewBadge({ published }: { published: unknown }) {
  const { t } = useTranslation(...PUBLISHING);
  const label = reviewLabel(published);
  return (
    <Badge
      color={REVIEW_COLOR[label]}
      variant="light"
      radius="sm"
      data-testid="review-label"
      data-label={label}
      // "Approved, awaiting payment" is long in some languages: it wraps rather than being cut off.
      styles={{
        root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%' },
        label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.35, paddingBlock: 2 },
      }}
    >
      {t(`review.${label}`)}
    </Badge>
  );
}

export function TenderStatusBadge({ status }: { status: TenderStatus }) {
  const { t } = useTranslation('tenders');
  return (
    <Badge color={STATUS_COLOR[status]} variant="dot" radius="sm" data-testid="tender-status">
      {t(`status.${status}`)}
    </Badge>
  );
}
