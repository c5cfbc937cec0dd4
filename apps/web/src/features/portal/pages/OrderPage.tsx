import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import {
  acknowledgeOrder,
  declineOrder,
  INVOICEABLE_STATUSES,
  invoicesQuery,
  orderPdfUrl,
  orderQuery,
  PORTAL_KEY,
  useOrder,
  type PortalOrder,
} from '../api.ts';
import {
  BackLink,
  Fact,
  LoadProblem,
  PageFrame,
  PageHeader,
  PageSkeleton,
  Section,
} from '../../../components/PageFrame.tsx';
import { InvoiceStatusBadge, OrderStatusBadge } from '../components/StatusBadges.tsx';
import { formatDay, formatRate } from '../format.ts';
import { formatAmount, formatQuantity } from '../../../lib/money.ts';
import classes from './Portal.module.css';

export const REASON_MAX = 2000;

function LinesTable({ order }: { order: PortalOrder }) {
  const { t, i18n } = useTranslation('portal');
  const language = i18n.resolvedLanguage ?? 'en';
  const money = (text: string) => formatAmount(text, order.currency, language);
  const quantity = (text: string) => formatQuantity(text, language);
  const received = order.lines.some((line) => line.received_quantity !== '0');
  return (
    <>
      <Table.ScrollContainer minWidth={720} visibleFrom="sm">
        <Table verticalSpacing="xs" striped data-testid="order-lines-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={36}>#</Table.Th>
              <Table.Th>{t('order.lines.description')}</Table.Th>
              <Table.Th ta="right">{t('order.lines.quantity')}</Table.Th>
              <Table.Th ta="right">{t('order.lines.unitPrice')}</Table.Th>
              <Table.Th ta="right">{t('order.lines.taxRate')}</Table.Th>
              <Table.Th ta="right">{t('order.lines.net')}</Table.Th>
              {received && <Table.Th ta="right">{t('order.lines.accepted')}</Table.Th>}
              <Table.Th ta="right">{t('order.lines.invoiced')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.lines.map((line) => (
              <Table.Tr key={line.id} data-testid="order-line-row">
                <Table.Td>{line.line_no}</Table.Td>
                <Table.Td className={classes.wrap}>
                  <Text size="sm" fw={500}>
                    {line.description}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {line.category.name}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" className={classes.amount}>
                  {quantity(line.quantity)} {line.unit}
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
                {received && (
                  <Table.Td ta="right" className={classes.amount}>
                    {quantity(line.accepted_quantity)}
                    {line.rejected_quantity !== '0' && (
                      <Text size="xs" c="red.7">
                        {t('order.lines.rejected', { quantity: quantity(line.rejected_quantity) })}
                      </Text>
                    )}
                  </Table.Td>
                )}
                <Table.Td ta="right" className={classes.amount}>
                  {quantity(line.invoiced_quantity)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="xs" hiddenFrom="sm" data-testid="order-lines-cards">
        {order.lines.map((line) => (
          <Paper key={line.id} withBorder radius="md" p="sm" data-testid="order-line-card">
            <Stack gap={4}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Text size="sm" fw={600} className={classes.wrap}>
                  {line.line_no}. {line.description}
                </Text>
                <Text size="sm" fw={700} className={classes.amount}>
                  {money(line.net)}
                </Text>
              </Group>
              <Text size="xs">
                {quantity(line.quantity)} {line.unit} × {money(line.unit_price)} ·{' '}
                {t('common.taxAt', { rate: formatRate(line.tax_rate) })}
              </Text>
              <Text size="xs" c="dimmed">
                {received && `${t('order.lines.accepted')}: ${quantity(line.accepted_quantity)} · `}
                {t('order.lines.invoiced')}: {quantity(line.invoiced_quantity)}
              </Text>
            </Stack>
          </Paper>
        ))}
      </Stack>
      <Stack gap={4} ml="auto" w={{ base: '100%', sm: 320 }} data-testid="order-totals">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('common.subtotal')}
          </Text>
          <Text size="sm" className={classes.amount}>
            {money(order.subtotal)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t('common.tax')}
          </Text>
          <Text size="sm" className={classes.amount}>
            {money(order.tax)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text fw={700}>{t('common.total')}</Text>
          <Text fw={800} className={classes.amount} data-testid="order-total">
            {money(order.total)}
          </Text>
        </Group>
      </Stack>
    </>
  );
}

/** The invoices already sent against this order. */
function OrderInvoices({ order }: { order: PortalOrder }) {
  const { t, i18n } = useTranslation('portal');
  const language = i18n.resolvedLanguage ?? 'en';
  const invoices = useQuery(invoicesQuery({ page: 1, purchaseOrder: order.id }));
  const canInvoice = (INVOICEABLE_STATUSES as readonly string[]).includes(order.status);
  const rows = invoices.data?.results ?? [];
  return (
    <Section
      title={t('order.invoicesTitle')}
      testId="order-invoices"
      actions={
        canInvoice ? (
          <Button
            component={Link}
            to={`/portal/invoices/new?order=${order.id}`}
            size="sm"
            data-testid="order-send-invoice"
          >
            {t('order.sendInvoice')}
          </Button>
        ) : undefined
      }
    >
      {invoices.isPending ? (
        <Text size="sm" c="dimmed">
          {t('loading', { ns: 'common' })}
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {canInvoice ? t('order.noInvoicesYet') : t('order.notInvoiceable')}
        </Text>
      ) : (
        <Stack gap="xs">
          {rows.map((invoice) => (
            <Group key={invoice.id} justify="space-between" gap="xs" wrap="wrap">
              <Group gap="xs" wrap="wrap">
                <Anchor component={Link} to={`/portal/invoices/${invoice.id}`} fw={600} size="sm">
                  {invoice.invoice_number}
                </Anchor>
                <InvoiceStatusBadge status={invoice.status} size="sm" />
              </Group>
              <Text size="sm" className={classes.amount}>
                {formatDay(invoice.invoice_date, language)} ·{' '}
                {formatAmount(invoice.total, invoice.currency, language)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}

type Answer = 'acknowledge' | 'decline';

/** Acknowledge (a confirmation) or decline (a reason is required) an order sent to the supplier. */
function AnswerModal({
  order,
  answer,
  onClose,
}: {
  order: PortalOrder;
  answer: Answer | null;
  onClose(): void;
}) {
  const { t } = useTranslation('portal');
  return (
    <Modal
      opened={answer !== null}
      onClose={onClose}
      title={answer ? t(`order.${answer}.title`, { number: order.number }) : ''}
      centered
      data-testid="order-answer-modal"
    >
      {answer && <AnswerForm key={answer} order={order} answer={answer} onClose={onClose} />}
    </Modal>
  );
}

function AnswerForm({ order, answer, onClose }: { order: PortalOrder; answer: Answer; onClose(): void }) {
  const { t, i18n } = useTranslation('portal');
  const language = i18n.resolvedLanguage ?? 'en';
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (answer === 'decline' && !reason.trim()) {
      setReasonError(t('order.decline.reasonRequired'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const view =
        answer === 'acknowledge'
          ? await acknowledgeOrder(order.id)
          : await declineOrder(order.id, reason.trim());
      queryClient.setQueryData(orderQuery(order.id).queryKey, view);
      toast.success(t(`order.${answer}.done`, { number: order.number }), { toastId: `order-${answer}` });
      await queryClient.invalidateQueries({ queryKey: [PORTAL_KEY, 'orders'] });
      await queryClient.invalidateQueries({ queryKey: [PORTAL_KEY, 'statement'] });
      onClose();
    } catch (failure) {
      const onReason = failure instanceof ApiError ? failure.messageFor('reason') : undefined;
      if (onReason !== undefined) {
        setReasonError(onReason);
      } else if (failure instanceof ApiError && (failure.status === 409 || failure.status === 403)) {
        // The buyer cancelled it, or it was answered in another tab: show the order as it now is.
        toast.error(failure.message, { toastId: 'order-answer-conflict' });
        await queryClient.invalidateQueries({ queryKey: [PORTAL_KEY, 'orders'] });
        onClose();
      } else {
        setProblem(failure instanceof Error ? failure.message : String(failure));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        {t(`order.${answer}.explain`, {
          buyer: order.buyer.name,
          total: formatAmount(order.total, order.currency, language),
          date: formatDay(order.delivery_date, language),
        })}
      </Text>
      {answer === 'decline' && (
        <Textarea
          label={t('order.decline.reason')}
          description={t('order.decline.reasonHint')}
          required
          autosize
          minRows={3}
          maxRows={8}
          maxLength={REASON_MAX}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setReasonError(null);
          }}
          error={reasonError}
          data-autofocus
          data-testid="decline-reason"
        />
      )}
      {problem && (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t('common.back')}
        </Button>
        <Button
          color={answer === 'acknowledge' ? 'green' : 'red'}
          loading={busy}
          onClick={() => void confirm()}
          data-autofocus={answer === 'acknowledge' || undefined}
          data-testid={`confirm-${answer}`}
        >
          {t(`order.${answer}.confirm`)}
        </Button>
      </Group>
    </Stack>
  );
}

/** `/portal/purchase-orders/:id`: one order sent to the supplier, and its answer. */
export function Component() {
  const { t, i18n } = useTranslation('portal');
  const language = i18n.resolvedLanguage ?? 'en';
  const id = Number(useParams().id);
  const order = useOrder(id);
  const [answer, setAnswer] = useState<Answer | null>(null);
  usePageTitle(order.data ? order.data.number : t('order.loadingTitle'));
  const back = { to: '/portal/purchase-orders', label: t('orders.title') };

  if (order.isPending) {
    return (
      <PageFrame>
        <PageSkeleton />
      </PageFrame>
    );
  }
  if (order.isError) {
    return (
      <PageFrame>
        <LoadProblem
          error={order.error}
          onRetry={() => void order.refetch()}
          back={back}
          notFound={{ title: t('common.notFound'), body: t('common.notFoundBody') }}
        />
      </PageFrame>
    );
  }
  const view = order.data;
  const canAcknowledge = view.actions.includes('acknowledge');
  const canDecline = view.actions.includes('decline');

  return (
    <PageFrame testId="portal-order-page">
      <BackLink to={back.to} label={back.label} />
      <PageHeader
        title={<span data-testid="order-number">{view.number}</span>}
        badge={<OrderStatusBadge status={view.status} />}
        lead={t('order.lead', { buyer: view.buyer.name })}
        actions={
          <>
            <Button
              component="a"
              href={orderPdfUrl(view.id)}
              target="_blank"
              rel="noopener"
              variant="default"
              data-testid="order-pdf"
            >
              {t('order.pdf')}
            </Button>
            {canDecline && (
              <Button
                variant="outline"
                color="red"
                onClick={() => setAnswer('decline')}
                data-testid="order-decline"
              >
                {t('order.decline.button')}
              </Button>
            )}
            {canAcknowledge && (
              <Button color="green" onClick={() => setAnswer('acknowledge')} data-testid="order-acknowledge">
                {t('order.acknowledge.button')}
              </Button>
            )}
          </>
        }
      />
      {view.status === 'sent' && (
        <Alert color="orange" variant="light" title={t('order.awaitingTitle')} data-testid="order-awaiting">
          {t('order.awaitingBody', { buyer: view.buyer.name })}
        </Alert>
      )}
      {view.status === 'declined' && (
        <Alert color="red" variant="light" title={t('order.declinedTitle')} data-testid="order-declined">
          {view.decline_reason}
        </Alert>
      )}
      {view.status === 'cancelled' && (
        <Alert color="gray" variant="light" data-testid="order-cancelled">
          {t('order.cancelledBody', { buyer: view.buyer.name })}
        </Alert>
      )}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" verticalSpacing="md">
          <Fact label={t('order.facts.buyer')} testId="order-buyer">
            {view.buyer.name}
          </Fact>
          <Fact label={t('order.facts.sent')}>{formatDay(view.sent_at, language)}</Fact>
          <Fact label={t('order.facts.delivery')} testId="order-delivery-date">
            {formatDay(view.delivery_date, language)}
          </Fact>
          <Fact label={t('order.facts.terms')} testId="order-terms">
            {t('order.facts.termsDays', { count: view.payment_terms_days })}
          </Fact>
          <Fact label={t('order.facts.total')}>{formatAmount(view.total, view.currency, language)}</Fact>
          <Fact label={t('order.facts.acknowledged')}>{formatDay(view.acknowledged_at, language)}</Fact>
          <Fact label={t('order.facts.raisedBy')}>{view.created_by.name}</Fact>
          <Fact label={t('order.facts.currency')}>{view.currency}</Fact>
        </SimpleGrid>
      </Paper>
      <Section title={t('order.deliveryAddress')} testId="order-delivery">
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {view.delivery_address}
        </Text>
      </Section>
      <Section title={t('order.linesTitle')} testId="order-lines">
        <LinesTable order={view} />
      </Section>
      <OrderInvoices order={view} />
      <AnswerModal order={view} answer={answer} onClose={() => setAnswer(null)} />
    </PageFrame>
  );
}
