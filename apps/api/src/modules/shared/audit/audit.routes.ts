import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { errorBody, paginated, paginationQuery } from '@zabuni/contracts';
import { z } from 'zod';
import { pageOf } from '../../../infra/pagination.ts';
import type { AuditService } from './audit.service.ts';

const auditEvent = z.object({
  id: z.number(),
  occurred_at: z.string(),
  actor_user_id: z.number().nullable(),
  organisation_id: z.number().nullable(),
  action: z.string(),
  ip: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});

/** The security log, for the operator's moderators and administrators. */
export const auditRoutes =
  ({ audit, publicUrl }: { audit: AuditService; publicUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/audit/events/',
      {
        config: { access: { side: 'operator' } },
        schema: {
          tags: ['Audit'],
          summary: 'Security events, newest first (moderators and administrators)',
          querystring: paginationQuery,
          response: { 200: paginated(auditEvent), 401: errorBody, 403: errorBody },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, async (page) => {
          const { count, rows } = await audit.newest(page.pageSize, page.offset);
          return {
            count,
            results: rows.map((row) => ({
              id: row.id,
              occurred_at: row.occurredAt.toISOString(),
              actor_user_id: row.actorUserId,
              organisation_id: row.organisationId,
              action: row.action,
              ip: row.ip,
              detail: row.detail,
            })),
          };
        }),
    );
  };
