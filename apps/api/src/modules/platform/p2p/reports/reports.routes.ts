import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { cycleTimesReport, errorBody, exceptionsReport, spendQuery, spendReport } from '@zabuni/contracts';
import { principalOf } from '../../../../infra/auth.ts';
import type { ReportsService } from './reports.service.ts';

const tags = ['Procure to pay: reports'];
const BUYER_STAFF = { access: { side: 'buyer' } } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** Spend, cycle times and invoice exceptions of the current buying organisation. */
export const reportsRoutes =
  ({ reports }: { reports: ReportsService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/p2p/reports/spend/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Spend by supplier, category, cost centre or month (ordered, invoiced, paid; net of tax)',
          querystring: spendQuery,
          response: { 200: spendReport, ...errors },
        },
      },
      async (request) => reports.spend(principalOf(request), request.query),
    );
    app.get(
      '/p2p/reports/cycle-times/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Purchase order cycle times per supplier (average days)',
          response: { 200: cycleTimesReport, ...errors },
        },
      },
      async (request) => reports.cycleTimes(principalOf(request)),
    );
    app.get(
      '/p2p/reports/exceptions/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Invoice variances by kind',
          response: { 200: exceptionsReport, ...errors },
        },
      },
      async (request) => reports.exceptions(principalOf(request)),
    );
  };
