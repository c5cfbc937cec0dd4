import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { StatusMessage } from '../../../../components/StatusMessage.tsx';
import { OrderForm } from '../components/OrderForm.tsx';
import { BackLink, PageFrame, PageHeader } from '../../../../components/PageFrame.tsx';
import { NS } from '../model/messages.ts';
import { emptyOrderForm, type OrderSource } from '../model/order-form.ts';
import { useRoles } from '../model/roles.ts';

/** `/app/p2p/purchase-orders/new?start=requisitions|direct`: raise an order, from requisitions or directly. */
export function Component() {
  const { t } = useTranslation(NS);
  const { organisationId, procurement } = useRoles();
  const [params, setParams] = useSearchParams();
  const source: OrderSource = params.get('start') === 'direct' ? 'direct' : 'requisition';
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
          <OrderForm key={source} organisationId={organisationId} initial={emptyOrderForm(source)} />
        </>
      )}
    </PageFrame>
  );
}
