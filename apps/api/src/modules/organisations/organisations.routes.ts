import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { errorBody, paginated, paginationQuery } from '@zabuni/contracts';
import { z } from 'zod';
import { organisationScope, principalOf } from '../../infra/auth.ts';
import { pageOf } from '../../infra/pagination.ts';
import type { OrganisationsService } from './organisations.service.ts';

const member = z.object({
  user_id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  organisation: z.object({ id: z.number(), name: z.string() }),
  role: z.string(),
});

export const organisationsRoutes =
  ({
    organisations,
    publicUrl,
  }: {
    organisations: OrganisationsService;
    publicUrl: string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/organisations/members/',
      {
        config: { access: {} },
        schema: {
          tags: ['Organisations'],
          summary: "Members of the caller's organisations, with their roles",
          querystring: paginationQuery,
          response: { 200: paginated(member), 401: errorBody },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) =>
          organisations.members(organisationScope(principalOf(request)), page),
        ),
    );
  };
