import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One figure of a budget check: a dimmed label over the amount, kept on one line. */
export function BudgetFigure({
  label,
  value,
  testId,
  color,
}: {
  label: string;
  value: string;
  testId: string;
  color?: string;
}) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={700} c={color} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * One budget's check, as a requisition's and an order's or invoice's budget panels show it: a left border in
 * the outcome's colour, the budget's name (and a line under it) beside the outcome's badge, then the figures
 * and hints the panel puts in.
 */
export function BudgetCheckCard({
  outcome,
  color,
  name,
  subtitle,
  badge,
  children,
}: {
  /** `data-outcome`, for tests. */
  outcome: string;
  /** A Mantine colour name (green, yellow, red, gray). */
  color: string;
  name: ReactNode;
  subtitle?: ReactNode;
  badge: string;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="budget-check"
      data-outcome={outcome}
      style={{ borderLeft: `4px solid var(--mantine-color-${color}-6)` }}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Stack gap={0} style={{ minWidth: 0, flex: '1 1 200px' }}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            {subtitle && (
              <Text size="xs" c="dimmed">
                {subtitle}
              </Text>
            )}
          </Stack>
          <Badge color={color} variant="light" tt="none" radius="sm" data-testid="budget-outcome">
            {badge}
          </Badge>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
