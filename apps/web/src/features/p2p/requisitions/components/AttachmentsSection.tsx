import {
  ActionIcon,
  Anchor,
  Button,
  FileButton,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../lib/toast.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { formatDate, formatFileSize } from '../../../../lib/format.ts';
import { sendMultipart } from '../../../../lib/multipart.ts';
import { documentKind } from '../../../../components/AttachmentList.tsx';
import { attachmentsQuery, removeAttachment, requisitionPath, type Attachment } from '../api.ts';
import { checkUpload, UPLOAD_ACCEPT } from '../attachments.ts';
import { Icon } from '../../../../components/Icon.tsx';

interface Props {
  requisitionId: number;
  /** The requester, while draft or returned, adds and removes; everyone else downloads. */
  editable: boolean;
}

/** The requisition's supporting documents (quotes, specifications): list, download, and for its requester upload and remove. */
export function AttachmentsSection({ requisitionId, editable }: Props) {
  const { t, i18n } = useTranslation('requisitions');
  const language = i18n.resolvedLanguage ?? 'en';
  const queryClient = useQueryClient();
  const attachments = useQuery(attachmentsQuery(requisitionId));
  const [uploading, setUploading] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Attachment | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: ['p2p', 'requisitions', 'one', requisitionId] });

  const upload = async (files: File[]) => {
    for (const file of files) {
      const problem = checkUpload(file);
      if (problem) {
        toast.error(t(problem, { name: file.name }));
        continue;
      }
      setUploading(file.name);
      try {
        await sendMultipart('POST', requisitionPath(requisitionId, 'attachments/'), { file: [file] });
        toast.success(t('attachments.uploaded', { name: file.name }));
      } catch (failure) {
        // In the interface language: the file's message by its code (see ApiError.messageFor).
        const fieldMessage = failure instanceof ApiError ? failure.messageFor('file') : undefined;
        toast.error(fieldMessage ?? (failure instanceof Error ? failure.message : String(failure)));
      }
    }
    setUploading(null);
    await refresh();
  };

  const confirmRemove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      await removeAttachment(requisitionId, removing.id);
      toast.success(t('attachments.removed', { name: removing.file_name }));
      setRemoving(null);
      await refresh();
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const list = attachments.data?.results;
  const unavailable = attachments.error instanceof ApiError && attachments.error.status === 404;

  return (
    <Stack gap="sm" data-testid="attachments-section">
      <Group justify="space-between" gap="xs">
        <Title order={2} fz="lg">
          {t('attachments.title')}
        </Title>
        {editable && !unavailable && (
          <FileButton onChange={(files) => void upload(files)} accept={UPLOAD_ACCEPT} multiple>
            {(props) => (
              <Button
                {...props}
                variant="light"
                size="sm"
                loading={uploading !== null}
                data-testid="attachment-upload"
              >
                {t('attachments.add')}
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      {editable && !unavailable && (
        <Text size="xs" c="dimmed">
          {t('attachments.hint')}
        </Text>
      )}
      {uploading && (
        <Text size="sm" aria-live="polite">
          {t('attachments.uploading', { name: uploading })}
        </Text>
      )}
      {attachments.isPending && <Skeleton height={44} radius="md" />}
      {unavailable && (
        <Text size="sm" c="dimmed">
          {t('attachments.unavailable')}
        </Text>
      )}
      {attachments.isError && !unavailable && (
        <Text size="sm" c="red.8">
          {attachments.error.message}
        </Text>
      )}
      {list && list.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="no-attachments">
          {editable ? t('attachments.noneEditable') : t('attachments.none')}
        </Text>
      )}
      {list && list.length > 0 && (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="attachments">
          {list.map((file) => {
            const kind = documentKind(file.content_type, file.file_name);
            return (
              <Group
                key={file.id}
                component="li"
                gap="sm"
                wrap="nowrap"
                align="center"
                data-testid="attachment"
              >
                <ThemeIcon variant="light" color="brand" size={36} radius="sm" aria-hidden>
                  <Text size="9px" fw={700}>
                    {kind.slice(0, 4)}
                  </Text>
                </ThemeIcon>
                <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                  <Anchor
                    href={file.download_url}
                    download={file.file_name}
                    size="sm"
                    fw={500}
                    style={{ overflowWrap: 'anywhere' }}
                    aria-label={t('attachments.download', { name: file.file_name })}
                  >
                    {file.file_name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {kind} · {formatFileSize(file.size, language)} ·{' '}
                    {t('attachments.by', {
                      name: file.uploaded_by.name,
                      date: formatDate(file.uploaded_at, language),
                    })}
                  </Text>
                </Stack>
                {editable && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => setRemoving(file)}
                    aria-label={t('attachments.remove', { name: file.file_name })}
                    data-testid="attachment-remove"
                  >
                    <Icon name="close" size={14} />
                  </ActionIcon>
                )}
              </Group>
            );
          })}
        </Stack>
      )}
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('attachments.removeTitle')}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t('attachments.removeBody', { name: removing?.file_name ?? '' })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {t('actions.keep')}
            </Button>
            <Button
              color="red"
              loading={busy}
              onClick={() => void confirmRemove()}
              data-testid="attachment-remove-confirm"
            >
              {t('attachments.removeConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
