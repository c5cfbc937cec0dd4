import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  errorBody,
  idParams,
  moderationBuyer,
  moderationBuyerChange,
  moderationBuyers,
  moderationBuyersQuery,
  paymentRecord,
  price,
  priceChange,
  priceList,
  priceProductParams,
  publicClients,
  siteContentAnswer,
  siteContentParams,
  siteContentQuery,
} from '@zabuni/contracts';
import type { Role } from '@zabuni/domain';
import { z } from 'zod';
import { principalOf } from '../../../infra/auth.ts';
import type { MarketingService } from './marketing.service.ts';

const PUBLIC = { access: { side: 'public' } } as const;
const MODERATOR = { access: { side: 'operator', roles: ['moderator', 'super_admin'] as Role[] } } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['Site'];

/**
 * Issue 17: what the marketing pages read (content per language, the clients shown, the price list), what
 * the operator changes for them (prices, which buyers are shown), and the payment record of an order.
 */
export const marketingRoutes =
  ({ marketing }: { marketing: MarketingService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/core/site-content/:page/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'A marketing page’s texts in a language (home, about, clients, pricing)',
          description:
            'Content files per language edited by the operator (SITE_CONTENT_DIR); a page missing in the ' +
            'language asked for is answered in English (`language` says which).',
          params: siteContentParams,
          querystring: siteContentQuery,
          response: { 200: siteContentAnswer, 400: errorBody, 503: errorBody },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'public, max-age=60');
        return marketing.content(request.params.page, request.query.lang);
      },
    );

    app.get(
      '/core/clients/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'The client organisations the operator shows, by name, with logo and sector',
          response: { 200: publicClients },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'public, max-age=60');
        return marketing.clients();
      },
    );

    app.get(
      '/core/prices/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'The price list: every product on sale, in minor units with its currency',
          response: { 200: priceList },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'public, max-age=60');
        return marketing.prices();
      },
    );

    app.get(
      '/payments/orders/:code/record/',
      {
        config: PUBLIC,
        schema: {
          tags: ['Payments'],
          summary: 'The payment record of an order (transaction ID, method, date, total, plan, add-on)',
          description:
            'Opens as the order’s checkout does: a tender-publishing order only for the advertiser whose ' +
            'tender it pays (anyone else gets 404), a tender-alert order by its unguessable code.',
          params: z.object({ code: z.string().min(1).max(64) }),
          response: { 200: paymentRecord, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store');
        return marketing.paymentRecord(request.principal ?? null, request.params.code);
      },
    );

    // ---- the operator, in the moderation area ----

    app.get(
      '/core/moderation/prices/',
      {
        config: MODERATOR,
        schema: { tags, summary: 'The price list, to edit', response: { 200: priceList, ...errors } },
      },
      async () => marketing.prices(),
    );

    app.put(
      '/core/moderation/prices/:product/',
      {
        config: MODERATOR,
        schema: {
          tags,
          summary: 'Change a product’s price (orders created afterwards charge it; audited)',
          params: priceProductParams,
          body: priceChange,
          response: { 200: price, ...errors },
        },
      },
      async (request) =>
        marketing.setPrice(
          principalOf(request),
          request.params.product,
          request.body.amount_minor,
          request.ip,
        ),
    );

    app.get(
      '/core/moderation/buyers/',
      {
        config: MODERATOR,
        schema: {
          tags,
          summary: 'Buying organisations, shown clients first (`search` by name, `shown` true/false)',
          querystring: moderationBuyersQuery,
          response: { 200: moderationBuyers, ...errors },
        },
      },
      async (request) => marketing.moderationBuyers(request.query),
    );

    app.patch(
      '/core/moderation/buyers/:id/',
      {
        config: MODERATOR,
        schema: {
          tags,
          summary: 'Show or hide a buying organisation on the clients page, or set its sector (audited)',
          params: idParams,
          body: moderationBuyerChange,
          response: { 200: moderationBuyer, ...errors },
        },
      },
      async (request) =>
        marketing.changeBuyer(principalOf(request), request.params.id, request.body, request.ip),
    );
  };
