import { Container } from '@mantine/core';
import type { Role } from '@zabuni/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { StatusMessage } from '../components/StatusMessage.tsx';
import { AuthStatus, authState, hasRole, useAuth } from '../lib/auth-state.ts';
import { StatusIcon } from '../components/Icon.tsx';

/**
 * Pages for signed-in users send others to the sign-in page, which brings them back afterwards. A page for
 * one role tells a signed-in user without it that it is not theirs (the API refuses them anyway).
 */
export function RequireAuth({ children, role }: { children: ReactNode; role?: Role }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status !== AuthStatus.Authenticated) {
    // An expired session is already on its way to the advertise page (SPEC §8): do not send it to sign-in.
    if (authState.isEnding()) return null;
    return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  if (role && !hasRole(auth, role)) return <NotForThisAccount />;
  return children;
}

function NotForThisAccount() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Container size="sm" py="xl">
      <StatusMessage
        icon={<StatusIcon name="lock" />}
        title={t('forbidden.title')}
        body={t('forbidden.body')}
        action={{ label: t('notFound.cta'), onClick: () => navigate('/') }}
      />
    </Container>
  );
}
