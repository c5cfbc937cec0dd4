import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { loginRequest } from '@zabuni/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client.ts';
import { AuthStatus, authState, useAuth } from '../../../lib/auth-state.ts';
import { authApi } from '../api/auth-api.ts';
import { contractResolver, messageText } from '../../../lib/form-errors.ts';

type LoginForm = z.input<typeof loginRequest>;

interface Props {
  /**
   * Where to go after signing in (SPEC: the form takes a next route and a reset route); a function picks
   * it from the signed-in user's roles (a supplier's users go to their portal, buyers' staff to /app).
   */
  nextRoute: string | ((roles: readonly string[]) => string);
  resetRoute: string;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** SPEC §4 login: status 1 while requesting, then 2, or 4 when a two-factor code is due; 3 on failure. */
export function SignInForm({ nextRoute, resetRoute }: Props) {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [remember, setRemember] = useState(false);
  const form = useForm<LoginForm, unknown, z.output<typeof loginRequest>>({
    resolver: contractResolver<LoginForm, z.output<typeof loginRequest>>(loginRequest),
    defaultValues: { username: '', password: '' },
  });

  const finish = () => {
    void queryClient.invalidateQueries({ queryKey: ['authentication'] });
    navigate(typeof nextRoute === 'string' ? nextRoute : nextRoute(authState.get().user?.roles ?? []));
  };

  const submit = form.handleSubmit(async (values) => {
    authState.requesting();
    try {
      const { access } = await authApi.login({
        username: values.username ?? '',
        password: values.password,
        remember,
      });
      authState.signedIn(access);
      if (authState.get().status === AuthStatus.Authenticated) finish();
    } catch (error) {
      // Translated by the error's code where it has one (ApiError.message), else as the server said it.
      const shown = messageOf(error);
      authState.failed(shown ?? '');
      toast.error(shown);
    }
  });

  if (auth.status === AuthStatus.AwaitingTwoFactor) {
    return <TwoFactorStep remember={remember} onVerified={finish} />;
  }

  return (
    <form onSubmit={submit} noValidate data-testid="sign-in-form">
      <Stack gap="sm">
        <TextInput
          label={t('signIn.username')}
          placeholder={t('signIn.usernamePlaceholder')}
          type="email"
          autoComplete="username"
          required
          error={form.formState.errors.username && t('signIn.required')}
          {...form.register('username')}
        />
        <PasswordInput
          label={t('signIn.password')}
          autoComplete="current-password"
          required
          error={form.formState.errors.password && t('signIn.required')}
          {...form.register('password')}
        />
        <Group justify="space-between">
          <Checkbox
            label={t('signIn.remember')}
            checked={remember}
            onChange={(e) => setRemember(e.currentTarget.checked)}
          />
          <Anchor component={Link} to={resetRoute} size="sm">
            {t('signIn.forgot')}
          </Anchor>
        </Group>
        <Button type="submit" loading={auth.status === AuthStatus.Requesting} fullWidth>
          {t('signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function TwoFactorStep({ remember, onVerified }: { remember: boolean; onVerified(): void }) {
  const { t } = useTranslation('auth');
  const auth = useAuth();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  const verify = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const { access } = await authApi.verifyTwoFactor(code.trim(), remember);
      authState.signedIn(access);
      onVerified();
    } catch (error) {
      // SPEC §8: the verification failure shows the response's `error` field, or empty text.
      const said = error instanceof ApiError ? (error.body as { error?: unknown } | null)?.error : undefined;
      const message =
        error instanceof ApiError
          ? typeof said === 'string' && error.code && error.message !== error.detail
            ? error.message // translated by its code
            : (messageText(String(said ?? '')) ?? '')
          : messageOf(error);
      authState.twoFactorFailed(message);
      toast.error(message || t('twoFactor.title'));
    } finally {
      setBusy(false);
    }
  };

  const emailCode = async () => {
    try {
      await authApi.emailMeACode();
      toast.success(t('twoFactor.emailSent'));
    } catch (error) {
      toast.error(messageOf(error));
    }
  };

  return (
    <form onSubmit={verify} noValidate data-testid="two-factor-form">
      <Stack gap="sm">
        <Text fw={600}>{t('twoFactor.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('twoFactor.body')}
        </Text>
        <TextInput
          label={t('twoFactor.code')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={20}
          data-autofocus
          required
        />
        {auth.error && (
          <Alert color="red" variant="light" p="xs">
            {messageText(auth.error)}
          </Alert>
        )}
        <Button type="submit" loading={busy} disabled={code.trim().length < 6} fullWidth>
          {t('twoFactor.submit')}
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={emailCode}>
            {t('twoFactor.emailCode')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={() => authState.reset()}>
            {t('twoFactor.cancel')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
