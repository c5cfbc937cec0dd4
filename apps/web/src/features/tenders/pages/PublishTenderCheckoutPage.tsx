import { Alert, Button, Container, Divider, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { paymentLabel, reviewLabel } from '@zabuni/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { isNotFound } from '../api/available-tenders.ts';
import { usePublishedTenderOrder } from '../api/published-tenders.ts';
import { ClosingDate } from '../components/ClosingDate.tsx';
import { PaymentBadge, ReviewBadge } from '../components/StatusBadges.tsx';

function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <Group justify="space-between" align="flex-start" gap="md" wrap="nowrap">
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text
        size="sm"
        fw={strong ? 700 : 500}
        ta="end"
        component="dd"
        m={0}
        style={{ overflowWrap: 'anywhere' }}
      >
        {children}
      </Text>
    </Group>
  );
}

/**
 * SPEC §2 /publish-tender-checkout/{code}. Payments arrive with the next release: until then the order
 * summary, its payment and review state, and a note that payment opens here.
 */
export function Component() {
  const { t, i18n } = useTranslation('tenders');
  const language = i18n.resolvedLanguage ?? 'en';
  usePageTitle(t('checkout.title'));
  const navigate = useNavigate();
  const code = useParams().code ?? '';
  const order = usePublishedTenderOrder(code);

  if (order.isError) {
    return (
      <Container size="sm" py="xl">
        <StatusMessage
          title={isNotFound(order.error) ? t('checkout.notFound') : t('errors.loadFailed', { ns: 'common' })}
          body={isNotFound(order.error) ? undefined : order.error.message}
          action={{ label: t('mine.title'), onClick: () => navigate('/my-published-tenders') }}
        />
      </Container>
    );
  }

  const data = order.data;
  const alert = data?.tender_alert;
  const job = data?.tender_alert_job;
  const paid = alert ? paymentLabel(alert.payment_status) === 'paid' : false;

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {t('checkout.title')}
        </Title>
        {!data || !alert || !job ? (
          <Skeleton height={420} radius="md" />
        ) : (
          <>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="order-summary">
              <Stack gap="md">
                <Group justify="space-between" gap="xs">
                  <Title order={2} fz="lg">
                    {t('checkout.summary')}
                  </Title>
                  <Group gap={6}>
                    <PaymentBadge status={alert.payment_status} />
                    <ReviewBadge published={job.published} />
                  </Group>
                </Group>
                <Stack gap="xs" component="dl" m={0}>
                  <Row label={t('checkout.reference')}>{alert.reference}</Row>
                  <Row label={t('info.title')}>{job.title}</Row>
                  <Row label={t('info.closingDate')}>
                    <ClosingDate value={job.closing_date} />
                  </Row>
                  <Row label={t('checkout.contact')}>
                    {alert.contact_name}
                    <br />
                    {alert.email}
                    {alert.phone_number && (
                      <>
                        <br />
                        {alert.phone_number}
                      </>
                    )}
                  </Row>
                  <Divider my={4} />
                  <Row label={t('checkout.amount')}>
                    {formatMoney(alert.amount, alert.currency, language)}
                  </Row>
                  <Row label={t('checkout.tax')}>{formatMoney(alert.tax, alert.currency, language)}</Row>
                  <Row label={t('checkout.total')} strong>
                    <span data-testid="order-total">
                      {formatMoney(alert.amount + alert.tax, alert.currency, language)}
                    </span>
                  </Row>
                  <Divider my={4} />
                  <Row label={t('checkout.paymentStatus')}>
                    {t(`payment.${paymentLabel(alert.payment_status)}`)}
                  </Row>
                  <Row label={t('checkout.reviewStatus')}>{t(`review.${reviewLabel(job.published)}`)}</Row>
                </Stack>
              </Stack>
            </Paper>
            {paid ? (
              <Alert color="green" title={t('checkout.paidTitle')}>
                {t('checkout.paidBody')}
              </Alert>
            ) : (
              <Alert color="blue" title={t('checkout.soonTitle')} data-testid="payment-soon">
                {t('checkout.soonBody')}
              </Alert>
            )}
            <Group>
              <Button component={Link} to="/my-published-tenders" variant={paid ? 'filled' : 'light'}>
                {t('mine.title')}
              </Button>
              {!paid && (
                <Button component={Link} to="/publish-tender" variant="subtle">
                  {t('publish.another')}
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Container>
  );
}
