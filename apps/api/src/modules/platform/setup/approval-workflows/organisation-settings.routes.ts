import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { errorBody, organisationSettings, organisationSettingsPatch } from '@zabuni/contracts';
import type { Role } from '@zabuni/domain';
import { principalOf } from '../../../../infra/auth.ts';
import type { ApprovalWorkflowsService } from './approval-workflows.service.ts';

const tags = ['Procure to pay: approval workflows'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** The current buying organisation's approval settings (segregation of duties). */
export const organisationSettingsRoutes =
  ({ workflows }: { workflows: ApprovalWorkflowsService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/p2p/organisation-settings/',
      {
        config: { access: { side: 'buyer' } },
        schema: {
          tags,
          summary: "The organisation's approval settings (segregation of duties)",
          response: { 200: organisationSettings, ...errors },
        },
      },
      async (request) => workflows.settings(principalOf(request)),
    );

    app.patch(
      '/p2p/organisation-settings/',
      {
        config: { access: { side: 'buyer', roles: ['org_admin'] as Role[] } },
        schema: {
          tags,
          summary: 'Change the approval settings (organisation administrators)',
          body: organisationSettingsPatch,
          response: { 200: organisationSettings, ...errors },
        },
      },
      async (request) => workflows.updateSettings(principalOf(request), request.body, request.ip),
    );
  };
