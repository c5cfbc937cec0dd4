import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  budget,
  budgetForm,
  budgetListItem,
  budgetsQuery,
  budgetUtilisation,
  errorBody,
  paginated,
  queryId,
} from '@zabuni/contracts';
import type { Role } from '@zabuni/domain';
import { z } from 'zod';
import { principalOf } from '../../../../infra/auth.ts';
import { pageOf } from '../../../../infra/pagination.ts';
import type { BudgetsService } from './budgets.service.ts';

const tags = ['Procure to pay: budgets'];
const ADMIN = { access: { side: 'buyer', roles: ['org_admin'] as Role[] } } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const idParams = z.object({ id: queryId });

/** Budgets of the caller's current buying organisation. */
export const budgetsRoutes =
  ({
    budgets,
    publicUrl,
    clock,
  }: {
    budgets: BudgetsService;
    publicUrl: string;
    clock: { now(): Date };
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/p2p/budgets/:id/utilisation/',
      {
        config: { access: { side: 'buyer' } },
        schema: {
          tags,
          summary: 'Budget against proposed, committed and actual spend (the budget owner’s view)',
          params: idParams,
          response: { 200: budgetUtilisation, ...errors, 409: errorBody },
        },
      },
      async (request) => budgets.utilisation(principalOf(request), request.params.id, clock.now()),
    );

    app.get(
      '/p2p/budgets/',
      {
        config: { access: { side: 'buyer' } },
        schema: {
          tags,
          summary: 'Budgets, by department',
          querystring: budgetsQuery,
          response: { 200: paginated(budgetListItem), ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) =>
          budgets.list(
            principalOf(request),
            {
              fiscalYearId: request.query.fiscal_year,
              departmentId: request.query.department,
              search: request.query.search || undefined,
            },
            page,
            clock.now(),
          ),
        ),
    );

    app.post(
      '/p2p/budgets/',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Set a budget (organisation administrators)',
          body: budgetForm,
          response: { 201: budget, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await budgets.create(principalOf(request), request.body, request.ip)),
    );

    app.get(
      '/p2p/budgets/:id/',
      {
        config: { access: { side: 'buyer' } },
        schema: { tags, summary: 'One budget', params: idParams, response: { 200: budget, ...errors } },
      },
      async (request) => budgets.get(principalOf(request), request.params.id),
    );

    app.put(
      '/p2p/budgets/:id/',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Change a budget (organisation administrators)',
          params: idParams,
          body: budgetForm,
          response: { 200: budget, ...errors },
        },
      },
      async (request) => budgets.update(principalOf(request), request.params.id, request.body, request.ip),
    );
  };
