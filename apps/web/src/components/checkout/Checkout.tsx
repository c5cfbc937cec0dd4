import { Container, Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { SiteSettings } from '@zabuni/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { StatusMessage } from '../StatusMessage.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { failureText, messageText } from '../../lib/form-errors.ts';
import { startPayment } from '../../lib/payment.ts';
import type { CheckoutItem, CheckoutOrder } from './checkout-order.ts';
import { checkoutView, pollInterval, type CheckoutPhase } from './checkout-view.ts';
import { ErrorView } from './ErrorView.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { PaidView } from './PaidView.tsx';
import { PaymentMethods, type PaymentMethod } from './PaymentMethods.tsx';
import { ProcessingView } from './ProcessingView.tsx';

export interface CheckoutProps<T, K extends QueryKey> {
  title: string;
  lead?: ReactNode;
  /** The order's query (its own endpoint); the checkout adds the polling. */
  query: UseQueryOptions<T, Error, T, K>;
  order(data: T): CheckoutOrder;
  items(data: T): CheckoutItem[];
  /** The order's own facts in the summary (tender, plan, contact …). */
  details?(data: T): ReactNode;
  /** What the payment bought, on the Paid view. */
  paidDetails?(data: T): ReactNode;
  /** A number the M-Pesa field may start with (never a masked one). */
  defaultPhone?(data: T): string | undefined;
  /** `POST …/payment/{code}/` of this kind of order. */
  payPath(code: string): string;
  /** SPEC §2: where Paid leads (/tenders, /my-published-tenders …). */
  paidLink: { to: string; label: string };
  /** Shown when the order cannot be found (404). */
  notFound: { title: string; body?: string; action: { to: string; label: string } };
  /** Support contacts of the site (GET /core/site/), for Contact Support. */
  support: SiteSettings | undefined;
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * SPEC §4 checkout of any order: Pending (summary + payment methods), then Processing after a payment
 * starts (the order is polled every 3 seconds), then Paid or Error. The view is derived from the order's
 * `payment_state`, so a reload, a second tab or the card page's return all land on the right one.
 */
export function Checkout<T, K extends QueryKey>(props: CheckoutProps<T, K>) {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  const [phase, setPhase] = useState<CheckoutPhase>({ kind: 'follow' });
  const [submitting, setSubmitting] = useState<PaymentMethod | null>(null);
  const [retrying, setRetrying] = useState(false);
  // The number of the last M-Pesa attempt, offered again after Retry Payment.
  const [lastPhone, setLastPhone] = useState<string | undefined>();
  // A second click lands before React re-renders the disabled button: refuse it here.
  const inFlight = useRef(false);

  const viewOf = (data: T | undefined, answeredAt: number) =>
    data === undefined ? null : checkoutView(props.order(data).payment_state, phase, answeredAt);
  const query = useQuery({
    ...props.query,
    // One timer per page (React Query keeps a single interval per observer); it stops on paid and failed.
    refetchInterval: (q) => pollInterval(viewOf(q.state.data, q.state.dataUpdatedAt)),
  });
  const data = query.data;
  const order = data === undefined ? undefined : props.order(data);
  const view = viewOf(data, query.dataUpdatedAt);

  // The pay button sits low on a phone: when the view changes, show its top (Processing, Paid, Error).
  const shownView = useRef(view);
  useEffect(() => {
    if (shownView.current !== null && view !== null && shownView.current !== view) {
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }
    shownView.current = view;
  }, [view]);

  const pay = async (method: PaymentMethod, phone?: string): Promise<string | null> => {
    if (inFlight.current || !order) return null;
    inFlight.current = true;
    setSubmitting(method);
    if (phone) setLastPhone(phone);
    try {
      const started = await startPayment(
        props.payPath(order.code),
        method === 'mpesa' ? { payment_type: 'mpesa', phone_number: phone } : { payment_type: 'dpo' },
      );
      if (method === 'card') {
        const url = started.data?.url;
        if (!url) throw new Error(t('messages.cardUnavailable'));
        toast.success(t('initiated.card'));
        setPhase({ kind: 'initiated', at: Date.now() });
        window.location.assign(url);
        return null;
      }
      toast.success(t('initiated.mpesa'));
      setPhase({ kind: 'initiated', at: Date.now() });
      void query.refetch();
      return null;
    } catch (failure) {
      // The order may now read failed (the provider refused): stay on Pending with the message shown.
      setPhase({ kind: 'retry' });
      const message = failureText(failure);
      const onPhone =
        failure instanceof ApiError ? messageText(failure.messageFor('phone_number')) : undefined;
      toast.error(onPhone ?? message);
      return onPhone ?? null;
    } finally {
      inFlight.current = false;
      setSubmitting(null);
    }
  };

  // SPEC §4: Retry Payment fetches the order again and returns to Pending.
  const retry = async () => {
    setRetrying(true);
    try {
      await query.refetch();
    } finally {
      setRetrying(false);
      setPhase({ kind: 'retry' });
    }
  };

  let body: ReactNode;
  if (!data && query.isError) {
    body = isNotFound(query.error) ? (
      <StatusMessage
        title={props.notFound.title}
        body={props.notFound.body}
        action={{ label: props.notFound.action.label, onClick: () => navigate(props.notFound.action.to) }}
      />
    ) : (
      <StatusMessage
        title={t('errors.loadFailed', { ns: 'common' })}
        body={query.error.message}
        action={{ label: t('retry', { ns: 'common' }), onClick: () => void query.refetch() }}
      />
    );
  } else if (!data || !order) {
    body = (
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Skeleton height={320} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Skeleton height={320} radius="md" />
        </Grid.Col>
      </Grid>
    );
  } else if (view === 'pending') {
    body = (
      <Grid gap="lg" data-testid="checkout-pending">
        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
          <OrderSummary order={order} items={props.items(data)} details={props.details?.(data)} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
          <PaymentMethods
            order={order}
            defaultPhone={lastPhone ?? props.defaultPhone?.(data)}
            submitting={submitting}
            onPay={pay}
          />
        </Grid.Col>
      </Grid>
    );
  } else {
    body = (
      <Stack gap="lg" maw={640} mx="auto" w="100%">
        {view === 'processing' && (
          <ProcessingView
            order={order}
            busy={submitting !== null}
            // Another prompt to the same phone; without one (after a reload) the methods are shown.
            onTryAgain={() => (lastPhone ? void pay('mpesa', lastPhone) : setPhase({ kind: 'another' }))}
            onPayAnotherWay={() => setPhase({ kind: 'another' })}
          />
        )}
        {view === 'paid' && (
          <PaidView order={order} details={props.paidDetails?.(data)} next={props.paidLink} />
        )}
        {view === 'error' && (
          <ErrorView order={order} support={props.support} retrying={retrying} onRetry={() => void retry()} />
        )}
        <OrderSummary order={order} items={props.items(data)} details={props.details?.(data)} />
      </Stack>
    );
  }

  return (
    <Container size="lg" py="xl" data-testid="checkout" data-view={view ?? 'loading'}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {props.title}
          </Title>
          {props.lead && <Text c="dimmed">{props.lead}</Text>}
        </Stack>
        {body}
      </Stack>
    </Container>
  );
}
