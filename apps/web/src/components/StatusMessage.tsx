import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PlainButton } from './PlainButton.tsx';

interface Props {
  title: string;
  body?: string;
  action?: { label: string; onClick(): void };
  icon?: ReactNode;
}

/** Empty, error and "coming soon" states share one calm layout. */
export function StatusMessage({ title, body, action, icon }: Props) {
  return (
    <Stack align="center" gap="xs" py={48} px="md" ta="center">
      {icon}
      <Title order={3} fw={600}>
        {title}
      </Title>
      {body && (
        <Text c="dimmed" maw={460}>
          {body}
        </Text>
      )}
      {action && (
        <PlainButton
          variant="light"
          style={{ marginTop: 'var(--mantine-spacing-sm)' }}
          onClick={action.onClick}
        >
          {action.label}
        </PlainButton>
      )}
    </Stack>
  );
}
