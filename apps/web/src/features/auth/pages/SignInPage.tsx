import { Anchor, Text } from '@mantine/core';
import { ROLES_BY_KIND } from '@zabuni/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { safeNext } from '../../../lib/safe-next.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { SignInForm } from '../components/SignInForm.tsx';
import { AuthCard } from './AuthCard.tsx';

/** Where a sign-in without a next route leads: a buyer's staff to the platform, a supplier to its portal. */
export function homeFor(roles: readonly string[]): string {
  const holds = (kind: readonly string[]) => roles.some((role) => kind.includes(role));
  if (holds(ROLES_BY_KIND.buyer)) return '/app';
  if (holds(ROLES_BY_KIND.supplier)) return '/portal';
  return '/advertise';
}

export function Component() {
  const { t } = useTranslation('auth');
  usePageTitle(t('signIn.title'));
  const [params] = useSearchParams();
  return (
    <AuthCard title={t('signIn.title')} subtitle={t('signIn.subtitle')}>
      <SignInForm
        // Only a path of this site, as the browser resolves it (no open redirect after signing in).
        nextRoute={params.get('next') ? safeNext(params.get('next'), '/advertise') : homeFor}
        resetRoute="/forgot-password"
      />
      <Text size="sm" ta="center">
        {t('signIn.noAccount')}{' '}
        <Anchor component={Link} to="/advertise?tab=register">
          {t('signIn.register')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
