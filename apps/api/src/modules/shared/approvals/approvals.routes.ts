import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  approvalsInboxItem,
  bulkApproveBody,
  bulkApproveResult,
  errorBody,
  paginated,
  paginationQuery,
} from '@zabuni/contracts';
import { principalOf } from '../../../infra/auth.ts';
import { pageOf } from '../../../infra/pagination.ts';
import type { ApprovalsService } from './approvals.service.ts';

const tags = ['Approvals'];
const BUYER_STAFF = { access: { side: 'buyer' } } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/**
 * The one inbox and bulk approval, for every document type. The procure-to-pay paths of SPEC
 * (`/p2p/approvals/…`) are the same handlers under their older names.
 */
export const approvalsRoutes =
  ({ approvals, publicUrl }: { approvals: ApprovalsService; publicUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    for (const base of ['/approvals', '/p2p/approvals']) {
      app.get(
        `${base}/inbox/`,
        {
          config: BUYER_STAFF,
          schema: {
            tags,
            summary: 'Everything waiting for my decision (requisitions, orders, invoices), oldest first',
            querystring: paginationQuery,
            response: { 200: paginated(approvalsInboxItem), ...errors },
          },
        },
        async (request) => pageOf(request, publicUrl, (page) => approvals.inbox(principalOf(request), page)),
      );

      app.post(
        `${base}/bulk-approve/`,
        {
          config: BUYER_STAFF,
          schema: {
            tags,
            summary: 'Approve several small items of any type at once; each succeeds or fails on its own',
            body: bulkApproveBody,
            response: { 200: bulkApproveResult, ...errors },
          },
        },
        async (request) => approvals.bulkApprove(principalOf(request), request.body.items, request.ip),
      );
    }
  };
