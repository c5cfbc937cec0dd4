import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  errorBody,
  FISCAL_YEAR_STATUSES,
  fiscalYear,
  fiscalYearForm,
  paginated,
  paginationQuery,
  queryId,
  required,
} from '@zabuni/contracts';
import type { Role } from '@zabuni/domain';
import { z } from 'zod';
import { principalOf } from '../../../../infra/auth.ts';
import { pageOf } from '../../../../infra/pagination.ts';
import type { FiscalYearsService } from './fiscal-years.service.ts';

const tags = ['Procure to pay: set-up'];
const ADMIN = { access: { side: 'buyer', roles: ['org_admin'] as Role[] } } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const idParams = z.object({ id: queryId });
const fiscalYearChange = z.object({
  name: required(40).optional(),
  status: z.enum(FISCAL_YEAR_STATUSES).optional(),
});

/** Fiscal years of the caller's current buying organisation. */
export const fiscalYearsRoutes =
  ({
    fiscalYears,
    publicUrl,
  }: {
    fiscalYears: FiscalYearsService;
    publicUrl: string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/p2p/fiscal-years/',
      {
        config: { access: { side: 'buyer' } },
        schema: {
          tags,
          summary: 'Fiscal years of the current organisation, newest first',
          querystring: paginationQuery,
          response: { 200: paginated(fiscalYear), ...errors },
        },
      },
      async (request) => pageOf(request, publicUrl, (page) => fiscalYears.list(principalOf(request), page)),
    );

    app.post(
      '/p2p/fiscal-years/',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Add a fiscal year (organisation administrators); it may not overlap another',
          body: fiscalYearForm,
          response: { 201: fiscalYear, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await fiscalYears.create(principalOf(request), request.body, request.ip)),
    );

    app.patch(
      '/p2p/fiscal-years/:id/',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Rename, close or reopen a fiscal year (its dates are fixed)',
          params: idParams,
          body: fiscalYearChange,
          response: { 200: fiscalYear, ...errors },
        },
      },
      async (request) =>
        fiscalYears.update(principalOf(request), request.params.id, request.body, request.ip),
    );
  };
