import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  errorBody,
  paginated,
  requisition,
  approvalsInboxItem,
  paginationQuery,
  requisitionCommentBody,
  requisitionDecisionBody,
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

    app.post(
      '/p2p/requisitions/:id/submit/',
      {
        config: SIGNED_IN,
        schema: {
          tags,
          summary: 'Send a draft or returned requisition for approval (its requester)',
          params: idParams,
          response: { 200: requisition, ...errors },
        },
      },
      async (request) => requisitions.submit(principalOf(request), request.params.id, request.ip),
    );

    for (const [path, kind, summary] of [
      ['approve', 'approved', 'Approve the current step'],
      ['reject', 'rejected', 'Reject (a comment is required)'],
      ['return', 'returned', 'Return to the requester for changes (a comment is required)'],
    ] as const) {
      app.post(
        `/p2p/requisitions/:id/${path}/`,
        {
          config: SIGNED_IN,
          schema: {
            tags,
            summary,
            params: idParams,
            body: requisitionDecisionBody,
            response: { 200: requisition, ...errors },
          },
        },
        async (request) =>
          requisitions.decide(principalOf(request), request.params.id, kind, request.body, request.ip),
      );
    }

    app.get(
      '/p2p/approvals/inbox/',
      {
        config: SIGNED_IN,
        schema: {
          tags: ['Procure to pay: approvals'],
          summary: 'Everything waiting for my decision, oldest first',
          querystring: paginationQuery,
          response: { 200: paginated(approvalsInboxItem), ...errors },
        },
      },
      async (request) => pageOf(request, publicUrl, (page) => requisitions.inbox(principalOf(request), page)),
    );
  };
