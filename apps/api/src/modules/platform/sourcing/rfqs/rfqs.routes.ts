import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  awardForm,
  contract,
  errorBody,
  invitableSuppliers,
  invitableSuppliersQuery,
  message,
  openingConfirmBody,
  openingKeyForm,
  openingKeyStatus,
  openingRecord,
  paginated,
  portalRfq,
  portalRfqSummary,
  queryId,
  quoteForm,
  quoteReceipt,
  receiptCheck,
  receiptCheckBody,
  requisitionDecisionBody,
  rfqAddendumForm,
  rfqAnswerBody,
  rfqCancelBody,
  rfqComparison,
  rfqContractForm,
  rfqForm,
  rfqQuestionBody,
  rfqsQuery,
  rfqSummary,
  rfqView,
  savingsQuery,
  savingsReport,
} from '@zabuni/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../../../../infra/auth.ts';
import { AppError, fieldError } from '../../../../infra/errors.ts';
import { sendFile } from '../../../../infra/file-types.ts';
import { pageOf } from '../../../../infra/pagination.ts';
import type { RateLimiter } from '../../../shared/system/index.ts';
import { CONTRACT_WRITERS, MAX_RFQ_DOCUMENT_BYTES, RFQ_ROLES, type RfqsService } from './rfqs.service.ts';

const tags = ['Sourcing: requests for quotations'];
const portalTags = ['Supplier portal'];
const BUYER_STAFF = { access: { side: 'buyer' } } as const;
const PROCUREMENT = { access: { side: 'buyer', roles: RFQ_ROLES } } as const;
const SUPPLIER = { access: { side: 'supplier' } } as const;
const CONTRACT_WRITING = { access: { side: 'buyer', roles: CONTRACT_WRITERS } } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: queryId });
/** A quote with three sealed documents of 2 MB (base64) fits. */
const QUOTE_BODY_LIMIT = 10 * 1024 * 1024;
/** Passphrase tries (each an scrypt of ~0.3 s and 32 MiB), counted before any crypto. */
const PASSPHRASE_WINDOW_SECONDS = 15 * 60;
const PASSPHRASE_TRIES_PER_RFQ = 5;
const PASSPHRASE_TRIES_PER_USER = 10;

/**
 * Opening-passphrase tries, counted before any crypto: per document and, across RFQs and tenders (one
 * passphrase opens both), per user. `scope` names the document (`rfq:12`, `tender:3`).
 */
export async function limitOpeningTries(limiter: RateLimiter, userId: number, scope: string) {
  await limiter.hit(
    {
      key: `rfq-opening:user:${userId}:${scope}`,
      limit: PASSPHRASE_TRIES_PER_RFQ,
      windowSeconds: PASSPHRASE_WINDOW_SECONDS,
    },
    {
      key: `rfq-opening:user:${userId}`,
      limit: PASSPHRASE_TRIES_PER_USER,
      windowSeconds: PASSPHRASE_WINDOW_SECONDS,
    },
  );
}
const OPENING_KEY_SETTINGS_PER_USER = 5;

async function oneFile(request: FastifyRequest) {
  try {
    const part = await request.file({ limits: { fileSize: MAX_RFQ_DOCUMENT_BYTES, files: 1, fields: 5 } });
    if (!part || part.fieldname !== 'file' || !part.filename)
      throw fieldError('file', message('rfq.document'));
    const bytes = await part.toBuffer();
    return { fileName: part.filename, bytes };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw fieldError('file', message('rfq.document'));
    throw error;
  }
}

/** Requests for quotations: the buyer's side under /sourcing/, the supplier's under /portal/rfqs/. */
export const rfqsRoutes =
  ({
    rfqs,
    limiter,
    publicUrl,
  }: {
    rfqs: RfqsService;
    limiter: RateLimiter;
    publicUrl: string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sourcing/rfqs/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Requests for quotations, newest first (who submitted is counted; no quote content)',
          querystring: rfqsQuery,
          response: { 200: paginated(rfqSummary), ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) =>
          rfqs.list(
            principalOf(request),
            { status: request.query.status, search: request.query.search || undefined },
            page,
          ),
        ),
    );

    app.post(
      '/sourcing/rfqs/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary: 'Raise a request for quotations (a numbered draft), from requisition lines or directly',
          body: rfqForm,
          response: { 201: rfqView, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await rfqs.create(principalOf(request), request.body, request.ip)),
    );

    app.get(
      '/sourcing/rfqs/invitable-suppliers/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary:
            'Suppliers an RFQ may invite: the supplier list, those prequalified in the categories marked',
          querystring: invitableSuppliersQuery,
          response: { 200: invitableSuppliers, ...errors },
        },
      },
      async (request) =>
        rfqs.invitableSuppliers(
          principalOf(request),
          request.query.categories ? request.query.categories.split(',').map(Number) : [],
        ),
    );

    app.get(
      '/sourcing/rfqs/:id/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'One request for quotations: before the opening, who submitted and when, never what',
          params: idParams,
          response: { 200: rfqView, ...errors },
        },
      },
      async (request) => rfqs.get(principalOf(request), request.params.id),
    );

    app.put(
      '/sourcing/rfqs/:id/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary: 'Change a draft',
          params: idParams,
          body: rfqForm,
          response: { 200: rfqView, ...errors },
        },
      },
      async (request) => rfqs.update(principalOf(request), request.params.id, request.body, request.ip),
    );

    app.post(
      '/sourcing/rfqs/:id/publish/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary:
            'Publish (through the approval engine when an RFQ workflow rule applies): the quotes key is sealed for the committee',
          params: idParams,
          response: { 200: rfqView, ...errors },
        },
      },
      async (request) => rfqs.publish(principalOf(request), request.params.id, request.ip),
    );

    for (const [path, kind] of [
      ['approve', 'approved'],
      ['reject', 'rejected'],
    ] as const) {
      app.post(
        `/sourcing/rfqs/:id/${path}/`,
        {
          config: BUYER_STAFF,
          schema: {
            tags,
            summary: `${kind === 'approved' ? 'Approve' : 'Reject'} the publication or the award waiting for the caller`,
            params: idParams,
            body: requisitionDecisionBody,
            response: { 200: rfqView, ...errors },
          },
        },
        async (request) =>
          rfqs.decide(principalOf(request), request.params.id, kind, request.body ?? {}, request.ip),
      );
    }

    app.post(
      '/sourcing/rfqs/:id/cancel/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary: 'Cancel (before the award)',
          params: idParams,
          body: rfqCancelBody,
          response: { 200: rfqView, ...errors },
        },
      },
      async (request) =>
        rfqs.cancel(principalOf(request), request.params.id, request.body.reason, request.ip),
    );

    app.post(
      '/sourcing/rfqs/:id/addenda/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary: 'Issue an addendum before closing (new lines move the closing at least 72 hours from now)',
          params: idParams,
          body: rfqAddendumForm,
          response: { 200: rfqView, ...errors },
        },
      },
      async (request) => rfqs.addendum(principalOf(request), request.params.id, request.body, request.ip),
    );

    app.post(
      '/sourcing/rfqs/:id/questions/:question_id/answer/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary: 'Answer a supplier’s question: every invited supplier sees it, nobody named',
          params: z.object({ id: queryId, question_id: queryId }),
          body: rfqAnswerBody,
          response: { 200: rfqView, ...errors },
        },
      },
      async (request) =>
        rfqs.answer(
          principalOf(request),
          request.params.id,
          request.params.question_id,
          request.body.answer,
          request.ip,
        ),
    );

    app.post(
      '/sourcing/rfqs/:id/documents/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary: 'Attach a document for the invited suppliers (multipart, field `file`, 10 MB at most)',
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 200: rfqView, ...errors },
        },
      },
      async (request) =>
        rfqs.addDocument(principalOf(request), request.params.id, await oneFile(request), request.ip),
    );

    app.get(
      '/sourcing/rfqs/:id/documents/:document_id/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'One of the buyer’s documents',
          params: z.object({ id: queryId, document_id: queryId }),
        },
      },
      async (request, reply) => {
        const file = await rfqs.openDocument(
          principalOf(request),
          request.params.id,
          request.params.document_id,
        );
        return sendFile(reply, { ...file, contentType: 'application/octet-stream' });
      },
    );

    app.post(
      '/sourcing/rfqs/:id/opening/confirm/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary:
            'A committee member confirms the opening with their passphrase; the quorum opens the quotes',
          description: `At most ${PASSPHRASE_TRIES_PER_RFQ} tries per RFQ and ${PASSPHRASE_TRIES_PER_USER} in all per user in 15 minutes (429 \`system.rate_limited\` with Retry-After beyond).`,
          params: idParams,
          body: openingConfirmBody,
          response: { 200: rfqView, ...errors, 429: errorBody },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        await limitOpeningTries(limiter, principal.userId, `rfq:${request.params.id}`);
        return rfqs.confirmOpening(principal, request.params.id, request.body.passphrase, request.ip);
      },
    );

    app.get(
      '/sourcing/rfqs/:id/opening-record/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'The opening record: committee confirmations, quotes received with their hashes',
          params: idParams,
          response: { 200: openingRecord, ...errors },
        },
      },
      async (request) => rfqs.openingRecord(principalOf(request), request.params.id),
    );

    app.get(
      '/sourcing/rfqs/:id/comparison/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Comparison of the opened quotes (409 while sealed)',
          params: idParams,
          response: { 200: rfqComparison, ...errors },
        },
      },
      async (request) => rfqs.comparison(principalOf(request), request.params.id),
    );

    app.get(
      '/sourcing/rfqs/:id/quotes/:supplier_id/documents/:index/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'A document sealed with a quote (409 while sealed)',
          params: z.object({
            id: queryId,
            supplier_id: queryId,
            index: z.coerce.number().int().min(0).max(10),
          }),
        },
      },
      async (request, reply) => {
        const { id, supplier_id: supplierId, index } = request.params;
        const file = await rfqs.openQuoteDocument(principalOf(request), id, supplierId, index);
        return sendFile(reply, { ...file, contentType: 'application/octet-stream' });
      },
    );

    app.post(
      '/sourcing/rfqs/:id/award/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary:
            'Award by line, split across suppliers (through the approval engine when an award rule applies)',
          params: idParams,
          body: awardForm,
          response: { 200: rfqView, ...errors },
        },
      },
      async (request) => rfqs.award(principalOf(request), request.params.id, request.body, request.ip),
    );

    app.post(
      '/sourcing/rfqs/:id/contracts/',
      {
        config: CONTRACT_WRITING,
        schema: {
          tags,
          summary:
            'Draft a contract with one awarded supplier from a template, its merge fields filled from the award (issue 22)',
          params: idParams,
          body: rfqContractForm,
          response: { 201: contract, ...errors },
        },
      },
      async (request, reply) => {
        const created = await rfqs.draftContract(
          principalOf(request),
          request.params.id,
          request.body,
          request.ip,
        );
        return reply.code(201).send(created);
      },
    );

    app.get(
      '/sourcing/reports/savings/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Savings of awarded RFQs per RFQ, category, month and department',
          querystring: savingsQuery,
          response: { 200: savingsReport, ...errors },
        },
      },
      async (request) => rfqs.savings(principalOf(request), request.query),
    );

    app.get(
      '/sourcing/reports/savings/export/',
      {
        config: BUYER_STAFF,
        schema: { tags, summary: 'The savings report as CSV', querystring: savingsQuery },
      },
      async (request, reply) => {
        const report = await rfqs.savings(principalOf(request), request.query);
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="savings.csv"')
          .send(rfqs.savingsCsv(report));
      },
    );

    app.get(
      '/sourcing/opening-key/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Whether I have set an opening passphrase',
          response: { 200: openingKeyStatus, ...errors },
        },
      },
      async (request) => rfqs.openingKeyStatus(principalOf(request)),
    );

    app.put(
      '/sourcing/opening-key/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Set (or change, with the current one) my opening passphrase; it is never stored',
          description: `At most ${OPENING_KEY_SETTINGS_PER_USER} settings per user in 15 minutes (429 \`system.rate_limited\` with Retry-After beyond).`,
          body: openingKeyForm,
          response: { 200: openingKeyStatus, ...errors, 429: errorBody },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        await limiter.hit({
          key: `opening-key:user:${principal.userId}`,
          limit: OPENING_KEY_SETTINGS_PER_USER,
          windowSeconds: PASSPHRASE_WINDOW_SECONDS,
        });
        return rfqs.setOpeningKey(principal, request.body, request.ip);
      },
    );

    // The supplier portal.
    app.get(
      '/portal/rfqs/',
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'Requests for quotations the selected buyer invited my organisation to',
          querystring: rfqsQuery,
          response: { 200: paginated(portalRfqSummary), ...errors },
        },
      },
      async (request) => pageOf(request, publicUrl, (page) => rfqs.portalList(principalOf(request), page)),
    );

    app.get(
      '/portal/rfqs/:id/',
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'One invitation',
          params: idParams,
          response: { 200: portalRfq, ...errors },
        },
      },
      async (request) => rfqs.portalGet(principalOf(request), request.params.id),
    );

    app.post(
      '/portal/rfqs/:id/questions/',
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'Ask a question (answered to every invited supplier, without naming who asked)',
          params: idParams,
          body: rfqQuestionBody,
          response: { 200: portalRfq, ...errors },
        },
      },
      async (request) => rfqs.ask(principalOf(request), request.params.id, request.body.question, request.ip),
    );

    app.post(
      '/portal/rfqs/:id/quote/',
      {
        config: SUPPLIER,
        bodyLimit: QUOTE_BODY_LIMIT,
        schema: {
          tags: portalTags,
          summary: 'Submit or revise a sealed quote (or decline) until closing; returns the receipt',
          params: idParams,
          body: quoteForm,
          response: { 201: quoteReceipt, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await rfqs.submitQuote(principalOf(request), request.params.id, request.body, request.ip)),
    );

    app.get(
      '/portal/rfqs/:id/documents/:document_id/',
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'One of the buyer’s documents of an invitation',
          params: z.object({ id: queryId, document_id: queryId }),
        },
      },
      async (request, reply) => {
        const file = await rfqs.openDocument(
          principalOf(request),
          request.params.id,
          request.params.document_id,
          true,
        );
        return sendFile(reply, { ...file, contentType: 'application/octet-stream' });
      },
    );

    app.post(
      '/portal/rfqs/receipts/verify/',
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'Verify a quote receipt (its code and SHA-256)',
          body: receiptCheckBody,
          response: { 200: receiptCheck, ...errors },
        },
      },
      async (request) => rfqs.verifyReceipt(principalOf(request), request.body),
    );
  };
