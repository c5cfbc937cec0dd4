import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  errorBody,
  paginated,
  queryId,
  workflowPreview,
  workflowPreviewRequest,
  workflowRule,
  workflowRuleForm,
  workflowRulesQuery,
} from '@zabuni/contracts';
import type { Role } from '@zabuni/domain';
import { z } from 'zod';
import { principalOf } from '../../../../infra/auth.ts';
import { pageOf } from '../../../../infra/pagination.ts';
import type { ApprovalWorkflowsService } from './approval-workflows.service.ts';

const tags = ['Procure to pay: approval workflows'];
const ADMIN = { access: { side: 'buyer', roles: ['org_admin'] as Role[] } } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const idParams = z.object({ id: queryId });

export const approvalWorkflowsRoutes =
  ({
    workflows,
    publicUrl,
  }: {
    workflows: ApprovalWorkflowsService;
    publicUrl: string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/p2p/approval-workflows/',
      {
        config: { access: { side: 'buyer' } },
        schema: {
          tags,
          summary: 'Approval workflow rules, by document type and priority',
          querystring: workflowRulesQuery,
          response: { 200: paginated(workflowRule), ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) =>
          workflows.list(principalOf(request), request.query.document_type, page),
        ),
    );

    app.post(
      '/p2p/approval-workflows/',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Add a rule (organisation administrators)',
          body: workflowRuleForm,
          response: { 201: workflowRule, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await workflows.create(principalOf(request), request.body, request.ip)),
    );

    app.post(
      '/p2p/approval-workflows/preview/',
      {
        config: { access: { side: 'buyer', readOnly: true } },
        schema: {
          tags,
          summary: 'Where a document would go: "this requisition of KES 750,000 for IT would go to …"',
          body: workflowPreviewRequest,
          response: { 200: workflowPreview, ...errors },
        },
      },
      async (request) => workflows.preview(principalOf(request), request.body),
    );

    app.get(
      '/p2p/approval-workflows/:id/',
      {
        config: { access: { side: 'buyer' } },
        schema: { tags, summary: 'One rule', params: idParams, response: { 200: workflowRule, ...errors } },
      },
      async (request) => workflows.get(principalOf(request), request.params.id),
    );

    app.put(
      '/p2p/approval-workflows/:id/',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Change a rule (organisation administrators)',
          params: idParams,
          body: workflowRuleForm,
          response: { 200: workflowRule, ...errors },
        },
      },
      async (request) => workflows.update(principalOf(request), request.params.id, request.body, request.ip),
    );
  };
