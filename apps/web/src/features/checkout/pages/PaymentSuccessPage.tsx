import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { ResultIcon } from '../../../components/checkout/ResultIcon.tsx';

/** SPEC §2/§4 marketing "payment success": a confirmation email is on its way; back home. */
export function Component() {
  const { t } = useTranslation('checkout');
  usePageTitle(t('result.successTitle'));
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} data-testid="payment-success">
        <Stack align="center" ta="center" gap="md">
          <ResultIcon kind="success" />
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {t('result.successTitle')}
          </Title>
          <Text maw={460}>{t('result.successBody')}</Text>
          <Button component={Link} to="/" size="md" mt="sm" data-testid="go-home">
            {t('result.home')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
