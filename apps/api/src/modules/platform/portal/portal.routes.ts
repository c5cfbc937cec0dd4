import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  creditNoteForm,
  errorBody,
  invoiceCreditNotes,
  issuedCreditNote,
  message,
  invoice,
  invoiceForm,
  invoicesQuery,
  invoiceSummary,
  paginated,
  queryId,
  supplierStatement,
  purchaseOrder,
  purchaseOrderReasonBody,
  purchaseOrdersQuery,
  purchaseOrderSummary,
} from '@zabuni/contracts';
import { isIsoDate } from '@zabuni/domain';
import { z } from 'zod';
import { principalOf } from '../../../infra/auth.ts';
import { fieldError } from '../../../infra/errors.ts';
import { pageOf } from '../../../infra/pagination.ts';
import type { PurchaseOrdersService } from '../p2p/purchase-orders/index.ts';
import { attachmentDisposition, sendFile } from '../../../infra/file-types.ts';
import { MAX_INVOICE_FILE_BYTES, type InvoicesService } from '../p2p/invoices/index.ts';
import type { CreditNotesService } from '../p2p/credit-notes/index.ts';
import { supplierOf, type PortalService } from './portal.service.ts';
import type { StatementsService } from './statements.service.ts';

const tags = ['Supplier portal'];
const SUPPLIER = { access: { side: 'supplier' } } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: queryId });

/** The free supplier portal: purchase orders to acknowledge or decline (invoices and statements follow). */
export const portalRoutes =
  ({
    portal,
    orders,
    invoices,
    creditNotes,
    statements,
    publicUrl,
  }: {
    portal: PortalService;
    orders: PurchaseOrdersService;
    invoices: InvoicesService;
    creditNotes: CreditNotesService;
    statements: StatementsService;
    publicUrl: string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/portal/buyers/',
      {
        config: SUPPLIER,
        schema: {
          tags,
          summary: 'The buyers whose supplier lists my organisation is on (to switch between them)',
          response: {
            200: z.object({
              current: z.number().int().nullable(),
              results: z.array(
                z.object({ id: z.number().int(), name: z.string(), status: z.enum(['active', 'blocked']) }),
              ),
            }),
            ...errors,
          },
        },
      },
      async (request) => portal.buyers(principalOf(request)),
    );

    app.get(
      '/portal/invoices/',
      {
        config: SUPPLIER,
        schema: {
          tags,
          summary: 'Invoices my organisation sent to the selected buyer, with their status',
          querystring: invoicesQuery,
          response: { 200: paginated(invoiceSummary), ...errors },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const { supplierId } = supplierOf(principal);
        return pageOf(request, publicUrl, (page) =>
          invoices.list(
            principal,
            { supplierId },
            {
              status: request.query.status,
              purchaseOrderId: request.query.purchase_order,
              search: request.query.search || undefined,
            },
            page,
          ),
        );
      },
    );

    app.post(
      '/portal/invoices/',
      {
        config: SUPPLIER,
        schema: {
          tags,
          summary: 'Send an invoice against one of my purchase orders; it is matched at once',
          body: invoiceForm,
          response: { 201: invoice, ...errors },
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        return reply
          .code(201)
          .send(await invoices.submit(principal, request.body, supplierOf(principal).supplierId, request.ip));
      },
    );

    app.get(
      '/portal/invoices/:id/',
      {
        config: SUPPLIER,
        schema: {
          tags,
          summary: 'One of my invoices, its match explained',
          params: idParams,
          response: { 200: invoice, ...errors },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        return invoices.get(principal, request.params.id, supplierOf(principal).supplierId);
      },
    );

    app.post(
      '/portal/invoices/:id/file/',
      {
        config: SUPPLIER,
        schema: {
          tags,
          summary: 'Attach the invoice document (one PDF in `file`, 10 MB at most)',
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 200: invoice, ...errors },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        let file: { fileName: string; bytes: Buffer };
        try {
          const part = await request.file({
            limits: { fileSize: MAX_INVOICE_FILE_BYTES, files: 1, fields: 5 },
          });
          if (!part || part.fieldname !== 'file' || !part.filename)
            throw fieldError('file', message('invoice.file'));
          file = { fileName: part.filename, bytes: await part.toBuffer() };
        } catch (error) {
          const code = (error as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
            throw fieldError('file', message('invoice.file'));
          }
          throw error;
        }
        return invoices.attachFile(principal, request.params.id, supplierOf(principal).supplierId, file);
      },
    );

    app.get(
      '/portal/invoices/:id/file/',
      { config: SUPPLIER, schema: { tags, summary: 'The document of one of my invoices', params: idParams } },
      async (request, reply) => {
        const principal = principalOf(request);
        const file = await invoices.openFile(principal, request.params.id, supplierOf(principal).supplierId);
        return sendFile(reply, { ...file, contentType: 'application/pdf' });
      },
    );

    app.get(
      '/portal/invoices/:id/credit-notes/',
      {
        config: SUPPLIER,
        schema: {
          tags,
          summary: 'The credit notes of one of my invoices, and what is still open on it',
          params: idParams,
          response: { 200: invoiceCreditNotes, ...errors },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        return creditNotes.list(principal, request.params.id, supplierOf(principal).supplierId);
      },
    );

    app.post(
      '/portal/invoices/:id/credit-notes/',
      {
        config: SUPPLIER,
        schema: {
          tags,
          summary:
            'Issue a credit note against one of my invoices (answers a credit note requested); it is matched at once',
          params: idParams,
          body: creditNoteForm,
          response: { 201: issuedCreditNote, ...errors },
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        return reply
          .code(201)
          .send(
            await creditNotes.issue(
              principal,
              request.params.id,
              request.body,
              supplierOf(principal).supplierId,
              request.ip,
            ),
          );
      },
    );

    app.get(
      '/portal/statement/',
      {
        config: SUPPLIER,
        schema: {
          tags,
          summary: 'My statement with the selected buyer: orders, invoices, payments, running balance',
          description:
            '`from` and `to` (YYYY-MM-DD, East Africa Time, inclusive) choose the period: what was owed before ' +
            '`from` is the opening balance. `format=pdf` or `format=xlsx` downloads it; JSON otherwise.',
          querystring: z.object({
            format: z.enum(['json', 'pdf', 'xlsx']).default('json'),
            from: z.string().trim().refine(isIsoDate, { error: 'field.date' }).optional(),
            to: z.string().trim().refine(isIsoDate, { error: 'field.date' }).optional(),
          }),
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        const { supplierId, buyerId } = supplierOf(principal);
        const { from, to } = request.query;
        // A last day alone names no period (issue 16 point 6): the first day is asked for.
        if (to && !from) throw fieldError('from', message('statement.from_required'));
        if (from && to && from > to) throw fieldError('to', message('statement.period'));
        const { document, ...statement } = await statements.of(buyerId, supplierId, { from, to });
        if (request.query.format === 'json') return supplierStatement.parse(statement);
        const file = await statements.render({ document }, request.query.format);
        const name = `statement-${statement.buyer.name.replace(/[^A-Za-z0-9]+/g, '-')}-${statement.to}.${request.query.format}`;
        return reply
          .header('Content-Type', file.contentType)
          .header('Content-Disposition', attachmentDisposition(name))
          .header('Cache-Control', 'private, no-cache')
          .send(file.bytes);
      },
    );

    app.get(
      '/portal/purchase-orders/',
      {
        config: SUPPLIER,
        schema: {
          tags,
          summary: 'Purchase orders the selected buyer sent to my organisation, newest first',
          querystring: purchaseOrdersQuery,
          response: { 200: paginated(purchaseOrderSummary), ...errors },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        return pageOf(request, publicUrl, (page) =>
          portal.sentPurchaseOrders(
            principal,
            {
              status: request.query.status,
              search: request.query.search || undefined,
              ordering: request.query.ordering,
            },
            page,
          ),
        );
      },
    );

    app.get(
      '/portal/purchase-orders/:id/',
      {
        config: SUPPLIER,
        schema: {
          tags,
          summary: 'One purchase order sent to me',
          params: idParams,
          response: { 200: purchaseOrder, ...errors },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        return orders.get(principal, request.params.id, supplierOf(principal).supplierId);
      },
    );

    app.get(
      '/portal/purchase-orders/:id/pdf/',
      {
        config: SUPPLIER,
        schema: { tags, summary: 'One of my purchase orders, printable (PDF)', params: idParams },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        const { number, bytes } = await orders.pdf(
          principal,
          request.params.id,
          supplierOf(principal).supplierId,
        );
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Disposition', `inline; filename="${number}.pdf"`)
          .header('Cache-Control', 'private, no-cache')
          .send(bytes);
      },
    );

    for (const answer of ['acknowledge', 'decline'] as const) {
      app.post(
        `/portal/purchase-orders/:id/${answer}/`,
        {
          config: SUPPLIER,
          schema: {
            tags,
            summary:
              answer === 'acknowledge'
                ? 'Acknowledge an order: we will deliver as ordered'
                : 'Decline an order (a reason is required)',
            params: idParams,
            body: purchaseOrderReasonBody,
            response: { 200: purchaseOrder, ...errors },
          },
        },
        async (request) => {
          const principal = principalOf(request);
          return orders.respond(
            principal,
            supplierOf(principal).supplierId,
            request.params.id,
            answer,
            request.body.reason,
            request.ip,
          );
        },
      );
    }
  };
