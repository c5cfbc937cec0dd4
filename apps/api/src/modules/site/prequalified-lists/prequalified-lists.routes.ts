import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  errorBody,
  paginationQuery,
  paymentRequest,
  paymentStarted,
  prequalifiedCategories,
  prequalifiedDownloadQuery,
  prequalifiedOrder,
  prequalifiedOrderCreated,
  prequalifiedOrderRequest,
} from '@zabuni/contracts';
import { z } from 'zod';
import { limitPaymentStart } from '../../shared/payments/index.ts';
import type { RateLimiter } from '../../shared/system/index.ts';
import type { PrequalifiedListsService } from './prequalified-lists.service.ts';

const tags = ['Prequalified suppliers'];
const PUBLIC = { access: { side: 'public' } } as const;
const errors = { 400: errorBody, 404: errorBody, 429: errorBody };
const idParams = z.object({ id: z.string().min(1).max(64) });
const orderIdParams = z.object({ orderId: z.string().min(1).max(64) });

/** SPEC §7 prequalified suppliers. Everything here opens without signing in, so writes are rate-limited. */
export const prequalifiedListsRoutes =
  ({ lists, limiter }: { lists: PrequalifiedListsService; limiter: RateLimiter }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/prequalified-suppliers/categories/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary:
            'The categories a prequalified list can be ordered for (id and name), with today’s pricing',
          querystring: paginationQuery,
          response: { 200: prequalifiedCategories, 400: errorBody },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'public, max-age=60');
        return lists.categories(request.query);
      },
    );

    app.post(
      '/prequalified-suppliers/orders/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Order a prequalified-supplier list (priced by the server from the price list)',
          description:
            'Each category row costs its supplier count times the per-supplier price, at least the minimum per ' +
            'category; a row of 0 costs nothing. Any amount sent is ignored.',
          body: prequalifiedOrderRequest,
          response: { 201: prequalifiedOrderCreated, ...errors, 503: errorBody },
        },
      },
      async (request, reply) => {
        await limiter.hit({ key: `prequalified-order:ip:${request.ip}`, limit: 30, windowSeconds: 3600 });
        return reply.code(201).send(await lists.createOrder(request.body));
      },
    );

    app.get(
      '/prequalified-suppliers/orders/:id/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary:
            'A prequalified-list order by its id (personal data masked), with availability and, once paid, the list',
          params: idParams,
          response: { 200: prequalifiedOrder, ...errors },
        },
      },
      async (request) => lists.getOrder(request.params.id),
    );

    app.post(
      '/prequalified-suppliers/orders/payment/:orderId/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary:
            'Start paying a prequalified-list order (M-Pesa STK push for KES, or the hosted card page)',
          params: orderIdParams,
          body: paymentRequest,
          response: { 200: paymentStarted, ...errors, 409: errorBody, 503: errorBody },
        },
      },
      async (request) => {
        await limitPaymentStart(limiter, {
          product: 'prequalified',
          code: request.params.orderId,
          ip: request.ip,
          phone: request.body.payment_type === 'mpesa' ? request.body.phone_number : undefined,
        });
        return lists.pay(request.params.orderId, request.body);
      },
    );

    app.get(
      '/prequalified-suppliers/orders/:id/download/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Download the delivered list (XLSX or CSV) through the signed link mailed at payment',
          description:
            'Valid 7 days after payment. A link whose signature does not match: 404 `prequalified.download_invalid`; ' +
            'expired: 404 `prequalified.download_expired`.',
          params: idParams,
          querystring: prequalifiedDownloadQuery,
          response: {
            200: z.any().meta({ description: 'The file (XLSX or CSV)' }),
            ...errors,
            409: errorBody,
          },
        },
      },
      async (request, reply) => {
        await limiter.hit({ key: `prequalified-download:ip:${request.ip}`, limit: 60, windowSeconds: 600 });
        const file = await lists.download(request.params.id, request.query);
        return reply
          .header('Content-Type', file.type)
          .header('Content-Disposition', `attachment; filename="${file.name}"`)
          .header('Cache-Control', 'private, no-store')
          .header('X-Robots-Tag', 'noindex')
          .send(file.body);
      },
    );
  };
