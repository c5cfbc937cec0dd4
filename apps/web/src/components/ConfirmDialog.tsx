import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks once before anything that cannot simply be undone. */
export function ConfirmDialog({
  opened,
  title,
  body,
  confirmLabel,
  danger = false,
  busy,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack gap="md" data-testid="confirm-dialog">
        <Text size="sm" component="div">
          {body}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button
            color={danger ? 'red' : undefined}
            loading={busy}
            onClick={onConfirm}
            data-testid="confirm-action"
            data-autofocus
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
