import { Anchor, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { TenderAttachment } from '@zabuni/contracts';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../lib/format.ts';
import { Icon } from './Icon.tsx';
import { PlainActionIcon } from './PlainButton.tsx';

/** What kind of document a content type is, in words a bidder knows ("PDF", "Word", "Excel"). */
export function documentKind(contentType: string, name: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toUpperCase();
  if (contentType === 'application/pdf') return 'PDF';
  if (contentType.includes('word')) return 'Word';
  if (contentType.includes('excel') || contentType.includes('spreadsheet')) return 'Excel';
  if (contentType.includes('zip')) return 'ZIP';
  if (contentType.startsWith('image/')) return contentType.slice(6).toUpperCase();
  return extension ?? contentType;
}

interface Props {
  attachments: readonly TenderAttachment[];
  /** Editors remove attachments; the bulletin only downloads them. */
  onRemove?(attachment: TenderAttachment): void;
}

/** The tender's documents with type, size and a download link; a plain sentence when there are none. */
export function AttachmentList({ attachments, onRemove }: Props) {
  const { t, i18n } = useTranslation('tenders');
  const language = i18n.resolvedLanguage ?? 'en';
  if (attachments.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="no-attachments">
        {t('attachments.none')}
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="attachments">
      {attachments.map((file) => {
        const kind = documentKind(file.content_type, file.name);
        return (
          <Group key={file.id} component="li" gap="sm" wrap="nowrap" align="center">
            <ThemeIcon variant="light" color="brand" size={36} radius="sm" aria-hidden>
              <Text size="9px" fw={700}>
                {kind.slice(0, 4)}
              </Text>
            </ThemeIcon>
            <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
              <Anchor
                href={file.url}
                download={file.name}
                size="sm"
                fw={500}
                style={{ overflowWrap: 'anywhere' }}
                aria-label={t('attachments.download', { name: file.name })}
              >
                {file.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {kind} · {formatFileSize(file.size, language)}
              </Text>
            </Stack>
            {onRemove && (
              <PlainActionIcon
                variant="subtle"
                color="red"
                onClick={() => onRemove(file)}
                aria-label={t('attachments.remove', { name: file.name })}
              >
                <Icon name="close" size={14} />
              </PlainActionIcon>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}
