import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { resetConfirm } from '@zabuni/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import type { z } from 'zod';
import { applyServerErrors, contractResolver, messageText } from '../../../lib/form-errors.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { authApi } from '../api/auth-api.ts';
import { AuthCard } from './AuthCard.tsx';

export function Component() {
  const { t } = useTranslation('auth');
  usePageTitle(t('reset.title'));
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const form = useForm<z.input<typeof resetConfirm>, unknown, z.output<typeof resetConfirm>>({
    resolver: contractResolver<z.input<typeof resetConfirm>, z.output<typeof resetConfirm>>(resetConfirm),
    defaultValues: { token, password: '', password2: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      toast.success((await authApi.confirmReset(values)).detail);
      navigate('/login');
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['password', 'password2'])) {
        toast.error(error instanceof Error ? error.message : String(error));
      }
    }
  });
  return (
    <AuthCard title={t('reset.title')}>
      {!token ? (
        <Alert color="yellow">{t('reset.missingToken')}</Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <PasswordInput
              label={t('reset.password')}
              autoComplete="new-password"
              required
              error={messageText(form.formState.errors.password?.message)}
              {...form.register('password')}
            />
            <PasswordInput
              label={t('reset.password2')}
              autoComplete="new-password"
              required
              error={messageText(form.formState.errors.password2?.message)}
              {...form.register('password2')}
            />
            <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
              {t('reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/login" size="sm" ta="center">
        {t('forgot.back')}
      </Anchor>
    </AuthCard>
  );
}
