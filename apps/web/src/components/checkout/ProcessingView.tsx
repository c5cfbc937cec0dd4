import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import type { CheckoutOrder } from './checkout-order.ts';
import { formatTimeLeft, processingOffers } from './checkout-view.ts';
import { ResultIcon } from './ResultIcon.tsx';

/**
 * SPEC §4/§8 Processing: the order is asked for its state every 3 seconds (by the checkout) meanwhile. The
 * time left to the attempt's expiry is shown; once the M-Pesa prompt has timed out (or the API would take a
 * new attempt) "Try again" and "Pay another way" are offered.
 */
export function ProcessingView({
  order,
  onTryAgain,
  onPayAnotherWay,
  busy = false,
}: {
  order: CheckoutOrder;
  onTryAgain?: () => void;
  onPayAnotherWay?: () => void;
  busy?: boolean;
}) {
  const { t, i18n } = useTranslation('checkout');
  const language = i18n.resolvedLanguage ?? 'en';
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, []);
  const offers = processingOffers(order, now);
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} data-testid="checkout-processing">
      <Stack align="center" ta="center" gap="md" aria-live="polite" aria-busy>
        <ResultIcon kind="processing" />
        <Title order={2} fz={{ base: 'xl', sm: 24 }}>
          {t('processing.title')}
        </Title>
        <Text fw={600} maw={480} data-testid="processing-notice">
          {offers.promptTimedOut ? t('processing.promptTimedOut') : t('processing.body')}
        </Text>
        <Text c="dimmed" size="sm" maw={480}>
          {t('processing.hint', {
            amount: formatMoney(order.amount + order.tax, order.currency, language),
          })}
        </Text>
        {offers.msLeft !== null && (
          <Text size="sm" data-testid="processing-expires">
            {t('processing.expiresIn', { time: formatTimeLeft(offers.msLeft) })}
          </Text>
        )}
        {offers.canRetry && (onTryAgain || onPayAnotherWay) && (
          <Group justify="center" data-testid="processing-retry">
            {onTryAgain && (
              <Button onClick={onTryAgain} loading={busy}>
                {t('processing.tryAgain')}
              </Button>
            )}
            {onPayAnotherWay && (
              <Button variant="default" onClick={onPayAnotherWay} disabled={busy}>
                {t('processing.payAnotherWay')}
              </Button>
            )}
          </Group>
        )}
        <Text size="xs" c="dimmed">
          {t('summary.reference')}: {order.reference}
        </Text>
      </Stack>
    </Paper>
  );
}
