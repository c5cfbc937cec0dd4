import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import type { CheckoutOrder } from './checkout-order.ts';
import { ResultIcon } from './ResultIcon.tsx';

/** SPEC §4/§8 Processing: the order is asked for its state every 3 seconds (by the checkout) meanwhile. */
export function ProcessingView({ order }: { order: CheckoutOrder }) {
  const { t, i18n } = useTranslation('checkout');
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} data-testid="checkout-processing">
      <Stack align="center" ta="center" gap="md" aria-live="polite" aria-busy>
        <ResultIcon kind="processing" />
        <Title order={2} fz={{ base: 'xl', sm: 24 }}>
          {t('processing.title')}
        </Title>
        <Text fw={600} maw={480} data-testid="processing-notice">
          {t('processing.body')}
        </Text>
        <Text c="dimmed" size="sm" maw={480}>
          {t('processing.hint', {
            amount: formatMoney(order.amount + order.tax, order.currency, language),
          })}
        </Text>
        <Text size="xs" c="dimmed">
          {t('summary.reference')}: {order.reference}
        </Text>
      </Stack>
    </Paper>
  );
}
