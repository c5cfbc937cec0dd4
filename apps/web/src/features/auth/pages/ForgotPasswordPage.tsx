import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { resetRequest } from '@zabuni/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import type { z } from 'zod';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { authApi } from '../api/auth-api.ts';
import { contractResolver, messageText } from '../../../lib/form-errors.ts';
import { AuthCard } from './AuthCard.tsx';

export function Component() {
  const { t } = useTranslation('auth');
  usePageTitle(t('forgot.title'));
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<z.input<typeof resetRequest>, unknown, z.output<typeof resetRequest>>({
    resolver: contractResolver<z.input<typeof resetRequest>, z.output<typeof resetRequest>>(resetRequest),
    defaultValues: { email: '' },
  });
  const submit = form.handleSubmit(async ({ email }) => {
    try {
      setSent((await authApi.requestReset(email)).detail);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  });
  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.body')}>
      {sent ? (
        <Alert color="green" data-testid="reset-sent">
          {sent}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('forgot.email')}
              type="email"
              autoComplete="email"
              required
              error={messageText(form.formState.errors.email?.message)}
              {...form.register('email')}
            />
            <Button type="submit" loading={form.formState.isSubmitting} fullWidth>
              {t('forgot.submit')}
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
