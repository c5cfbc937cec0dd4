import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { PlainButton } from '../../../components/PlainButton.tsx';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { ResultIcon } from '../../../components/checkout/ResultIcon.tsx';
import { PaymentRecordCard } from '../components/PaymentRecordCard.tsx';
import { orderCode } from '../result-links.ts';

/**
 * SPEC §2/§4 marketing "payment success": a confirmation email is on its way; back home. Opened for an
 * order (`?order=<code>`, linked from every checkout's Paid view) it shows that order's payment record.
 */
export function Component() {
  const { t } = useTranslation('checkout');
  usePageTitle(t('result.successTitle'));
  const [params] = useSearchParams();
  const code = orderCode(params.get('order'));
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} data-testid="payment-success">
        <Stack gap="md">
          <Stack align="center" ta="center" gap="md">
            <ResultIcon kind="success" />
            <Title order={1} fz={{ base: 26, sm: 30 }}>
              {t('result.successTitle')}
            </Title>
            <Text maw={460}>{t('result.successBody')}</Text>
          </Stack>
          {code && <PaymentRecordCard code={code} />}
          <PlainButton
            to="/"
            size="md"
            style={{ marginTop: 'var(--mantine-spacing-sm)' }}
            data-testid="go-home"
          >
            {t('result.home')}
          </PlainButton>
        </Stack>
      </Paper>
    </Container>
  );
}
