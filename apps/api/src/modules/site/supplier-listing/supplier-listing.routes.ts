import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  errorBody,
  idParams,
  supplierLetters,
  supplierLettersQuery,
  supplierListingPage,
  supplierListingQuery,
  supplierProfile,
} from '@zabuni/contracts';
import type { SupplierListingService } from './supplier-listing.service.ts';

const PUBLIC = { access: { side: 'public' } } as const;

/**
 * A shared (cached) answer is serialized once per request URL, as sendListPage does for jobs and tenders: held
 * weakly by the answer, so it goes when the cache drops the answer.
 */
const serialized = new WeakMap<object, Map<string, Buffer>>();
function sendShared(request: FastifyRequest, reply: FastifyReply, answer: object): FastifyReply {
  let pages = serialized.get(answer);
  if (!pages) {
    pages = new Map();
    serialized.set(answer, pages);
  }
  let body = pages.get(request.url);
  if (body === undefined) {
    body = Buffer.from(reply.serialize(answer) as string);
    if (pages.size < 32) pages.set(request.url, body);
  }
  return reply.header('content-type', 'application/json; charset=utf-8').send(body);
}

/** Issue 18: the public A–Z supplier listing (`/suppliers`) and profiles (`/suppliers/show/{id}`). */
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
