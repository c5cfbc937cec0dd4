import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  errorBody,
  orderCodeQuery,
  paymentRequest,
  paymentStarted,
  subscriptionCreated,
  subscriptionEmailQuery,
  subscriptionForm,
  subscriptionOrder,
  subscriptionPaymentStatus,
  subscriptionPlans,
  subscriptionSearchResult,
} from '@zabuni/contracts';
import { z } from 'zod';
import { limitPaymentStart } from '../../shared/payments/index.ts';
import type { RateLimiter } from '../../shared/system/index.ts';
import type { SubscriptionsService } from './subscriptions.service.ts';

const tags = ['Tender alerts'];
const PUBLIC = { access: { side: 'public' } } as const;
const errors = { 400: errorBody, 404: errorBody, 429: errorBody };
const codeParams = z.object({ code: z.string().min(1).max(64) });

/** SPEC §7 tender-alert subscriptions. Everything here opens without signing in, so it is rate-limited. */
export const subscriptionsRoutes =
  ({
    subscriptions,
    limiter,
  }: {
    subscriptions: SubscriptionsService;
    limiter: RateLimiter;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/tender-alerts/subscription/plans/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'The subscription plans on sale and their prices',
          response: { 200: subscriptionPlans },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'public, max-age=300');
        return subscriptions.plans();
      },
    );

    app.post(
      '/tender-alerts/subscription/subscribe/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Subscribe to tender alerts (creates the order to pay)',
          body: subscriptionForm,
          response: { 201: subscriptionCreated, ...errors, 503: errorBody },
        },
      },
      async (request, reply) => {
        await limiter.hit({ key: `subscribe:ip:${request.ip}`, limit: 30, windowSeconds: 3600 });
        return reply.code(201).send(await subscriptions.subscribe(request.body));
      },
    );

    app.get(
      '/tender-alerts/subscription/search_subscription/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Find a previous subscription by email (the order code to proceed with)',
          description: 'Answers the masked email and an order code only; rate-limited per address and email.',
          querystring: subscriptionEmailQuery,
          response: { 200: subscriptionSearchResult, ...errors },
        },
      },
      async (request) => {
        await limiter.hit(
          { key: `subscription-search:ip:${request.ip}`, limit: 30, windowSeconds: 600 },
          { key: `subscription-search:email:${request.query.email}`, limit: 10, windowSeconds: 600 },
        );
        return subscriptions.findByEmail(request.query.email);
      },
    );

    app.get(
      '/tender-alerts/subscription/search_subscription_code/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'A subscription order by its code (personal data masked)',
          querystring: orderCodeQuery,
          response: { 200: subscriptionOrder, ...errors },
        },
      },
      async (request) => subscriptions.getOrder(request.query.code),
    );

    app.get(
      '/tender-alerts/subscription/retrieve/:code/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'The payment status of a subscription order',
          params: codeParams,
          response: { 200: subscriptionPaymentStatus, ...errors },
        },
      },
      async (request) => subscriptions.getPaymentStatus(request.params.code),
    );

    app.post(
      '/tender-alerts/subscription/payment/:code/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Start paying a subscription order (M-Pesa STK push or the hosted card page)',
          params: codeParams,
          body: paymentRequest,
          response: { 200: paymentStarted, ...errors, 409: errorBody, 503: errorBody },
        },
      },
      async (request) => {
        // Each M-Pesa try rings a phone: limited per order, per address and per phone.
        await limitPaymentStart(limiter, {
          product: 'subscription',
          code: request.params.code,
          ip: request.ip,
          phone: request.body.payment_type === 'mpesa' ? request.body.phone_number : undefined,
        });
        return subscriptions.pay(request.params.code, request.body);
      },
    );
  };
