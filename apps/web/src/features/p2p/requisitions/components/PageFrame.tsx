import { Anchor, Button, Center, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusMessage } from '../../../../components/StatusMessage.tsx';
import { ApiError } from '../../../../lib/api-client.ts';

/** The requisition pages' width and spacing, as the platform's other pages. */
export function PageFrame({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Stack gap="lg" maw={1180} mx="auto" w="100%" miw={0} data-testid={testId}>
      {children}
    </Stack>
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
    <Stack gap="md" aria-busy aria-label={t('loading')}>
      <Skeleton height={28} width="40%" radius="md" />
      <Skeleton height={96} radius="md" />
      <Skeleton height={220} radius="md" />
    </Stack>
  );
}

/** A requisition that cannot be shown: not found (or another organisation's), or a failed load. */
export function LoadProblem({ error, onRetry }: { error: Error; onRetry(): void }) {
  const { t } = useTranslation('requisitions');
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Center>
      <Stack align="center" gap={0}>
        <StatusMessage
          title={missing ? t('detail.notFound') : t('errors.loadFailed', { ns: 'common' })}
          body={missing ? t('detail.notFoundBody') : error.message}
          action={missing ? undefined : { label: t('retry', { ns: 'common' }), onClick: onRetry }}
        />
        <Button component={Link} to="/app/p2p/requisitions" variant="subtle">
          {t('list.title')}
        </Button>
      </Stack>
    </Center>
  );
}
