import { Anchor, Button, Divider, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '../../lib/format.ts';
import type { CheckoutOrder } from './checkout-order.ts';
import { ResultIcon } from './ResultIcon.tsx';
import { SummaryRow } from './SummaryRow.tsx';

interface Props {
  order: CheckoutOrder;
  /** What the payment bought (the subscription's period …). */
  details?: ReactNode;
  next: { to: string; label: string };
}

/** SPEC §4/§8 Paid: a confirmation email was sent; the receipt; on to the product's next page. */
export function PaidView({ order, details, next }: Props) {
  const { t, i18n } = useTranslation('checkout');
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} data-testid="checkout-paid">
      <Stack gap="lg">
        <Stack align="center" ta="center" gap="sm">
          <ResultIcon kind="success" />
          <Title order={2} fz={{ base: 'xl', sm: 24 }}>
            {t('paid.title')}
          </Title>
          <Text maw={480}>{t('paid.body')}</Text>
        </Stack>
        <Divider />
        <Stack gap="xs" component="dl" m={0}>
          {order.receipt && (
            <SummaryRow label={t('paid.receipt')}>
              <span data-testid="receipt-number">{order.receipt}</span>
            </SummaryRow>
          )}
          <SummaryRow label={t('summary.reference')}>{order.reference}</SummaryRow>
          <SummaryRow label={t('paid.amount')}>
            {formatMoney(order.amount + order.tax, order.currency, language)}
          </SummaryRow>
          {order.paid_at && (
            <SummaryRow label={t('paid.paidAt')}>{formatDate(order.paid_at, language, true)}</SummaryRow>
          )}
          {details}
        </Stack>
        <Button component={Link} to={next.to} size="md" data-testid="paid-next">
          {next.label}
        </Button>
        {/* Issue 17: the marketing result page with SPEC §3's payment record of this order. */}
        <Anchor
          component={Link}
          to={`/payment/success?order=${encodeURIComponent(order.code)}`}
          ta="center"
          size="sm"
          data-testid="payment-record-link"
        >
          {t('record.openRecord')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
