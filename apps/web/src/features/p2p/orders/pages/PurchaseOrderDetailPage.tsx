import {
  Alert,
  Anchor,
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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { toast } from '../../../../lib/toast.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { usePageTitle } from '../../../../lib/use-page-title.ts';
import { orderInvoicesQuery } from '../api/invoices.ts';
import { ordersKey } from '../api/keys.ts';
import {
  orderPdfUrl,
  orderQuery,
  ordersApi,
  receiptsQuery,
  type PlainOrderAction,
  type PurchaseOrderView,
} from '../api/purchase-orders.ts';
import { ApprovalRoute } from '../components/ApprovalRoute.tsx';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { GoodsReceiptsList } from '../components/GoodsReceiptsList.tsx';
import { OrderLinesTable } from '../components/OrderLinesTable.tsx';
import {
  BackLink,
  Fact,
  LoadProblem,
  PageFrame,
  PageSkeleton,
  Section,
} from '../../../../components/PageFrame.tsx';
import { ReasonModal, type ReasonRequest } from '../components/ReasonModal.tsx';
import { ReceiveGoodsForm } from '../components/ReceiveGoodsForm.tsx';
import { RequisitionVariances } from '../components/RequisitionVariances.tsx';
import { DocumentBudgetPanel } from '../components/DocumentBudgetPanel.tsx';
import { InvoiceStatusBadge, OrderStatusBadge } from '../components/StatusBadge.tsx';
import { formatDay } from '../model/dates.ts';
import { isInvoiceable } from '../model/invoice-form.ts';
import { NS } from '../model/messages.ts';
import { messageText } from '../../../../lib/form-errors.ts';
import { formatAmount } from '../../../../lib/money.ts';
import { useRoles } from '../model/roles.ts';

/** Where goods can arrive (the domain's `receive` starts from these). */
const RECEIVABLE: readonly PurchaseOrderView['status'][] = ['sent', 'acknowledged', 'partially_received'];

/** Actions that only need a "yes": send and close ask first; submit is not destructive. */
type Confirmable = Extract<PlainOrderAction, 'send' | 'close'>;

/** `/app/p2p/purchase-orders/:id`: the order, its approval, deliveries and invoices, and what can be done now. */
export function Component() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.resolvedLanguage ?? 'en';
  const { organisationId, finance, receiver } = useRoles();
  const queryClient = useQueryClient();
  const location = useLocation();
  const id = Number(useParams().id);
  const order = useQuery({ ...orderQuery(organisationId, id), enabled: id > 0 });
  const receipts = useQuery({ ...receiptsQuery(organisationId, id), enabled: id > 0 });
  const invoices = useQuery({ ...orderInvoicesQuery(organisationId, id), enabled: id > 0 });
  const view = order.data;
  usePageTitle(view ? `${view.number} · ${view.supplier.name}` : t('orders.detail.loading'));
  const carried = (location.state as { problem?: string } | null)?.problem ?? null;
  const [problem, setProblem] = useState<string | null>(carried);
  const [busy, setBusy] = useState<PlainOrderAction | null>(null);
  const [confirming, setConfirming] = useState<Confirmable | null>(null);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const [receiving, setReceiving] = useState(false);
  const back = {
    to: '/app/p2p/purchase-orders',
    label: t('screens.purchaseOrders.name', { ns: 'platform' }),
  };

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
          forbidden={t('common.forbidden')}
        />
      </PageFrame>
    );
  }
  const current = view!;
  // The API leaves approve/reject out of `actions` for an approver who is not procurement staff (a budget
  // owner), yet lets them decide: the step waiting for this user says it is theirs.
  const decides = current.status === 'pending_approval' && current.approval?.waiting_for_me === true;
  // Likewise `receive` for a requester, whom the goods-receipt endpoint accepts.
  const receivable = receiver && RECEIVABLE.includes(current.status);
  const can = (action: string) =>
    current.actions.includes(action) ||
    (decides && (action === 'approve' || action === 'reject')) ||
    (receivable && action === 'receive');
  const money = (text: string) => formatAmount(text, current.currency, language);
  const message = (text: string) => messageText(text) ?? text;

  const refresh = async (updated?: PurchaseOrderView) => {
    if (updated) queryClient.setQueryData(orderQuery(organisationId, current.id).queryKey, updated);
    await queryClient.invalidateQueries({ queryKey: ordersKey(organisationId, 'orders') });
  };
  const failed = async (failure: unknown) => {
    const text = message(failure instanceof Error ? failure.message : String(failure));
    setProblem(text);
    toast.error(text, { toastId: `order-${current.id}-problem` });
    // Someone acted first: show the order as it now is.
    if (failure instanceof ApiError && (failure.status === 409 || failure.status === 403)) await refresh();
  };

  const act = async (action: PlainOrderAction) => {
    setBusy(action);
    setProblem(null);
    try {
      const updated = await ordersApi.act(current.id, action);
      await refresh(updated);
      toast.success(t(`orders.detail.done.${action}`, { number: current.number }));
      setConfirming(null);
    } catch (failure) {
      setConfirming(null);
      await failed(failure);
    } finally {
      setBusy(null);
    }
  };

  const step = current.approval?.current_step ?? undefined;
  const ask = {
    approve: (): ReasonRequest => ({
      title: t('orders.detail.approve.title', { number: current.number }),
      body: t('orders.detail.approve.body'),
      label: t('orders.detail.comment'),
      required: false,
      confirmLabel: t('orders.actions.approve'),
      color: 'green',
      testId: 'approve-modal',
      run: async (comment) => {
        const updated = await ordersApi.approve(current.id, { comment: comment || undefined, step });
        await refresh(updated);
        toast.success(t('orders.detail.done.approve', { number: current.number }));
      },
    }),
    reject: (): ReasonRequest => ({
      title: t('orders.detail.reject.title', { number: current.number }),
      body: t('orders.detail.reject.body'),
      label: t('orders.detail.comment'),
      required: true,
      confirmLabel: t('orders.actions.reject'),
      color: 'red',
      testId: 'reject-modal',
      run: async (comment) => {
        const updated = await ordersApi.reject(current.id, { comment, step });
        await refresh(updated);
        toast.success(t('orders.detail.done.reject', { number: current.number }));
      },
    }),
    cancel: (): ReasonRequest => ({
      title: t('orders.detail.cancel.title', { number: current.number }),
      body: t('orders.detail.cancel.body'),
      label: t('orders.detail.reason'),
      required: true,
      confirmLabel: t('orders.detail.cancel.confirm'),
      color: 'red',
      testId: 'cancel-modal',
      run: async (text) => {
        const updated = await ordersApi.cancel(current.id, text);
        await refresh(updated);
        toast.success(t('orders.detail.done.cancel', { number: current.number }));
      },
    }),
  };

  const actions = (
    <Group gap="xs" wrap="wrap" data-testid="order-actions">
      {can('approve') && (
        <Button color="green" onClick={() => setReason(ask.approve())} data-testid="action-approve">
          {t('orders.actions.approve')}
        </Button>
      )}
      {can('reject') && (
        <Button
          color="red"
          variant="light"
          onClick={() => setReason(ask.reject())}
          data-testid="action-reject"
        >
          {t('orders.actions.reject')}
        </Button>
      )}
      {can('edit') && (
        <Button
          component={Link}
          to={`/app/p2p/purchase-orders/${current.id}/edit`}
          variant="light"
          data-testid="action-edit"
        >
          {t('orders.actions.edit')}
        </Button>
      )}
      {can('submit') && (
        <Button onClick={() => void act('submit')} loading={busy === 'submit'} data-testid="action-submit">
          {t('orders.actions.submit')}
        </Button>
      )}
      {can('send') && (
        <Button onClick={() => setConfirming('send')} data-testid="action-send">
          {t('orders.actions.send')}
        </Button>
      )}
      {can('receive') && (
        <Button
          variant={receiving ? 'light' : 'filled'}
          onClick={() => {
            setReceiving(true);
            requestAnimationFrame(() =>
              document
                .getElementById('receive-goods')
                ?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
            );
          }}
          data-testid="action-receive"
        >
          {t('orders.actions.receive')}
        </Button>
      )}
      {can('close') && (
        <Button variant="light" onClick={() => setConfirming('close')} data-testid="action-close">
          {t('orders.actions.close')}
        </Button>
      )}
      {can('cancel') && (
        <Button
          color="red"
          variant="subtle"
          onClick={() => setReason(ask.cancel())}
          data-testid="action-cancel"
        >
          {t('orders.actions.cancel')}
        </Button>
      )}
      <Button
        component="a"
        href={orderPdfUrl(current.id)}
        target="_blank"
        rel="noopener"
        variant="default"
        data-testid="order-pdf"
      >
        {t('orders.actions.pdf')}
      </Button>
    </Group>
  );

  const partlyReceived = current.status === 'partially_received';
  // Deliveries and invoices only come once the order has gone to the supplier.
  const sent = current.sent_at !== null;
  const approvalSection = (
    <Section title={t('approval.title')} testId="approval-section">
      <ApprovalRoute approval={current.approval} waiting={current.status === 'pending_approval'} />
    </Section>
  );

  return (
    <PageFrame testId="order-detail">
      <BackLink to={back.to} label={back.label} />
      <Stack gap="xs">
        <Group gap="sm" wrap="wrap">
          <Text fw={700} c="dimmed" data-testid="order-number">
            {current.number}
          </Text>
          <OrderStatusBadge status={current.status} size="lg" />
          <Text size="sm" c="dimmed">
            {current.source === 'direct' ? t('orders.sourceDirect') : t('orders.sourceRequisition')}
          </Text>
        </Group>
        <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
          <Title
            order={1}
            fz={{ base: 22, sm: 28 }}
            style={{ overflowWrap: 'anywhere', flex: '1 1 320px' }}
            data-testid="order-supplier-name"
          >
            {current.supplier.name}
          </Title>
          {actions}
        </Group>
      </Stack>

      {problem && (
        <Alert
          color="red"
          variant="light"
          title={t('orders.detail.problem')}
          withCloseButton
          onClose={() => setProblem(null)}
          role="alert"
          data-testid="action-error"
        >
          {message(problem)}
        </Alert>
      )}
      {current.approval?.waiting_for_me && can('approve') && (
        <Alert color="blue" variant="light" data-testid="waiting-for-me">
          {t('orders.detail.waitingForYou')}
        </Alert>
      )}
      {current.status === 'pending_approval' && <RequisitionVariances order={current} />}
      {current.status === 'pending_approval' && <DocumentBudgetPanel checks={current.budget_checks} />}
      {current.status === 'declined' && (
        <Alert color="red" variant="light" title={t('orders.detail.declined')} data-testid="declined-reason">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {current.decline_reason || '—'}
          </Text>
        </Alert>
      )}
      {current.status === 'draft' && current.approval?.state === 'rejected' && (
        <Alert color="orange" variant="light" data-testid="returned-to-draft">
          {t('orders.detail.rejectedToDraft')}
        </Alert>
      )}

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="md" verticalSpacing="sm">
          <Fact label={t('orders.detail.total')} testId="order-total-fact">
            {money(current.total)}
          </Fact>
          <Fact label={t('orders.columns.delivery')}>
            {current.delivery_date ? formatDay(current.delivery_date, language) : t('orders.detail.noDate')}
          </Fact>
          <Fact label={t('orders.form.paymentTerms')}>
            {t('suppliers.termsDays', { count: current.payment_terms_days })}
          </Fact>
          <Fact label={t('orders.detail.createdBy')}>{current.created_by.name}</Fact>
          <Fact label={t('orders.columns.created')}>{formatDay(current.created_at, language)}</Fact>
          <Fact label={t('orders.detail.sent')}>
            {current.sent_at ? formatDay(current.sent_at, language) : t('orders.detail.notYet')}
          </Fact>
        </SimpleGrid>
        <Grid mt="sm" gap="md">
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Fact label={t('orders.form.deliveryAddress')}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} span>
                {current.delivery_address}
              </Text>
            </Fact>
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Fact label={t('orders.form.justification')}>
              <Text
                size="sm"
                c={current.justification ? undefined : 'dimmed'}
                style={{ whiteSpace: 'pre-wrap' }}
                span
              >
                {current.justification || '—'}
              </Text>
            </Fact>
          </Grid.Col>
        </Grid>
      </Paper>

      <Section title={t('orders.form.sections.lines')} testId="order-lines-section">
        <OrderLinesTable order={current} />
      </Section>

      {receiving && can('receive') && (
        <div id="receive-goods">
          <Section title={t('receipts.title')} testId="receive-section">
            <ReceiveGoodsForm
              key={current.updated_at}
              order={current}
              onCancel={() => setReceiving(false)}
              onDone={async () => {
                setReceiving(false);
                await refresh();
                await queryClient.invalidateQueries({ queryKey: ordersKey(organisationId, 'invoices') });
              }}
            />
          </Section>
        </div>
      )}
      {partlyReceived && !receiving && (
        <Alert color="orange" variant="light" data-testid="partly-received-note">
          {t('orders.detail.partlyReceived')}
        </Alert>
      )}

      {sent ? (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }} miw={0}>
            <Stack gap="lg">
              <Section title={t('receipts.listTitle')} testId="receipts-section">
                <GoodsReceiptsList
                  receipts={receipts.data?.results}
                  error={receipts.isError ? receipts.error.message : null}
                />
              </Section>
              <Section
                title={t('invoices.ofOrder')}
                testId="order-invoices-section"
                actions={
                  finance &&
                  isInvoiceable(current.status) && (
                    <Button
                      component={Link}
                      to={`/app/p2p/invoices/new?purchase_order=${current.id}`}
                      size="compact-sm"
                      variant="light"
                      data-testid="order-enter-invoice"
                    >
                      {t('invoices.enter')}
                    </Button>
                  )
                }
              >
                {invoices.isError ? (
                  <Alert color="red" variant="light" role="alert">
                    {invoices.error.message}
                  </Alert>
                ) : !invoices.data ? (
                  <Text size="sm" c="dimmed">
                    {t('loading', { ns: 'common' })}
                  </Text>
                ) : invoices.data.results.length === 0 ? (
                  <Text size="sm" c="dimmed" data-testid="no-invoices">
                    {t('invoices.noneForOrder')}
                  </Text>
                ) : (
                  <Table.ScrollContainer minWidth={0} type="native">
                    <Table verticalSpacing={6} fz="sm" data-testid="order-invoices">
                      <Table.Tbody>
                        {invoices.data.results.map((invoice) => (
                          <Table.Tr key={invoice.id}>
                            <Table.Td>
                              <Anchor
                                component={Link}
                                to={`/app/p2p/invoices/${invoice.id}`}
                                fw={600}
                                size="sm"
                              >
                                {invoice.invoice_number}
                              </Anchor>
                              <Text size="xs" c="dimmed">
                                {formatDay(invoice.invoice_date, language)}
                              </Text>
                            </Table.Td>
                            <Table.Td>
                              <InvoiceStatusBadge status={invoice.status} size="sm" />
                            </Table.Td>
                            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                              {formatAmount(invoice.total, invoice.currency, language)}
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
              </Section>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }} miw={0}>
            {approvalSection}
          </Grid.Col>
        </Grid>
      ) : (
        approvalSection
      )}

      <ReasonModal request={reason} onClose={() => setReason(null)} />
      <ConfirmDialog
        opened={confirming !== null}
        title={
          confirming === 'send'
            ? t('orders.detail.send.title', { number: current.number })
            : t('orders.detail.close.title', { number: current.number })
        }
        body={
          confirming === 'send'
            ? t('orders.detail.send.body', { supplier: current.supplier.name })
            : partlyReceived
              ? t('orders.detail.close.bodyPartial')
              : t('orders.detail.close.body')
        }
        confirmLabel={confirming === 'send' ? t('orders.actions.send') : t('orders.actions.close')}
        busy={busy !== null}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && void act(confirming)}
      />
    </PageFrame>
  );
}
