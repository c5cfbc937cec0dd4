import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { errorBody, paginated, queryId, taxRate, taxRateForm } from '@zabuni/contracts';
import type { Role } from '@zabuni/domain';
import { z } from 'zod';
import { principalOf } from '../../../../infra/auth.ts';
import type { TaxRatesService } from './tax-rates.service.ts';

const tags = ['Procure to pay: set-up'];
const ADMIN = { access: { side: 'buyer', roles: ['org_admin'] as Role[] } } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const idParams = z.object({ id: queryId });

/** Tax rates of the caller's current buying organisation (a short list: one page, default first). */
export const taxRatesRoutes =
  ({ taxRates }: { taxRates: TaxRatesService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/p2p/tax-rates/',
      {
        config: { access: { side: 'buyer' } },
        schema: {
          tags,
          summary: 'Tax rates, the default first',
          response: { 200: paginated(taxRate), ...errors },
        },
      },
      async (request) => {
        const results = await taxRates.list(principalOf(request));
        return { count: results.length, next: null, previous: null, results };
      },
    );

    app.post(
      '/p2p/tax-rates/',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Add a tax rate (organisation administrators)',
          body: taxRateForm,
          response: { 201: taxRate, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await taxRates.create(principalOf(request), request.body, request.ip)),
    );

    app.patch(
      '/p2p/tax-rates/:id/',
      {
        config: ADMIN,
        schema: {
          tags,
          summary: 'Change a tax rate or make it the default',
          params: idParams,
          body: taxRateForm.partial(),
          response: { 200: taxRate, ...errors },
        },
      },
      async (request) => taxRates.update(principalOf(request), request.params.id, request.body, request.ip),
    );
  };
