import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  attachmentParams,
  availableTendersQuery,
  changeClosingDateRequest,
  editorTenderForm,
  errorBody,
  idParams,
  moderationPage,
  moderationQuery,
  moderationTender,
  myPublishedTendersQuery,
  orderCodeQuery,
  publishedTender,
  publishedTenderOrder,
  publishedTendersPage,
  publishTenderForm,
  rejectTenderRequest,
  tenderDetail,
  tendersPage,
} from '@zabuni/contracts';
import type { Role } from '@zabuni/domain';
import type { z } from 'zod';
import { sendFile } from '../../../infra/file-types.ts';
import { principalOf } from '../../../infra/auth.ts';
import { validationFailed } from '../../../infra/errors.ts';
import { pageOf, toPageRequest } from '../../../infra/pagination.ts';
import { sendListPage } from '../../../infra/public-list.ts';
import type { TendersService } from './tenders.service.ts';
import { withTenderUpload } from './tenders.uploads.ts';

interface Deps {
  tenders: TendersService;
  publicUrl: string;
}

const tags = ['Tender alerts'];
const moderationTags = ['Tender moderation'];
const PUBLIC = { access: { side: 'public' } } as const;
const ADVERTISER = { access: { side: 'signed_in', roles: ['advertiser'] as Role[] } } as const;
const MODERATOR = { access: { side: 'operator', roles: ['moderator', 'super_admin'] as Role[] } } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** Multipart text fields checked with the same zod schema a JSON body would be. */
function parseForm<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  const result = schema.safeParse(fields);
  if (!result.success) throw validationFailed(result.error.issues);
  return result.data;
}

const multipartBody = {
  consumes: ['multipart/form-data'],
  description:
    'multipart/form-data with the text fields of the form and up to 10 files in `tender_documents` ' +
    '(PDF, DOC/DOCX, XLS/XLSX, ZIP, PNG/JPG/GIF/WEBP; 20 MB each; checked by content).',
};

/** SPEC §7 "Tender alerts": the public bulletin, the advertiser's publishing, and moderation. */
export const tendersRoutes =
  ({ tenders, publicUrl }: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/tender-alerts/available-tenders/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Published tenders',
          description:
            '`country` and `category` are ids; `sector` and `job_type` values of the option lists; `deadline` keeps ' +
            '`upcoming` or `past` tenders; `search` matches words of the title, company and details by prefix. ' +
            '`count` stops at 1,000 (or the end of the page asked): `count_capped` is then true. `cursor` (an ' +
            'earlier `next_cursor`) asks for the page after it, keyset-fast at any depth.',
          querystring: availableTendersQuery,
          response: { 200: tendersPage, ...errors },
        },
      },
      async (request, reply) => {
        const page = toPageRequest(request.query);
        return sendListPage(
          request,
          reply,
          publicUrl,
          page,
          await tenders.listAvailable(request.query, page),
        );
      },
    );

    app.post(
      '/tender-alerts/available-tenders/publish-tender/',
      {
        config: ADVERTISER,
        schema: {
          tags,
          summary: 'Submit a tender for review (advertiser)',
          ...multipartBody,
          response: { 201: publishedTenderOrder, ...errors },
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        const order = await withTenderUpload(request, tenders, (fields, documents) =>
          tenders.publish(principal, parseForm(publishTenderForm, fields), documents),
        );
        return reply.code(201).send(order);
      },
    );

    app.get(
      '/tender-alerts/available-tenders/my-published-tenders/',
      {
        config: ADVERTISER,
        schema: {
          tags,
          summary: "The signed-in advertiser's tenders",
          querystring: myPublishedTendersQuery,
          response: { 200: publishedTendersPage, ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) => tenders.listOwn(principalOf(request), request.query, page)),
    );

    app.get(
      '/tender-alerts/available-tenders/my-published-tender/',
      {
        config: ADVERTISER,
        schema: {
          tags,
          summary: 'A publishing order by its code (owner only)',
          querystring: orderCodeQuery,
          response: { 200: publishedTenderOrder, ...errors },
        },
      },
      async (request) => tenders.getOwnOrder(principalOf(request), request.query.code),
    );

    app.post(
      '/tender-alerts/available-tenders/my-published-tenders/:id/closing-date/',
      {
        config: ADVERTISER,
        schema: {
          tags,
          summary: 'Give an unpaid tender a new closing date (owner only)',
          description:
            'A day and a time (HH:MM, default 23:59) on Nairobi’s clock (EAT), in the future. 404 unless the ' +
            'tender is the caller’s; 409 once it is paid, a payment is under way, or it was withdrawn.',
          params: idParams,
          body: changeClosingDateRequest,
          response: { 200: publishedTender, ...errors, 409: errorBody },
        },
      },
      async (request) => tenders.changeClosingDate(principalOf(request), request.params.id, request.body),
    );

    app.post(
      '/tender-alerts/available-tenders/my-published-tenders/:id/withdraw/',
      {
        config: ADVERTISER,
        schema: {
          tags,
          summary: 'Withdraw an unpaid tender (owner only): never public, never payable',
          params: idParams,
          response: { 200: publishedTender, ...errors, 409: errorBody },
        },
      },
      async (request) => tenders.withdraw(principalOf(request), request.params.id),
    );

    app.get(
      '/tender-alerts/available-tenders/:id/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'One published tender with its documents',
          params: idParams,
          response: { 200: tenderDetail, ...errors },
        },
      },
      async (request) => tenders.getAvailable(request.params.id),
    );

    app.get(
      '/tender-alerts/available-tenders/:id/attachments/:attachmentId/',
      {
        config: PUBLIC,
        schema: {
          tags,
          summary: 'Download a tender document',
          description: 'Public tenders: anyone. Tenders not yet public: their advertiser and moderators.',
          params: attachmentParams,
        },
      },
      async (request, reply) => {
        const file = await tenders.openAttachment(
          request.params.id,
          request.params.attachmentId,
          request.principal,
        );
        return sendFile(reply, file);
      },
    );

    app.get(
      '/tender-alerts/moderation/tenders/',
      {
        config: MODERATOR,
        schema: {
          tags: moderationTags,
          summary: 'Tenders by review state (the queue: under_review, oldest first)',
          querystring: moderationQuery,
          response: { 200: moderationPage, ...errors },
        },
      },
      async (request) => pageOf(request, publicUrl, (page) => tenders.listForReview(request.query, page)),
    );

    app.post(
      '/tender-alerts/moderation/tenders/',
      {
        config: MODERATOR,
        schema: {
          tags: moderationTags,
          summary: 'Post a bulletin tender as an editor (published at once)',
          ...multipartBody,
          response: { 201: moderationTender, ...errors },
        },
      },
      async (request, reply) => {
        const principal = principalOf(request);
        const created = await withTenderUpload(request, tenders, (fields, documents) =>
          tenders.createAsEditor(principal, parseForm(editorTenderForm, fields), documents),
        );
        return reply.code(201).send(created);
      },
    );

    app.get(
      '/tender-alerts/moderation/tenders/:id/',
      {
        config: MODERATOR,
        schema: {
          tags: moderationTags,
          summary: 'One tender, any state',
          params: idParams,
          response: { 200: moderationTender, ...errors },
        },
      },
      async (request) => tenders.getForReview(request.params.id),
    );

    app.put(
      '/tender-alerts/moderation/tenders/:id/',
      {
        config: MODERATOR,
        schema: {
          tags: moderationTags,
          summary: 'Edit a bulletin tender (editor)',
          ...multipartBody,
          params: idParams,
          response: { 200: moderationTender, ...errors },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        return withTenderUpload(request, tenders, (fields, documents) =>
          tenders.updateAsEditor(
            principal,
            request.params.id,
            parseForm(editorTenderForm, fields),
            documents,
          ),
        );
      },
    );

    app.post(
      '/tender-alerts/moderation/tenders/:id/approve/',
      {
        config: MODERATOR,
        schema: {
          tags: moderationTags,
          summary: 'Approve a tender under review',
          params: idParams,
          response: { 200: moderationTender, 409: errorBody, ...errors },
        },
      },
      async (request) => tenders.approve(principalOf(request), request.params.id),
    );

    app.post(
      '/tender-alerts/moderation/tenders/:id/reject/',
      {
        config: MODERATOR,
        schema: {
          tags: moderationTags,
          summary: 'Reject a tender under review, with the reason the advertiser will read',
          params: idParams,
          body: rejectTenderRequest,
          response: { 200: moderationTender, 409: errorBody, ...errors },
        },
      },
      async (request) => tenders.reject(principalOf(request), request.params.id, request.body.reason),
    );

    app.post(
      '/tender-alerts/moderation/tenders/:id/cancel/',
      {
        config: MODERATOR,
        schema: {
          tags: moderationTags,
          summary: 'Cancel a tender (it stays listed as cancelled)',
          params: idParams,
          response: { 200: moderationTender, ...errors },
        },
      },
      async (request) => tenders.cancel(principalOf(request), request.params.id),
    );
  };
