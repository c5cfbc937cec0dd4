import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { SiteSettings } from '@zabuni/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import type { CheckoutOrder } from './checkout-order.ts';
import { errorTitle, reasonOf } from './checkout-view.ts';
import { FailureReasons } from './FailureReasons.tsx';
import { ResultIcon } from './ResultIcon.tsx';
import { SupportContacts } from './SupportContacts.tsx';

interface Props {
  order: CheckoutOrder;
  support: SiteSettings | undefined;
  retrying: boolean;
  onRetry(): void;
}

/** SPEC §4/§8 Error: what failed and why, Retry Payment and Contact Support. */
export function ErrorView({ order, support, retrying, onRetry }: Props) {
  const { t, i18n } = useTranslation('checkout');
  const language = i18n.resolvedLanguage ?? 'en';
  const [contact, setContact] = useState(false);
  const failure = order.payment_failure;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'lg', sm: 'xl' }}
      data-testid="checkout-error"
      data-failure={failure ?? ''}
    >
      <Stack gap="lg">
        <Stack align="center" ta="center" gap="sm">
          <ResultIcon kind="failure" />
          <Title order={2} fz={{ base: 'xl', sm: 24 }} data-testid="error-title">
            {t(`error.titles.${errorTitle(failure)}`)}
          </Title>
          <Text maw={480}>
            {t('error.body', { amount: formatMoney(order.amount + order.tax, order.currency, language) })}
          </Text>
        </Stack>
        {failure && (
          <Alert color="red" variant="light" data-testid="failure-explanation">
            {t(`error.what.${failure}`)}
          </Alert>
        )}
        <FailureReasons highlight={reasonOf(failure)} />
        <Text size="sm" c="dimmed">
          {t('error.reconciliation')}
        </Text>
        <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
          <Button size="md" onClick={onRetry} loading={retrying} data-testid="retry-payment" miw={180}>
            {t('error.retry')}
          </Button>
          <Button
            size="md"
            variant="light"
            onClick={() => setContact((shown) => !shown)}
            aria-expanded={contact}
            data-testid="contact-support"
            miw={180}
          >
            {t('error.contact')}
          </Button>
        </Group>
        {contact && <SupportContacts support={support} />}
        {/* Issue 17: the marketing result page with SPEC §3's payment record of this order. */}
        <Anchor
          component={Link}
          to={`/payment/failed?order=${encodeURIComponent(order.code)}`}
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
