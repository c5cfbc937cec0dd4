import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  errorBody,
  idParams,
  supplierData,
  supplierDataCorrection,
  supplierErasureForm,
  supplierErasureRequest,
  supplierErasureRequestsPage,
  supplierErasureRequestsQuery,
} from '@zabuni/contracts';
import type { Role } from '@zabuni/domain';
import { z } from 'zod';
import { principalOf } from '../../../infra/auth.ts';
import { attachmentDisposition } from '../../../infra/file-types.ts';
import { pageOf } from '../../../infra/pagination.ts';
import type { SupplierDataService } from './supplier-data.service.ts';

const SUPPLIER = { access: { side: 'supplier' } } as const;
const SUPPLIER_ADMIN = { access: { side: 'supplier', roles: ['supplier_admin'] as Role[] } } as const;
const MODERATOR = { access: { side: 'operator', roles: ['moderator', 'super_admin'] as Role[] } } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * Issue 18, data protection: the registered supplier's own data in the portal (see, correct, export, ask for
 * erasure) and the operator's erasure queue in the moderation area.
 */
export const supplierDataRoutes =
  ({
    supplierData: service,
    publicUrl,
  }: {
    supplierData: SupplierDataService;
    publicUrl: string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['Supplier portal: my data'];
    app.get(
      '/portal/my-data/',
      {
        config: SUPPLIER,
        schema: {
          tags,
          summary: 'What Zabuni holds about my organisation: registration, contact, categories, consent',
          response: { 200: supplierData, ...errors },
        },
      },
      async (request) => service.show(principalOf(request)),
    );

    app.patch(
      '/portal/my-data/',
      {
        config: SUPPLIER_ADMIN,
        schema: {
          tags,
          summary: 'Correct company name, contact person, phone, city or categories (the administrator)',
          body: supplierDataCorrection,
          response: { 200: supplierData, 409: errorBody, ...errors },
        },
      },
      async (request) => service.correct(principalOf(request), request.body, request.ip),
    );

    app.get(
      '/portal/my-data/export/',
      {
        config: SUPPLIER,
        schema: {
          tags,
          summary: 'Download everything held about my organisation and its users (JSON)',
          response: { 200: z.record(z.string(), z.unknown()), ...errors },
        },
      },
      async (request, reply) => {
        const data = await service.export(principalOf(request), request.ip);
        const day = data.exported_at.slice(0, 10);
        return reply
          .header('Content-Disposition', attachmentDisposition(`zabuni-supplier-data-${day}.json`))
          .header('Cache-Control', 'private, no-store')
          .send(data);
      },
    );

    app.post(
      '/portal/my-data/erasure/',
      {
        config: SUPPLIER_ADMIN,
        schema: {
          tags,
          summary: 'Ask for erasure of my organisation’s personal data (carried out by the operator)',
          body: supplierErasureForm,
          response: { 201: supplierData, 409: errorBody, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await service.requestErasure(principalOf(request), request.body.reason, request.ip)),
    );

    const operatorTags = ['Supplier registration (operator)'];
    app.get(
      '/supplier-directory/moderation/erasure-requests/',
      {
        config: MODERATOR,
        schema: {
          tags: operatorTags,
          summary: 'Suppliers’ erasure requests, newest first (status: requested for the queue)',
          querystring: supplierErasureRequestsQuery,
          response: { 200: supplierErasureRequestsPage, ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) => service.erasureRequests(request.query.status, page)),
    );

    app.post(
      '/supplier-directory/moderation/erasure-requests/:id/carry-out/',
      {
        config: MODERATOR,
        schema: {
          tags: operatorTags,
          summary:
            'Carry out an erasure: personal data anonymised, profile off the listing, records the law requires kept',
          params: idParams,
          response: { 200: supplierErasureRequest, 409: errorBody, ...errors },
        },
      },
      async (request) => service.carryOutErasure(principalOf(request), request.params.id),
    );
  };
