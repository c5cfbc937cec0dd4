import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { formatDate, formatFileSize } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import {
  attachInvoiceFile,
  creditNotesQuery,
  invoiceQuery,
  issueCreditNote,
  PORTAL_KEY,
  useInvoice,
  type PortalInvoice,
} from '../api.ts';
import { CreditNotesSection } from '../../../components/credit-notes/CreditNotesSection.tsx';
import { TONE_COLOR, useOutcomeText } from '../components/OutcomeText.tsx';
import {
  BackLink,
  Fact,
  LoadProblem,
  PageFrame,
  PageHeader,
  PageSkeleton,
  Section,
} from '../../../components/PageFrame.tsx';
import { InvoiceStatusBadge } from '../components/StatusBadges.tsx';
import { formatDay, formatRate } from '../format.ts';
import { formatAmount, formatQuantity } from '../../../lib/money.ts';
import { fileProblem } from '../portal-model.ts';
import classes from './Portal.module.css';

const ALERT_COLOR = {
  neutral: 'gray',
  good: 'teal',
  waiting: 'blue',
  attention: 'orange',
  bad: 'red',
} as const;

function MatchSection({ invoice }: { invoice: PortalInvoice }) {
  const { t } = useTranslation('portal');
  const { match } = invoice;
  return (
    <Section title={t('invoice.match.title')} testId="invoice-match">
      <Group gap="xs" wrap="wrap">
        <Badge variant="light" color="gray" tt="none" radius="sm" data-testid="invoice-match-level">
          {t(`matchLevel.${match.level}`)}
        </Badge>
        <Badge
          variant="light"
          color={match.within_tolerance ? 'teal' : 'orange'}
          tt="none"
          radius="sm"
          data-testid="invoice-match-tolerance"
        >
          {match.within_tolerance ? t('invoice.match.within') : t('invoice.match.outside')}
        </Badge>
      </Group>
      <Text size="sm" data-testid="invoice-match-summary">
        {match.summary}
      </Text>
      {match.variances.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('invoice.match.noVariances')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {match.variances.map((variance, index) => (
            <Paper
              key={`${variance.kind}-${variance.line_no ?? 'total'}-${index}`}
              component="li"
              withBorder
              radius="md"
              p="sm"
              data-testid="invoice-variance"
              data-blocking={variance.blocking || undefined}
              style={{
                borderInlineStart: `4px solid var(--mantine-color-${variance.blocking ? 'orange' : 'gray'}-5)`,
              }}
            >
              <Stack gap={4}>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" fw={600}>
                    {variance.line_no === null
                      ? t(`varianceKind.${variance.kind}`)
                      : t('invoice.match.onLine', {
                          line: variance.line_no,
                          kind: t(`varianceKind.${variance.kind}`),
                        })}
                  </Text>
                  <Badge
                    size="xs"
                    variant={variance.blocking ? 'filled' : 'light'}
                    color={variance.blocking ? 'orange' : 'gray'}
                    tt="none"
                  >
                    {variance.blocking ? t('invoice.match.blocking') : t('invoice.match.notBlocking')}
                  </Badge>
                </Group>
                <Text size="sm" className={classes.wrap}>
                  {variance.explanation}
                </Text>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function LinesSection({ invoice }: { invoice: PortalInvoice }) {
  const { t, i18n } = useTranslation('portal');
  const language = i18n.resolvedLanguage ?? 'en';
  const money = (text: string) => formatAmount(text, invoice.currency, language);
  return (
    <Section title={t('invoice.linesTitle')} testId="invoice-lines">
      <Table.ScrollContainer minWidth={640} visibleFrom="sm">
        <Table verticalSpacing="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36}>#</Table.Th>
              <Table.Th>{t('order.lines.description')}</Table.Th>
              <Table.Th ta="right">{t('order.lines.quantity')}</Table.Th>
              <Table.Th ta="right">{t('order.lines.unitPrice')}</Table.Th>
              <Table.Th ta="right">{t('order.lines.taxRate')}</Table.Th>
              <Table.Th ta="right">{t('order.lines.net')}</Table.Th>
              <Table.Th ta="right">{t('common.tax')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.lines.map((line) => (
              <Table.Tr key={line.line_no} data-testid="invoice-line-row">
                <Table.Td>{line.line_no}</Table.Td>
                <Table.Td className={classes.wrap}>
                  <Text size="sm">{line.description}</Text>
                  {line.purchase_order_line_id === null && (
                    <Text size="xs" c="dimmed">
                      {t('invoice.extraLine')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" className={classes.amount}>
                  {formatQuantity(line.quantity, language)}
                </Table.Td>
                <Table.Td ta="right" className={classes.amount}>
                  {money(line.unit_price)}
                </Table.Td>
                <Table.Td ta="right" className={classes.amount}>
                  {t('common.percent', { rate: formatRate(line.tax_rate) })}
                </Table.Td>
                <Table.Td ta="right" fw={600} className={classes.amount}>
                  {money(line.net)}
                </Table.Td>
                <Table.Td ta="right" className={classes.amount}>
                  {money(line.tax)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="xs" hiddenFrom="sm">
        {invoice.lines.map((line) => (
          <Paper key={line.line_no} withBorder radius="md" p="sm" data-testid="invoice-line-card">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Text size="sm" fw={600} className={classes.wrap}>
                {line.line_no}. {line.description}
              </Text>
              <Text size="sm" fw={700} className={classes.amount}>
                {money(line.net)}
              </Text>
            </Group>
            <Text size="xs">
              {formatQuantity(line.quantity, language)} × {money(line.unit_price)} ·{' '}
              {t('invoiceForm.line.taxAmount', { rate: formatRate(line.tax_rate), amount: money(line.tax) })}
            </Text>
          </Paper>
        ))}
      </Stack>
      <Stack gap={4} ml="auto" w={{ base: '100%', sm: 320 }}>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('common.subtotal')}
          </Text>
          <Text size="sm" className={classes.amount}>
            {money(invoice.subtotal)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('common.tax')}
          </Text>
          <Text size="sm" className={classes.amount}>
            {money(invoice.tax)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text fw={700}>{t('common.total')}</Text>
          <Text fw={800} className={classes.amount} data-testid="invoice-detail-total">
            {money(invoice.total)}
          </Text>
        </Group>
      </Stack>
    </Section>
  );
}

function DocumentSection({ invoice }: { invoice: PortalInvoice }) {
  const { t, i18n } = useTranslation('portal');
  const language = i18n.resolvedLanguage ?? 'en';
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const upload = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    const refused = fileProblem(file);
    if (refused) {
      setProblem(t(refused));
      return;
    }
    setProgress(0);
    try {
      const view = await attachInvoiceFile(invoice.id, file, ({ loaded, total }) =>
        setProgress(total > 0 ? Math.round((loaded / total) * 100) : 0),
      );
      queryClient.setQueryData(invoiceQuery(invoice.id).queryKey, view);
      toast.success(t('invoice.document.attached', { name: file.name }), {
        toastId: 'invoice-file-attached',
      });
    } catch (failure) {
      setProblem(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Section title={t('invoice.document.title')} testId="invoice-document">
      {invoice.file ? (
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Anchor href={invoice.file.download_url} className={classes.wrap} data-testid="invoice-file-link">
            {invoice.file.name}
          </Anchor>
          <Text size="sm" c="dimmed">
            {formatFileSize(invoice.file.size, language)}
          </Text>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('invoice.document.none')}
        </Text>
      )}
      <FileButton onChange={(file) => void upload(file)} accept="application/pdf,.pdf">
        {(props) => (
          <Button
            {...props}
            variant="light"
            w="fit-content"
            loading={progress !== null}
            data-testid="invoice-attach"
          >
            {invoice.file ? t('invoice.document.replace') : t('invoice.document.attach')}
          </Button>
        )}
      </FileButton>
      {progress !== null && <Progress value={progress} aria-label={t('invoiceForm.uploading')} animated />}
      {problem && (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      )}
    </Section>
  );
}

/** The invoice's credit notes; the supplier issues one here (the answer to a credit note requested). */
function CreditNotes({ invoice }: { invoice: PortalInvoice }) {
  const { t } = useTranslation('portal');
  const queryClient = useQueryClient();
  const notes = useQuery(creditNotesQuery(invoice.id));
  return (
    <CreditNotesSection
      ns="portal"
      side="supplier"
      invoice={invoice}
      data={notes.data}
      isPending={notes.isPending}
      error={notes.error}
      onRetry={() => void notes.refetch()}
      mayIssue
      issue={(payload) => issueCreditNote(invoice.id, payload)}
      onIssued={async (issued) => {
        const matched = issued.invoice_after.status === 'matched' && invoice.status !== 'matched';
        toast.success(
          t(matched ? 'creditNotes.doneMatched' : 'creditNotes.done', { number: issued.number }),
          {
            toastId: 'credit-note-issued',
          },
        );
        await queryClient.invalidateQueries({ queryKey: [PORTAL_KEY, 'invoices'] });
        await queryClient.invalidateQueries({ queryKey: [PORTAL_KEY, 'statement'] });
      }}
    />
  );
}

/** `/portal/invoices/:id`: one of my invoices, its match explained, the buyer's decisions and payments. */
export function Component() {
  const { t, i18n } = useTranslation('portal');
  const language = i18n.resolvedLanguage ?? 'en';
  const id = Number(useParams().id);
  const invoice = useInvoice(id);
  const describe = useOutcomeText();
  usePageTitle(invoice.data ? invoice.data.invoice_number : t('invoice.loadingTitle'));
  const back = { to: '/portal/invoices', label: t('invoices.title') };

  if (invoice.isPending) {
    return (
      <PageFrame>
        <PageSkeleton />
      </PageFrame>
    );
  }
  if (invoice.isError) {
    return (
      <PageFrame>
        <LoadProblem
          error={invoice.error}
          onRetry={() => void invoice.refetch()}
          back={back}
          notFound={{ title: t('common.notFound'), body: t('common.notFoundBody') }}
        />
      </PageFrame>
    );
  }
  const view = invoice.data;
  const money = (text: string) => formatAmount(text, view.currency, language);
  const { outcome, text } = describe(view, view);

  return (
    <PageFrame testId="portal-invoice-page">
      <BackLink to={back.to} label={back.label} />
      <PageHeader
        title={<span data-testid="invoice-number-title">{view.invoice_number}</span>}
        badge={<InvoiceStatusBadge status={view.status} />}
        lead={t('invoice.lead', { buyer: view.buyer.name, order: view.purchase_order.number })}
      />
      <Alert color={ALERT_COLOR[outcome.tone]} variant="light" data-testid="invoice-outcome-banner">
        <Text
          size="sm"
          fw={600}
          c={TONE_COLOR[outcome.tone]}
          className={classes.wrap}
          data-testid="invoice-outcome"
        >
          {text}
        </Text>
      </Alert>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="md">
          <Fact label={t('invoice.facts.buyer')}>{view.buyer.name}</Fact>
          <Fact label={t('invoice.facts.order')}>
            <Anchor
              component={Link}
              to={`/portal/purchase-orders/${view.purchase_order.id}`}
              fw={600}
              size="sm"
            >
              {view.purchase_order.number}
            </Anchor>
          </Fact>
          <Fact label={t('invoice.facts.date')}>{formatDay(view.invoice_date, language)}</Fact>
          <Fact label={t('invoice.facts.due')}>{formatDay(view.due_date, language)}</Fact>
          <Fact label={t('invoice.facts.total')} testId="invoice-fact-total">
            {money(view.total)}
          </Fact>
          <Fact label={t('invoice.facts.paid')}>{money(view.paid)}</Fact>
          <Fact label={t('invoice.facts.outstanding')} testId="invoice-outstanding">
            {money(view.outstanding)}
          </Fact>
          <Fact label={t('invoice.facts.submitted')}>
            {formatDate(view.submitted_at, language, true)} · {view.submitted_by.name}
          </Fact>
        </SimpleGrid>
      </Paper>
      {view.status === 'awaiting_credit_note' && <CreditNotes invoice={view} />}
      <MatchSection invoice={view} />
      {view.resolutions.length > 0 && (
        <Section title={t('invoice.resolutions.title')} testId="invoice-resolutions">
          <Stack gap="xs">
            {view.resolutions.map((resolution, index) => (
              <Paper
                key={`${resolution.created_at}-${index}`}
                withBorder
                radius="md"
                p="sm"
                data-testid="invoice-resolution"
              >
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text size="sm" fw={600}>
                    {t(`resolution.${resolution.kind}`)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDate(resolution.created_at, language, true)} · {resolution.user.name}
                  </Text>
                </Group>
                <Text size="sm" className={classes.wrap}>
                  {resolution.reason}
                </Text>
              </Paper>
            ))}
          </Stack>
        </Section>
      )}
      <LinesSection invoice={view} />
      <Section title={t('invoice.payments.title')} testId="invoice-payments">
        {view.payments.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('invoice.payments.none')}
          </Text>
        ) : (
          <Stack gap="xs">
            {view.payments.map((payment) => (
              <Group
                key={payment.id}
                justify="space-between"
                gap="xs"
                wrap="wrap"
                data-testid="invoice-payment"
              >
                <Stack gap={0}>
                  <Text size="sm" fw={600} className={classes.wrap}>
                    {payment.reference}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDay(payment.paid_on, language)} ·{' '}
                    {t(`paymentMethod.${payment.method}`, { defaultValue: payment.method })}
                  </Text>
                </Stack>
                <Text size="sm" fw={700} className={classes.amount}>
                  {money(payment.amount)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Section>
      {view.status !== 'awaiting_credit_note' && <CreditNotes invoice={view} />}
      <DocumentSection invoice={view} />
    </PageFrame>
  );
}
