import {
  Alert,
  Button,
  Checkbox,
  Code,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
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
import { failureText } from '../../../lib/form-errors.ts';
import { formatQuantity } from '../../../lib/money.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { usePortal } from '../portal-context.ts';
import { portalRfqQuery, portalRfqsApi, RFQ_NS, type QuoteReceipt, type ReceiptCheck } from '../rfqs-api.ts';

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
  const [receipt, setReceipt] = useState<QuoteReceipt | null>(null);
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
      });
      setReceipt(sealed);
      setCheck({ code: sealed.code, sha256: sealed.sha256 });
      await queryClient.invalidateQueries({ queryKey: ['portal-rfqs'] });
    });

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
      {rfq.addenda.length > 0 && (
        <Section title={t('detail.addenda')}>
          {rfq.addenda.map((addendum) => (
            <Text key={addendum.id} size="sm">
              {addendum.note} — {t('detail.newClosing', { at: instant(addendum.closing_after, language) })}
            </Text>
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
