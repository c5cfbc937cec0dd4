import { Anchor, FileInput, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentKind } from '../../../components/AttachmentList.tsx';
import { Section } from '../../../components/PageFrame.tsx';
import { formatFileSize } from '../../../lib/format.ts';
import { failureText } from '../../../lib/form-errors.ts';
import { NS, rfqDocumentUrl, rfqsApi, type RfqView } from '../api.ts';

/** The API's limit for one of the buyer's documents. */
const MAX_BYTES = 10 * 1024 * 1024;

/**
 * The RFQ's documents for the invited suppliers, each a download; procurement attaches more while the RFQ is
 * a draft or published (the API refuses later).
 */
export function RfqDocuments({
  rfq,
  canUpload,
  onUploaded,
}: {
  rfq: RfqView;
  canUpload: boolean;
  onUploaded(updated: RfqView): void;
}) {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    if (file.size > MAX_BYTES) {
      setProblem(t('documents.tooLarge', { name: file.name }));
      return;
    }
    setBusy(true);
    try {
      onUploaded(await rfqsApi.uploadDocument(rfq.id, file));
    } catch (failure) {
      setProblem(failureText(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section title={t('documents.title')} testId="rfq-documents">
      {rfq.documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('documents.none')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {rfq.documents.map((file) => {
            const kind = documentKind('', file.file_name);
            return (
              <Group key={file.id} component="li" gap="sm" wrap="nowrap" data-testid="rfq-document">
                <ThemeIcon variant="light" color="brand" size={36} radius="sm" aria-hidden>
                  <Text size="9px" fw={700}>
                    {kind.slice(0, 4)}
                  </Text>
                </ThemeIcon>
                <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                  <Anchor
                    href={rfqDocumentUrl(rfq.id, file.id)}
                    download={file.file_name}
                    size="sm"
                    fw={500}
                    style={{ overflowWrap: 'anywhere' }}
                    aria-label={t('documents.download', { name: file.file_name })}
                    data-testid="rfq-document-link"
                  >
                    {file.file_name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {kind} · {formatFileSize(file.size, language)}
                  </Text>
                </Stack>
              </Group>
            );
          })}
        </Stack>
      )}
      {canUpload && (
        <FileInput
          label={t('documents.add')}
          description={t('documents.addHelp')}
          placeholder={t('documents.choose')}
          value={null}
          onChange={(file) => void upload(file)}
          disabled={busy}
          error={problem}
          clearable={false}
          w={{ base: '100%', sm: 420 }}
          data-testid="rfq-document-upload"
        />
      )}
    </Section>
  );
}
