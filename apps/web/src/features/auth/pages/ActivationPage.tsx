import { Alert, Loader, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { authApi } from '../api/auth-api.ts';
import { SignInForm } from '../components/SignInForm.tsx';
import { AuthCard } from './AuthCard.tsx';

/** SPEC §2/§4: loading, then success with a login tab that continues to the published tenders, or the error. */
export function Component() {
  const { t } = useTranslation('auth');
  usePageTitle(t('activation.title'));
  const token = useSearchParams()[0].get('token') ?? '';
  const activation = useQuery({
    // Not under ['authentication']: signing in invalidates those, and a used token must not be re-sent.
    queryKey: ['activation', token],
    queryFn: () => authApi.verifyEmail(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    // The failure is shown on the page itself, not as a toast.
    meta: { silent: true },
  });
  const used = activation.error instanceof ApiError && activation.error.code === 'auth.activation_used';
  return (
    <AuthCard title={t('activation.title')}>
      {activation.isPending && token !== '' && (
        <Stack align="center" py="md" data-testid="activation-loading">
          <Loader />
          <Text c="dimmed">{t('activation.loading')}</Text>
        </Stack>
      )}
      {used && (
        // A link used before (issue 16 point 7): it says only that, and offers to sign in.
        <Alert color="blue" data-testid="activation-used">
          {activation.error?.message}
        </Alert>
      )}
      {!used && (activation.isError || token === '') && (
        <Alert color="red" data-testid="activation-error">
          {activation.error?.message ? <Text>{activation.error.message}</Text> : null}
          <Text fw={600}>{t('activation.expired')}</Text>
        </Alert>
      )}
      {(activation.isSuccess || used) && (
        <Stack>
          {activation.isSuccess && (
            <Alert color="green" data-testid="activation-success">
              {activation.data.detail}
            </Alert>
          )}
          <Tabs defaultValue="login">
            <Tabs.List>
              <Tabs.Tab value="login">{t('activation.login')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="login" pt="md">
              <SignInForm nextRoute="/my-published-tenders" resetRoute="/forgot-password" />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </AuthCard>
  );
}
