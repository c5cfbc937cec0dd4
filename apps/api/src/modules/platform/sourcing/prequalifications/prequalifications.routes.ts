import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  errorBody,
  message,
  paginated,
  paginationQuery,
  portalPrequalification,
  portalPrequalificationSummary,
  prequalification,
  prequalificationDecisionBody,
  prequalificationDocument,
  prequalificationDocumentQuery,
  prequalificationEvaluation,
  prequalificationForm,
  prequalificationResponse,
  prequalificationResponseForm,
  prequalificationResult,
  prequalificationResults,
  prequalificationScoresForm,
  prequalificationsQuery,
  prequalificationSummary,
  prequalifiedQuery,
  prequalifiedSupplier,
  queryId,
} from '@zabuni/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../../../../infra/auth.ts';
import { AppError, fieldError } from '../../../../infra/errors.ts';
import { sendFile } from '../../../../infra/file-types.ts';
import { pageOf } from '../../../../infra/pagination.ts';
import {
  MAX_PREQUALIFICATION_FILE_BYTES,
  PREQUALIFICATION_FILE_FIELD,
  type PrequalificationsService,
} from './prequalifications.service.ts';

const BUYER_STAFF = { access: { side: 'buyer' } } as const;
const SUPPLIER = { access: { side: 'supplier' } } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: queryId });
const resultParams = z.object({ result_id: queryId });
const buyerTags = ['Sourcing: prequalification'];
const portalTags = ['Supplier portal'];

/** One uploaded file, or a clear 400 (too large, missing, not multipart): never a 413 or a 500. */
async function readOneFile(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  try {
    const part = await request.file({
      limits: { fileSize: MAX_PREQUALIFICATION_FILE_BYTES, files: 1, fields: 5 },
    });
    if (!part || part.fieldname !== PREQUALIFICATION_FILE_FIELD || !part.filename)
      throw fieldError(PREQUALIFICATION_FILE_FIELD, message('attachment.missing'));
    const bytes = await part.toBuffer();
    return { fileName: part.filename, bytes };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw fieldError(PREQUALIFICATION_FILE_FIELD, message('prequalification.document'));
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError('validation', message('attachment.not_multipart'));
    throw error;
  }
}

/** The buyer's prequalification exercises, their evaluation and results (`/sourcing/prequalifications/…`). */
export const prequalificationsRoutes =
  ({
    prequalifications,
    publicUrl,
  }: {
    prequalifications: PrequalificationsService;
    publicUrl: string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const base = '/sourcing/prequalifications';

    app.get(
      `${base}/`,
      {
        config: BUYER_STAFF,
        schema: {
          tags: buyerTags,
          summary: 'Prequalification exercises of the organisation, newest first',
          querystring: prequalificationsQuery,
          response: { 200: paginated(prequalificationSummary), ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) =>
          prequalifications.list(principalOf(request), request.query.status, page),
        ),
    );

    app.post(
      `${base}/`,
      {
        config: BUYER_STAFF,
        schema: {
          tags: buyerTags,
          summary: 'Create a draft prequalification (organisation administrator or buyer)',
          body: prequalificationForm,
          response: { 201: prequalification, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await prequalifications.create(principalOf(request), request.body, request.ip)),
    );

    app.get(
      `${base}/prequalified/`,
      {
        config: BUYER_STAFF,
        schema: {
          tags: buyerTags,
          summary: 'The prequalified list: suppliers approved and still valid, per category',
          querystring: prequalifiedQuery,
          response: { 200: paginated(prequalifiedSupplier), ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) =>
          prequalifications.prequalifiedList(principalOf(request), request.query.category_id, page),
        ),
    );

    app.get(
      `${base}/documents/:document_id/`,
      {
        config: BUYER_STAFF,
        schema: {
          tags: buyerTags,
          summary: 'Download a document a supplier uploaded',
          params: z.object({ document_id: queryId }),
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await prequalifications.openDocument(principalOf(request), request.params.document_id),
        ),
    );

    app.get(
      `${base}/results/:result_id/`,
      {
        config: BUYER_STAFF,
        schema: {
          tags: buyerTags,
          summary: 'One result with its exercise (what the approvals inbox links to)',
          params: resultParams,
          response: {
            200: prequalificationResult.extend({ prequalification_id: z.number().int() }),
            ...errors,
          },
        },
      },
      async (request) => prequalifications.result(principalOf(request), request.params.result_id),
    );

    app.post(
      `${base}/results/:result_id/approve/`,
      {
        config: BUYER_STAFF,
        schema: {
          tags: buyerTags,
          summary:
            'Approve a result (the workflow step’s approver, or without a workflow an administrator or buyer)',
          params: resultParams,
          body: prequalificationDecisionBody,
          response: { 200: prequalificationResults, ...errors },
        },
      },
      async (request) =>
        prequalifications.decide(
          principalOf(request),
          request.params.result_id,
          'approved',
          request.body.comment ?? '',
          request.ip,
        ),
    );

    app.post(
      `${base}/results/:result_id/reject/`,
      {
        config: BUYER_STAFF,
        schema: {
          tags: buyerTags,
          summary: 'Reject a result with the reason the supplier is told',
          params: resultParams,
          body: prequalificationDecisionBody,
          response: { 200: prequalificationResults, ...errors },
        },
      },
      async (request) =>
        prequalifications.decide(
          principalOf(request),
          request.params.result_id,
          'rejected',
          request.body.comment ?? '',
          request.ip,
        ),
    );

    app.get(
      `${base}/:id/`,
      {
        config: BUYER_STAFF,
        schema: {
          tags: buyerTags,
          summary: 'A prequalification with its questionnaire and committee',
          params: idParams,
          response: { 200: prequalification, ...errors },
        },
      },
      async (request) => prequalifications.get(principalOf(request), request.params.id),
    );

    app.put(
      `${base}/:id/`,
      {
        config: BUYER_STAFF,
        schema: {
          tags: buyerTags,
          summary: 'Edit a draft prequalification',
          params: idParams,
          body: prequalificationForm,
          response: { 200: prequalification, ...errors },
        },
      },
      async (request) =>
        prequalifications.update(principalOf(request), request.params.id, request.body, request.ip),
    );

    app.post(
      `${base}/:id/publish/`,
      {
        config: BUYER_STAFF,
        schema: {
          tags: buyerTags,
          summary: 'Publish: invite suppliers (portal and mail) and list it on the public tenders',
          params: idParams,
          response: { 200: prequalification, ...errors },
        },
      },
      async (request) => prequalifications.publish(principalOf(request), request.params.id, request.ip),
    );

    app.get(
      `${base}/:id/responses/`,
      {
        config: BUYER_STAFF,
        schema: {
          tags: buyerTags,
          summary: 'Submitted responses with their automatic scores',
          params: idParams,
          response: { 200: z.object({ results: z.array(prequalificationResponse) }), ...errors },
        },
      },
      async (request) => prequalifications.responses(principalOf(request), request.params.id),
    );

    app.get(
      `${base}/:id/evaluation/`,
      {
        config: BUYER_STAFF,
        schema: {
          tags: buyerTags,
          summary: 'A committee member’s evaluation: others’ scores only once their own are submitted',
          params: idParams,
          response: { 200: prequalificationEvaluation, ...errors },
        },
      },
      async (request) => prequalifications.evaluation(principalOf(request), request.params.id),
    );

    app.put(
      `${base}/:id/evaluation/`,
      {
        config: BUYER_STAFF,
        schema: {
          tags: buyerTags,
          summary: 'Save the member’s scores (0–100 per committee question), after closing',
          params: idParams,
          body: prequalificationScoresForm,
          response: { 200: prequalificationEvaluation, ...errors },
        },
      },
      async (request) => prequalifications.saveScores(principalOf(request), request.params.id, request.body),
    );

    app.post(
      `${base}/:id/evaluation/submit/`,
      {
        config: BUYER_STAFF,
        schema: {
          tags: buyerTags,
          summary: 'Submit the member’s scores (fixed from then on)',
          params: idParams,
          response: { 200: prequalificationEvaluation, ...errors },
        },
      },
      async (request) => prequalifications.submitScores(principalOf(request), request.params.id, request.ip),
    );

    app.get(
      `${base}/:id/results/`,
      {
        config: BUYER_STAFF,
        schema: {
          tags: buyerTags,
          summary: 'Results per supplier per category',
          params: idParams,
          response: { 200: prequalificationResults, ...errors },
        },
      },
      async (request) => prequalifications.results(principalOf(request), request.params.id),
    );

    app.post(
      `${base}/:id/results/`,
      {
        config: BUYER_STAFF,
        schema: {
          tags: buyerTags,
          summary: 'Propose the results once the committee has finished (each goes to approval)',
          params: idParams,
          response: { 200: prequalificationResults, ...errors },
        },
      },
      async (request) =>
        prequalifications.proposeResults(principalOf(request), request.params.id, request.ip),
    );
  };

/** The supplier's side (`/portal/prequalifications/…`): invitations, answers until closing, documents. */
export const portalPrequalificationsRoutes =
  ({
    prequalifications,
    publicUrl,
  }: {
    prequalifications: PrequalificationsService;
    publicUrl: string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const base = '/portal/prequalifications';

    app.get(
      `${base}/`,
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'Prequalifications my organisation is invited to',
          querystring: paginationQuery,
          response: { 200: paginated(portalPrequalificationSummary), ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) => prequalifications.portalList(principalOf(request), page)),
    );

    app.get(
      `${base}/:id/`,
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'A prequalification with my answers and, once decided, my results',
          params: idParams,
          response: { 200: portalPrequalification, ...errors },
        },
      },
      async (request) => prequalifications.portalGet(principalOf(request), request.params.id),
    );

    app.put(
      `${base}/:id/response/`,
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'Save my draft answers (until closing)',
          params: idParams,
          body: prequalificationResponseForm,
          response: { 200: portalPrequalification, ...errors },
        },
      },
      async (request) =>
        prequalifications.saveResponse(principalOf(request), request.params.id, request.body),
    );

    app.post(
      `${base}/:id/response/submit/`,
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'Submit my answers (late answers are refused: 409 prequalification.closed)',
          params: idParams,
          response: { 200: portalPrequalification, ...errors },
        },
      },
      async (request) =>
        prequalifications.submitResponse(principalOf(request), request.params.id, request.ip),
    );

    app.post(
      `${base}/:id/response/withdraw/`,
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'Withdraw my submitted answers (to change and resubmit them before closing)',
          params: idParams,
          response: { 200: portalPrequalification, ...errors },
        },
      },
      async (request) =>
        prequalifications.withdrawResponse(principalOf(request), request.params.id, request.ip),
    );

    app.post(
      `${base}/:id/documents/`,
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'Upload a document for a document question, with its expiry date',
          description: `multipart/form-data with one file in \`${PREQUALIFICATION_FILE_FIELD}\`: PDF, DOCX, XLSX, PNG or JPEG, 10 MB at most.`,
          consumes: ['multipart/form-data'],
          params: idParams,
          querystring: prequalificationDocumentQuery,
          response: { 201: prequalificationDocument, ...errors },
        },
      },
      async (request, reply) => {
        const file = await readOneFile(request);
        return reply
          .code(201)
          .send(
            await prequalifications.uploadDocument(
              principalOf(request),
              request.params.id,
              request.query,
              file,
            ),
          );
      },
    );

    app.get(
      `${base}/:id/documents/:document_id/`,
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'Download one of my documents',
          params: idParams.extend({ document_id: queryId }),
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await prequalifications.openPortalDocument(
            principalOf(request),
            request.params.id,
            request.params.document_id,
          ),
        ),
    );
  };
