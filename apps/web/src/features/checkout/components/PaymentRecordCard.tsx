import { Divider, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { SummaryRow } from '../../../components/checkout/SummaryRow.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { paymentRecordQuery } from '../api/payment-record.ts';

/** Drawn only when the record is not found: loaded then (issue 15). */
const PaymentRecordMissing = lazy(() => import('./PaymentRecordMissing.tsx'));

/** Orders are in KES or USD, both with two decimals (minor units are cents). */
const money = (minor: number, currency: string, language: string) =>
  formatMoney(minor / 100, currency, language);

/**
 * SPEC §3 payment record of the order a result page is opened for: transaction ID, payment method, date and
 * time (EAT), total, plan and add-on. Only the order's owner sees it; anyone else is told it was not found.
 */
export function PaymentRecordCard({ code }: { code: string }) {
  const { t, i18n } = useTranslation('checkout');
  const language = i18n.resolvedLanguage ?? 'en';
  const record = useQuery(paymentRecordQuery(code));
  if (record.isPending) return <Skeleton height={180} radius="md" />;
  if (record.isError) {
    return (
      <Suspense fallback={null}>
        <PaymentRecordMissing />
      </Suspense>
    );
  }
  const r = record.data;
  return (
    <Stack gap="xs" data-testid="payment-record">
      <Divider />
      <Title order={2} fz="lg">
        {t('record.title')}
      </Title>
      {r.payment_state !== 'paid' && (
        <Text size="sm" c="dimmed">
          {t('record.notPaid')}
        </Text>
      )}
      <Stack gap="xs" component="dl" m={0}>
        <SummaryRow label={t('record.transactionId')} testId="record-transaction">
          {r.transaction_id ?? '—'}
        </SummaryRow>
        <SummaryRow label={t('record.reference')}>{r.reference}</SummaryRow>
        <SummaryRow label={t('record.method')} testId="record-method">
          {r.method ? t(`record.methods.${r.method}`) : '—'}
        </SummaryRow>
        <SummaryRow label={t('record.date')} testId="record-date">
          {r.date ? formatDate(r.date, language, true) : '—'}
        </SummaryRow>
        <SummaryRow label={t('record.plan')} testId="record-plan">
          {r.plan}
        </SummaryRow>
        <SummaryRow label={t('record.addOn')}>
          {r.add_on
            ? `${r.add_on.name} (${money(r.add_on.amount_minor, r.currency, language)})`
            : t('record.none')}
        </SummaryRow>
        <SummaryRow label={t('record.total')} strong testId="record-total">
          {money(r.total_minor, r.currency, language)}
        </SummaryRow>
      </Stack>
    </Stack>
  );
}
