import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  errorBody,
  paginated,
  requisition,
  requisitionCommentBody,
  requisitionForm,
  requisitionsQuery,
  requisitionSummary,
} from '@zabuni/contracts';
import { z } from 'zod';
import { principalOf } from '../../infra/auth.ts';
import { pageOf } from '../../infra/pagination.ts';
import type { RequisitionsService } from './requisitions.service.ts';

const tags = ['Procure to pay: requisitions'];
const SIGNED_IN = { access: {} } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Requisitions of the caller's current buying organisation. */
export const requisitionsRoutes =
  ({
    requisitions,
    publicUrl,
  }: {
    requisitions: RequisitionsService;
    publicUrl: string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/p2p/requisitions/',
      {
        config: SIGNED_IN,
        schema: {
          tags,
          summary: 'Requisitions, newest first',
          querystring: requisitionsQuery,
          response: { 200: paginated(requisitionSummary), ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) =>
          requisitions.list(
            principalOf(request),
            {
              status: request.query.status,
              mine: request.query.mine === 'true',
              search: request.query.search || undefined,
            },
            page,
          ),
        ),
    );

    app.post(
      '/p2p/requisitions/',
      {
        config: SIGNED_IN,
        schema: {
          tags,
          summary: 'Start a requisition (a numbered draft)',
          body: requisitionForm,
          response: { 201: requisition, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await requisitions.create(principalOf(request), request.body, request.ip)),
    );

    app.get(
      '/p2p/requisitions/:id/',
      {
        config: SIGNED_IN,
        schema: {
          tags,
          summary: 'One requisition with its lines',
          params: idParams,
          response: { 200: requisition, ...errors },
        },
      },
      async (request) => requisitions.get(principalOf(request), request.params.id),
    );

    app.put(
      '/p2p/requisitions/:id/',
      {
        config: SIGNED_IN,
        schema: {
          tags,
          summary: 'Change a draft or returned requisition (its requester)',
          params: idParams,
          body: requisitionForm,
          response: { 200: requisition, ...errors },
        },
      },
      async (request) =>
        requisitions.update(principalOf(request), request.params.id, request.body, request.ip),
    );

    app.post(
      '/p2p/requisitions/:id/cancel/',
      {
        config: SIGNED_IN,
        schema: {
          tags,
          summary: 'Withdraw a requisition nobody has ordered yet (its requester)',
          params: idParams,
          body: requisitionCommentBody,
          response: { 200: requisition, ...errors },
        },
      },
      async (request) =>
        requisitions.cancel(principalOf(request), request.params.id, request.body.comment, request.ip),
    );
  };
