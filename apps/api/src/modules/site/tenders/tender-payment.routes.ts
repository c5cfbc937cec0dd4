import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { errorBody, message, paymentRequest, paymentStarted } from '@zabuni/contracts';
import type { Role } from '@zabuni/domain';
import { z } from 'zod';
import { principalOf } from '../../../infra/auth.ts';
import { fieldError } from '../../../infra/errors.ts';
import { limitPaymentStart, type PaymentsService } from '../../shared/payments/index.ts';
import type { RateLimiter } from '../../shared/system/index.ts';
import type { TendersService } from './tenders.service.ts';

/** SPEC §7 `POST /tender-alerts/available-tenders/payment/{code}/`: pay a publishing order. */
export const tenderPaymentRoutes =
  ({
    payments,
    tenders,
    limiter,
  }: {
    payments: PaymentsService;
    tenders: TendersService;
    limiter: RateLimiter;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/tender-alerts/available-tenders/payment/:code/',
      {
        config: { access: { side: 'signed_in', roles: ['advertiser'] as Role[] } },
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
            429: errorBody,
            503: errorBody,
          },
        },
      },
      async (request) => {
        // 404 unless the order is the caller's own; 409 once its tender has closed unpaid.
        await tenders.getOwnOrderToPay(principalOf(request), request.params.code);
        // Each M-Pesa try rings a phone: limited per order, per address and per phone.
        await limitPaymentStart(limiter, {
          product: 'tender',
          code: request.params.code,
          ip: request.ip,
          phone: request.body.payment_type === 'mpesa' ? request.body.phone_number : undefined,
        });
        if (request.body.payment_type === 'dpo') {
          const started = await payments.payWithDpo(request.params.code);
          return { detail: started.message, data: { url: started.url } };
        }
        if (!request.body.phone_number) throw fieldError('phone_number', message('field.required'));
        const started = await payments.payWithMpesa(request.params.code, request.body.phone_number);
        return { detail: started.message };
      },
    );
  };
