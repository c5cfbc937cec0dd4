import { Alert, Button, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { alertsApi, manageQuery } from '../api/tender-alerts.ts';

/**
 * Issue 19: the unsubscribe link of every alert mail. No sign-in (the token is unguessable); one button,
 * so a link scanner opening the page unsubscribes nobody (mail clients use the one-click POST, RFC 8058).
 */
export function Component() {
  const { t } = useTranslation('tender-alerts');
  usePageTitle(t('unsubscribe.title'));
  const token = useParams().token ?? '';
  const view = useQuery(manageQuery(token));
  const unsubscribe = useMutation({ mutationFn: () => alertsApi.unsubscribe(token) });
  const done = unsubscribe.data ?? (view.data?.unsubscribed_at ? { email: view.data.email } : null);
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {done ? t('unsubscribe.done_title') : t('unsubscribe.title')}
          </Title>
          {view.isPending && <Skeleton h={80} />}
          {view.isError && (
            <Alert color="red" data-testid="alerts-link-invalid">
              {t('unsubscribe.invalid')}
            </Alert>
          )}
          {view.data && done && (
            <Text data-testid="alerts-unsubscribed">{t('unsubscribe.done', { email: done.email })}</Text>
          )}
          {view.data && !done && (
            <>
              <Text>{t('unsubscribe.question', { email: view.data.email })}</Text>
              <Button
                color="red"
                w={{ base: '100%', sm: 'auto' }}
                loading={unsubscribe.isPending}
                onClick={() => unsubscribe.mutate()}
                data-testid="alerts-unsubscribe"
              >
                {t('unsubscribe.confirm')}
              </Button>
            </>
          )}
          {view.data && (
            <Text size="sm">
              <Link to={`/tender-alerts/manage/${encodeURIComponent(token)}`}>{t('unsubscribe.manage')}</Link>
            </Text>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
