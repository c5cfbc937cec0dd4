import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FAILURE_REASONS, type FailureReason } from './checkout-view.ts';

/** SPEC §8 possible reasons, the one the provider named (if any) highlighted. */
export function FailureReasons({ highlight }: { highlight: FailureReason | null }) {
  const { t } = useTranslation('checkout');
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {t('error.reasonsTitle')}
      </Text>
      <List size="sm" spacing={6} data-testid="failure-reasons">
        {FAILURE_REASONS.map((reason) => {
          const named = reason === highlight;
          return (
            <List.Item key={reason} data-reason={reason} data-highlighted={named || undefined}>
              <Group gap={8} wrap="wrap">
                <Text size="sm" fw={named ? 700 : undefined} c={named ? 'red.8' : undefined}>
                  {t(`error.reasons.${reason}`)}
                </Text>
                {named && (
                  <Badge color="red" variant="light" size="sm">
                    {t('error.likely')}
                  </Badge>
                )}
              </Group>
            </List.Item>
          );
        })}
      </List>
    </Stack>
  );
}
