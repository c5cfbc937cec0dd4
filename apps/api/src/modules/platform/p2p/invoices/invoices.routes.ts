import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  errorBody,
  invoice,
  invoiceForm,
  invoiceReasonBody,
  invoicesQuery,
  invoiceSummary,
  matchingSettingsBody,
  matchingSettingsView,
  matchOutcome,
  paginated,
  paginationQuery,
  queryId,
  resolveExceptionBody,
  supplierPayment,
  supplierPaymentForm,
} from '@zabuni/contracts';
import { z } from 'zod';
import { principalOf } from '../../../../infra/auth.ts';
import { sendFile } from '../../../../infra/file-types.ts';
import { pageOf } from '../../../../infra/pagination.ts';
import type { InvoicesService } from './invoices.service.ts';
import type { MatchingSettingsService } from '../matching/index.ts';

const tags = ['Procure to pay: invoices'];
const BUYER_STAFF = { access: { side: 'buyer' } } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: queryId });

/** Invoices, the exception queue, payments and matching settings of the current buying organisation. */
export const invoicesRoutes =
  ({
    invoices,
    matching,
    publicUrl,
  }: {
    invoices: InvoicesService;
    matching: MatchingSettingsService;
    publicUrl: string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/p2p/invoices/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Invoices, newest first; `exceptions=true` is the exception queue',
          querystring: invoicesQuery,
          response: { 200: paginated(invoiceSummary), ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) =>
          invoices.list(
            principalOf(request),
            {},
            {
              status: request.query.status,
              exceptions: request.query.exceptions === 'true',
              supplierId: request.query.supplier,
              purchaseOrderId: request.query.purchase_order,
              search: request.query.search || undefined,
            },
            page,
          ),
        ),
    );

    app.post(
      '/p2p/invoices/',
      {
        config: { access: { side: 'buyer', roles: ['finance'] } },
        schema: {
          tags,
          summary: 'Enter a supplier’s invoice on its behalf (finance); it is matched at once',
          body: invoiceForm,
          response: { 201: invoice, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await invoices.submit(principalOf(request), request.body, null, request.ip)),
    );

    app.get(
      '/p2p/invoices/:id/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'One invoice with its match, resolutions and payments',
          params: idParams,
          response: { 200: invoice, ...errors },
        },
      },
      async (request) => invoices.get(principalOf(request), request.params.id),
    );

    app.get(
      '/p2p/invoices/:id/match/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'The invoice’s match result, every variance explained',
          params: idParams,
          response: { 200: matchOutcome, ...errors },
        },
      },
      async (request) => invoices.match(principalOf(request), request.params.id),
    );

    app.get(
      '/p2p/invoices/:id/file/',
      { config: BUYER_STAFF, schema: { tags, summary: 'The invoice document (PDF)', params: idParams } },
      async (request, reply) => {
        const file = await invoices.openFile(principalOf(request), request.params.id);
        return sendFile(reply, { ...file, contentType: 'application/pdf' });
      },
    );

    app.post(
      '/p2p/invoices/:id/approve/',
      {
        // Finance, or under the organisation's invoice workflow the approver whose turn it is.
        config: { access: { side: 'buyer' } },
        schema: {
          tags,
          summary:
            'Approve a matched invoice (the workflow step waiting for you, or finance without a workflow; budget check on actuals)',
          params: idParams,
          response: { 200: invoice, ...errors },
        },
      },
      async (request) => invoices.approve(principalOf(request), request.params.id, request.ip),
    );

    app.post(
      '/p2p/invoices/:id/reject/',
      {
        // Finance, or under the organisation's invoice workflow the approver whose turn it is.
        config: { access: { side: 'buyer' } },
        schema: {
          tags,
          summary: 'Reject an invoice back to the supplier (a reason is required)',
          params: idParams,
          body: invoiceReasonBody,
          response: { 200: invoice, ...errors },
        },
      },
      async (request) =>
        invoices.reject(principalOf(request), request.params.id, request.body.reason, request.ip),
    );

    app.post(
      '/p2p/invoices/:id/resolve-exception/',
      {
        config: { access: { side: 'buyer', roles: ['finance'] } },
        schema: {
          tags,
          summary:
            'Resolve an invoice outside tolerance: accept with a reason, request a credit note, or reject',
          params: idParams,
          body: resolveExceptionBody,
          response: { 200: invoice, ...errors },
        },
      },
      async (request) =>
        invoices.resolve(
          principalOf(request),
          request.params.id,
          request.body.resolution,
          request.body.reason,
          request.ip,
        ),
    );

    app.get(
      '/p2p/payments/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Payments recorded against invoices, newest first',
          querystring: paginationQuery.extend({ supplier: queryId.optional() }),
          response: { 200: paginated(supplierPayment), ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) =>
          invoices.payments(principalOf(request), { supplierId: request.query.supplier }, page),
        ),
    );

    app.post(
      '/p2p/payments/',
      {
        config: { access: { side: 'buyer', roles: ['finance'] } },
        schema: {
          tags,
          summary: 'Record a payment made outside Zabuni against an approved invoice (finance)',
          body: supplierPaymentForm,
          response: { 201: supplierPayment, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await invoices.recordPayment(principalOf(request), request.body, request.ip)),
    );

    app.get(
      '/p2p/matching-settings/',
      {
        config: { access: { side: 'buyer', roles: ['org_admin'] } },
        schema: {
          tags,
          summary: 'Match level and tolerances, with supplier and category overrides',
          response: { 200: matchingSettingsBody.extend({ organisation: matchingSettingsView }), ...errors },
        },
      },
      async (request) => matching.get(principalOf(request)),
    );

    app.put(
      '/p2p/matching-settings/',
      {
        config: { access: { side: 'buyer', roles: ['org_admin'] } },
        schema: {
          tags,
          summary: 'Set the match level and tolerances (replaces every override)',
          body: matchingSettingsBody,
          response: { 200: matchingSettingsBody, ...errors },
        },
      },
      async (request) => matching.put(principalOf(request), request.body, request.ip),
    );
  };
