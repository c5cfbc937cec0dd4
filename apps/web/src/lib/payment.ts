import type { PaymentRequest, PaymentStarted } from '@zabuni/contracts';
import { apiPost } from './api-client.ts';

/**
 * SPEC §7 payment initiation, the same for every order kind (`…/payment/{code}/`): M-Pesa answers with
 * the text to show, the hosted card page with `data.url` to send the browser to.
 */
export const startPayment = (path: string, request: PaymentRequest) => apiPost<PaymentStarted>(path, request);
