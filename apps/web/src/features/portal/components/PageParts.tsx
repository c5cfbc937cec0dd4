import { Anchor, Button, Center, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusMessage } from '../../../components/StatusMessage.tsx';
import { ApiError } from '../../../lib/api-client.ts';

/** The portal pages' width and spacing. */
export function PageFrame({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Stack gap="lg" maw={1180} mx="auto" w="100%" miw={0} data-testid={testId}>
      {children}
    </Stack>
  );
}

/** A page's title, one line on what it is for, and its main actions on the right (below on phones). */
export function PageHeader({
  title,
  lead,
  actions,
  badge,
}: {
  title: ReactNode;
  lead?: ReactNode;
  actions?: ReactNode;
  badge?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Stack gap={4} miw={0} style={{ flex: '1 1 280px' }}>
        <Group gap="sm" wrap="wrap" align="center">
          <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {badge}
        </Group>
        {lead && <Text c="dimmed">{lead}</Text>}
      </Stack>
      {actions && (
        <Group gap="sm" wrap="wrap">
          {actions}
        </Group>
      )}
    </Group>
  );
}

export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" data-testid="back-link" w="fit-content">
      ← {label}
    </Anchor>
  );
}

export function PageSkeleton() {
  const { t } = useTranslation('common');
  return (
    <Stack gap="md" aria-busy aria-label={t('loading')} data-testid="page-skeleton">
      <Skeleton height={28} width="40%" radius="md" />
      <Skeleton height={96} radius="md" />
      <Skeleton height={220} radius="md" />
    </Stack>
  );
}

/** A document that cannot be shown: not found (or another buyer's), or a failed load. */
export function LoadProblem({
  error,
  onRetry,
  back,
}: {
  error: Error;
  onRetry(): void;
  back: { to: string; label: string };
}) {
  const { t } = useTranslation('portal');
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Center>
      <Stack align="center" gap={0} data-testid="load-problem">
        <StatusMessage
          title={missing ? t('common.notFound') : t('errors.loadFailed', { ns: 'common' })}
          body={missing ? t('common.notFoundBody') : error.message}
          action={missing ? undefined : { label: t('retry', { ns: 'common' }), onClick: onRetry }}
        />
        <Button component={Link} to={back.to} variant="subtle">
          {back.label}
        </Button>
      </Stack>
    </Center>
  );
}

export function Section({
  title,
  children,
  testId,
  actions,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
  actions?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" data-testid={testId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={2} fz="lg">
            {title}
          </Title>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}
