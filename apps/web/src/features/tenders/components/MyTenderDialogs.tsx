import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { PublishedTender } from '@zabuni/contracts';
import { DEFAULT_CLOSING_TIME, nairobiDate } from '@zabuni/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PUBLISHING } from '../../../lib/i18n.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { failureText } from '../../../lib/form-errors.ts';

/**
 * Issue 16 point 2: a closed unpaid tender gets a new closing date, a day and a time on Nairobi's clock
 * (EAT), checked by the server (in the future); afterwards it can be paid again.
 */
export function ChangeClosingDialog({
  tender,
  busy,
  error,
  onClose,
  onConfirm,
}: {
  tender: PublishedTender | null;
  busy: boolean;
  error: unknown;
  onClose(): void;
  onConfirm(value: { tender_closing_date: string; closing_time: string }): void;
}) {
  const { t } = useTranslation(...PUBLISHING);
  const [tomorrow] = useState(() => nairobiDate(new Date(Date.now() + 86_400_000)));
  const [day, setDay] = useState('');
  const [time, setTime] = useState(DEFAULT_CLOSING_TIME);
  const close = () => {
    setDay('');
    setTime(DEFAULT_CLOSING_TIME);
    onClose();
  };
  const apiError = error instanceof ApiError ? error : null;
  const dayError = apiError?.messageFor('tender_closing_date');
  const timeError = apiError?.messageFor('closing_time');
  const other = error && !dayError && !timeError ? failureText(error) : null;
  return (
    <Modal
      opened={tender !== null}
      onClose={close}
      title={t('mine.changeTitle')}
      closeButtonProps={{ 'aria-label': t('moderation.close') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm({ tender_closing_date: day, closing_time: time });
        }}
      >
        <Stack gap="sm">
          <Text size="sm" fw={600}>
            {tender?.title}
          </Text>
          <Text size="sm">{t('mine.changeBody')}</Text>
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              type="date"
              label={t('mine.newDate')}
              required
              min={tomorrow}
              value={day}
              onChange={(event) => setDay(event.currentTarget.value)}
              error={dayError ?? undefined}
              data-autofocus
              data-testid="new-closing-date"
              miw={160}
            />
            <TextInput
              type="time"
              label={t('mine.newTime')}
              required
              value={time}
              onChange={(event) => setTime(event.currentTarget.value)}
              error={timeError ?? undefined}
              data-testid="new-closing-time"
              miw={120}
            />
          </Group>
          {other && (
            <Text size="sm" c="red.8" role="alert" data-testid="change-error">
              {other}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('moderation.back')}
            </Button>
            <Button type="submit" loading={busy} data-testid="change-confirm">
              {t('mine.changeSave')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Withdrawing is final (never public, never payable): ask once. */
export function WithdrawDialog({
  tender,
  busy,
  error,
  onClose,
  onConfirm,
}: {
  tender: PublishedTender | null;
  busy: boolean;
  error: unknown;
  onClose(): void;
  onConfirm(): void;
}) {
  const { t } = useTranslation(...PUBLISHING);
  return (
    <Modal
      opened={tender !== null}
      onClose={onClose}
      title={t('mine.withdrawTitle')}
      closeButtonProps={{ 'aria-label': t('moderation.close') }}
    >
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          {tender?.title}
        </Text>
        <Text size="sm">{t('mine.withdrawBody')}</Text>
        {Boolean(error) && (
          <Text size="sm" c="red.8" role="alert">
            {failureText(error)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('moderation.back')}
          </Button>
          <Button color="red" loading={busy} onClick={onConfirm} data-testid="withdraw-confirm">
            {t('mine.withdraw')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
