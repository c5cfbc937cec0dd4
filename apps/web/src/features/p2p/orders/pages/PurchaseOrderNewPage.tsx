import { SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { StatusMessage } from '../../../../components/StatusMessage.tsx';
import { OrderForm } from '../components/OrderForm.tsx';
import { BackLink, LoadProblem, PageFrame, PageHeader } from '../../../../components/PageFrame.tsx';
import { requisitionQuery, type RequisitionView } from '../api/lookups.ts';
import { NS } from '../model/messages.ts';
import { emptyOrderForm, lineFromRequisition, type OrderSource } from '../model/order-form.ts';
import { useRoles } from '../model/roles.ts';

/** A new order from one approved requisition: its currency, and every line still to be ordered. */
const fromRequisition = (requisition: RequisitionView) => ({
  ...emptyOrderForm('requisition'),
  currency: requisition.currency,
  lines: requisition.lines
    .filter((line) => Number(line.remaining_quantity) > 0)
    .map((line) => lineFromRequisition(requisition, line)),
});

/**
 * `/app/p2p/purchase-orders/new?start=requisitions|direct`: raise an order, from requisitions or directly;
 * `?requisition=<id>` (the requisition's "Create order") starts with that requisition chosen and its lines
 * still to be ordered on the form.
 */
export function Component() {
  const { t } = useTranslation(NS);
  const { organisationId, procurement } = useRoles();
  const [params, setParams] = useSearchParams();
  const source: OrderSource = params.get('start') === 'direct' ? 'direct' : 'requisition';
  const requisitionId = source === 'requisition' ? Number(params.get('requisition')) : 0;
  const started = procurement && Number.isSafeInteger(requisitionId) && requisitionId > 0;
  const starting = useQuery({ ...requisitionQuery(organisationId, requisitionId), enabled: started });
  const form = () => {
    if (!started) {
      return <OrderForm key={source} organisationId={organisationId} initial={emptyOrderForm(source)} />;
    }
    if (starting.isPending) return <Skeleton height={320} radius="md" />;
    if (starting.isError) {
      return (
        <LoadProblem
          error={starting.error}
          onRetry={() => void starting.refetch()}
          back={{ to: '/app/p2p/purchase-orders/new', label: t('orders.newTitle') }}
          notFound={{ title: t('common.notFound'), body: t('common.notFoundBody') }}
        />
      );
    }
    return (
      <OrderForm
        key={`requisition-${requisitionId}`}
        organisationId={organisationId}
        initial={fromRequisition(starting.data)}
        initialRequisitions={[requisitionId]}
      />
    );
  };
  return (
    <PageFrame testId="order-new-page">
      <BackLink to="/app/p2p/purchase-orders" label={t('screens.purchaseOrders.name', { ns: 'platform' })} />
      <PageHeader module="p2p" title={t('orders.newTitle')} lead={t('orders.newLead')} />
      {!procurement ? (
        <StatusMessage title={t('common.forbidden')} body={t('orders.onlyProcurement')} />
      ) : (
        <>
          <Stack gap={6}>
            <SegmentedControl
              value={source}
              onChange={(value) =>
                setParams(value === 'direct' ? { start: 'direct' } : {}, { replace: true })
              }
              data={[
                { value: 'requisition', label: t('orders.start.requisition') },
                { value: 'direct', label: t('orders.start.direct') },
              ]}
              fullWidth
              maw={560}
              aria-label={t('orders.start.label')}
              data-testid="order-start"
            />
            <Text size="sm" c="dimmed">
              {source === 'direct' ? t('orders.start.directHint') : t('orders.start.requisitionHint')}
            </Text>
          </Stack>
          {form()}
        </>
      )}
    </PageFrame>
  );
}
