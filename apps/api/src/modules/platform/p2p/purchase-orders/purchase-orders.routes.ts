import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  errorBody,
  goodsReceipt,
  goodsReceiptForm,
  paginated,
  purchaseOrder,
  purchaseOrderForm,
  purchaseOrderReasonBody,
  purchaseOrdersQuery,
  purchaseOrderSummary,
  queryId,
  recordId,
  requisitionDecisionBody,
} from '@zabuni/contracts';
import { z } from 'zod';
import { principalOf } from '../../../../infra/auth.ts';
import { pageOf } from '../../../../infra/pagination.ts';
import type { GoodsReceiptsService } from './goods-receipts.service.ts';
import { PROCUREMENT_ROLES, RECEIVING_ROLES, type PurchaseOrdersService } from './purchase-orders.service.ts';

const tags = ['Procure to pay: purchase orders'];
const BUYER_STAFF = { access: { side: 'buyer' } } as const;
/** Raising, changing, sending and closing orders is procurement's work. */
const PROCUREMENT = { access: { side: 'buyer', roles: PROCUREMENT_ROLES } } as const;
/** Whoever may record a delivery (requesters too). */
const RECEIVING = { access: { side: 'buyer', roles: RECEIVING_ROLES } } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: queryId });

/** Purchase orders and goods receipts of the caller's current buying organisation. */
export const purchaseOrdersRoutes =
  ({
    orders,
    receipts,
    publicUrl,
  }: {
    orders: PurchaseOrdersService;
    receipts: GoodsReceiptsService;
    publicUrl: string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/p2p/purchase-orders/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Purchase orders, newest first',
          querystring: purchaseOrdersQuery,
          response: { 200: paginated(purchaseOrderSummary), ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) =>
          orders.list(
            principalOf(request),
            {
              status: request.query.status,
              supplierId: request.query.supplier,
              search: request.query.search || undefined,
              ordering: request.query.ordering,
            },
            page,
          ),
        ),
    );

    app.post(
      '/p2p/purchase-orders/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary: 'Raise a purchase order (a numbered draft) from approved requisition lines or directly',
          body: purchaseOrderForm,
          response: { 201: purchaseOrder, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await orders.create(principalOf(request), request.body, request.ip)),
    );

    app.get(
      '/p2p/purchase-orders/:id/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'One purchase order',
          params: idParams,
          response: { 200: purchaseOrder, ...errors },
        },
      },
      async (request) => orders.get(principalOf(request), request.params.id),
    );

    app.put(
      '/p2p/purchase-orders/:id/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary: 'Change a draft purchase order',
          params: idParams,
          body: purchaseOrderForm,
          response: { 200: purchaseOrder, ...errors },
        },
      },
      async (request) => orders.update(principalOf(request), request.params.id, request.body, request.ip),
    );

    for (const [path, summary, run] of [
      ['submit', 'Send a draft for approval', (p, id, ip) => orders.submit(p, id, ip)],
      [
        'send',
        'Send an approved order to the supplier (it appears in the portal)',
        (p, id, ip) => orders.send(p, id, ip),
      ],
      [
        'close',
        'Close a (partly) received order: nothing more will come',
        (p, id, ip) => orders.close(p, id, ip),
      ],
    ] as const satisfies ReadonlyArray<
      readonly [
        string,
        string,
        (p: ReturnType<typeof principalOf>, id: number, ip: string) => Promise<unknown>,
      ]
    >) {
      app.post(
        `/p2p/purchase-orders/:id/${path}/`,
        {
          config: PROCUREMENT,
          schema: { tags, summary, params: idParams, response: { 200: purchaseOrder, ...errors } },
        },
        async (request) => run(principalOf(request), request.params.id, request.ip),
      );
    }

    for (const [path, kind, summary] of [
      ['approve', 'approved', 'Approve the current step'],
      ['reject', 'rejected', 'Reject back to the buyer as a draft (a comment is required)'],
    ] as const) {
      app.post(
        `/p2p/purchase-orders/:id/${path}/`,
        {
          config: BUYER_STAFF,
          schema: {
            tags,
            summary,
            params: idParams,
            body: requisitionDecisionBody,
            response: { 200: purchaseOrder, ...errors },
          },
        },
        async (request) =>
          orders.decide(principalOf(request), request.params.id, kind, request.body, request.ip),
      );
    }

    app.post(
      '/p2p/purchase-orders/:id/cancel/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary: 'Cancel an order nothing was received on (a reason is required)',
          params: idParams,
          body: purchaseOrderReasonBody,
          response: { 200: purchaseOrder, ...errors },
        },
      },
      async (request) =>
        orders.cancel(principalOf(request), request.params.id, request.body.reason, request.ip),
    );

    app.get(
      '/p2p/purchase-orders/:id/pdf/',
      {
        config: BUYER_STAFF,
        schema: { tags, summary: 'The printable purchase order (PDF)', params: idParams },
      },
      async (request, reply) => {
        const { number, bytes } = await orders.pdf(principalOf(request), request.params.id);
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', `inline; filename="${number}.pdf"`)
          .header('Cache-Control', 'private, no-cache')
          .send(bytes);
      },
    );

    app.get(
      '/p2p/goods-receipts/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Goods receipts of one purchase order',
          querystring: z.object({ purchase_order: queryId }),
          response: { 200: z.object({ results: z.array(goodsReceipt) }), ...errors },
        },
      },
      async (request) => ({
        results: await receipts.list(principalOf(request), request.query.purchase_order),
      }),
    );

    app.post(
      '/p2p/goods-receipts/',
      {
        config: RECEIVING,
        schema: {
          tags,
          summary: 'Record goods received against a sent purchase order (GRN)',
          body: goodsReceiptForm.extend({ purchase_order_id: recordId() }),
          response: { 201: goodsReceipt, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await receipts.receive(
              principalOf(request),
              request.body.purchase_order_id,
              request.body,
              request.ip,
            ),
          ),
    );
  };
