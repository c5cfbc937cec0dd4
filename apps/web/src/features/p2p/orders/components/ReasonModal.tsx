import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client.ts';
import { NS } from '../model/messages.ts';
import { messageText } from '../../../../lib/form-errors.ts';

export const REASON_MAX = 2000;

export interface ReasonRequest {
  title: string;
  body?: ReactNode;
  label: string;
  /** A reason (or comment) must be given. */
  required: boolean;
  confirmLabel: string;
  color?: string;
  testId: string;
  /** Does the work; a thrown ApiError is shown in the dialog (on the field when it names it). */
  run(reason: string): Promise<void>;
}

/** Asks for a reason or comment before an action that needs one (reject, cancel, accept an exception …). */
export function ReasonModal({ request, onClose }: { request: ReasonRequest | null; onClose(): void }) {
  const { t } = useTranslation(NS);
  return (
    <Modal
      opened={request !== null}
      onClose={onClose}
      title={request?.title}
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      data-testid={request?.testId}
    >
      {request && <ReasonForm key={request.testId} request={request} onClose={onClose} />}
    </Modal>
  );
}

function ReasonForm({ request, onClose }: { request: ReasonRequest; onClose(): void }) {
  const { t } = useTranslation(NS);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const message = (text: string) => messageText(text) ?? text;

  const confirm = async () => {
    if (request.required && !reason.trim()) {
      setFieldError(t('validation.reasonRequired'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await request.run(reason.trim());
      onClose();
    } catch (failure) {
      const named =
        failure instanceof ApiError
          ? (failure.messageFor('reason') ?? failure.messageFor('comment'))
          : undefined;
      if (named) setFieldError(message(named));
      else setProblem(message(failure instanceof Error ? failure.message : String(failure)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      {request.body && (
        <Text size="sm" component="div">
          {request.body}
        </Text>
      )}
      <Textarea
        label={request.label}
        required={request.required}
        autosize
        minRows={3}
        maxRows={8}
        maxLength={REASON_MAX}
        value={reason}
        onChange={(event) => {
          setReason(event.currentTarget.value);
          setFieldError(null);
        }}
        error={fieldError}
        data-autofocus
        data-testid="reason-input"
      />
      {problem && (
        <Alert color="red" variant="light" role="alert" data-testid="reason-problem">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t('actions.back')}
        </Button>
        <Button
          color={request.color}
          loading={busy}
          onClick={() => void confirm()}
          data-testid="reason-confirm"
        >
          {request.confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}
