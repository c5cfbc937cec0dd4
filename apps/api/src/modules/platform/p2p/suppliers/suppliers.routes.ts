import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  errorBody,
  paginated,
  queryId,
  supplier,
  supplierInvitation,
  suppliersQuery,
  supplierUpdate,
} from '@zabuni/contracts';
import { z } from 'zod';
import { principalOf } from '../../../../infra/auth.ts';
import { pageOf } from '../../../../infra/pagination.ts';
import { SUPPLIER_MANAGERS, type SuppliersService } from './suppliers.service.ts';

const tags = ['Procure to pay: suppliers'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const idParams = z.object({ id: queryId });

/** The current buying organisation's supplier list. */
export const suppliersRoutes =
  ({ suppliers, publicUrl }: { suppliers: SuppliersService; publicUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/p2p/suppliers/',
      {
        config: { access: { side: 'buyer' } },
        schema: {
          tags,
          summary: 'Suppliers of the current organisation, by name',
          querystring: suppliersQuery,
          response: { 200: paginated(supplier), ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) =>
          suppliers.list(
            principalOf(request),
            {
              status: request.query.status,
              categoryId: request.query.category,
              search: request.query.search || undefined,
            },
            page,
          ),
        ),
    );

    app.post(
      '/p2p/suppliers/',
      {
        config: { access: { side: 'buyer', roles: [...SUPPLIER_MANAGERS] } },
        schema: {
          tags,
          summary:
            'Add a supplier by its contact’s email (creates the supplier and its first user if needed)',
          body: supplierInvitation,
          response: { 201: supplier, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await suppliers.invite(principalOf(request), request.body, request.ip)),
    );

    app.get(
      '/p2p/suppliers/:id/',
      {
        config: { access: { side: 'buyer' } },
        schema: { tags, summary: 'One supplier', params: idParams, response: { 200: supplier, ...errors } },
      },
      async (request) => suppliers.get(principalOf(request), request.params.id),
    );

    app.patch(
      '/p2p/suppliers/:id/',
      {
        config: { access: { side: 'buyer', roles: [...SUPPLIER_MANAGERS] } },
        schema: {
          tags,
          summary: 'Block or unblock a supplier, or change its categories and payment terms',
          params: idParams,
          body: supplierUpdate,
          response: { 200: supplier, ...errors },
        },
      },
      async (request) => suppliers.update(principalOf(request), request.params.id, request.body, request.ip),
    );
  };
