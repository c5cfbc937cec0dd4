import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Code,
  FileInput,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  BackLink,
  Fact,
  LoadProblem,
  PageFrame,
  PageHeader,
  PageSkeleton,
  Section,
} from '../../../components/PageFrame.tsx';
import { documentKind } from '../../../components/AttachmentList.tsx';
import { formatFileSize } from '../../../lib/format.ts';
import { failureText } from '../../../lib/form-errors.ts';
import { formatQuantity } from '../../../lib/money.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { usePortal } from '../portal-context.ts';
import {
  portalRfqDocumentUrl,
  portalRfqQuery,
  portalRfqsApi,
  QUOTE_DOCUMENT_BYTES,
  QUOTE_DOCUMENTS_MAX,
  quoteDocumentOf,
  RFQ_NS,
  type QuoteReceipt,
  type ReceiptCheck,
} from '../rfqs-api.ts';

const instant = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language === 'am' ? 'am-ET' : language, {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'Africa/Nairobi',
  }).format(new Date(iso));

/** `/portal/rfqs/:id`: the request, its questions, and the sealed quote with its receipt. */
export function Component() {
  const { t, i18n } = useTranslation(RFQ_NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const id = Number(useParams().id);
  const { buyer } = usePortal();
  const queryClient = useQueryClient();
  const query = useQuery(portalRfqQuery(buyer.id, id));
  usePageTitle(query.data?.number ?? t('list.title'));
  const [prices, setPrices] = useState<Record<number, string>>({});
  const [declinedLines, setDeclinedLines] = useState<Record<number, boolean>>({});
  const [declineAll, setDeclineAll] = useState(false);
  const [delivery, setDelivery] = useState<number | ''>('');
  const [validity, setValidity] = useState<number | ''>('');
  const [notes, setNotes] = useState('');
  const [question, setQuestion] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<QuoteReceipt | null>(null);
  /** The names of the documents sealed with the receipt shown (the receipt itself carries only the hash). */
  const [sealedFiles, setSealedFiles] = useState<string[]>([]);
  const [check, setCheck] = useState({ code: '', sha256: '' });
  const [checked, setChecked] = useState<ReceiptCheck | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  if (query.isPending)
    return (
      <PageFrame>
        <PageSkeleton />
      </PageFrame>
    );
  if (query.isError)
    return (
      <PageFrame>
        <LoadProblem
          error={query.error}
          onRetry={() => void query.refetch()}
          back={{ to: '/portal/rfqs', label: t('list.title') }}
          notFound={{ title: t('detail.notFound'), body: t('detail.notFoundBody') }}
        />
      </PageFrame>
    );
  const rfq = query.data;
  const open = rfq.status === 'published';
  const run = async (action: string, call: () => Promise<void>) => {
    setBusy(action);
    setProblem(null);
    try {
      await call();
    } catch (failure) {
      setProblem(failureText(failure));
    } finally {
      setBusy(null);
    }
  };
  const submit = () =>
    run('quote', async () => {
      const sealed = await portalRfqsApi.quote(id, {
        decline: declineAll,
        lines: declineAll
          ? []
          : rfq.lines.map((line) => ({
              line_no: line.line_no,
              unit_price: declinedLines[line.line_no] ? null : (prices[line.line_no] ?? ''),
            })),
        delivery_days: delivery === '' ? null : delivery,
        validity_days: validity === '' ? null : validity,
        notes,
        documents: declineAll ? [] : await Promise.all(files.map(quoteDocumentOf)),
      });
      setReceipt(sealed);
      setSealedFiles(declineAll ? [] : files.map((file) => file.name));
      setCheck({ code: sealed.code, sha256: sealed.sha256 });
      await queryClient.invalidateQueries({ queryKey: ['portal-rfqs'] });
    });

  const chooseFiles = (chosen: File[]) => {
    setFilesError(null);
    const tooLarge = chosen.find((file) => file.size > QUOTE_DOCUMENT_BYTES);
    if (tooLarge) setFilesError(t('quote.documentTooLarge', { name: tooLarge.name }));
    else if (chosen.length > QUOTE_DOCUMENTS_MAX) setFilesError(t('quote.documentsTooMany'));
    setFiles(chosen.filter((file) => file.size <= QUOTE_DOCUMENT_BYTES).slice(0, QUOTE_DOCUMENTS_MAX));
  };

  return (
    <PageFrame testId="portal-rfq-page">
      <BackLink to="/portal/rfqs" label={t('list.title')} />
      <PageHeader title={`${rfq.number} · ${rfq.title}`} lead={t('detail.lead', { buyer: rfq.buyer.name })} />
      {problem && (
        <Alert color="red" data-testid="portal-rfq-problem">
          {problem}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Fact label={t('list.closing')}>{instant(rfq.closing_at, language)}</Fact>
        <Fact label={t('detail.currency')}>{rfq.currency}</Fact>
        <Fact label={t('detail.mySubmission')} testId="my-submission">
          {rfq.my_submission
            ? t('detail.submittedVersion', {
                version: rfq.my_submission.version,
                at: instant(rfq.my_submission.submitted_at, language),
              })
            : t('detail.none')}
        </Fact>
      </SimpleGrid>
      {rfq.outcome && (
        <Alert color={rfq.outcome === 'awarded' ? 'green' : 'gray'} data-testid="portal-rfq-outcome">
          {t(`outcome.${rfq.outcome}`)}
        </Alert>
      )}
      {rfq.terms && (
        <Section title={t('detail.terms')}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {rfq.terms}
          </Text>
        </Section>
      )}
      {rfq.documents.length > 0 && (
        <Section title={t('detail.documents')} testId="portal-rfq-documents">
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {rfq.documents.map((file) => {
              const kind = documentKind('', file.file_name);
              return (
                <Group key={file.id} component="li" gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" color="brand" size={36} radius="sm" aria-hidden>
                    <Text size="9px" fw={700}>
                      {kind.slice(0, 4)}
                    </Text>
                  </ThemeIcon>
                  <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                    <Anchor
                      href={portalRfqDocumentUrl(rfq.id, file.id)}
                      download={file.file_name}
                      size="sm"
                      fw={500}
                      style={{ overflowWrap: 'anywhere' }}
                      aria-label={t('detail.download', { name: file.file_name })}
                      data-testid="portal-rfq-document-link"
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
        </Section>
      )}
      {rfq.addenda.length > 0 && (
        <Section title={t('detail.addenda')} testId="portal-rfq-addenda">
          {rfq.addenda.map((addendum) => (
            <Stack key={addendum.id} gap={2} data-testid="portal-rfq-addendum">
              <Text size="xs" c="dimmed">
                {instant(addendum.created_at, language)}
                {addendum.changes_lines ? ` · ${t('detail.linesChanged')}` : ''}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {addendum.note}
              </Text>
              {addendum.closing_after !== addendum.closing_before && (
                <Text size="xs" fw={600}>
                  {t('detail.newClosing', { at: instant(addendum.closing_after, language) })}
                </Text>
              )}
            </Stack>
          ))}
        </Section>
      )}
      <Section title={open ? t('quote.title') : t('detail.lines')} testId="quote-form">
        <Text size="sm" c="dimmed">
          {t('quote.sealed')}
        </Text>
        {open && (
          <Checkbox
            label={t('quote.declineAll')}
            checked={declineAll}
            onChange={(event) => setDeclineAll(event.currentTarget.checked)}
            data-testid="quote-decline-all"
          />
        )}
        <Table.ScrollContainer minWidth={520}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>{t('quote.description')}</Table.Th>
                <Table.Th ta="right">{t('quote.quantity')}</Table.Th>
                {open && <Table.Th>{t('quote.unitPrice', { currency: rfq.currency })}</Table.Th>}
                {open && <Table.Th>{t('quote.declineLine')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rfq.lines.map((line) => (
                <Table.Tr key={line.line_no} data-testid="quote-line">
                  <Table.Td>{line.line_no}</Table.Td>
                  <Table.Td>{line.description}</Table.Td>
                  <Table.Td ta="right">
                    {formatQuantity(line.quantity, language)} {line.unit}
                  </Table.Td>
                  {open && (
                    <Table.Td>
                      <TextInput
                        aria-label={t('quote.unitPrice', { currency: rfq.currency })}
                        inputMode="decimal"
                        value={prices[line.line_no] ?? ''}
                        disabled={declineAll || declinedLines[line.line_no]}
                        onChange={(event) =>
                          setPrices({ ...prices, [line.line_no]: event.currentTarget.value })
                        }
                        w={140}
                        data-testid="quote-price"
                      />
                    </Table.Td>
                  )}
                  {open && (
                    <Table.Td>
                      <Checkbox
                        aria-label={t('quote.declineLine')}
                        checked={declinedLines[line.line_no] ?? false}
                        disabled={declineAll}
                        onChange={(event) =>
                          setDeclinedLines({ ...declinedLines, [line.line_no]: event.currentTarget.checked })
                        }
                        data-testid="quote-decline-line"
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {open && (
          <>
            <Group grow wrap="wrap">
              <NumberInput
                label={t('quote.delivery')}
                min={0}
                value={delivery}
                onChange={(v) => setDelivery(v === '' ? '' : Number(v))}
                disabled={declineAll}
                data-testid="quote-delivery"
              />
              <NumberInput
                label={t('quote.validity')}
                min={0}
                value={validity}
                onChange={(v) => setValidity(v === '' ? '' : Number(v))}
                disabled={declineAll}
                data-testid="quote-validity"
              />
            </Group>
            <Textarea
              label={t('quote.notes')}
              autosize
              minRows={2}
              value={notes}
              onChange={(e) => setNotes(e.currentTarget.value)}
            />
            <FileInput
              multiple
              clearable
              label={t('quote.documents')}
              description={t('quote.documentsHelp', { max: QUOTE_DOCUMENTS_MAX })}
              placeholder={t('quote.chooseDocuments')}
              value={files}
              onChange={chooseFiles}
              error={filesError}
              disabled={declineAll}
              data-testid="quote-documents"
            />
            <Group justify="flex-end">
              <Button loading={busy === 'quote'} onClick={() => void submit()} data-testid="quote-submit">
                {rfq.my_submission
                  ? t('quote.revise')
                  : declineAll
                    ? t('quote.sendDecline')
                    : t('quote.submit')}
              </Button>
            </Group>
          </>
        )}
      </Section>
      {receipt && (
        <Section title={t('receipt.title')} testId="quote-receipt">
          <Text size="sm">{t('receipt.body')}</Text>
          <Stack gap={4}>
            <Text size="sm">
              {t('receipt.code')}: <Code data-testid="receipt-code">{receipt.code}</Code>
            </Text>
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              SHA-256: <Code data-testid="receipt-sha">{receipt.sha256}</Code>
            </Text>
            <Text size="sm">
              {t('receipt.sealedAt', { at: instant(receipt.sealed_at, language), version: receipt.version })}
            </Text>
            <Text size="sm" fw={600}>
              {t('receipt.documents')}
            </Text>
            {sealedFiles.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('receipt.noDocuments')}
              </Text>
            ) : (
              <Stack gap={0} component="ul" m={0} pl="md">
                {sealedFiles.map((name) => (
                  <Text key={name} component="li" size="sm" data-testid="receipt-document">
                    {name}
                  </Text>
                ))}
              </Stack>
            )}
          </Stack>
        </Section>
      )}
      <Section title={t('receipt.verifyTitle')} testId="receipt-verify">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('receipt.code')}
            value={check.code}
            onChange={(e) => setCheck({ ...check, code: e.currentTarget.value })}
            w={{ base: '100%', sm: 240 }}
          />
          <TextInput
            label="SHA-256"
            value={check.sha256}
            onChange={(e) => setCheck({ ...check, sha256: e.currentTarget.value })}
            style={{ flex: 1 }}
            miw={200}
          />
          <Button
            variant="default"
            loading={busy === 'verify'}
            onClick={() =>
              void run('verify', async () => setChecked(await portalRfqsApi.verify(check.code, check.sha256)))
            }
            data-testid="receipt-verify-button"
          >
            {t('receipt.verify')}
          </Button>
        </Group>
        {checked && (
          <Alert color="green" data-testid="receipt-valid">
            {t('receipt.valid', {
              number: checked.rfq.number,
              version: checked.version,
              at: instant(checked.sealed_at, language),
            })}{' '}
            {checked.current ? t('receipt.current') : t('receipt.superseded')}
            {checked.opened_matches !== null &&
              ` ${checked.opened_matches ? t('receipt.openedIntact') : t('receipt.openedMismatch')}`}
          </Alert>
        )}
      </Section>
      <Section title={t('questions.title')}>
        {rfq.questions.map((q) => (
          <Stack key={q.id} gap={2} data-testid="portal-question">
            <Text size="sm" fw={600}>
              {q.question}
            </Text>
            <Text size="sm" c={q.answer ? undefined : 'dimmed'}>
              {q.answer ?? t('questions.unanswered')}
            </Text>
          </Stack>
        ))}
        {open && (
          <Group align="flex-end">
            <Textarea
              label={t('questions.ask')}
              description={t('questions.anonymous')}
              autosize
              minRows={1}
              value={question}
              onChange={(e) => setQuestion(e.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button
              variant="default"
              disabled={!question.trim()}
              loading={busy === 'ask'}
              onClick={() =>
                void run('ask', async () => {
                  queryClient.setQueryData(
                    portalRfqQuery(buyer.id, id).queryKey,
                    await portalRfqsApi.ask(id, question),
                  );
                  setQuestion('');
                })
              }
            >
              {t('questions.send')}
            </Button>
          </Group>
        )}
      </Section>
    </PageFrame>
  );
}
