import { Alert, Button, Container, Divider, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { SummaryRow } from '../../../components/checkout/SummaryRow.tsx';
import { CountryFlag } from '../../../components/CountryFlag.tsx';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { directoryOrderQuery, isNotFound } from '../api/directories.ts';

/** SPEC §2 the directory cart (`…/cart/{order reference}`): the order, then on to the checkout. */
export function Component() {
  const { t, i18n } = useTranslation('directories');
  const language = i18n.resolvedLanguage ?? 'en';
  usePageTitle(t('cart.title'));
  const navigate = useNavigate();
  const code = useParams().code ?? '';
  const query = useQuery(directoryOrderQuery(code));
  const order = query.data;
  const checkout = `/supplier-directory/checkout/${encodeURIComponent(code)}`;

  if (query.isError) {
    return (
      <Container size="sm" py="xl">
        {isNotFound(query.error) ? (
          <StatusMessage
            title={t('cart.notFound')}
            body={t('cart.notFoundBody')}
            action={{ label: t('detail.back'), onClick: () => void navigate('/supplier-directory') }}
          />
        ) : (
          <StatusMessage
            title={t('errors.loadFailed', { ns: 'common' })}
            body={query.error.message}
            action={{ label: t('retry', { ns: 'common' }), onClick: () => void query.refetch() }}
          />
        )}
      </Container>
    );
  }
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {t('cart.title')}
          </Title>
          <Text c="dimmed">{t('cart.lead')}</Text>
        </Stack>
        {!order ? (
          <Skeleton height={260} radius="md" />
        ) : (
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} data-testid="directory-cart">
            <Stack gap="md">
              <Group gap="sm" wrap="nowrap">
                <CountryFlag
                  src={order.directory.country.flag}
                  name={order.directory.country.name}
                  size={24}
                />
                <Text fw={700} fz="lg">
                  {order.directory.name}
                </Text>
              </Group>
              <Divider />
              <Stack gap="xs" component="dl" m={0}>
                <SummaryRow label={t('cart.reference')}>{order.reference}</SummaryRow>
                <SummaryRow label={t('cart.contact')}>
                  {order.name}
                  <br />
                  {order.email}
                </SummaryRow>
                <SummaryRow label={t('cart.amount')} strong testId="cart-amount">
                  {formatMoney(order.amount, order.currency, language)}
                </SummaryRow>
              </Stack>
              {order.payment_state === 'paid' ? (
                <>
                  <Alert color="brand" variant="light">
                    {t('cart.paid')}
                  </Alert>
                  <Button component={Link} to={checkout} size="md">
                    {t('cart.openPaid')}
                  </Button>
                </>
              ) : (
                <Button
                  component={Link}
                  to={checkout}
                  size="md"
                  color="orange"
                  data-testid="proceed-checkout"
                >
                  {t('cart.proceed')}
                </Button>
              )}
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
