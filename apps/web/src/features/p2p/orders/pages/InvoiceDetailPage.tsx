import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExceptionResolution } from '@zabuni/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from '../../../../lib/toast.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { formatDate, formatFileSize } from '../../../../lib/format.ts';
import { usePageTitle } from '../../../../lib/use-page-title.ts';
import {
  invoiceCreditNotesQuery,
  invoiceFileUrl,
  invoiceQuery,
  invoicesApi,
  type InvoiceView,
} from '../api/invoices.ts';
import { CreditNotesSection } from '../../../../components/credit-notes/CreditNotesSection.tsx';
import { ordersKey } from '../api/keys.ts';
import { MatchResult } from '../components/MatchResult.tsx';
import { DocumentBudgetPanel } from '../components/DocumentBudgetPanel.tsx';
import {
  BackLink,
  Fact,
  LoadProblem,
  PageFrame,
  PageSkeleton,
  Section,
} from '../../../../components/PageFrame.tsx';
import { PaymentModal } from '../components/PaymentModal.tsx';
import { ReasonModal, type ReasonRequest } from '../components/ReasonModal.tsx';
import { InvoiceStatusBadge } from '../components/StatusBadge.tsx';
import { formatDay } from '../model/dates.ts';
import { NS } from '../model/messages.ts';
import { messageText } from '../../../../lib/form-errors.ts';
import { formatAmount, formatQuantity } from '../../../../lib/money.ts';
import { useRoles } from '../model/roles.ts';

const RESOLUTION_COLOR: Record<ExceptionResolution, string> = {
  accept: 'green',
  credit_note_requested: 'orange',
  reject: 'red',
};

/** `/app/p2p/invoices/:id`: the invoice, its match and variances, resolutions, payments and finance's actions. */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const { organisationId, finance } = useRoles();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const invoice = useQuery({ ...invoiceQuery(organisationId, id), enabled: id > 0 });
  const creditNotes = useQuery({ ...invoiceCreditNotesQuery(organisationId, id), enabled: id > 0 });
  const view = invoice.data;
  usePageTitle(view ? `${view.invoice_number} · ${view.supplier.name}` : t('invoices.detail.loading'));
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const [paying, setPaying] = useState(false);
  const [approving, setApproving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const back = { to: '/app/p2p/invoices', label: t('screens.invoices.name', { ns: 'platform' }) };

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
          forbidden={t('common.forbidden')}
        />
      </PageFrame>
    );
  }
  const current = view!;
  const can = (action: string) => current.actions.includes(action);
  const money = (text: string) => formatAmount(text, current.currency, language);
  const message = (text: string) => messageText(text) ?? text;
  const inQueue = current.status === 'exception' || current.status === 'awaiting_credit_note';

  const refresh = async (updated?: InvoiceView) => {
    if (updated) queryClient.setQueryData(invoiceQuery(organisationId, current.id).queryKey, updated);
    await queryClient.invalidateQueries({ queryKey: ordersKey(organisationId, 'invoices') });
    await queryClient.invalidateQueries({ queryKey: ordersKey(organisationId, 'payments') });
    await queryClient.invalidateQueries({ queryKey: ordersKey(organisationId, 'orders') });
  };

  const approve = async () => {
    setApproving(true);
    setProblem(null);
    try {
      await refresh(await invoicesApi.approve(current.id));
      toast.success(t('invoices.detail.done.approve', { number: current.invoice_number }));
    } catch (failure) {
      const text = message(failure instanceof Error ? failure.message : String(failure));
      setProblem(text);
      toast.error(text, { toastId: `invoice-${current.id}-problem` });
      if (failure instanceof ApiError && failure.status === 409) await refresh();
    } finally {
      setApproving(false);
    }
  };

  const resolution = (kind: ExceptionResolution): ReasonRequest => ({
    title: t(`invoices.detail.${kind}.title`, { number: current.invoice_number }),
    body: t(`invoices.detail.${kind}.body`),
    label: t('orders.detail.reason'),
    required: true,
    confirmLabel: t(`invoices.actions.${kind}`),
    color: RESOLUTION_COLOR[kind],
    testId: `resolve-${kind}-modal`,
    run: async (text) => {
      const updated =
        kind === 'reject' && !inQueue
          ? await invoicesApi.reject(current.id, text)
          : await invoicesApi.resolve(current.id, kind, text);
      await refresh(updated);
      toast.success(t(`invoices.detail.done.${kind}`, { number: current.invoice_number }));
    },
  });

  const actions = (
    <Group gap="xs" wrap="wrap" data-testid="invoice-actions">
      {can('approve') && (
        <Button
          color="green"
          loading={approving}
          onClick={() => void approve()}
          data-testid="invoice-approve"
        >
          {t('invoices.actions.approve')}
        </Button>
      )}
      {can('accept') && (
        <Button
          color="green"
          variant="light"
          onClick={() => setReason(resolution('accept'))}
          data-testid="invoice-accept"
        >
          {t('invoices.actions.accept')}
        </Button>
      )}
      {can('request_credit_note') && (
        <Button
          color="orange"
          variant="light"
          onClick={() => setReason(resolution('credit_note_requested'))}
          data-testid="invoice-credit-note"
        >
          {t('invoices.actions.credit_note_requested')}
        </Button>
      )}
      {can('reject') && (
        <Button
          color="red"
          variant="light"
          onClick={() => setReason(resolution('reject'))}
          data-testid="invoice-reject"
        >
          {t('invoices.actions.reject')}
        </Button>
      )}
      {can('record_payment') && (
        <Button onClick={() => setPaying(true)} data-testid="invoice-record-payment">
          {t('invoices.actions.recordPayment')}
        </Button>
      )}
      {current.file && (
        <Button
          component="a"
          href={invoiceFileUrl(current.id)}
          variant="default"
          data-testid="invoice-file"
          title={`${current.file.name} (${formatFileSize(current.file.size, language)})`}
        >
          {t('invoices.detail.file')}
        </Button>
      )}
    </Group>
  );

  return (
    <PageFrame testId="invoice-detail">
      <BackLink
        to={inQueue ? '/app/p2p/invoices?queue=exceptions' : back.to}
        label={inQueue ? t('invoices.tabs.exceptions') : back.label}
      />
      <Stack gap="xs">
        <Group gap="sm" wrap="wrap">
          <Text fw={700} c="dimmed" data-testid="invoice-number">
            {current.invoice_number}
          </Text>
          <InvoiceStatusBadge status={current.status} size="lg" />
        </Group>
        <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
          <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere', flex: '1 1 320px' }}>
            {current.supplier.name}
          </Title>
          {actions}
        </Group>
      </Stack>
      {problem && (
        <Alert
          color="red"
          variant="light"
          withCloseButton
          onClose={() => setProblem(null)}
          role="alert"
          data-testid="action-error"
        >
          {problem}
        </Alert>
      )}
      {inQueue && (
        <Alert color="orange" variant="light" data-testid="in-exception-queue">
          {current.status === 'awaiting_credit_note'
            ? t('invoices.detail.awaitingCreditNote')
            : t('invoices.detail.inQueue')}
        </Alert>
      )}

      {/* Matched and waiting for approval: the budget check approval runs, before the approver clicks. */}
      <DocumentBudgetPanel checks={current.budget_checks} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="md" verticalSpacing="sm">
          <Fact label={t('invoices.columns.order')}>
            <Anchor
              component={Link}
              to={`/app/p2p/purchase-orders/${current.purchase_order.id}`}
              size="sm"
              fw={600}
            >
              {current.purchase_order.number}
            </Anchor>
          </Fact>
          <Fact label={t('invoices.columns.date')}>{formatDay(current.invoice_date, language)}</Fact>
          <Fact label={t('invoices.columns.due')}>{formatDay(current.due_date, language)}</Fact>
          <Fact label={t('totals.total')} testId="invoice-total-fact">
            {money(current.total)}
          </Fact>
          <Fact label={t('invoices.detail.paid')}>{money(current.paid)}</Fact>
          <Fact label={t('invoices.columns.outstanding')} testId="invoice-outstanding">
            {money(current.outstanding)}
          </Fact>
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="sm">
          {t('invoices.detail.submittedBy', {
            name: current.submitted_by.name,
            date: formatDate(current.submitted_at, language, true),
          })}
          {current.file ? '' : ` · ${t('invoices.detail.noFile')}`}
        </Text>
      </Paper>

      <CreditNotesSection
        ns={NS}
        side="finance"
        invoice={current}
        data={creditNotes.data}
        isPending={creditNotes.isPending}
        error={creditNotes.error}
        onRetry={() => void creditNotes.refetch()}
        mayIssue={finance}
        issue={(payload) => invoicesApi.creditNote(current.id, payload)}
        onIssued={async (issued) => {
          toast.success(t('creditNotes.done', { number: issued.number }));
          await refresh();
        }}
      />

      <Section title={t('match.title')} testId="match-section">
        <MatchResult
          match={current.match}
          currency={current.currency}
          accepted={current.resolutions.some((r) => r.kind === 'accept')}
        />
      </Section>

      <Section title={t('invoices.detail.lines')} testId="invoice-lines-section">
        <Table.ScrollContainer minWidth={560} type="native">
          <Table verticalSpacing="xs" striped data-testid="invoice-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={36}>#</Table.Th>
                <Table.Th>{t('orders.form.description')}</Table.Th>
                <Table.Th ta="right">{t('orders.form.quantity')}</Table.Th>
                <Table.Th ta="right">{t('orders.lines.unitPrice')}</Table.Th>
                <Table.Th ta="right">{t('orders.lines.tax')}</Table.Th>
                <Table.Th ta="right">{t('orders.lines.net')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {current.lines.map((line) => (
                <Table.Tr key={line.line_no}>
                  <Table.Td>{line.line_no}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {line.description}
                    {line.purchase_order_line_id === null && (
                      <Badge ml={6} size="xs" color="red" variant="light" tt="none">
                        {t('match.extraLine')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatQuantity(line.quantity, language)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {money(line.unit_price)}
                  </Table.Td>
                  <Table.Td ta="right">{line.tax_rate} %</Table.Td>
                  <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {money(line.net)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Stack gap={2} align="flex-end" data-testid="invoice-totals">
          {(['subtotal', 'tax', 'total'] as const).map((figure) => (
            <Group key={figure} gap="md" wrap="nowrap">
              <Text size={figure === 'total' ? 'md' : 'sm'} fw={figure === 'total' ? 700 : 400}>
                {t(`totals.${figure === 'subtotal' ? 'net' : figure}`)}
              </Text>
              <Text
                size={figure === 'total' ? 'lg' : 'sm'}
                fw={figure === 'total' ? 800 : 600}
                style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                data-testid={`invoice-${figure}`}
              >
                {money(current[figure])}
              </Text>
            </Group>
          ))}
        </Stack>
      </Section>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }} miw={0}>
          <Section title={t('invoices.detail.resolutions')} testId="resolutions-section">
            {current.resolutions.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('invoices.detail.noResolutions')}
              </Text>
            ) : (
              <Stack gap="sm" data-testid="resolutions">
                {current.resolutions.map((r) => (
                  <Stack key={`${r.kind}-${r.created_at}`} gap={2} data-testid="resolution">
                    <Group gap={6} wrap="wrap">
                      <Badge color={RESOLUTION_COLOR[r.kind]} variant="light" tt="none" radius="sm">
                        {t(`invoices.resolutions.${r.kind}`)}
                      </Badge>
                      <Text size="sm" fw={600}>
                        {r.user.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDate(r.created_at, language, true)}
                      </Text>
                    </Group>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      “{r.reason}”
                    </Text>
                  </Stack>
                ))}
              </Stack>
            )}
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }} miw={0}>
          <Section title={t('invoices.detail.payments')} testId="invoice-payments-section">
            {current.payments.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="no-payments">
                {t('invoices.detail.noPayments')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={0} type="native">
                <Table verticalSpacing={6} fz="sm" data-testid="invoice-payments">
                  <Table.Tbody>
                    {current.payments.map((p) => (
                      <Table.Tr key={p.id}>
                        <Table.Td>
                          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                            {p.reference}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {formatDay(p.paid_on, language)} ·{' '}
                            {t(`payments.methods.${p.method}`, { defaultValue: p.method })}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {money(p.amount)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Section>
        </Grid.Col>
      </Grid>

      <ReasonModal request={reason} onClose={() => setReason(null)} />
      <PaymentModal
        invoice={current}
        opened={paying}
        onClose={() => setPaying(false)}
        onRecorded={() => refresh()}
      />
    </PageFrame>
  );
}
