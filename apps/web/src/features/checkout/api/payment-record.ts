import { queryOptions } from '@tanstack/react-query';
import type { PaymentRecord } from '@zabuni/contracts';
import { apiGet } from '../../../lib/api-client.ts';

/** SPEC §3 payment record of the order a result page is opened for (`?order=<code>`). */
export const paymentRecordQuery = (code: string) =>
  queryOptions({
    queryKey: ['payments', 'record', code],
    queryFn: ({ signal }) =>
      apiGet<PaymentRecord>(`/payments/orders/${encodeURIComponent(code)}/record/`, undefined, signal),
    // A 404 (not this user's order) is shown by the page itself, not as a toast.
    meta: { silent: true },
    retry: false,
  });
