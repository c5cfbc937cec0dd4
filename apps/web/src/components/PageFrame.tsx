import { Anchor, Button, Center, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../lib/api-client.ts';
import { StatusMessage } from './StatusMessage.tsx';

/**
 * The one page frame of the platform and the supplier portal: width and spacing, the heading, a back link,
 * the loading skeleton, a document that cannot be shown, a titled section and a labelled figure.
 */
export function PageFrame({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Stack gap="lg" maw={1180} mx="auto" w="100%" miw={0} data-testid={testId}>
      {children}
    </Stack>
  );
}

/**
 * A page's heading: the module above it (platform pages), the title with a badge beside it, a line on what the
 * page is for, and the main actions on the right (below on phones). On a module's page a text title is also
 * the window's (the portal's pages name the window themselves).
 */
export function PageHeader({
  title,
  lead,
  actions,
  badge,
  module,
}: {
  title: ReactNode;
  lead?: ReactNode;
  actions?: ReactNode;
  badge?: ReactNode;
  /** The platform module the page belongs to (`p2p`), named above the title. */
  module?: string;
}) {
  // The platform's namespace is loaded by its layout; asking for it here would suspend a portal page.
  const { t } = useTranslation('common');
  const windowTitle = module && typeof title === 'string' ? title : undefined;
  useEffect(() => {
    if (windowTitle !== undefined) document.title = `${windowTitle} · Zabuni`;
  }, [windowTitle]);
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Stack gap={4} miw={0} style={{ flex: '1 1 280px' }}>
        {module && (
          <Text size="sm" c="dimmed" fw={500}>
            {t(`modules.${module}.name`, { ns: 'platform' })}
          </Text>
        )}
        <Group gap="sm" wrap="wrap" align="center">
          <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {badge}
        </Group>
        {lead && (
          <Text c="dimmed" size="sm" maw={760}>
            {lead}
          </Text>
        )}
      </Stack>
      {actions && (
        <Group gap="xs" wrap="wrap">
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

/**
 * A document that cannot be shown: not found (or another organisation's: the API answers 404 for both),
 * not available to this user (403, where the page names it), or a failed load with a retry.
 */
export function LoadProblem({
  error,
  onRetry,
  back,
  notFound,
  forbidden,
}: {
  error: Error;
  onRetry(): void;
  back: { to: string; label: string };
  notFound: { title: string; body: string };
  /** The title for a 403; without it a 403 reads as a failed load. */
  forbidden?: string;
}) {
  const { t } = useTranslation('common');
  const missing = error instanceof ApiError && error.status === 404;
  const refused = forbidden !== undefined && error instanceof ApiError && error.status === 403;
  return (
    <Center>
      <Stack align="center" gap={0} data-testid="load-problem">
        <StatusMessage
          title={missing ? notFound.title : refused ? forbidden : t('errors.loadFailed')}
          body={missing ? notFound.body : error.message}
          action={missing || refused ? undefined : { label: t('retry'), onClick: onRetry }}
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
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      component="section"
      data-testid={testId}
      miw={0}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="xs" wrap="wrap">
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

/** A labelled figure of a document's header. */
export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId} style={{ overflowWrap: 'anywhere' }} component="div">
        {children}
      </Text>
    </Stack>
  );
}
