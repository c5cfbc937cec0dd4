import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../../../../lib/server-messages.ts';
import { usePlatform } from '../../../../lib/platform-context.ts';

export const NS = 'p2p-setup';

/** Write actions on every set-up screen belong to the organisation's administrators (the API says so too). */
export function useIsOrgAdmin(): boolean {
  return usePlatform().current.roles.includes('org_admin');
}

/** A message from the API or the contracts, in the interface language when this namespace knows it. */
export function useMessage() {
  const { t } = useTranslation(NS);
  return (message: string | undefined) => translateServerMessage(message, t, [NS]);
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Shown to members who may look but not change (the server refuses their writes anyway). */
export function ReadOnlyNotice({ children }: { children: ReactNode }) {
  return (
    <Alert color="gray" variant="light" data-testid="read-only-notice">
      {children}
    </Alert>
  );
}

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
  const { t } = useTranslation(NS);
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{body}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
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
