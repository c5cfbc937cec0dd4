import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/toast.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { failureText } from '../../../../lib/form-errors.ts';
import { decide, type Decision, type RequisitionView } from '../api.ts';

export interface DecisionTarget {
  id: number;
  number: string;
  title: string;
  /** The step the approver is looking at (a stale click cannot land on the next one). */
  step: number | null;
}

interface Props {
  target: DecisionTarget | null;
  decision: Decision;
  onClose(): void;
  /** After the server answered: the requisition as it now is, or null when it changed meanwhile (reload). */
  onDone(view: RequisitionView | null): void;
}

export const COMMENT_MAX = 2000;

/** Approve (comment optional), reject or return (comment required) one requisition's current step. */
export function DecisionModal({ target, decision, onClose, onDone }: Props) {
  const { t } = useTranslation('requisitions');
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={t(`decision.title.${decision}`, { number: target?.number ?? '' })}
      centered
      data-testid="decision-modal"
    >
      {target && (
        <DecisionForm
          key={`${target.id}-${decision}`}
          target={target}
          decision={decision}
          onClose={onClose}
          onDone={onDone}
        />
      )}
    </Modal>
  );
}

/** The modal's content, fresh (empty comment) for each requisition and decision. */
function DecisionForm({
  target,
  decision,
  onClose,
  onDone,
}: Omit<Props, 'target'> & { target: DecisionTarget }) {
  const { t } = useTranslation('requisitions');
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const needsComment = decision !== 'approve';

  const confirm = async () => {
    if (needsComment && !comment.trim()) {
      setCommentError(t('decision.commentRequired'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const view = await decide(target.id, decision, {
        comment: comment.trim() || undefined,
        step: target.step ?? undefined,
      });
      toast.success(t(`decision.done.${decision}`, { number: target.number }));
      await queryClient.invalidateQueries({ queryKey: ['p2p'] });
      onDone(view);
    } catch (failure) {
      const onComment = failure instanceof ApiError ? failure.messageFor('comment') : undefined;
      if (onComment !== undefined) {
        setCommentError(onComment);
      } else if (failure instanceof ApiError && (failure.status === 409 || failure.status === 403)) {
        // Someone decided first, or the step moved on: say so and show the requisition as it now is.
        toast.error(failure.message, { toastId: 'decision-conflict' });
        await queryClient.invalidateQueries({ queryKey: ['p2p'] });
        onDone(null);
      } else {
        setProblem(failureText(failure));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {target.title}
      </Text>
      <Text size="sm" c="dimmed">
        {t(`decision.explain.${decision}`)}
      </Text>
      <Textarea
        label={t('decision.comment')}
        description={needsComment ? t('decision.commentHintRequired') : t('decision.commentHintOptional')}
        required={needsComment}
        autosize
        minRows={3}
        maxRows={8}
        maxLength={COMMENT_MAX}
        value={comment}
        onChange={(event) => {
          setComment(event.currentTarget.value);
          setCommentError(null);
        }}
        error={commentError}
        data-autofocus
        data-testid="decision-comment"
      />
      {problem && (
        <Alert color="red" variant="light">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t('actions.back')}
        </Button>
        <Button
          color={decision === 'approve' ? 'green' : decision === 'reject' ? 'red' : 'orange'}
          loading={busy}
          onClick={() => void confirm()}
          data-testid="decision-confirm"
        >
          {t(`decision.confirm.${decision}`)}
        </Button>
      </Group>
    </Stack>
  );
}
