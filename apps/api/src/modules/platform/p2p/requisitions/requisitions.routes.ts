import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  errorBody,
  message,
  paginated,
  queryId,
  requisition,
  budgetCheckRequest,
  budgetCheckResult,
  requisitionAttachment,
  requisitionTimeline,
  requisitionCommentBody,
  requisitionDecisionBody,
  requisitionForm,
  requisitionsQuery,
  requisitionSummary,
} from '@zabuni/contracts';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { principalOf } from '../../../../infra/auth.ts';
import { AppError, fieldError } from '../../../../infra/errors.ts';
import { sendFile } from '../../../../infra/file-types.ts';
import { pageOf } from '../../../../infra/pagination.ts';
import type { RequisitionsService } from './requisitions.service.ts';
import {
  ATTACHMENT_FIELD,
  MAX_ATTACHMENT_BYTES,
  type RequisitionRecordsService,
} from './requisition-records.service.ts';

const tags = ['Procure to pay: requisitions'];
const BUYER_STAFF = { access: { side: 'buyer' } } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: queryId });
const attachmentParams = idParams.extend({ attachment_id: queryId });

/** One uploaded file, or a clear 400 (too large, missing, not multipart) — never a 413 or a 500. */
async function readOneFile(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  try {
    const part = await request.file({ limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 5 } });
    if (!part || part.fieldname !== ATTACHMENT_FIELD || !part.filename) {
      throw fieldError(ATTACHMENT_FIELD, message('attachment.missing'));
    }
    return { fileName: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw fieldError(ATTACHMENT_FIELD, message('attachment.too_large'));
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError('validation', message('attachment.not_multipart'));
    }
    throw error;
  }
}

/** Requisitions of the caller's current buying organisation. */
export const requisitionsRoutes =
  ({
    requisitions,
    records,
    publicUrl,
  }: {
    requisitions: RequisitionsService;
    records: RequisitionRecordsService;
    publicUrl: string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/p2p/requisitions/budget-check/',
      {
        config: { access: { side: 'buyer', readOnly: true } },
        schema: {
          tags,
          summary: 'What these lines would charge against each budget today (the form’s live indicator)',
          body: budgetCheckRequest,
          response: { 200: budgetCheckResult, ...errors },
        },
      },
      async (request) => requisitions.budgetPreview(principalOf(request), request.body),
    );

    app.get(
      '/p2p/requisitions/:id/timeline/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Every recorded change of the requisition, oldest first (from the audit log)',
          params: idParams,
          response: { 200: requisitionTimeline, ...errors },
        },
      },
      async (request) => records.timeline(principalOf(request), request.params.id),
    );

    app.get(
      '/p2p/requisitions/:id/attachments/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Attachments of a requisition',
          params: idParams,
          response: { 200: z.object({ results: z.array(requisitionAttachment) }), ...errors },
        },
      },
      async (request) => records.attachments(principalOf(request), request.params.id),
    );

    app.post(
      '/p2p/requisitions/:id/attachments/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Attach a file (its requester, while draft or returned)',
          description: `multipart/form-data with one file in \`${ATTACHMENT_FIELD}\`: PDF, DOCX, XLSX, PNG or JPEG, 10 MB at most.`,
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 201: requisitionAttachment, ...errors },
        },
      },
      async (request, reply) => {
        const file = await readOneFile(request);
        return reply
          .code(201)
          .send(await records.attach(principalOf(request), request.params.id, file, request.ip));
      },
    );

    app.delete(
      '/p2p/requisitions/:id/attachments/:attachment_id/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Remove an attachment (its requester, while draft or returned)',
          params: attachmentParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await records.detach(
          principalOf(request),
          request.params.id,
          request.params.attachment_id,
          request.ip,
        );
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/p2p/requisitions/:id/attachments/:attachment_id/download/',
      {
        config: BUYER_STAFF,
        schema: { tags, summary: 'Download an attachment', params: attachmentParams },
      },
      async (request, reply) => {
        const file = await records.open(
          principalOf(request),
          request.params.id,
          request.params.attachment_id,
        );
        return sendFile(reply, file);
      },
    );

    app.get(
      '/p2p/requisitions/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Requisitions, newest first',
          querystring: requisitionsQuery,
          response: { 200: paginated(requisitionSummary), ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) =>
          requisitions.list(
            principalOf(request),
            {
              status: request.query.status,
              mine: request.query.mine === 'true',
              search: request.query.search || undefined,
              departmentId: request.query.department,
              ordering: request.query.ordering,
            },
            page,
          ),
        ),
    );

    app.post(
      '/p2p/requisitions/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Start a requisition (a numbered draft)',
          body: requisitionForm,
          response: { 201: requisition, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await requisitions.create(principalOf(request), request.body, request.ip)),
    );

    app.get(
      '/p2p/requisitions/:id/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'One requisition with its lines',
          params: idParams,
          response: { 200: requisition, ...errors },
        },
      },
      async (request) => requisitions.get(principalOf(request), request.params.id),
    );

    app.put(
      '/p2p/requisitions/:id/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Change a draft or returned requisition (its requester)',
          params: idParams,
          body: requisitionForm,
          response: { 200: requisition, ...errors },
        },
      },
      async (request) =>
        requisitions.update(principalOf(request), request.params.id, request.body, request.ip),
    );

    app.post(
      '/p2p/requisitions/:id/cancel/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Withdraw a requisition nobody has ordered yet (its requester)',
          params: idParams,
          body: requisitionCommentBody,
          response: { 200: requisition, ...errors },
        },
      },
      async (request) =>
        requisitions.cancel(principalOf(request), request.params.id, request.body.comment, request.ip),
    );

    app.post(
      '/p2p/requisitions/:id/submit/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Send a draft or returned requisition for approval (its requester)',
          params: idParams,
          response: { 200: requisition, ...errors },
        },
      },
      async (request) => requisitions.submit(principalOf(request), request.params.id, request.ip),
    );

    for (const [path, kind, summary] of [
      ['approve', 'approved', 'Approve the current step'],
      ['reject', 'rejected', 'Reject (a comment is required)'],
      ['return', 'returned', 'Return to the requester for changes (a comment is required)'],
    ] as const) {
      app.post(
        `/p2p/requisitions/:id/${path}/`,
        {
          config: BUYER_STAFF,
          schema: {
            tags,
            summary,
            params: idParams,
            body: requisitionDecisionBody,
            response: { 200: requisition, ...errors },
          },
        },
        async (request) =>
          requisitions.decide(principalOf(request), request.params.id, kind, request.body, request.ip),
      );
    }
  };
