import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  assetForm,
  disposalDecisionBody,
  disposalListingForm,
  disposalMethodForm,
  disposalOfferForm,
  disposalOfferReceipt,
  disposalOpeningForm,
  disposalSaleForm,
  disposalsQuery,
  disposalView,
  errorBody,
  message,
  paginated,
  paginationQuery,
  portalDisposal,
  publicDisposal,
  publicDisposalsQuery,
  queryId,
} from '@zabuni/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { principalOf } from '../../../../infra/auth.ts';
import { AppError, fieldError } from '../../../../infra/errors.ts';
import { sendFile } from '../../../../infra/file-types.ts';
import { pageOf } from '../../../../infra/pagination.ts';
import type { RateLimiter } from '../../../shared/system/index.ts';
import { limitOpeningTries } from '../rfqs/index.ts';
import { DISPOSAL_ROLES, MAX_DISPOSAL_PHOTO_BYTES, type DisposalsService } from './disposals.service.ts';

const tags = ['Sourcing: asset disposal'];
const BUYER_STAFF = { access: { side: 'buyer' } } as const;
const PROCUREMENT = { access: { side: 'buyer', roles: DISPOSAL_ROLES } } as const;
const PUBLIC = { access: { side: 'public' } } as const;
const SUPPLIER = { access: { side: 'supplier' } } as const;
const portalTags = ['Supplier portal: asset sales'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: queryId });

async function onePhoto(request: FastifyRequest) {
  try {
    const part = await request.file({ limits: { fileSize: MAX_DISPOSAL_PHOTO_BYTES, files: 1, fields: 5 } });
    if (!part || part.fieldname !== 'file' || !part.filename)
      throw fieldError('file', message('disposal.photo'));
    const bytes = await part.toBuffer();
    return { fileName: part.filename, bytes };
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw fieldError('file', message('disposal.photo'));
    throw error;
  }
}

/** Asset disposal: the buyer's side under /sourcing/disposals/, the public listing under /asset-sales/. */
export const disposalsRoutes =
  ({
    disposals,
    limiter,
    publicUrl,
  }: {
    disposals: DisposalsService;
    limiter: RateLimiter;
    publicUrl: string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sourcing/disposals/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Assets for disposal, newest first',
          querystring: disposalsQuery,
          response: { 200: paginated(disposalView), ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) =>
          disposals.list(principalOf(request), { status: request.query.status }, page),
        ),
    );

    app.post(
      '/sourcing/disposals/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary: 'Register an asset for disposal (grounds, condition, location, book value, reserve price)',
          body: assetForm,
          response: { 201: disposalView, ...errors },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await disposals.register(principalOf(request), request.body)),
    );

    app.get(
      '/sourcing/disposals/:id/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'One asset and its disposal',
          params: idParams,
          response: { 200: disposalView, ...errors },
        },
      },
      async (request) => disposals.get(principalOf(request), request.params.id),
    );

    app.post(
      '/sourcing/disposals/:id/photos/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary: 'Add a photo (multipart `file`: JPEG, PNG or WebP, at most 5 MB, ten at most)',
          params: idParams,
          response: { 200: disposalView, ...errors },
        },
      },
      async (request) => disposals.addPhoto(principalOf(request), request.params.id, await onePhoto(request)),
    );

    app.get(
      '/sourcing/disposals/:id/photos/:index/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Download a photo',
          params: z.object({ id: queryId, index: z.coerce.number().int().min(0).max(20) }),
          response: errors,
        },
      },
      async (request, reply) =>
        sendFile(reply, await disposals.photo(principalOf(request), request.params.id, request.params.index)),
    );

    app.post(
      '/sourcing/disposals/:id/method/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary:
            'Ask for a disposal method (public tender, public auction, trade-in) with its justification',
          params: idParams,
          body: disposalMethodForm,
          response: { 200: disposalView, ...errors },
        },
      },
      async (request) => disposals.requestMethod(principalOf(request), request.params.id, request.body),
    );

    app.post(
      '/sourcing/disposals/:id/method/approve/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary:
            'Approve the method: by the workflow route, or without a rule by an administrator or approver (never whoever asked for it)',
          params: idParams,
          body: disposalDecisionBody,
          response: { 200: disposalView, ...errors },
        },
      },
      async (request) =>
        disposals.decideMethod(principalOf(request), request.params.id, true, request.body.comment),
    );

    app.post(
      '/sourcing/disposals/:id/method/reject/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Send the method back',
          params: idParams,
          body: disposalDecisionBody,
          response: { 200: disposalView, ...errors },
        },
      },
      async (request) =>
        disposals.decideMethod(principalOf(request), request.params.id, false, request.body.comment),
    );

    app.post(
      '/sourcing/disposals/:id/listing/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary:
            'List publicly: a forward eAuction for a public auction, the supplier and value for a trade-in',
          params: idParams,
          body: disposalListingForm,
          response: { 200: disposalView, ...errors },
        },
      },
      async (request) => disposals.list_(principalOf(request), request.params.id, request.body),
    );

    app.post(
      '/sourcing/disposals/:id/opening/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary:
            'A committee member confirms the opening of the sealed offers after closing (their opening passphrase); the quorum opens them',
          params: idParams,
          body: disposalOpeningForm,
          response: { 200: disposalView, 429: errorBody, ...errors },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        // Counted with RFQ and tender openings: one passphrase opens all three.
        await limitOpeningTries(limiter, principal.userId, `disposal:${request.params.id}`);
        return disposals.confirmOpening(principal, request.params.id, request.body.passphrase);
      },
    );

    app.post(
      '/sourcing/disposals/:id/award/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary:
            'Propose the award of a public tender to the highest opened offer at or above the reserve price, for approval',
          params: idParams,
          response: { 200: disposalView, ...errors },
        },
      },
      async (request) => disposals.award(principalOf(request), request.params.id),
    );

    app.post(
      '/sourcing/disposals/:id/award/approve/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary:
            'Approve the proposed award: by the workflow route, or without a rule by an administrator or approver (never its proposer)',
          params: idParams,
          body: disposalDecisionBody,
          response: { 200: disposalView, ...errors },
        },
      },
      async (request) =>
        disposals.decideAward(principalOf(request), request.params.id, true, request.body.comment),
    );

    app.post(
      '/sourcing/disposals/:id/award/reject/',
      {
        config: BUYER_STAFF,
        schema: {
          tags,
          summary: 'Send the proposed award back',
          params: idParams,
          body: disposalDecisionBody,
          response: { 200: disposalView, ...errors },
        },
      },
      async (request) =>
        disposals.decideAward(principalOf(request), request.params.id, false, request.body.comment),
    );

    app.post(
      '/sourcing/disposals/:id/sale/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary: 'Record the sale to the approved winner (paid or invoiced)',
          params: idParams,
          body: disposalSaleForm,
          response: { 200: disposalView, ...errors },
        },
      },
      async (request) => disposals.recordSale(principalOf(request), request.params.id, request.body),
    );

    app.post(
      '/sourcing/disposals/:id/dispose/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary: 'Mark disposed, the proceeds recorded',
          params: idParams,
          response: { 200: disposalView, ...errors },
        },
      },
      async (request) => disposals.dispose(principalOf(request), request.params.id),
    );

    app.post(
      '/sourcing/disposals/:id/withdraw/',
      {
        config: PROCUREMENT,
        schema: {
          tags,
          summary: 'Withdraw an asset not yet listed, or a public tender not awarded',
          params: idParams,
          response: { 200: disposalView, ...errors },
        },
      },
      async (request) => disposals.withdraw(principalOf(request), request.params.id),
    );

    // The supplier portal: assets offered by public tender, and sealed offers.
    app.get(
      '/portal/asset-sales/',
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'Assets offered by public tender, newest first, with my receipt',
          querystring: paginationQuery,
          response: { 200: paginated(portalDisposal), ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) => disposals.portalList(principalOf(request), page)),
    );
    app.get(
      '/portal/asset-sales/:id/',
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'One asset offered by public tender, with my receipt',
          params: idParams,
          response: { 200: portalDisposal, ...errors },
        },
      },
      async (request) => disposals.portalGet(principalOf(request), request.params.id),
    );
    app.post(
      '/portal/asset-sales/:id/offer/',
      {
        config: SUPPLIER,
        schema: {
          tags: portalTags,
          summary: 'Submit (or replace) a sealed offer until closing; answers the receipt',
          params: idParams,
          body: disposalOfferForm,
          response: { 200: disposalOfferReceipt, ...errors },
        },
      },
      async (request) => disposals.submitOffer(principalOf(request), request.params.id, request.body.amount),
    );

    // The public listing (no book value, no buyer names).
    app.get(
      '/asset-sales/',
      {
        config: PUBLIC,
        schema: {
          tags: ['Asset sales'],
          summary: 'Assets listed for sale by buying organisations, newest first',
          querystring: publicDisposalsQuery,
          response: { 200: paginated(publicDisposal), ...errors },
        },
      },
      async (request) => pageOf(request, publicUrl, (page) => disposals.publicList(page)),
    );
    app.get(
      '/asset-sales/:code/photos/:index/',
      {
        config: PUBLIC,
        schema: {
          tags: ['Asset sales'],
          summary: 'A listed asset’s photo',
          params: z.object({
            code: z.string().regex(/^[A-Za-z0-9_-]{8,40}$/),
            index: z.coerce.number().int().min(0).max(20),
          }),
          response: errors,
        },
      },
      async (request, reply) =>
        sendFile(reply, await disposals.publicPhoto(request.params.code, request.params.index)),
    );
    app.get(
      '/asset-sales/:code/',
      {
        config: PUBLIC,
        schema: {
          tags: ['Asset sales'],
          summary: 'One listed asset',
          params: z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{8,40}$/) }),
          response: { 200: publicDisposal, ...errors },
        },
      },
      async (request) => disposals.publicGet(request.params.code),
    );
  };
