import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { errorBody, paymentRequest, paymentStarted } from '@zabuni/contracts';
import type { Role } from '@zabuni/domain';
import { z } from 'zod';
import { principalOf } from '../../infra/auth.ts';
import { AppError, fieldError } from '../../infra/errors.ts';
import type { TendersService } from '../tenders/tenders.service.ts';
import type { PaymentsService } from './payments.service.ts';

/**
 * Daraja posts STK results here. The path carries a secret derived from JWT_SECRET (callbacks are
 * unsigned, so nobody should even find the address); the body is stored before anything acts on it.
 * Daraja wants HTTP 200 `{"ResultCode":0,"ResultDesc":"Accepted"}` once the message is safe.
 */
export const paymentCallbackRoutes =
  ({
    payments,
    callbackSecret,
  }: {
    payments: PaymentsService;
    callbackSecret: string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/api/payments/stk/:secret', { schema: { hide: true } }, async (request, reply) => {
      if ((request.params as { secret: string }).secret !== callbackSecret) {
        return reply.code(404).send({ detail: 'Not found.' });
      }
      await payments.handleStkCallback(request.body);
      return { ResultCode: 0, ResultDesc: 'Accepted' };
    });
  };

/** SPEC §7 `POST /tender-alerts/available-tenders/payment/{code}/`: pay a publishing order. */
export const tenderPaymentRoutes =
  ({ payments, tenders }: { payments: PaymentsService; tenders: TendersService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/tender-alerts/available-tenders/payment/:code/',
      {
        config: { access: { roles: ['advertiser'] as Role[] } },
        schema: {
          tags: ['Tender alerts'],
          summary: 'Start paying a publishing order (M-Pesa STK push)',
          params: z.object({ code: z.string().min(1).max(64) }),
          body: paymentRequest,
          response: {
            200: paymentStarted,
            400: errorBody,
            401: errorBody,
            404: errorBody,
            409: errorBody,
            503: errorBody,
          },
        },
      },
      async (request) => {
        // 404 unless the order is the caller's own.
        await tenders.getOwnOrder(principalOf(request), request.params.code);
        if (request.body.payment_type === 'dpo') {
          throw new AppError('unavailable', 'Card payment is not available yet. Please pay with M-Pesa.');
        }
        if (!request.body.phone_number) throw fieldError('phone_number', 'This field is required.');
        const started = await payments.payWithMpesa(request.params.code, request.body.phone_number);
        return { detail: started.message };
      },
    );
  };
