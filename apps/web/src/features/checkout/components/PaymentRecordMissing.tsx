import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The payment record's "not found" (another user's order, or none): its own chunk, loaded only when it is
 * shown, so that Mantine's Alert and close button are not in the payment result pages' first load (issue 15).
 */
export default function PaymentRecordMissing() {
  const { t } = useTranslation('checkout');
  return (
    <Alert color="red" variant="light" title={t('record.notFoundTitle')} data-testid="payment-record-missing">
      {t('record.notFoundBody')}
    </Alert>
  );
}
