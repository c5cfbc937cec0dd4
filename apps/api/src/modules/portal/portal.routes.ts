import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  errorBody,
  paginated,
  purchaseOrder,
  purchaseOrderReasonBody,
  purchaseOrdersQuery,
  purchaseOrderSummary,
} from '@zabuni/contracts';
import type { Role } from '@zabuni/domain';
import { z } from 'zod';
import { principalOf, type Principal } from '../../infra/auth.ts';
import { AppError } from '../../infra/errors.ts';
import { pageOf } from '../../infra/pagination.ts';
import { currentOrganisation } from '../../infra/tenancy.ts';
import type { PurchaseOrdersService } from '../purchase-orders/purchase-orders.service.ts';
import { purchaseOrdersRepository } from '../purchase-orders/purchase-orders.repository.ts';
import type { Db } from '../../infra/database.ts';

const tags = ['Supplier portal'];
const SUPPLIER_ROLES: Role[] = ['supplier_admin', 'supplier_user'];
const SUPPLIER = { access: { roles: SUPPLIER_ROLES } } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * The supplier organisation the caller works for. A supplier user sees only documents addressed to it,
 * and of those only the selected buyer's (`buyer_company_id`).
 */
export function supplierOf(principal: Principal): { supplierId: number; buyerId: number } {
  const grant = principal.grants.find((g) => SUPPLIER_ROLES.includes(g.role));
  if (!grant) throw new AppError('forbidden', 'The supplier portal is for suppliers’ users.');
  return { supplierId: grant.organisationId, buyerId: currentOrganisation(principal) };
}

/** The free supplier portal: purchase orders to acknowledge or decline (invoices and statements follow). */
export const portalRoutes =
  ({
    db,
    orders,
    publicUrl,
  }: {
    db: Db;
    orders: PurchaseOrdersService;
    publicUrl: string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/portal/purchase-orders/',
      {
        config: SUPPLIER,
        schema: {
          tags,
          summary: 'Purchase orders the selected buyer sent to my organisation, newest first',
          querystring: purchaseOrdersQuery,
          response: { 200: paginated(purchaseOrderSummary), ...errors },
        },
      },
      async (request) => {
        const { supplierId, buyerId } = supplierOf(principalOf(request));
        return pageOf(request, publicUrl, async (page) => {
          const { count, rows } = await purchaseOrdersRepository(db).list(
            { organisationId: buyerId, supplierId, sentOnly: true },
            {
              status: request.query.status,
              search: request.query.search || undefined,
              ordering: request.query.ordering,
            },
            page.offset,
            page.pageSize,
          );
          return { count, results: rows.map(orders.summaryOf) };
        });
      },
    );

    app.get(
      '/portal/purchase-orders/:id/',
      {
        config: SUPPLIER,
        schema: {
          tags,
          summary: 'One purchase order sent to me',
          params: idParams,
          response: { 200: purchaseOrder, ...errors },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        return orders.get(principal, request.params.id, supplierOf(principal).supplierId);
      },
    );

    for (const answer of ['acknowledge', 'decline'] as const) {
      app.post(
        `/portal/purchase-orders/:id/${answer}/`,
        {
          config: SUPPLIER,
          schema: {
            tags,
            summary:
              answer === 'acknowledge'
                ? 'Acknowledge an order: we will deliver as ordered'
                : 'Decline an order (a reason is required)',
            params: idParams,
            body: purchaseOrderReasonBody,
            response: { 200: purchaseOrder, ...errors },
          },
        },
        async (request) => {
          const principal = principalOf(request);
          return orders.respond(
            principal,
            supplierOf(principal).supplierId,
            request.params.id,
            answer,
            request.body.reason,
            request.ip,
          );
        },
      );
    }
  };
