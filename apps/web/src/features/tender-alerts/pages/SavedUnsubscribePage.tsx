import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { savedSearchesApi } from '../api/tender-alerts.ts';

/** Issue 19: the link in a saved search's alert mail: one button stops that search's alerts, no sign-in. */
export function Component() {
  const { t } = useTranslation('tender-alerts');
  usePageTitle(t('saved.unsubscribe'));
  const token = useParams().token ?? '';
  const stop = useMutation({ mutationFn: () => savedSearchesApi.unsubscribe(token) });
  return (
    <Container size="sm" py="xl">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {stop.data ? t('saved.done_title') : t('saved.unsubscribe')}
          </Title>
          {stop.data && (
            <Text data-testid="saved-unsubscribed">{t('saved.done', { name: stop.data.name })}</Text>
          )}
          {stop.isError && <Alert color="red">{t('unsubscribe.invalid')}</Alert>}
          {!stop.data && (
            <Button
              color="red"
              w={{ base: '100%', sm: 'auto' }}
              loading={stop.isPending}
              onClick={() => stop.mutate()}
              data-testid="saved-unsubscribe"
            >
              {t('saved.unsubscribe')}
            </Button>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
