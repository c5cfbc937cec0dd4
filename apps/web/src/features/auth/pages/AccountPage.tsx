import {
  Alert,
  Box,
  Button,
  Code,
  Container,
  Group,
  Loader,
  NativeSelect,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { changePasswordRequest, profileUpdate, type Me } from '@zabuni/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import type { z } from 'zod';
import { applyServerErrors, contractResolver, messageText } from '../../../lib/form-errors.ts';
import { LANGUAGES } from '../../../lib/i18n.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { authApi } from '../api/auth-api.ts';
import { meQuery } from '../../../lib/me.ts';

const fail = (error: unknown) => toast.error(error instanceof Error ? error.message : String(error));

export function Component() {
  const { t } = useTranslation('auth');
  usePageTitle(t('account.title'));
  const me = useQuery(meQuery);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="center">
          <Title order={1} fz={28}>
            {t('account.title')}
          </Title>
          {/* Issue 19: the tender searches this user is alerted about. */}
          <Button component={Link} to="/saved-searches" variant="light" data-testid="saved-searches-link">
            {t('account.savedSearches')}
          </Button>
        </Group>
        {me.isPending && <Loader />}
        {me.data && (
          <>
            <ProfileSection me={me.data} />
            <PasswordSection />
            <TwoFactorSection enabled={me.data.two_factor_enabled} />
          </>
        )}
      </Stack>
    </Container>
  );
}

function ProfileSection({ me }: { me: Me }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const form = useForm<z.input<typeof profileUpdate>, unknown, z.output<typeof profileUpdate>>({
    resolver: contractResolver<z.input<typeof profileUpdate>, z.output<typeof profileUpdate>>(profileUpdate),
    defaultValues: {
      first_name: me.first_name,
      last_name: me.last_name,
      phone_number: me.phone_number ?? '',
      language: me.language as 'en',
    },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      queryClient.setQueryData(meQuery.queryKey, await authApi.updateProfile(values));
      toast.success(t('account.saved'));
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['first_name', 'last_name', 'phone_number', 'language']))
        fail(error);
    }
  });
  const { errors } = form.formState;
  return (
    <Paper withBorder p="lg" radius="md" component="section">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('account.profile')}
          </Title>
          <Text size="sm" c="dimmed">
            {me.email} · {me.username}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('register.firstName')}
              error={messageText(errors.first_name?.message)}
              {...form.register('first_name')}
            />
            <TextInput
              label={t('register.lastName')}
              error={messageText(errors.last_name?.message)}
              {...form.register('last_name')}
            />
            <TextInput
              label={t('register.phone')}
              type="tel"
              error={messageText(errors.phone_number?.message)}
              {...form.register('phone_number')}
            />
            <NativeSelect
              label={t('account.language')}
              data={LANGUAGES.map((l) => ({ value: l.code, label: l.label }))}
              {...form.register('language')}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('account.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function PasswordSection() {
  const { t } = useTranslation('auth');
  const form = useForm<
    z.input<typeof changePasswordRequest>,
    unknown,
    z.output<typeof changePasswordRequest>
  >({
    resolver: contractResolver<z.input<typeof changePasswordRequest>, z.output<typeof changePasswordRequest>>(
      changePasswordRequest,
    ),
    defaultValues: { current_password: '', password: '', password2: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      // Every other session ends; this one goes on (the answer sets its new cookies).
      await authApi.changePassword({ ...values, keep_this_session: true });
      toast.success(t('account.passwordChanged'));
      form.reset();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['current_password', 'password', 'password2']))
        fail(error);
    }
  });
  const { errors } = form.formState;
  return (
    <Paper withBorder p="lg" radius="md" component="section">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('account.password')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <PasswordInput
              label={t('account.currentPassword')}
              autoComplete="current-password"
              error={messageText(errors.current_password?.message)}
              {...form.register('current_password')}
            />
            <PasswordInput
              label={t('account.newPassword')}
              autoComplete="new-password"
              error={messageText(errors.password?.message)}
              {...form.register('password')}
            />
            <PasswordInput
              label={t('account.confirmPassword')}
              autoComplete="new-password"
              error={messageText(errors.password2?.message)}
              {...form.register('password2')}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" variant="light" loading={form.formState.isSubmitting}>
              {t('account.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function TwoFactorSection({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const setup = useMutation({ mutationFn: authApi.startTotp });
  const enable = useMutation({
    mutationFn: () => authApi.enableTotp(code.trim()),
    onSuccess: (result) => {
      setRecoveryCodes(result.recovery_codes);
      setCode('');
      setup.reset();
    },
  });
  const disable = useMutation({
    mutationFn: () => authApi.disableTwoFactor(password),
    onSuccess: () => {
      toast.success(t('account.disabled'));
      setPassword('');
      void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
    },
  });

  return (
    <Paper withBorder p="lg" radius="md" component="section" data-testid="two-factor-section">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('account.twoFactor')}
        </Title>
        {recoveryCodes ? (
          <Alert color="green" title={t('account.recoveryTitle')} data-testid="recovery-codes">
            <Text size="sm" mb="sm">
              {t('account.recoveryBody')}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 5 }} spacing={6}>
              {recoveryCodes.map((c) => (
                <Code key={c}>{c}</Code>
              ))}
            </SimpleGrid>
            <Button
              mt="md"
              onClick={() => {
                setRecoveryCodes(null);
                void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
              }}
            >
              {t('account.done')}
            </Button>
          </Alert>
        ) : enabled ? (
          <>
            <Text size="sm" data-testid="two-factor-on">
              {t('account.twoFactorOn')}
            </Text>
            <Group align="flex-end">
              <PasswordInput
                label={t('account.disablePassword')}
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                w={260}
              />
              <Button
                color="red"
                variant="light"
                loading={disable.isPending}
                disabled={!password}
                onClick={() => disable.mutate()}
              >
                {t('account.disable')}
              </Button>
            </Group>
          </>
        ) : setup.data ? (
          <Stack gap="sm">
            <Text size="sm">{t('account.scan')}</Text>
            <Group align="flex-start" gap="lg">
              <Box
                w={180}
                h={180}
                aria-label="QR code"
                dangerouslySetInnerHTML={{ __html: setup.data.qr_svg }}
              />
              <Stack gap={6}>
                <Text size="sm" fw={600}>
                  {t('account.secret')}
                </Text>
                <Code data-testid="totp-secret">{setup.data.secret}</Code>
              </Stack>
            </Group>
            <Group align="flex-end">
              <TextInput
                label={t('twoFactor.code')}
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                inputMode="numeric"
                maxLength={6}
                w={160}
                data-testid="totp-code"
              />
              <Button
                loading={enable.isPending}
                disabled={!/^\d{6}$/.test(code.trim())}
                onClick={() => enable.mutate()}
              >
                {t('account.confirm')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('account.twoFactorOff')}
            </Text>
            <Group>
              <Button onClick={() => setup.mutate()} loading={setup.isPending}>
                {t('account.enable')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
