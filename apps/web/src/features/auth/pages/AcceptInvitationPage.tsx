import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../../lib/auth-state.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { authApi } from '../api/auth-api.ts';
import { AuthCard } from './AuthCard.tsx';

/**
 * Issue 13: an existing account invited to a buying organisation gains access only here, signed in with the
 * invited email (the route is behind RequireAuth, which brings the person back after signing in).
 */
export function Component() {
  const { t } = useTranslation('auth');
  usePageTitle(t('invitation.title'));
  const token = useSearchParams()[0].get('token') ?? '';
  const auth = useAuth();
  const queryClient = useQueryClient();
  const accept = useMutation({
    mutationFn: () => authApi.acceptInvitation(token),
    // The new organisation appears in the profile and the organisation switcher.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['authentication'] }),
    // A refusal (another account signed in, expired, used) is the server's message in the usual toast.
  });
  return (
    <AuthCard title={t('invitation.title')}>
      {!token ? (
        <Alert color="yellow" data-testid="invitation-missing">
          {t('invitation.missingToken')}
        </Alert>
      ) : accept.isSuccess ? (
        <Stack>
          <Alert color="green" data-testid="invitation-accepted">
            {accept.data.detail}
          </Alert>
          <Button component={Link} to="/app">
            {t('invitation.open')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text>{t('invitation.intro')}</Text>
          {auth.user?.email && (
            <Text size="sm" c="dimmed">
              {t('invitation.signedInAs', { email: auth.user.email })}
            </Text>
          )}
          <Button onClick={() => accept.mutate()} loading={accept.isPending} fullWidth>
            {t('invitation.accept')}
          </Button>
        </Stack>
      )}
      <Anchor component={Link} to="/" size="sm" ta="center">
        {t('invitation.home')}
      </Anchor>
    </AuthCard>
  );
}
