import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  contract,
  contractAlertsRun,
  contractChangeForm,
  contractClause,
  contractClauseForm,
  contractClausesQuery,
  contractCompareQuery,
  contractDocument,
  contractComparison,
  contractDecisionBody,
  contractForm,
  contractSettings,
  contractsQuery,
  contractsReport,
  contractSummary,
  contractTemplate,
  contractTemplateForm,
  contractUpdate,
  contractVerification,
  contractVersion,
  errorBody,
  message,
  obligation,
  obligationForm,
  paginated,
  portalContract,
  portalContractSummary,
  queryId,
  signatureCodeResult,
  signBody,
} from '@zabuni/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../../../infra/auth.ts';
import { fieldError } from '../../../infra/errors.ts';
import { attachmentDisposition, sendFile } from '../../../infra/file-types.ts';
import { pageOf } from '../../../infra/pagination.ts';
import type { RateLimiter } from '../../shared/system/index.ts';
import {
  MAX_DOCUMENT_BYTES,
  MAX_VERIFY_BYTES,
  SIGNATURE_CODE_REQUESTS,
  SIGNATURE_CODE_WINDOW_SECONDS,
  type ContractsService,
} from './contracts.service.ts';

const tags = ['Contracts'];
const portalTags = ['Supplier portal'];
/** Reads: any staff of the organisation (the service shows each person the contracts they may see). */
const STAFF = { access: { side: 'buyer' } } as const;
/** Writes: contract managers and administrators. */
const MANAGERS = { access: { side: 'buyer', roles: ['org_admin', 'contract_manager'] } } as const;
const SUPPLIER = { access: { side: 'supplier' } } as const;
/** Platform staff: the daily run across every organisation, on demand. */
const OPERATOR = { access: { side: 'operator', roles: ['moderator', 'super_admin'] } } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: queryId });

function sendPdf(reply: FastifyReply, file: { bytes: Buffer; fileName: string }) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', attachmentDisposition(file.fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-cache')
    .send(file.bytes);
}

/** The uploaded file of a request (multipart `file`). */
async function uploadedFile(
  request: FastifyRequest,
  maxBytes: number,
  refusal: 'contract.file' | 'contract.document',
): Promise<{ fileName: string; bytes: Buffer }> {
  try {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 2 } });
    if (!part || part.fieldname !== 'file') throw fieldError('file', message(refusal));
    return { fileName: part.filename || 'document', bytes: await part.toBuffer() };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (
      code === 'FST_REQ_FILE_TOO_LARGE' ||
      code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' ||
      code === 'FST_FILES_LIMIT'
    ) {
      throw fieldError('file', message(refusal));
    }
    throw error;
  }
}

const codeLimitNote = `At most ${SIGNATURE_CODE_REQUESTS} requests an hour per signer and contract (429 \`system.rate_limited\` with Retry-After beyond).`;
const attemptsNote =
  'Five wrong codes an hour per signer and contract, mailed or from an authenticator; then 429 `contract.code_attempts`.';

const uploaded = async (request: FastifyRequest) =>
  (await uploadedFile(request, MAX_VERIFY_BYTES, 'contract.file')).bytes;

/** Contract management (issue 22) for the buyer's staff, the supplier portal, and the public hash check. */
export const contractsRoutes =
  ({
    contracts,
    publicUrl,
    limiter,
  }: {
    contracts: ContractsService;
    publicUrl: string;
    limiter: RateLimiter;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    /** Each request replaces the mailed code, so a signer may ask only a few times an hour per contract. */
    const limitCodeRequests = (request: FastifyRequest<{ Params: { id: number } }>) =>
      limiter.hit({
        key: `contract-signature-code:${principalOf(request).userId}:${request.params.id}`,
        limit: SIGNATURE_CODE_REQUESTS,
        windowSeconds: SIGNATURE_CODE_WINDOW_SECONDS,
      });

    // Templates and the clause library ---------------------------------------------------------------
    app.get(
      '/contracts/templates/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'Contract templates with their merge fields',
          response: { 200: z.array(contractTemplate), ...errors },
        },
      },
      async (request) => contracts.listTemplates(principalOf(request)),
    );
    app.post(
      '/contracts/templates/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Add a template (rich text, sanitised)',
          body: contractTemplateForm,
          response: { 201: contractTemplate, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await contracts.saveTemplate(principalOf(request), null, request.body, request.ip)),
    );
    app.put(
      '/contracts/templates/:id/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Change a template',
          params: idParams,
          body: contractTemplateForm,
          response: { 200: contractTemplate, ...errors },
        },
      },
      async (request) =>
        contracts.saveTemplate(principalOf(request), request.params.id, request.body, request.ip),
    );
    app.get(
      '/contracts/clauses/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'The clause library: standard clauses and approved alternatives, per language',
          querystring: contractClausesQuery,
          response: { 200: z.array(contractClause), ...errors },
        },
      },
      async (request) => contracts.listClauses(principalOf(request), request.query.language),
    );
    app.post(
      '/contracts/clauses/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Add a clause or an alternative',
          body: contractClauseForm,
          response: { 201: contractClause, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await contracts.saveClause(principalOf(request), null, request.body, request.ip)),
    );
    app.put(
      '/contracts/clauses/:id/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Change a clause',
          params: idParams,
          body: contractClauseForm,
          response: { 200: contractClause, ...errors },
        },
      },
      async (request) =>
        contracts.saveClause(principalOf(request), request.params.id, request.body, request.ip),
    );

    // Settings, reports, export, verification --------------------------------------------------------
    app.post(
      '/contract-alerts/run/',
      {
        config: OPERATOR,
        schema: {
          tags,
          summary:
            "Operator: run today's contract job now (renewals and expiries, expiry, notice and obligation alerts that are due; a second run sends nothing more)",
          response: { 200: contractAlertsRun, 401: errorBody, 403: errorBody },
        },
      },
      async (request) => contracts.runAlertsNow({ userId: principalOf(request).userId, ip: request.ip }),
    );
    app.get(
      '/contracts/settings/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'Default alert thresholds (days before the end)',
          response: { 200: contractSettings, ...errors },
        },
      },
      async (request) => contracts.settings(principalOf(request)),
    );
    app.put(
      '/contracts/settings/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Change the default alert thresholds',
          body: contractSettings,
          response: { 200: contractSettings, ...errors },
        },
      },
      async (request) => contracts.saveSettings(principalOf(request), request.body.alert_days, request.ip),
    );
    app.get(
      '/contracts/report/',
      {
        config: STAFF,
        schema: {
          tags,
          summary:
            'Dashboard: by status, supplier, category, department; expiring in 30/60/90 days; spend vs value; cycle time',
          querystring: z.object({
            currency: z
              .string()
              .trim()
              .toUpperCase()
              .regex(/^[A-Z]{3}$/)
              .default('KES'),
          }),
          response: { 200: contractsReport, ...errors },
        },
      },
      async (request) => contracts.report(principalOf(request), request.query.currency),
    );
    app.get(
      '/contracts/export/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'The archive as CSV (same filters as the list)',
          querystring: contractsQuery,
        },
      },
      async (request, reply) =>
        reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', attachmentDisposition('contracts.csv'))
          .header('Cache-Control', 'private, no-cache')
          .send(await contracts.csv(principalOf(request), request.query)),
    );
    app.post(
      '/contracts/verify/',
      {
        // Public: whoever holds a signed PDF (the other party, a bank, an auditor) can check it; the answer
        // names only the contract and its parties, to someone who already holds the exact file.
        config: { access: { side: 'public' } },
        schema: {
          tags,
          summary: 'Check a signed contract PDF (multipart `file`) against the stored SHA-256',
          description:
            'Limited to 30 checks an hour per address (429 `system.rate_limited` with Retry-After beyond).',
          consumes: ['multipart/form-data'],
          response: { 200: contractVerification, ...errors, 429: errorBody },
        },
      },
      async (request) => {
        // Counted before the upload is read, so a flood costs neither the hashing nor the lookup.
        await limiter.hit({ key: `contract-verify:ip:${request.ip}`, limit: 30, windowSeconds: 3600 });
        return contracts.verify(await uploaded(request));
      },
    );

    // Contracts ---------------------------------------------------------------------------------------
    app.get(
      '/contracts/',
      {
        config: STAFF,
        schema: {
          tags,
          summary:
            'The archive: full text, party, status, dates and value; each person sees the contracts they may',
          querystring: contractsQuery,
          response: { 200: paginated(contractSummary), ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) => contracts.list(principalOf(request), request.query, page)),
    );
    app.post(
      '/contracts/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Write a contract from a template and clauses, or from a text',
          body: contractForm,
          response: { 201: contract, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await contracts.create(principalOf(request), request.body, request.ip)),
    );
    app.get(
      '/contracts/:id/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'One contract with its terms, signatures, approval and spend',
          params: idParams,
          response: { 200: contract, ...errors },
        },
      },
      async (request) => contracts.get(principalOf(request), request.params.id),
    );
    app.patch(
      '/contracts/:id/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Change a draft; a new text is kept as a new version',
          params: idParams,
          body: contractUpdate,
          response: { 200: contract, ...errors },
        },
      },
      async (request) => contracts.update(principalOf(request), request.params.id, request.body, request.ip),
    );
    app.get(
      '/contracts/:id/versions/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'Every version of the text',
          params: idParams,
          response: { 200: z.array(contractVersion), ...errors },
        },
      },
      async (request) => contracts.versions(principalOf(request), request.params.id),
    );
    app.get(
      '/contracts/:id/versions/compare/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'Two versions compared, paragraph by paragraph and word by word',
          params: idParams,
          querystring: contractCompareQuery,
          response: { 200: contractComparison, ...errors },
        },
      },
      async (request) =>
        contracts.compare(principalOf(request), request.params.id, request.query.from, request.query.to),
    );
    app.post(
      '/contracts/:id/submit/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Send a draft for approval',
          params: idParams,
          response: { 200: contract, ...errors },
        },
      },
      async (request) => contracts.submit(principalOf(request), request.params.id, request.ip),
    );
    app.post(
      '/contracts/:id/approve/',
      {
        // The approver whose turn it is (the engine checks).
        config: STAFF,
        schema: {
          tags,
          summary: 'Approve the step waiting for you',
          params: idParams,
          body: contractDecisionBody,
          response: { 200: contract, ...errors },
        },
      },
      async (request) =>
        contracts.decide(principalOf(request), request.params.id, 'approved', request.body, request.ip),
    );
    app.post(
      '/contracts/:id/reject/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'Reject back to its author as a draft (a reason is required)',
          params: idParams,
          body: contractDecisionBody,
          response: { 200: contract, ...errors },
        },
      },
      async (request) =>
        contracts.decide(principalOf(request), request.params.id, 'rejected', request.body, request.ip),
    );
    app.post(
      '/contracts/:id/send-for-signature/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Send an approved contract to both sides for signature',
          params: idParams,
          response: { 200: contract, ...errors },
        },
      },
      async (request) => contracts.sendForSignature(principalOf(request), request.params.id, request.ip),
    );
    app.post(
      '/contracts/:id/signature-code/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Ask for the one-time code to sign for the buyer (mailed; or use your authenticator)',
          description: codeLimitNote,
          params: idParams,
          response: { 200: signatureCodeResult, ...errors, 429: errorBody },
        },
      },
      async (request) => {
        await limitCodeRequests(request);
        return contracts.requestSignatureCode(principalOf(request), request.params.id, request.ip);
      },
    );
    app.post(
      '/contracts/:id/sign/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Sign for the buyer with the code',
          description: attemptsNote,
          params: idParams,
          body: signBody,
          response: { 200: contract, ...errors, 429: errorBody },
        },
      },
      async (request) =>
        contracts.sign(principalOf(request), request.params.id, request.body.code, request.ip),
    );
    app.get(
      '/contracts/:id/pdf/',
      {
        config: STAFF,
        schema: { tags, summary: 'The signed PDF with its signature page', params: idParams },
      },
      async (request, reply) => sendPdf(reply, await contracts.pdf(principalOf(request), request.params.id)),
    );
    app.post(
      '/contracts/:id/notice/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Record notice of non-renewal',
          params: idParams,
          response: { 200: contract, ...errors },
        },
      },
      async (request) => contracts.giveNotice(principalOf(request), request.params.id, request.ip),
    );
    app.post(
      '/contracts/:id/changes/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Start an amendment or a termination (its own document, approved and signed)',
          params: idParams,
          body: contractChangeForm,
          response: { 201: contract, ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await contracts.createChange(principalOf(request), request.params.id, request.body, request.ip),
          ),
    );
    app.get(
      '/contracts/:id/documents/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'Documents kept with the contract',
          params: idParams,
          response: { 200: z.array(contractDocument), ...errors },
        },
      },
      async (request) => contracts.documents(principalOf(request), request.params.id),
    );
    app.post(
      '/contracts/:id/documents/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary:
            'Keep a document with the contract (multipart `file`: PDF, Word, Excel or image, 20 MB at most)',
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 201: z.array(contractDocument), ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await contracts.addDocument(
              principalOf(request),
              request.params.id,
              await uploadedFile(request, MAX_DOCUMENT_BYTES, 'contract.document'),
              request.ip,
            ),
          ),
    );
    app.get(
      '/contracts/:id/documents/:document_id/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'Download one of the contract’s documents',
          params: z.object({ id: queryId, document_id: queryId }),
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await contracts.openDocument(principalOf(request), request.params.id, request.params.document_id),
        ),
    );
    app.get(
      '/contracts/:id/obligations/',
      {
        config: STAFF,
        schema: {
          tags,
          summary: 'Obligations and milestones',
          params: idParams,
          response: { 200: z.array(obligation), ...errors },
        },
      },
      async (request) => contracts.obligations(principalOf(request), request.params.id),
    );
    app.post(
      '/contracts/:id/obligations/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Add an obligation or milestone with its owner and reminder',
          params: idParams,
          body: obligationForm,
          response: { 201: z.array(obligation), ...errors },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await contracts.addObligation(principalOf(request), request.params.id, request.body, request.ip),
          ),
    );
    app.post(
      '/contracts/:id/obligations/:obligation_id/done/',
      {
        config: MANAGERS,
        schema: {
          tags,
          summary: 'Mark an obligation done',
          params: z.object({ id: queryId, obligation_id: queryId }),
          response: { 200: z.array(obligation), ...errors },
        },
      },
      async (request) =>
        contracts.completeObligation(
          principalOf(request),
          request.params.id,
          request.params.obligation_id,
          request.ip,
        ),
    );

    // Supplier portal ---------------------------------------------------------------------------------
    app.get(
      '/portal/contracts/',
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'Contracts sent to my organisation for signature, and signed ones',
          querystring: contractsQuery,
          response: { 200: paginated(portalContractSummary), ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) => contracts.portalList(principalOf(request), request.query, page)),
    );
    app.get(
      '/portal/contracts/:id/',
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'One of my contracts',
          params: idParams,
          response: { 200: portalContract, ...errors },
        },
      },
      async (request) => contracts.portalGet(principalOf(request), request.params.id),
    );
    app.post(
      '/portal/contracts/:id/signature-code/',
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'Ask for the one-time code to sign for my organisation',
          description: codeLimitNote,
          params: idParams,
          response: { 200: signatureCodeResult, ...errors, 429: errorBody },
        },
      },
      async (request) => {
        await limitCodeRequests(request);
        return contracts.portalRequestCode(principalOf(request), request.params.id, request.ip);
      },
    );
    app.post(
      '/portal/contracts/:id/sign/',
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'Sign for my organisation with the code',
          description: attemptsNote,
          params: idParams,
          body: signBody,
          response: { 200: portalContract, ...errors, 429: errorBody },
        },
      },
      async (request) =>
        contracts.portalSign(principalOf(request), request.params.id, request.body.code, request.ip),
    );
    app.get(
      '/portal/contracts/:id/pdf/',
      {
        config: SUPPLIER,
        schema: { tags: portalTags, summary: 'The signed PDF of one of my contracts', params: idParams },
      },
      async (request, reply) =>
        sendPdf(reply, await contracts.portalPdf(principalOf(request), request.params.id)),
    );
  };
