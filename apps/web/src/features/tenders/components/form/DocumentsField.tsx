import '@mantine/dropzone/styles.css';
import { ActionIcon, Alert, Group, Input, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import type { TenderAttachment } from '@zabuni/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PUBLISHING } from '../../../../lib/i18n.ts';
import { formatFileSize } from '../../../../lib/format.ts';
import { AttachmentList, documentKind } from '../../../../components/AttachmentList.tsx';
import { DOCUMENT_ACCEPT, DOCUMENT_RULES, screenDocuments, type DocumentProblem } from './tender-form.ts';
import { Icon } from '../../../../components/Icon.tsx';

interface Props {
  files: File[];
  onChange(files: File[]): void;
  /** Documents already saved with the tender (editing), and the ones marked for removal. */
  attached?: readonly TenderAttachment[];
  removed?: readonly number[];
  onRemoveAttached?(id: number): void;
  error?: string | undefined;
  disabled?: boolean;
}

/** Drag-and-drop tender documents: checked here for type, size and count with a clear reason each. */
export function DocumentsField({
  files,
  onChange,
  attached = [],
  removed = [],
  onRemoveAttached,
  error,
  disabled,
}: Props) {
  const { t, i18n } = useTranslation(...PUBLISHING);
  const language = i18n.resolvedLanguage ?? 'en';
  const [problems, setProblems] = useState<DocumentProblem[]>([]);
  const kept = attached.filter((a) => !removed.includes(a.id));
  const maxSize = formatFileSize(DOCUMENT_RULES.maxBytes, language);

  const add = (offered: File[]) => {
    const screened = screenDocuments(offered, files, kept.length);
    setProblems(screened.problems);
    if (screened.accepted.length > 0) onChange([...files, ...screened.accepted]);
  };
  const problemText = (p: DocumentProblem) =>
    p.problem === 'count'
      ? t('form.documents.tooMany', { max: DOCUMENT_RULES.maxFiles })
      : t(
          `form.documents.${p.problem === 'type' ? 'badType' : p.problem === 'size' ? 'tooLarge' : 'emptyFile'}`,
          {
            name: p.file,
            max: maxSize,
          },
        );

  return (
    <Input.Wrapper
      label={t('form.documents.label')}
      description={t('form.documents.hint', { max: maxSize, count: DOCUMENT_RULES.maxFiles })}
      error={error}
    >
      <Stack gap="sm" mt={6}>
        {kept.length > 0 && onRemoveAttached && (
          <AttachmentList attachments={kept} onRemove={(file) => onRemoveAttached(file.id)} />
        )}
        <Dropzone
          // One call with every file (kept and refused alike): `add` explains each refusal in the
          // interface language, and sees the whole drop at once.
          onDrop={() => undefined}
          onDropAny={(accepted, rejections) => add([...accepted, ...rejections.map((r) => r.file)])}
          accept={DOCUMENT_ACCEPT}
          multiple
          disabled={disabled}
          radius="md"
          data-testid="documents-dropzone"
          inputProps={{ 'aria-label': t('form.documents.label') }}
        >
          <Group justify="center" gap="md" mih={96} style={{ pointerEvents: 'none' }} wrap="nowrap">
            <ThemeIcon variant="light" size={44} radius="xl" aria-hidden>
              <Text fz={22}>⇪</Text>
            </ThemeIcon>
            <div>
              <Dropzone.Idle>
                <Text size="sm" fw={500}>
                  {t('form.documents.drop')}
                </Text>
              </Dropzone.Idle>
              <Dropzone.Accept>
                <Text size="sm" fw={500}>
                  {t('form.documents.release')}
                </Text>
              </Dropzone.Accept>
              <Dropzone.Reject>
                <Text size="sm" fw={500}>
                  {t('form.documents.refused')}
                </Text>
              </Dropzone.Reject>
              <Text size="xs" c="dimmed">
                {t('form.documents.types')}
              </Text>
            </div>
          </Group>
        </Dropzone>
        {problems.length > 0 && (
          <Alert color="red" variant="light" p="xs" role="alert" data-testid="document-problems">
            <List size="sm" spacing={2}>
              {problems.map((p, i) => (
                <List.Item key={i}>{problemText(p)}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {files.length > 0 && (
          <Stack
            gap={6}
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            data-testid="chosen-documents"
          >
            {files.map((file, index) => (
              <Group
                key={`${file.name}-${file.size}-${file.lastModified}`}
                component="li"
                gap="sm"
                wrap="nowrap"
                p={6}
                style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
              >
                <ThemeIcon variant="light" color="gray" size={32} radius="sm" aria-hidden>
                  <Text size="9px" fw={700}>
                    {documentKind(file.type, file.name).slice(0, 4)}
                  </Text>
                </ThemeIcon>
                <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {file.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatFileSize(file.size, language)}
                  </Text>
                </Stack>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  disabled={disabled}
                  onClick={() => {
                    setProblems([]);
                    onChange(files.filter((_, i) => i !== index));
                  }}
                  aria-label={t('form.documents.remove', { name: file.name })}
                >
                  <Icon name="close" size={14} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
