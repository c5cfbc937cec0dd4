import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { ModerationTender } from '@zabuni/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PUBLISHING } from '../../../lib/i18n.ts';

const REASON_MIN = 3;

/** Rejecting needs a reason: the advertiser reads it on their published-tenders page. */
export function RejectDialog({
  tender,
  busy,
  onClose,
  onConfirm,
}: {
  tender: ModerationTender | null;
  busy: boolean;
  onClose(): void;
  onConfirm(reason: string): void;
}) {
  const { t } = useTranslation(...PUBLISHING);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  return (
    <Modal
      opened={tender !== null}
      onClose={close}
      title={t('moderation.rejectTitle')}
      closeButtonProps={{ 'aria-label': t('moderation.close') }}
      size="lg"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (reason.trim().length < REASON_MIN) {
            setError(t('messages.reasonRequired'));
            return;
          }
          onConfirm(reason.trim());
        }}
      >
        <Stack gap="sm">
          <Text size="sm" fw={600}>
            {tender?.title}
          </Text>
          <Textarea
            label={t('moderation.reason')}
            description={t('moderation.reasonHint')}
            required
            autosize
            minRows={4}
            maxLength={2000}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
            data-testid="reject-reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('moderation.back')}
            </Button>
            <Button type="submit" color="red" loading={busy} data-testid="reject-confirm">
              {t('moderation.reject')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Cancelling takes a published tender off the bulletin: ask once. */
export function CancelDialog({
  tender,
  busy,
  onClose,
  onConfirm,
}: {
  tender: ModerationTender | null;
  busy: boolean;
  onClose(): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation(...PUBLISHING);
  return (
    <Modal
      opened={tender !== null}
      onClose={onClose}
      title={t('moderation.cancelTitle')}
      closeButtonProps={{ 'aria-label': t('moderation.close') }}
    >
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {tender?.title}
        </Text>
        <Text size="sm">{t('moderation.cancelBody')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('moderation.back')}
          </Button>
          <Button color="red" loading={busy} onClick={onConfirm} data-testid="cancel-confirm">
            {t('moderation.cancel')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
