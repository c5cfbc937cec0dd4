import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  department,
  departmentForm,
  departmentsQuery,
  departmentUpdate,
  errorBody,
  paginated,
  queryId,
} from '@zabuni/contracts';
import type { Role } from '@zabuni/domain';
import { z } from 'zod';
import { principalOf } from '../../../../infra/auth.ts';
import { pageOf } from '../../../../infra/pagination.ts';
import type { DepartmentsService } from './departments.service.ts';

const tags = ['Procure to pay: set-up'];
const BUYER_STAFF = { access: { side: 'buyer' } } as const;
const ADMIN = { access: { side: 'buyer', roles: ['org_admin'] as Role[] } } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const idParams = z.object({ id: queryId });

/** Departments (cost centres) of the caller's current buying organisation. */
export const departmentsRoutes =
  ({
    departments,
    publicUrl,
  }: {
    departments: DepartmentsService;
    publicUrl: string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/p2p/departments/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Departments and cost centres of the current organisation',
          querystring: departmentsQuery,
          response: { 200: paginated(department), ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) =>
          departments.list(
            principalOf(request),
            {
              search: request.query.search || undefined,
              active: request.query.active === undefined ? undefined : request.query.active === 'true',
            },
            page,
          ),
        ),
    );

    app.post(
      '/p2p/departments/',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Add a department (organisation administrators)',
          body: departmentForm,
          response: { 201: department, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await departments.create(principalOf(request), request.body, request.ip)),
    );

    app.get(
      '/p2p/departments/:id/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'One department',
          params: idParams,
          response: { 200: department, ...errors },
        },
      },
      async (request) => departments.get(principalOf(request), request.params.id),
    );

    app.patch(
      '/p2p/departments/:id/',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Change a department (organisation administrators)',
          params: idParams,
          body: departmentUpdate,
          response: { 200: department, ...errors },
        },
      },
      async (request) =>
        departments.update(principalOf(request), request.params.id, request.body, request.ip),
    );
  };
