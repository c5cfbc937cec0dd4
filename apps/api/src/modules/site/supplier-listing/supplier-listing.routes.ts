import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  errorBody,
  idParams,
  supplierLetters,
  supplierLettersQuery,
  supplierListingPage,
  supplierListingQuery,
  supplierProfile,
} from '@zabuni/contracts';
import { sendShared } from '../../../infra/public-list.ts';
import type { SupplierListingService } from './supplier-listing.service.ts';

const PUBLIC = { access: { side: 'public' } } as const;

export const supplierListingRoutes =
  ({ listing }: { listing: SupplierListingService }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['Supplier listing'];
    app.get(
      '/supplier-directory/suppliers/letters/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'The letters that have approved suppliers (A–Z, # for the rest), with the same filters',
          querystring: supplierLettersQuery,
          response: { 200: supplierLetters, 400: errorBody },
        },
      },
      async (request, reply) => sendShared(request, reply, await listing.letters(request.query)),
    );
    app.get(
      '/supplier-directory/suppliers/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: "One letter's approved suppliers in name order, a keyset page (next_cursor → cursor=)",
          querystring: supplierListingQuery,
          response: { 200: supplierListingPage, 400: errorBody },
        },
      },
      async (request, reply) => {
        const { letter, cursor, page_size, country, category } = request.query;
        return sendShared(
          request,
          reply,
          await listing.page(letter, { country, category }, cursor, page_size),
        );
      },
    );
    app.get(
      '/supplier-directory/suppliers/:id/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: "An approved supplier's public profile (no personal data)",
          params: idParams,
          response: { 200: supplierProfile, 400: errorBody, 404: errorBody },
        },
      },
      async (request) => listing.profile(request.params.id),
    );
  };
