import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { SignInForm } from '../components/SignInForm.tsx';
import { AuthCard } from './AuthCard.tsx';

/** Only same-site paths are accepted as the next route (no open redirect). */
export const safeNext = (value: string | null, fallback: string) =>
  value && /^\/(?!\/)/.test(value) ? value : fallback;

export function Component() {
  const { t } = useTranslation('auth');
  usePageTitle(t('signIn.title'));
  const [params] = useSearchParams();
  return (
    <AuthCard title={t('signIn.title')} subtitle={t('signIn.subtitle')}>
      <SignInForm nextRoute={safeNext(params.get('next'), '/advertise')} resetRoute="/forgot-password" />
      <Text size="sm" ta="center">
        {t('signIn.noAccount')}{' '}
        <Anchor component={Link} to="/advertise?tab=register">
          {t('signIn.register')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
