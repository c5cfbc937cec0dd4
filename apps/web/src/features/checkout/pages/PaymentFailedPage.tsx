import { Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useSiteSettings } from '../../../lib/site-settings.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { FailureReasons } from '../../../components/checkout/FailureReasons.tsx';
import { ResultIcon } from '../../../components/checkout/ResultIcon.tsx';
import { SupportContacts } from '../../../components/checkout/SupportContacts.tsx';
import { paymentRecordQuery } from '../api/payment-record.ts';
import { PaymentRecordCard } from '../components/PaymentRecordCard.tsx';
import { checkoutToRetry, orderCode } from '../result-links.ts';

/**
 * SPEC §2/§4 marketing "payment failed": what may have gone wrong, retry and contact support. Opened for an
 * order (`?order=<code>`, linked from every checkout's Error view) it shows that order's payment record and
 * Retry goes back to its checkout.
 */
export function Component() {
  const { t } = useTranslation('checkout');
  usePageTitle(t('result.failedTitle'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const support = useSiteSettings();
  const [contact, setContact] = useState(false);
  const code = orderCode(params.get('order'));
  // The same query as the record's card (one request): its checkout is where Retry goes.
  const record = useQuery({ ...paymentRecordQuery(code ?? ''), enabled: code !== null });
  const checkout =
    checkoutToRetry(params.get('checkout')) ?? checkoutToRetry(record.data?.checkout_path ?? null);
  const retry = () => {
    if (checkout) void navigate(checkout);
    else if (window.history.length > 1) void navigate(-1);
    else void navigate('/');
  };
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} data-testid="payment-failed">
        <Stack gap="lg">
          <Stack align="center" ta="center" gap="sm">
            <ResultIcon kind="failure" />
            <Title order={1} fz={{ base: 26, sm: 30 }}>
              {t('result.failedTitle')}
            </Title>
            <Text maw={460}>{t('result.failedBody')}</Text>
          </Stack>
          {code && <PaymentRecordCard code={code} />}
          <FailureReasons highlight={null} />
          <Text size="sm" c="dimmed">
            {t('error.reconciliation')}
          </Text>
          <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
            <Button size="md" onClick={retry} data-testid="retry-payment" miw={180}>
              {t('result.retry')}
            </Button>
            <Button
              size="md"
              variant="light"
              onClick={() => setContact((shown) => !shown)}
              aria-expanded={contact}
              data-testid="contact-support"
              miw={180}
            >
              {t('result.contact')}
            </Button>
          </Group>
          {contact && <SupportContacts support={support.data} />}
        </Stack>
      </Paper>
    </Container>
  );
}
