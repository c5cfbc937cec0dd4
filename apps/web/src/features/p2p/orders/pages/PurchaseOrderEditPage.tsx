import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { taxRatesQuery } from '../api/lookups.ts';
import { orderQuery } from '../api/purchase-orders.ts';
import { OrderForm } from '../components/OrderForm.tsx';
import {
  BackLink,
  LoadProblem,
  PageFrame,
  PageHeader,
  PageSkeleton,
} from '../../../../components/PageFrame.tsx';
import { NS } from '../model/messages.ts';
import { formFromOrder } from '../model/order-form.ts';
import { useRoles } from '../model/roles.ts';

/** `/app/p2p/purchase-orders/:id/edit`: change a draft order (one an approver rejected comes back as a draft). */
export function Component() {
  const { t } = useTranslation(NS);
  const { organisationId } = useRoles();
  const id = Number(useParams().id);
  const order = useQuery({ ...orderQuery(organisationId, id), enabled: id > 0 });
  const rates = useQuery(taxRatesQuery(organisationId));
  const back = { to: `/app/p2p/purchase-orders/${id}`, label: t('orders.detail.backToOrder') };

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
  if (!order.data || !rates.data) {
    return (
      <PageFrame>
        <PageSkeleton />
      </PageFrame>
    );
  }
  // Only a draft can be changed, and only by those the server lets edit it.
  if (!order.data.actions.includes('edit')) return <Navigate to={back.to} replace />;
  return (
    <PageFrame testId="order-edit-page">
      <BackLink to={back.to} label={order.data.number} />
      <PageHeader module="p2p" title={t('orders.editTitle', { number: order.data.number })} />
      <OrderForm
        organisationId={organisationId}
        initial={formFromOrder(order.data, rates.data)}
        order={order.data}
      />
    </PageFrame>
  );
}
