import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  directoriesPage,
  directoriesQuery,
  directory,
  directoryCartForm,
  directoryCodeParams,
  directoryDownloadParams,
  directoryForm,
  directoryOrder,
  directoryOrderCreated,
  directoryOrdersAdminPage,
  directoryOrdersAdminQuery,
  DIRECTORY_TEMPLATE_PATH,
  errorBody,
  idParams,
  moderationDirectoriesPage,
  moderationDirectoriesQuery,
  moderationDirectory,
  paymentRequest,
  paymentStarted,
  topNavDirectories,
} from '@zabuni/contracts';
import type { Role } from '@zabuni/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../../../infra/auth.ts';
import { pageOf, toPage, toPageRequest } from '../../../infra/pagination.ts';
import { sendShared } from '../../../infra/public-list.ts';
import { limitPaymentStart } from '../../shared/payments/index.ts';
import type { RateLimiter } from '../../shared/system/index.ts';
import { directoryTemplate } from './supplier-directories.export.ts';
import type { SupplierDirectoriesService } from './supplier-directories.service.ts';

const tags = ['Supplier directory'];
/** The operator making a change, for the audit log. */
const actorOf = (request: FastifyRequest) => ({ userId: principalOf(request).userId, ip: request.ip });
const PUBLIC = { access: { side: 'public' } } as const;
const MODERATOR = { access: { side: 'operator', roles: ['moderator', 'super_admin'] as Role[] } } as const;
const errors = { 400: errorBody, 404: errorBody, 429: errorBody };
const operatorErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** SPEC §7 supplier directory: the list, the detail, the mega-menu, the cart, its payment and its delivery. */
export const supplierDirectoriesRoutes =
  ({
    directories,
    limiter,
    publicUrl,
  }: {
    directories: SupplierDirectoriesService;
    limiter: RateLimiter;
    publicUrl: string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/supplier-directory/directories/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary:
            'Country supplier directories on sale (16 a page; search by name or country; order asc|desc)',
          querystring: directoriesQuery,
          response: { 200: directoriesPage, ...errors },
        },
      },
      async (request, reply) => {
        const page = toPageRequest(request.query);
        const answer = await directories.list(
          { search: request.query.search, order: request.query.order },
          page,
        );
        // A shared answer from the list cache: serialized once per answer and address.
        return sendShared(request, reply, answer, (shared) =>
          toPage(request, publicUrl, page, shared.count, shared.results),
        );
      },
    );

    app.get(
      '/supplier-directory/directories/top-nav-directories/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'The directories for the header menu, by country',
          response: { 200: topNavDirectories },
        },
      },
      async (_request, reply) => {
        reply.header('Cache-Control', 'public, max-age=60');
        return directories.topNav();
      },
    );

    app.get(
      '/supplier-directory/directories/:id/',
      {
        config: PUBLIC,
        schema: { tags, summary: 'One directory', params: idParams, response: { 200: directory, ...errors } },
      },
      async (request) => directories.get(request.params.id),
    );

    app.post(
      '/supplier-directory/orders/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Add a directory to the cart: an order at the directory’s price (201, its reference)',
          description:
            '`reference` is the order’s unguessable code, used in the cart and checkout addresses; ' +
            '`order_reference` is the short reference shown on the phone prompt and receipt.',
          body: directoryCartForm,
          response: { 201: directoryOrderCreated, ...errors },
        },
      },
      async (request, reply) => {
        await limiter.hit({ key: `directory-order:ip:${request.ip}`, limit: 30, windowSeconds: 3600 });
        return reply.code(201).send(await directories.createOrder(request.body));
      },
    );

    app.get(
      '/supplier-directory/orders/retrieve/:reference/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'A directory order, its payment state and, once paid, its download links',
          params: directoryCodeParams,
          response: { 200: directoryOrder, ...errors },
        },
      },
      async (request) => directories.getOrder(request.params.reference),
    );

    app.post(
      '/supplier-directory/orders/payment/:reference/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Start paying a directory order (M-Pesa STK push or the hosted card page)',
          params: directoryCodeParams,
          body: paymentRequest,
          response: { 200: paymentStarted, ...errors, 409: errorBody, 503: errorBody },
        },
      },
      async (request) => {
        await limitPaymentStart(limiter, {
          product: 'directory',
          code: request.params.reference,
          ip: request.ip,
          phone: request.body.payment_type === 'mpesa' ? request.body.phone_number : undefined,
        });
        return directories.pay(request.params.reference, request.body);
      },
    );

    app.get(
      '/supplier-directory/orders/download/:token/:format/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'The bought directory as XLSX or CSV (the link mailed on payment; valid 7 days)',
          description:
            'Unknown token: 404 `directory.download_invalid`; expired: 404 `directory.download_expired`.',
          params: directoryDownloadParams,
          response: { 200: z.any().meta({ description: 'The file (XLSX or CSV)' }), ...errors },
        },
      },
      async (request, reply) => {
        await limiter.hit({ key: `directory-download:ip:${request.ip}`, limit: 60, windowSeconds: 3600 });
        const file = await directories.download(request.params.token, request.params.format);
        return reply
          .header('Content-Type', file.contentType)
          .header('Content-Disposition', `attachment; filename="${file.filename}"`)
          .header('Cache-Control', 'private, no-store')
          .header('X-Robots-Tag', 'noindex')
          .send(file.stream);
      },
    );

    // ---- the operator's directories (moderation area) ----
    const operatorTags = ['Supplier directory (operator)'];
    app.get(
      '/supplier-directory/orders/',
      {
        config: MODERATOR,
        schema: {
          tags: operatorTags,
          summary:
            'Directory orders, newest first (SPEC §7 orders; operator staff only: they hold buyers’ contacts)',
          querystring: directoryOrdersAdminQuery,
          response: { 200: directoryOrdersAdminPage, ...operatorErrors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) => directories.listOrders({ search: request.query.search }, page)),
    );

    app.post(
      '/supplier-directory/moderation/orders/:reference/resend/',
      {
        config: MODERATOR,
        schema: {
          tags: operatorTags,
          summary: 'Send a paid order’s files again: new links, valid 7 days from now, to the same snapshot',
          params: directoryCodeParams,
          response: {
            200: z.object({ detail: z.string(), download_expires_at: z.string() }),
            409: errorBody,
            ...operatorErrors,
          },
        },
      },
      async (request) => directories.resendDelivery(actorOf(request), request.params.reference),
    );

    app.get(
      '/supplier-directory/moderation/directories/',
      {
        config: MODERATOR,
        schema: {
          tags: operatorTags,
          summary: 'Every directory, inactive ones included, with its paid orders',
          querystring: moderationDirectoriesQuery,
          response: { 200: moderationDirectoriesPage, ...operatorErrors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) => directories.listAll({ search: request.query.search }, page)),
    );

    app.post(
      '/supplier-directory/moderation/directories/',
      {
        config: MODERATOR,
        schema: {
          tags: operatorTags,
          summary: 'Create a country’s directory (one per country)',
          body: directoryForm,
          response: { 201: moderationDirectory, ...operatorErrors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await directories.create(actorOf(request), request.body)),
    );

    app.get(
      '/supplier-directory/moderation/directories/:id/',
      {
        config: MODERATOR,
        schema: {
          tags: operatorTags,
          summary: 'One directory',
          params: idParams,
          response: { 200: moderationDirectory, ...operatorErrors },
        },
      },
      async (request) => directories.getForOperator(request.params.id),
    );

    app.put(
      '/supplier-directory/moderation/directories/:id/',
      {
        config: MODERATOR,
        schema: {
          tags: operatorTags,
          summary: 'Edit a directory: texts, price, currency, active (paid orders keep their price and file)',
          params: idParams,
          body: directoryForm,
          response: { 200: moderationDirectory, ...operatorErrors },
        },
      },
      async (request) => directories.update(actorOf(request), request.params.id, request.body),
    );
  };

/** SPEC §2: the sample spreadsheet template for supplier directories, under media/templates on the API host. */
export const directoryTemplateRoutes = (): FastifyPluginAsyncZod => async (app) => {
  app.get(DIRECTORY_TEMPLATE_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', 'attachment; filename="supplier-directory-template.xlsx"')
      .header('Cache-Control', 'public, max-age=86400')
      .send(await directoryTemplate()),
  );
};
