import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  errorBody,
  idParams,
  inquiriesPage,
  inquiriesQuery,
  inquiry,
  inquiryAnswer,
  inquiryForm,
  inquiryReceipt,
  inquiryStatusChange,
} from '@zabuni/contracts';
import type { Role } from '@zabuni/domain';
import { principalOf } from '../../../infra/auth.ts';
import { pageOf } from '../../../infra/pagination.ts';
import type { RateLimiter } from '../../shared/system/index.ts';
import type { InquiriesService } from './inquiries.service.ts';

interface Deps {
  inquiries: InquiriesService;
  limiter: RateLimiter;
  publicUrl: string;
}

const PUBLIC = { access: { side: 'public' } } as const;
const MODERATOR = { access: { side: 'operator', roles: ['moderator', 'super_admin'] as Role[] } } as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** Per sending address and per email: a person writes a few times an hour, a script is stopped. */
export const INQUIRY_LIMITS = { perAddress: 5, perEmail: 3, windowSeconds: 3600 } as const;

/** SPEC §7 `POST /core/contact-us/`, and the operator's inquiries in the moderation area. */
export const inquiriesRoutes =
  ({ inquiries, limiter, publicUrl }: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/core/contact-us/',
      {
        config: PUBLIC,
        schema: {
          tags: ['Core'],
          summary: 'Send an inquiry (contact us)',
          description:
            'Stored for the operator, mailed to support, acknowledged to the sender. Rate-limited per address ' +
            `(${INQUIRY_LIMITS.perAddress} an hour) and per email (${INQUIRY_LIMITS.perEmail} an hour).`,
          body: inquiryForm,
          response: { 201: inquiryReceipt, 400: errorBody, 429: errorBody },
        },
      },
      async (request, reply) => {
        const { windowSeconds } = INQUIRY_LIMITS;
        await limiter.hit(
          { key: `contact-us:ip:${request.ip}`, limit: INQUIRY_LIMITS.perAddress, windowSeconds },
          { key: `contact-us:email:${request.body.email}`, limit: INQUIRY_LIMITS.perEmail, windowSeconds },
        );
        return reply.code(201).send(await inquiries.submit(request.body));
      },
    );

    const tags = ['Inquiries (operator)'];
    app.get(
      '/core/moderation/inquiries/',
      {
        config: MODERATOR,
        schema: {
          tags,
          summary: 'Inquiries, newest first (status: new, answered, spam)',
          querystring: inquiriesQuery,
          response: { 200: inquiriesPage, ...errors },
        },
      },
      async (request) =>
        pageOf(request, publicUrl, (page) => inquiries.list({ status: request.query.status }, page)),
    );

    app.get(
      '/core/moderation/inquiries/:id/',
      {
        config: MODERATOR,
        schema: { tags, summary: 'One inquiry', params: idParams, response: { 200: inquiry, ...errors } },
      },
      async (request) => inquiries.get(request.params.id),
    );

    app.post(
      '/core/moderation/inquiries/:id/answer/',
      {
        config: MODERATOR,
        schema: {
          tags,
          summary: 'Answer an inquiry (mailed to the sender; the inquiry becomes answered)',
          params: idParams,
          body: inquiryAnswer,
          response: { 200: inquiry, ...errors },
        },
      },
      async (request) => inquiries.answer(principalOf(request), request.params.id, request.body.answer),
    );

    app.post(
      '/core/moderation/inquiries/:id/status/',
      {
        config: MODERATOR,
        schema: {
          tags,
          summary: 'Mark an inquiry spam, or new again',
          params: idParams,
          body: inquiryStatusChange,
          response: { 200: inquiry, 409: errorBody, ...errors },
        },
      },
      async (request) => inquiries.setStatus(principalOf(request), request.params.id, request.body.status),
    );
  };
