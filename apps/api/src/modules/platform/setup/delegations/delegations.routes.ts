import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  delegation,
  delegationForm,
  delegationsQuery,
  errorBody,
  paginated,
  queryId,
} from '@zabuni/contracts';
import { z } from 'zod';
import { principalOf } from '../../../../infra/auth.ts';
import { pageOf } from '../../../../infra/pagination.ts';
import type { DelegationsService } from './delegations.service.ts';

const tags = ['Procure to pay: approvals'];
const BUYER_STAFF = { access: { side: 'buyer' } } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** Delegations of approval in the caller's current organisation. */
export const delegationsRoutes =
  ({
    delegations,
    publicUrl,
  }: {
    delegations: DelegationsService;
    publicUrl: string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/p2p/delegations/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Delegations: mine (given or received), or all for organisation administrators',
          querystring: delegationsQuery,
          response: { 200: paginated(delegation), ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) =>
          delegations.list(principalOf(request), request.query.current === 'true', page),
        ),
    );

    app.post(
      '/p2p/delegations/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'While someone is away, let another member approve for them',
          body: delegationForm,
          response: { 201: delegation, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await delegations.create(principalOf(request), request.body, request.ip)),
    );

    app.delete(
      '/p2p/delegations/:id/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'End a delegation (the person away, or an organisation administrator)',
          params: z.object({ id: queryId }),
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await delegations.remove(principalOf(request), request.params.id, request.ip);
        return reply.code(204).send(null);
      },
    );
  };
