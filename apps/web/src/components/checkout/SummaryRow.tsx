import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A label and its value on one line of a definition list; long values wrap on the value's side. */
export function SummaryRow({
  label,
  children,
  strong,
  testId,
}: {
  label: ReactNode;
  children: ReactNode;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Group justify="space-between" align="flex-start" gap="md" wrap="nowrap" data-testid={testId}>
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined} component="dt">
        {label}
      </Text>
      <Text
        size="sm"
        fw={strong ? 700 : 500}
        ta="end"
        component="dd"
        m={0}
        style={{ overflowWrap: 'anywhere' }}
      >
        {children}
      </Text>
    </Group>
  );
}
