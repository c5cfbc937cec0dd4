import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  errorBody,
  memberInvitation,
  messageBody,
  paginated,
  paginationQuery,
  queryId,
  recordId,
  roleSchema,
  type MemberInvitation,
} from '@zabuni/contracts';
import type { Role } from '@zabuni/domain';
import { z } from 'zod';
import { organisationScope, principalOf, type Principal } from '../../../infra/auth.ts';
import { pageOf } from '../../../infra/pagination.ts';
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
    invite,
    publicUrl,
  }: {
    organisations: OrganisationsService;
    /** Adds a person by email (the authentication service owns accounts and their one-time links). */
    invite: (principal: Principal, invitation: MemberInvitation, ip: string) => Promise<void>;
    publicUrl: string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/organisations/members/invite/',
      {
        config: { access: { side: 'buyer', roles: ['org_admin'] as Role[] } },
        schema: {
          tags: ['Organisations'],
          summary:
            'Invite someone to a buying organisation by email, with roles (organisation administrators)',
          description:
            'The answer is the same whether or not the address has an account. A new person gets an account with ' +
            'the roles and a link to choose a password. An existing account gains nothing until its holder, signed ' +
            'in with that email, accepts the mailed invitation (`POST /organisations/invitations/accept/`).',
          body: memberInvitation,
          response: { 201: messageBody, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
        },
      },
      async (request, reply) => {
        await invite(principalOf(request), request.body, request.ip);
        return reply.code(201).send({
          detail: `We have emailed an invitation to ${request.body.email.toLowerCase()}. Access begins once the invitation is accepted.`,
        });
      },
    );

    const roleChange = z.object({ organisation_id: recordId(), role: roleSchema });
    const userParams = z.object({ user_id: queryId });
    const adminAccess = {
      access: { side: 'signed_in', roles: ['org_admin', 'supplier_admin', 'super_admin'] as Role[] },
    } as const;

    for (const [method, operation] of [
      ['POST', 'grant'],
      ['DELETE', 'revoke'],
    ] as const) {
      app.route({
        method,
        url: '/organisations/members/:user_id/roles/',
        config: adminAccess,
        schema: {
          tags: ['Organisations'],
          summary: `${operation === 'grant' ? 'Grant a role to' : 'Revoke a role from'} a member (organisation administrators)`,
          params: userParams,
          body: roleChange,
          response: {
            200: messageBody,
            400: errorBody,
            401: errorBody,
            403: errorBody,
            404: errorBody,
            409: errorBody,
          },
        },
        handler: async (request) => {
          const change = {
            userId: request.params.user_id,
            organisationId: request.body.organisation_id,
            role: request.body.role as Role,
          };
          await organisations.changeRole(principalOf(request), change, operation, request.ip);
          return {
            detail: operation === 'grant' ? 'The role has been granted.' : 'The role has been revoked.',
          };
        },
      });
    }

    app.get(
      '/organisations/members/',
      {
        config: { access: { side: 'signed_in' } },
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
