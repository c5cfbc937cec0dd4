import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { errorBody, paymentRequest, paymentStarted } from '@zabuni/contracts';
import type { Role } from '@zabuni/domain';
import { z } from 'zod';
import { principalOf } from '../../infra/auth.ts';
import { fieldError } from '../../infra/errors.ts';
import { childText, parseXml } from './dpo/dpo.wire.ts';
import type { TendersService } from '../tenders/tenders.service.ts';
import { CHECKOUT_PAGES, type PaymentsService } from './payments.service.ts';

/**
 * Daraja posts STK results here. The path carries a secret derived from JWT_SECRET (callbacks are
 * unsigned, so nobody should even find the address); the body is stored before anything acts on it.
 * Daraja wants HTTP 200 `{"ResultCode":0,"ResultDesc":"Accepted"}` once the message is safe.
 */
export const paymentCallbackRoutes =
  ({
    payments,
    callbackSecret,
    publicUrl,
  }: {
    payments: PaymentsService;
    callbackSecret: string;
    publicUrl: string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    // DPO's push is a raw XML document.
    app.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );

    /**
     * The browser comes back from the hosted card page. Its query parameters are unsigned: only the token is
     * read, and verifyToken decides. Then the browser goes to its order's checkout page.
     */
    app.get('/api/payments/card/return', { schema: { hide: true } }, async (request, reply) => {
      const token = String((request.query as { TransactionToken?: unknown }).TransactionToken ?? '').slice(
        0,
        100,
      );
      const order = token ? await payments.verifyDpo(token) : null;
      const page = order
        ? `${CHECKOUT_PAGES[order.product] ?? '/'}${encodeURIComponent(order.orderCode)}`
        : '/';
      return reply.redirect(`${publicUrl}${page}`, 303);
    });

    /** DPO's push after a payment: verified like everything else, answered with the literal `OK`. */
    app.post('/api/payments/card/push', { schema: { hide: true } }, async (request, reply) => {
      let token = '';
      try {
        token = childText(parseXml(String(request.body ?? '')), 'TransactionToken') ?? '';
      } catch {
        return reply.code(400).type('text/plain').send('Bad XML');
      }
      if (token) await payments.verifyDpo(token);
      return reply.type('text/plain').send('OK');
    });

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
            503: errorBody,
          },
        },
      },
      async (request) => {
        // 404 unless the order is the caller's own.
        await tenders.getOwnOrder(principalOf(request), request.params.code);
        if (request.body.payment_type === 'dpo') {
          const started = await payments.payWithDpo(request.params.code);
          return { detail: started.message, data: { url: started.url } };
        }
        if (!request.body.phone_number) throw fieldError('phone_number', 'This field is required.');
        const started = await payments.payWithMpesa(request.params.code, request.body.phone_number);
        return { detail: started.message };
      },
    );
  };
